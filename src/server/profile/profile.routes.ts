import type { FastifyInstance, FastifyRequest } from 'fastify';
import * as contracts from '#contracts/profile';
import { currentUser, type RequireUser } from '../auth/guard.ts';
import type { Db } from '../db/client.ts';
import { route } from '../lib/route.ts';
import { changePassword } from './change-password.service.ts';
import { listSessions, revokeSession } from './sessions.service.ts';

/** Each attempt checks the current password, so it is limited like a sign-in. */
const CHANGE_PASSWORD_PER_IP = { max: 10, timeWindow: '15 minutes' };

const presentedRefreshToken = (request: FastifyRequest): string | undefined => {
  const value = request.headers[contracts.REFRESH_TOKEN_HEADER.toLowerCase()];
  return typeof value === 'string' && value.length > 0 ? value : undefined;
};

export function registerProfileRoutes(app: FastifyInstance, { db, requireUser }: { db: Db; requireUser: RequireUser }): void {
  const signedIn = { preHandler: requireUser() };
  route(app, contracts.changePassword, async (request) => ({
    detail: await changePassword(db, currentUser(request), request.body, {
      sessionId: request.sessionId, refreshToken: presentedRefreshToken(request),
    }),
  }), { ...signedIn, config: { rateLimit: CHANGE_PASSWORD_PER_IP } });
  route(app, contracts.listSessions, async (request) => ({
    sessions: await listSessions(db, currentUser(request).id, presentedRefreshToken(request)),
  }), signedIn);
  route(app, contracts.revokeSession, async (request) => {
    await revokeSession(db, currentUser(request).id, request.params.id);
    return { detail: 'Session signed out.' };
  }, signedIn);
}
