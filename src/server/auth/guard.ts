import { eq } from 'drizzle-orm';
import type { FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import type { Db } from '../db/client.ts';
import { users } from '../db/schema/users.ts';
import { HttpError, unauthorized } from '../lib/errors.ts';
import { createAccessTokens } from './tokens.ts';
import type { UserRow } from './user-view.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by a requireUser() pre-handler; read it with currentUser(request). */
    user?: UserRow;
  }
}

export interface GuardOptions {
  /** Only users who confirmed their email address. */
  verified?: boolean;
  /** Only these account types. */
  accountTypes?: UserRow['accountType'][];
  /** Only staff (is_staff or is_superuser). */
  staff?: boolean;
}

export type RequireUser = (options?: GuardOptions) => preHandlerAsyncHookHandler;

export const INVALID_TOKEN = 'Given token not valid for any token type';

/** Builds the guard every signed-in route uses: `route(app, contract, handler, { preHandler: requireUser() })`. */
export function createRequireUser(db: Db, jwtSecret: string): RequireUser {
  const accessTokens = createAccessTokens(jwtSecret);
  return (options = {}) => async (request) => {
    const header = request.headers.authorization;
    if (!header) throw unauthorized();
    const [scheme, token] = header.split(' ');
    if (scheme.toLowerCase() !== 'bearer' || !token) throw unauthorized(INVALID_TOKEN);
    const userId = await accessTokens.verify(token);
    if (!userId) throw unauthorized(INVALID_TOKEN);
    const [user] = await db.select().from(users).where(eq(users.id, userId));
    if (!user) throw unauthorized(INVALID_TOKEN);

    if (options.verified && !user.isVerified) {
      throw new HttpError(403, 'Email verification required. Please verify your email address to continue.', undefined,
        'EMAIL_NOT_VERIFIED');
    }
    if (options.accountTypes && !options.accountTypes.includes(user.accountType)) {
      throw new HttpError(403, `This requires a ${options.accountTypes.join(' or ')} account. Your account is ${user.accountType}.`,
        undefined, 'ACCOUNT_TYPE_NOT_ALLOWED');
    }
    if (options.staff && !user.isStaff && !user.isSuperuser) {
      throw new HttpError(403, 'Admin access required: this is for staff only.', undefined, 'STAFF_ONLY');
    }
    request.user = user;
  };
}

/** The signed-in user inside a route guarded by requireUser(). */
export function currentUser(request: FastifyRequest): UserRow {
  if (!request.user) throw new Error('currentUser() used on a route without a requireUser() pre-handler');
  return request.user;
}
