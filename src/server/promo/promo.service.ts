import { and, count, eq, sql } from 'drizzle-orm';
import { processPayment } from '#contracts/payment';
import { applyPromo, type PromoErrorCode } from '#contracts/promo';
import type { AppliedPromo } from '#contracts/cart';
import { centsToNumber } from '#contracts/money';
import type { ParamsOf } from '#contracts/errors';
import type { Db, DbOrTx } from '../db/client.ts';
import { promoCodes, promoRedemptions } from '../db/schema/promo.ts';
import { apiError, type ErrorExtras } from '../lib/errors.ts';

export type PromoRow = typeof promoCodes.$inferSelect;

/** Why a code does not apply: its error code, the params its text needs, and the English. */
export type PromoProblem = {
  [C in PromoErrorCode]: { code: C; message: string } & ([ParamsOf<C>] extends [never] ? { params?: undefined } : { params: ParamsOf<C> })
}[PromoErrorCode];

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
export const formatUsd = (cents: number): string => usd.format(centsToNumber(cents));
const day = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'Asia/Karachi' });

export function describePromo(promo: PromoRow): string {
  const off = promo.kind === 'percent' ? `${promo.value / 100}% off` : `${formatUsd(promo.value)} off`;
  return promo.minSubtotalCents > 0 ? `${off} orders of ${formatUsd(promo.minSubtotalCents)} or more` : off;
}

export async function findPromo(db: Db, code: string): Promise<PromoRow | null> {
  const [row] = await db.select().from(promoCodes).where(and(eq(promoCodes.code, code.toUpperCase()), eq(promoCodes.active, true)));
  return row ?? null;
}

const redemptionsBy = async (db: Db, promoId: number, userId: string) => {
  const [row] = await db.select({ n: count() }).from(promoRedemptions)
    .where(and(eq(promoRedemptions.promoCodeId, promoId), eq(promoRedemptions.userId, userId)));
  return row.n;
};

/** Why this code does not apply to this user's cart now, or null when it does. */
export async function promoProblem(db: Db, promo: PromoRow, userId: string, subtotalCents: number, now: Date):
  Promise<PromoProblem | null> {
  if (!promo.active) return { code: 'PROMO_NOT_FOUND', message: 'This promo code does not exist.' };
  if (promo.startsAt && promo.startsAt > now) {
    return {
      code: 'PROMO_NOT_STARTED', message: `This promo code is valid from ${day.format(promo.startsAt)}.`, params: { date: promo.startsAt.toISOString() },
    };
  }
  if (promo.expiresAt && promo.expiresAt <= now) {
    return { code: 'PROMO_EXPIRED', message: `This promo code expired on ${day.format(promo.expiresAt)}.`, params: { date: promo.expiresAt.toISOString() } };
  }
  if (promo.maxUses !== null && promo.uses >= promo.maxUses) {
    return { code: 'PROMO_USED_UP', message: 'This promo code has reached its usage limit.' };
  }
  if (promo.perUserLimit !== null && await redemptionsBy(db, promo.id, userId) >= promo.perUserLimit) {
    return { code: 'PROMO_ALREADY_USED', message: 'You have already used this promo code.' };
  }
  if (subtotalCents === 0) return { code: 'PROMO_CART_EMPTY', message: 'Add items to your cart before applying a promo code.' };
  if (subtotalCents < promo.minSubtotalCents) {
    const missing = promo.minSubtotalCents - subtotalCents;
    return { code: 'PROMO_MIN_SUBTOTAL', message: `Add ${formatUsd(missing)} more to use this code.`, params: { amount: centsToNumber(missing) } };
  }
  return null;
}

export const promoError = (problem: PromoProblem) =>
  // The code and its params come as a pair the compiler cannot follow through the union.
  apiError(applyPromo, problem.code, 400, problem.message, ...[problem.params, { code: [problem.message] }] as ErrorExtras<PromoErrorCode>);

export function promoView(promo: PromoRow, problem: PromoProblem | null): AppliedPromo {
  return { code: promo.code, kind: promo.kind, description: describePromo(promo), applies: problem === null,
    message: problem?.message ?? null, problem: problem && { code: problem.code, ...(problem.params ? { params: problem.params } : {}) } };
}

/**
 * Takes one use of the code for an order, inside the order's transaction: the conditional update keeps `uses`
 * within `max_uses` under concurrency; the caller holds the user's cart row lock, which keeps the per-user count exact.
 */
export async function claimPromo(tx: DbOrTx, promo: PromoRow, userId: string, orderId: string): Promise<void> {
  const [taken] = await tx.update(promoCodes).set({ uses: sql`${promoCodes.uses} + 1` })
    .where(and(eq(promoCodes.id, promo.id), eq(promoCodes.active, true),
      sql`(${promoCodes.maxUses} is null or ${promoCodes.uses} < ${promoCodes.maxUses})`))
    .returning({ id: promoCodes.id });
  if (!taken) throw apiError(processPayment, 'PROMO_USED_UP', 409, 'This promo code has reached its usage limit.');
  if (promo.perUserLimit !== null && await redemptionsBy(tx, promo.id, userId) >= promo.perUserLimit) {
    throw apiError(processPayment, 'PROMO_ALREADY_USED', 409, 'You have already used this promo code.');
  }
  await tx.insert(promoRedemptions).values({ promoCodeId: promo.id, userId, orderId });
}

/** Gives an order's use of a code back (its payment failed or was abandoned). */
export async function releasePromo(tx: DbOrTx, orderId: string): Promise<void> {
  const [redemption] = await tx.delete(promoRedemptions).where(eq(promoRedemptions.orderId, orderId))
    .returning({ promoCodeId: promoRedemptions.promoCodeId });
  if (redemption) {
    await tx.update(promoCodes).set({ uses: sql`greatest(${promoCodes.uses} - 1, 0)` }).where(eq(promoCodes.id, redemption.promoCodeId));
  }
}
