import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { tooManyRequests } from '../lib/errors.ts';

interface Limit {
  max: number;
  timeWindow: string;
}

/** Per client address, as @fastify/rate-limit route config (in Redis once the plugin is given Redis). */
export const LOGIN_PER_IP: Limit = { max: 10, timeWindow: '1 minute' };
export const REGISTER_PER_IP: Limit = { max: 10, timeWindow: '1 hour' };
export const RESET_PER_IP: Limit = { max: 5, timeWindow: '15 minutes' };
export const RESEND_VERIFICATION_PER_IP: Limit = { max: 5, timeWindow: '15 minutes' };

/** Per email address in the body: reset requests (failed sign-ins slow down in login-backoff.ts). */
export const RESET_PER_EMAIL: Limit = { max: 5, timeWindow: '15 minutes' };

/**
 * A limit keyed by the email address in the request body, in the same store as the per-address limits. The key
 * carries a prefix because limiters made with createRateLimit share one namespace in Redis.
 */
export function emailLimiter(app: FastifyInstance, prefix: string, limit: Limit) {
  const check = app.createRateLimit({
    ...limit,
    keyGenerator: (request) => `${prefix}:${(request.body as { email: string }).email}`,
  });
  const refuse = (reply: FastifyReply, ttlInSeconds: number) => {
    reply.header('retry-after', ttlInSeconds);
    return tooManyRequests();
  };
  return {
    /** Counts this request and refuses it once the limit is passed. */
    async take(request: FastifyRequest, reply: FastifyReply): Promise<void> {
      const state = await check(request);
      if (state.isAllowed) return;
      if (state.isExceeded) throw refuse(reply, state.ttlInSeconds);
    },
    /** Refuses when the limit is used up, without counting this request (it counts only if it fails). */
    async ensureLeft(request: FastifyRequest, reply: FastifyReply): Promise<void> {
      const state = await check(request, { increment: false });
      if (state.isAllowed) return;
      if (state.remaining === 0) throw refuse(reply, state.ttlInSeconds);
    },
    async count(request: FastifyRequest): Promise<void> {
      await check(request);
    },
  };
}
