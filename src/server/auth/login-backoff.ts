import type { FastifyReply, FastifyRequest } from 'fastify';
import { tooManyRequests } from '../lib/errors.ts';

/** Failed sign-ins allowed before each further attempt must wait. */
export const FREE_FAILURES = 5;
/** The longest wait, in seconds. */
export const MAX_BACKOFF_SECONDS = 300;
/** A key with no failure for this long starts again from nothing. */
const FORGET_MS = 15 * 60_000;

interface Failures { count: number; last: number }

/**
 * Failed sign-ins slow down per account on one client (email and address together) and per client address: after
 * FREE_FAILURES failures each further attempt waits 2^n seconds (capped at MAX_BACKOFF_SECONDS), answered 429 with
 * Retry-After. Never per account alone: a stranger's guesses cannot keep the owner of an account out, whose right
 * password from their own client still works. Kept in this process (the per-address request limit is shared).
 */
export function createLoginBackoff(now = () => Date.now()) {
  const failures = new Map<string, Failures>();
  const keysOf = (request: FastifyRequest) => {
    const email = String((request.body as { email?: unknown } | undefined)?.email ?? '').toLowerCase();
    return [`account:${email}|${request.ip}`, `client:${request.ip}`];
  };
  const waitOf = (key: string, at: number): number => {
    const entry = failures.get(key);
    if (!entry) return 0;
    if (at - entry.last > FORGET_MS) {
      failures.delete(key);
      return 0;
    }
    // The client key allows more failures: one address may sign in to several accounts.
    const free = key.startsWith('client:') ? FREE_FAILURES * 4 : FREE_FAILURES;
    if (entry.count < free) return 0;
    const seconds = Math.min(2 ** (entry.count - free + 1), MAX_BACKOFF_SECONDS);
    return Math.max(0, entry.last + seconds * 1000 - at);
  };
  return {
    /** Refuses the attempt while this client or this account on this client must still wait. */
    ensureAllowed(request: FastifyRequest, reply: FastifyReply): void {
      const at = now();
      const wait = Math.max(...keysOf(request).map((key) => waitOf(key, at)));
      if (wait > 0) {
        reply.header('retry-after', Math.ceil(wait / 1000));
        throw tooManyRequests();
      }
    },
    failed(request: FastifyRequest): void {
      const at = now();
      for (const key of keysOf(request)) {
        waitOf(key, at);
        const entry = failures.get(key);
        failures.set(key, { count: (entry?.count ?? 0) + 1, last: at });
      }
      if (failures.size > 100_000) failures.clear();
    },
    succeeded(request: FastifyRequest): void {
      failures.delete(keysOf(request)[0]);
    },
  };
}
