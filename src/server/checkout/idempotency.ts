import { createHash } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { processPayment, type ProcessPaymentInput } from '#contracts/payment';
import { acceptQuote } from '#contracts/quotes';
import type { Db } from '../db/client.ts';
import { idempotencyKeys } from '../db/schema/payments.ts';
import { apiError, badRequest } from '../lib/errors.ts';
import { maskInstrument } from '../payment/masked-instrument.ts';

export interface StoredAnswer {
  status: number;
  body: unknown;
}

/** The routes that take an Idempotency-Key. */
const PAYING = [processPayment, acceptQuote] as const;

const KEY_PATTERN = /^[\x21-\x7e]{1,255}$/;

export function checkIdempotencyKey(value: string | string[] | undefined): string {
  if (typeof value !== 'string' || value.trim() === '') {
    throw badRequest({ 'Idempotency-Key': ['This header is required.'] }, 'Idempotency-Key header is required.');
  }
  if (!KEY_PATTERN.test(value)) {
    throw badRequest({ 'Idempotency-Key': ['Use 1 to 255 visible ASCII characters, e.g. a UUID.'] }, 'Idempotency-Key header is invalid.');
  }
  return value;
}

/** The request's fingerprint, with card number, CVV and PINs replaced by what may be kept of them. */
export function requestHash(body: ProcessPaymentInput): string {
  const { paymentData: _secret, ...rest } = body;
  return createHash('sha256').update(JSON.stringify({ ...rest, instrument: maskInstrument(body) })).digest('hex');
}

/**
 * Claims the key for this request, or answers what the first request with it answered.
 * 422 for the same key with another request; 409 while the first one is still running.
 */
export async function claimIdempotencyKey(db: Db, userId: string, key: string, hash: string): Promise<StoredAnswer | null> {
  for (;;) {
    const [claimed] = await db.insert(idempotencyKeys).values({ userId, key, requestHash: hash })
      .onConflictDoNothing().returning({ id: idempotencyKeys.id });
    if (claimed) return null;
    const [existing] = await db.select().from(idempotencyKeys)
      .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key)));
    if (!existing) continue; // released in between: claim again
    if (existing.requestHash !== hash) {
      throw apiError(PAYING, 'IDEMPOTENCY_KEY_REUSED', 422, 'Idempotency-Key reused with a different request.');
    }
    if (existing.responseStatus === null) {
      throw apiError(PAYING, 'PAYMENT_IN_PROGRESS', 409, 'A payment with this key is already being processed.');
    }
    return { status: existing.responseStatus, body: existing.responseBody };
  }
}

export async function recordAnswer(db: Db, userId: string, key: string, answer: StoredAnswer): Promise<void> {
  await db.update(idempotencyKeys).set({ responseStatus: answer.status, responseBody: answer.body })
    .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key)));
}

/** Frees the key of a request that was refused before anything was charged, so it can be sent again. */
export async function releaseIdempotencyKey(db: Db, userId: string, key: string): Promise<void> {
  await db.delete(idempotencyKeys).where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key)));
}
