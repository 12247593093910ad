import { and, eq, gt, inArray, isNull, max, min, ne, type SQL } from 'drizzle-orm';
import type { Session } from '#contracts/profile';
import type { Db } from '../db/client.ts';
import { refreshTokens } from '../db/schema/auth.ts';
import { hashOpaqueToken } from '../auth/opaque-token.ts';
import { notFound } from '../lib/errors.ts';
import { describeUserAgent } from './user-agent.ts';

export const SESSION_NOT_FOUND = 'Session not found.';

/** The family of the refresh token the client names as its own, if it is the user's. */
export async function familyOf(db: Db, userId: string, presented: string | undefined): Promise<string | null> {
  if (!presented) return null;
  const [row] = await db.select({ familyId: refreshTokens.familyId }).from(refreshTokens)
    .where(and(eq(refreshTokens.tokenHash, hashOpaqueToken(presented)), eq(refreshTokens.userId, userId)));
  return row?.familyId ?? null;
}

/** A family is a session while its newest token is neither revoked nor expired. */
const live = (userId: string, now: Date): SQL => and(
  eq(refreshTokens.userId, userId), isNull(refreshTokens.revokedAt), gt(refreshTokens.expiresAt, now),
)!;

export async function listSessions(db: Db, userId: string, presented: string | undefined, now = new Date()): Promise<Session[]> {
  const liveFamilies = (await db.select({ familyId: refreshTokens.familyId }).from(refreshTokens).where(live(userId, now)))
    .map((row) => row.familyId);
  if (liveFamilies.length === 0) return [];
  const current = await familyOf(db, userId, presented);
  const rows = await db.select({
    familyId: refreshTokens.familyId, createdAt: min(refreshTokens.createdAt), lastUsedAt: max(refreshTokens.createdAt),
    userAgent: max(refreshTokens.userAgent),
  }).from(refreshTokens).where(inArray(refreshTokens.familyId, liveFamilies)).groupBy(refreshTokens.familyId);
  return rows
    .map((row) => ({
      id: row.familyId,
      created_at: new Date(row.createdAt ?? now).toISOString(),
      last_used_at: new Date(row.lastUsedAt ?? now).toISOString(),
      current: row.familyId === current,
      ...describeUserAgent(row.userAgent),
    }))
    .sort((a, b) => Number(b.current) - Number(a.current) || b.last_used_at.localeCompare(a.last_used_at));
}

export async function revokeSession(db: Db, userId: string, familyId: string, now = new Date()): Promise<void> {
  const revoked = await db.update(refreshTokens).set({ revokedAt: now })
    .where(and(live(userId, now), eq(refreshTokens.familyId, familyId)))
    .returning({ id: refreshTokens.id });
  if (revoked.length === 0) throw notFound(SESSION_NOT_FOUND);
}

/** Signs out every session of the user but the one given (all of them when it is null). */
export async function revokeOtherSessions(db: Db, userId: string, keepFamilyId: string | null, now = new Date()): Promise<void> {
  await db.update(refreshTokens).set({ revokedAt: now })
    .where(and(eq(refreshTokens.userId, userId), isNull(refreshTokens.revokedAt),
      keepFamilyId ? ne(refreshTokens.familyId, keepFamilyId) : undefined));
}
