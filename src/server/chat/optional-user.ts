import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { INVALID_TOKEN } from '../auth/guard.ts';
import { createAccessTokens } from '../auth/tokens.ts';
import type { UserRow } from '../auth/user-view.ts';
import type { Db } from '../db/client.ts';
import { users } from '../db/schema/users.ts';
import { unauthorized } from '../lib/errors.ts';

export type OptionalUser = (request: FastifyRequest) => Promise<UserRow | null>;

/**
 * For public routes that answer more to a signed-in user: no Authorization header is a visitor, a valid bearer
 * token is its user, and a bad or expired one is a 401 (as on guarded routes) so the client refreshes its session
 * instead of being treated as signed out.
 */
export function createOptionalUser(db: Db, jwtSecret: string): OptionalUser {
  const accessTokens = createAccessTokens(jwtSecret);
  return async (request) => {
    const header = request.headers.authorization;
    if (!header) return null;
    const [scheme, token] = header.split(' ');
    if (scheme.toLowerCase() !== 'bearer' || !token) throw unauthorized(INVALID_TOKEN);
    const userId = await accessTokens.verify(token);
    if (!userId) throw unauthorized(INVALID_TOKEN);
    const [user] = await db.select().from(users).where(eq(users.id, userId));
    if (!user) throw unauthorized(INVALID_TOKEN);
    return user;
  };
}
