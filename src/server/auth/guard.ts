import { and, eq, exists, isNull, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { staffMayUse, type StaffRole } from '#contracts/staff-roles';
import { prepared, type Db } from '../db/client.ts';
import { refreshTokens } from '../db/schema/auth.ts';
import { users } from '../db/schema/users.ts';
import { HttpError, unauthorized } from '../lib/errors.ts';
import type { Guard } from '../lib/route.ts';
import { createAccessTokens } from './tokens.ts';
import type { UserRow } from './user-view.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by a requireUser() pre-handler; read it with currentUser(request). */
    user?: UserRow;
    /** The session (refresh token family) the request's access token belongs to, when it names one. */
    sessionId?: string | null;
  }
  interface FastifyContextConfig {
    /** Set by route() from a staff contract: the roles besides the owner that may call it. */
    staff?: readonly StaffRole[];
  }
}

export interface GuardOptions {
  /** Only users who confirmed their email address. */
  verified?: boolean;
  /** Only these account types. */
  accountTypes?: UserRow['accountType'][];
  /** Only staff in a role the route's contract names (`staff: [...]`), or the owner. */
  staff?: boolean;
}

/** The codes a guard with these options refuses with (a missing or bad token is a plain 401). */
export type GuardCode<O extends GuardOptions> =
  | (O['verified'] extends true ? 'EMAIL_NOT_VERIFIED' : never)
  | (O['accountTypes'] extends readonly unknown[] ? 'ACCOUNT_TYPE_NOT_ALLOWED' : never)
  | (O['staff'] extends true ? 'STAFF_ONLY' : never);

export type RequireUser = <const O extends GuardOptions = Record<never, never>>(options?: O) => Guard<GuardCode<O>>;

type Refusal = GuardCode<{ verified: true; accountTypes: UserRow['accountType'][]; staff: true }>;
const refuse = (code: Refusal, detail: string) => new HttpError(403, detail, undefined, code);

export const INVALID_TOKEN = 'Given token not valid for any token type';

export type OptionalUser = (request: FastifyRequest) => Promise<UserRow | null>;

/**
 * The one way a route reads who is asking, for routes that work signed out and answer more to a signed-in user
 * (catalogue, product detail, search, chat): no Authorization header is a visitor (null), a valid bearer token is its
 * user. A header that is there but is not a valid token of a user (expired, forged, of a deleted account, not a
 * bearer) is a 401, as on guarded routes, never a visitor: the storefront's apiFetch answers a 401 to a request that
 * carried a token by refreshing the session and sending the request again, so a buyer whose access token expired keeps
 * their own prices; a refused refresh signs them out, and their next requests go without a token.
 */
export function createOptionalUser(db: Db, jwtSecret: string): OptionalUser {
  const accessTokens = createAccessTokens(jwtSecret);
  return async (request) => {
    const header = request.headers.authorization;
    if (!header) return null;
    const [scheme, token] = header.split(' ');
    if (scheme.toLowerCase() !== 'bearer' || !token) throw unauthorized(INVALID_TOKEN);
    const claims = await accessTokens.verify(token);
    if (!claims) throw unauthorized(INVALID_TOKEN);
    const { sessionId } = claims;
    // A session lives while its family holds a token not revoked (rotation swaps one for the next in a transaction).
    const sessionLive = sessionId
      ? exists(db.select({ one: sql`1` }).from(refreshTokens).where(and(
        eq(refreshTokens.familyId, sessionId), eq(refreshTokens.userId, users.id), isNull(refreshTokens.revokedAt),
      )))
      : sql`true`;
    const [row] = await prepared(db.select({ user: users, sessionLive: sql<boolean>`${sessionLive}` }).from(users).where(eq(users.id, claims.userId)), 'signed_in_user');
    // Deactivated, signed out, given a new password or its session signed out since the token was signed: it ends
    // now, not when it expires.
    if (!row || row.user.deactivatedAt || row.user.tokenVersion !== claims.tokenVersion || !row.sessionLive) {
      throw unauthorized(INVALID_TOKEN);
    }
    request.sessionId = sessionId;
    return row.user;
  };
}

/** Builds the guard every signed-in route uses: `route(app, contract, handler, { preHandler: requireUser() })`. */
export function createRequireUser(db: Db, jwtSecret: string): RequireUser {
  const optionalUser = createOptionalUser(db, jwtSecret);
  return (options: GuardOptions = {}) => Object.assign(async (request: FastifyRequest) => {
    const user = await optionalUser(request);
    if (!user) throw unauthorized();

    if (options.verified && !user.isVerified) {
      throw refuse('EMAIL_NOT_VERIFIED', 'Email verification required. Please verify your email address to continue.');
    }
    if (options.accountTypes && !options.accountTypes.includes(user.accountType)) {
      throw refuse('ACCOUNT_TYPE_NOT_ALLOWED',
        `This requires a ${options.accountTypes.join(' or ')} account. Your account is ${user.accountType}.`);
    }
    if (options.staff && !staffMayUse(user.staffRole, request.routeOptions.config.staff ?? [])) {
      throw refuse('STAFF_ONLY', user.staffRole
        ? `Your staff role (${user.staffRole}) does not open this.`
        : 'Admin access required: this is for staff only.');
    }
    request.user = user;
  }, { staff: options.staff === true });
}

/** The signed-in user inside a route guarded by requireUser(). */
export function currentUser(request: FastifyRequest): UserRow {
  if (!request.user) throw new Error('currentUser() used on a route without a requireUser() pre-handler');
  return request.user;
}
