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
/** Procurement systems calling the punchout endpoints (cXML, OCI), and start pages opened. */
export const PUNCHOUT_PER_IP: Limit = { max: 60, timeWindow: '1 minute' };

/** Per email address in the body: reset requests (failed sign-ins slow down in login-backoff.ts). */
export const RESET_PER_EMAIL: Limit = { max: 5, timeWindow: '15 minutes' };

/** Per organisation and per invited address: invitations mail whatever address an admin types. */
export const INVITES_PER_ORGANISATION: Limit = { max: 25, timeWindow: '1 hour' };
export const INVITES_PER_ADDRESS: Limit = { max: 3, timeWindow: '1 day' };

/**
 * A limit keyed by what the route names for each request (an email address, an organisation), in the same store as
 * the per-address limits. The key carries a prefix because limiters made with createRateLimit share one namespace in
 * Redis.
 */
export function keyedLimiter(app: FastifyInstance, prefix: string, limit: Limit) {
  const keys = new WeakMap<FastifyRequest, string>();
  const check = app.createRateLimit({ ...limit, keyGenerator: (request) => `${prefix}:${keys.get(request)}` });
  return {
    /** Counts this request against `key` and refuses it once the limit is passed. */
    async take(request: FastifyRequest, reply: FastifyReply, key: string): Promise<void> {
      keys.set(request, key);
      const state = await check(request);
      if (state.isAllowed || !state.isExceeded) return;
      reply.header('retry-after', state.ttlInSeconds);
      throw tooManyRequests();
    },
  };
}

/** A limit keyed by the email address in the request body. */
export function emailLimiter(app: FastifyInstance, prefix: string, limit: Limit) {
  const limiter = keyedLimiter(app, prefix, limit);
  return {
    take: (request: FastifyRequest, reply: FastifyReply) => limiter.take(request, reply, (request.body as { email: string }).email),
  };
}
