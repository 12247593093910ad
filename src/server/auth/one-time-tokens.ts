import { and, eq, gt, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.ts';
import { userTokens } from '../db/schema/auth.ts';
import { createOpaqueToken, hashOpaqueToken } from './opaque-token.ts';

export type OneTimePurpose = 'verify_email' | 'reset_password' | 'staff_invite';

export const ONE_TIME_TOKEN_MS: Record<OneTimePurpose, number> = {
  verify_email: 24 * 3_600_000,
  reset_password: 3_600_000,
  staff_invite: 72 * 3_600_000,
};

export async function issueOneTimeToken(db: DbOrTx, userId: string, purpose: OneTimePurpose, now = new Date()): Promise<string> {
  const { token, hash } = createOpaqueToken();
  await db.insert(userTokens).values({
    userId, purpose, tokenHash: hash, expiresAt: new Date(now.getTime() + ONE_TIME_TOKEN_MS[purpose]),
  });
  return token;
}

const usable = (purpose: OneTimePurpose, token: string, now: Date) => and(
  eq(userTokens.tokenHash, hashOpaqueToken(token)),
  eq(userTokens.purpose, purpose),
  isNull(userTokens.usedAt),
  gt(userTokens.expiresAt, now),
);

/** The user a still-usable token belongs to, without using it up. */
export async function peekOneTimeToken(db: DbOrTx, purpose: OneTimePurpose, token: string, now = new Date()): Promise<string | null> {
  const [row] = await db.select({ userId: userTokens.userId }).from(userTokens).where(usable(purpose, token, now));
  return row?.userId ?? null;
}

/**
 * Uses a token up and answers its user, or null when it is unknown, expired or already used. The conditional
 * update makes this safe against two requests racing with the same token. The user's other outstanding tokens
 * of the same purpose are used up with it, so an older mailed link cannot be used afterwards.
 */
export async function consumeOneTimeToken(db: DbOrTx, purpose: OneTimePurpose, token: string, now = new Date()): Promise<string | null> {
  const [row] = await db.update(userTokens).set({ usedAt: now }).where(usable(purpose, token, now))
    .returning({ userId: userTokens.userId });
  if (!row) return null;
  await revokeOneTimeTokens(db, row.userId, purpose, now);
  return row.userId;
}

/** Uses up every outstanding token of this purpose of the user, so that no link mailed so far works any more. */
export async function revokeOneTimeTokens(db: DbOrTx, userId: string, purpose: OneTimePurpose, now = new Date()): Promise<void> {
  await db.update(userTokens).set({ usedAt: now })
    .where(and(eq(userTokens.userId, userId), eq(userTokens.purpose, purpose), isNull(userTokens.usedAt)));
}
