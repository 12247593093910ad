import { eq } from 'drizzle-orm';
import type { BodyOf } from '#contracts/define';
import { INVITE_LINK_USED, type acceptStaffInvite } from '#contracts/staff-members';
import { recordAudit } from '../audit/audit.ts';
import { startSession, type AuthDeps, type Session } from '../auth/auth.service.ts';
import { consumeOneTimeToken, peekOneTimeToken } from '../auth/one-time-tokens.ts';
import { newPasswordErrors } from '../auth/password-rules.ts';
import { hashPassword } from '../auth/passwords.ts';
import type { UserRow } from '../auth/user-view.ts';
import type { Db } from '../db/client.ts';
import { users } from '../db/schema/users.ts';
import { badRequest } from '../lib/errors.ts';
import { actorOf } from './staff-members.service.ts';

/** The member a still-usable invitation link belongs to; a deactivated member's links do not work. */
async function invitedBy(db: Db, token: string): Promise<UserRow | undefined> {
  const userId = await peekOneTimeToken(db, 'staff_invite', token);
  const [member] = userId ? await db.select().from(users).where(eq(users.id, userId)) : [];
  return member && member.staffRole && !member.deactivatedAt ? member : undefined;
}

export async function inviteStatus(db: Db, token: string): Promise<{ valid: boolean; email: string | null }> {
  const member = await invitedBy(db, token);
  return { valid: Boolean(member), email: member?.email ?? null };
}

const linkUsed = () => badRequest({ token: [INVITE_LINK_USED] }, INVITE_LINK_USED);

/**
 * Sets the name and password, confirms the email (the member opened the mailed link) and signs the member in. The link
 * is checked first without using it up, so a refused password leaves it working.
 */
export async function acceptInvite(
  deps: Pick<AuthDeps, 'db' | 'accessTokens'>, body: BodyOf<typeof acceptStaffInvite>, userAgent?: string,
): Promise<Session> {
  const member = await invitedBy(deps.db, body.token);
  if (!member) throw linkUsed();
  const problems = newPasswordErrors(body.password, body.password_confirm, member.email);
  if (Object.keys(problems).length > 0) throw badRequest(problems);

  const passwordHash = await hashPassword(body.password);
  const accepted = await deps.db.transaction(async (tx) => {
    if (await consumeOneTimeToken(tx, 'staff_invite', body.token) !== member.id) return undefined;
    const now = new Date();
    const [row] = await tx.update(users).set({
      firstName: body.first_name, lastName: body.last_name, passwordHash, isVerified: true, lastLoginAt: now, updatedAt: now,
    }).where(eq(users.id, member.id)).returning();
    await recordAudit(tx, actorOf(row), {
      action: 'staff.accept', entity: 'user', entityId: row.id, after: { email: row.email, role: row.staffRole, status: 'active' },
    });
    return row;
  });
  if (!accepted) throw linkUsed();
  return startSession(deps, accepted, userAgent);
}
