import { randomUUID } from 'node:crypto';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { jwtVerify, SignJWT } from 'jose';
import type { Db, DbOrTx } from '../db/client.ts';
import { refreshTokens } from '../db/schema/auth.ts';
import { users } from '../db/schema/users.ts';
import { createOpaqueToken, hashOpaqueToken } from './opaque-token.ts';

export const ACCESS_TOKEN_SECONDS = 15 * 60;
export const REFRESH_TOKEN_MS = 30 * 24 * 3_600_000;

export interface AccessClaims {
  userId: string;
  /** The user's token version when the token was signed (users.token_version). */
  tokenVersion: number;
  /**
   * The session (refresh token family) the token was signed for: it stops working the moment that session is signed
   * out. Null in tokens signed before sessions were named, which the token version alone ends.
   */
  sessionId: string | null;
}

export interface AccessTokens {
  /** `tokenVersion`: the user's token version now; `session`: the refresh token family it belongs to. */
  sign(userId: string, tokenVersion: number, options?: { session?: string; now?: Date }): Promise<string>;
  /** The claims of a valid, unexpired access token; null for anything else. */
  verify(token: string): Promise<AccessClaims | null>;
}

export function createAccessTokens(secret: string): AccessTokens {
  const key = new TextEncoder().encode(secret);
  return {
    sign(userId, tokenVersion, { session, now = new Date() } = {}) {
      const issuedAt = Math.floor(now.getTime() / 1000);
      return new SignJWT({ typ: 'access', tv: tokenVersion, ...(session ? { sid: session } : {}) })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(userId)
        .setIssuedAt(issuedAt)
        .setExpirationTime(issuedAt + ACCESS_TOKEN_SECONDS)
        .sign(key);
    },
    async verify(token) {
      try {
        const { payload } = await jwtVerify(token, key, { algorithms: ['HS256'] });
        if (payload.typ !== 'access' || typeof payload.sub !== 'string') return null;
        // Tokens signed before versions existed carry none: version 0, which every user had then.
        return {
          userId: payload.sub,
          tokenVersion: typeof payload.tv === 'number' ? payload.tv : 0,
          sessionId: typeof payload.sid === 'string' ? payload.sid : null,
        };
      } catch {
        return null;
      }
    },
  };
}

/** Longer User-Agent headers are cut: the start names the browser and system. */
const USER_AGENT_MAX = 512;

/**
 * Starts a new family (a sign-in); answers the token for the client and the family, which names the session. A
 * punchout names the family by its own id, so that every token of the session, through rotation, is known as it.
 */
export async function issueRefreshToken(db: Db, userId: string, userAgent?: string, now = new Date(), familyId: string = randomUUID()):
  Promise<{ token: string; familyId: string }> {
  const { token, hash } = createOpaqueToken();
  await db.insert(refreshTokens).values({
    userId, familyId, tokenHash: hash, expiresAt: new Date(now.getTime() + REFRESH_TOKEN_MS),
    userAgent: userAgent?.slice(0, USER_AGENT_MAX) || null,
  });
  return { token, familyId };
}

const revokeFamily = (db: Db, familyId: string, now: Date) =>
  db.update(refreshTokens).set({ revokedAt: now })
    .where(and(eq(refreshTokens.familyId, familyId), isNull(refreshTokens.revokedAt)));

/**
 * Exchanges a refresh token for its successor. A token that was already rotated or revoked is a replay
 * (the token leaked, or a thief used it first): its whole family is revoked and the answer is null.
 */
export async function rotateRefreshToken(db: Db, presented: string, now = new Date()):
  Promise<{ userId: string; familyId: string; refresh: string } | null> {
  const [row] = await db.select().from(refreshTokens).where(eq(refreshTokens.tokenHash, hashOpaqueToken(presented)));
  if (!row) return null;
  if (row.revokedAt || row.replacedBy) {
    await revokeFamily(db, row.familyId, now);
    return null;
  }
  if (row.expiresAt <= now) return null;

  const next = createOpaqueToken();
  const nextId = randomUUID();
  const rotated = await db.transaction(async (tx) => {
    const claimed = await tx.update(refreshTokens).set({ revokedAt: now, replacedBy: nextId })
      .where(and(eq(refreshTokens.id, row.id), isNull(refreshTokens.revokedAt)))
      .returning({ id: refreshTokens.id });
    if (claimed.length === 0) return false;
    await tx.insert(refreshTokens).values({
      id: nextId, userId: row.userId, familyId: row.familyId, tokenHash: next.hash, userAgent: row.userAgent,
      expiresAt: new Date(now.getTime() + REFRESH_TOKEN_MS),
    });
    return true;
  });
  if (!rotated) {
    // Another request rotated this token between our read and our update: the same replay, seen concurrently.
    await revokeFamily(db, row.familyId, now);
    return null;
  }
  return { userId: row.userId, familyId: row.familyId, refresh: next.token };
}

/** Sign-out: ends the presented token's family; answers whose it was (null for an unknown token). */
export async function revokeRefreshToken(db: Db, presented: string, now = new Date()): Promise<string | null> {
  const [row] = await db.select({ familyId: refreshTokens.familyId, userId: refreshTokens.userId }).from(refreshTokens)
    .where(eq(refreshTokens.tokenHash, hashOpaqueToken(presented)));
  if (!row) return null;
  await revokeFamily(db, row.familyId, now);
  return row.userId;
}

/** Every access token of the user stops working on its next request (the guard compares versions). */
export async function revokeAccessTokens(db: DbOrTx, userId: string): Promise<void> {
  await db.update(users).set({ tokenVersion: sql`${users.tokenVersion} + 1` }).where(eq(users.id, userId));
}

export async function revokeAllRefreshTokens(db: DbOrTx, userId: string, now = new Date()): Promise<void> {
  await db.update(refreshTokens).set({ revokedAt: now })
    .where(and(eq(refreshTokens.userId, userId), isNull(refreshTokens.revokedAt)));
}
