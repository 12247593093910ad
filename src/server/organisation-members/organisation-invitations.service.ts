import { and, eq, isNull } from 'drizzle-orm';
import { ORGANISATION_INVITE_USED, type AcceptOrganisationInviteBody, type OrganisationRole } from '#contracts/organisation-members';
import { REQUIRED } from '#contracts/issues';
import { startSession, type AuthDeps, type Session } from '../auth/auth.service.ts';
import { consumeOneTimeToken, peekOneTimeToken } from '../auth/one-time-tokens.ts';
import { newPasswordErrors } from '../auth/password-rules.ts';
import { hashPassword } from '../auth/passwords.ts';
import type { UserRow } from '../auth/user-view.ts';
import type { DbOrTx } from '../db/client.ts';
import { organisationMembers } from '../db/schema/organisation-members.ts';
import { organisations } from '../db/schema/organisations.ts';
import { users } from '../db/schema/users.ts';
import { badRequest } from '../lib/errors.ts';

interface Invitation {
  member: typeof organisationMembers.$inferSelect;
  user: UserRow;
  organisation: string;
}

/** The invitation a still-usable link belongs to: one not accepted yet, nor withdrawn. */
async function invitationOf(db: DbOrTx, token: string): Promise<Invitation | undefined> {
  const userId = await peekOneTimeToken(db, 'organisation_invite', token);
  if (!userId) return undefined;
  const [row] = await db.select({ member: organisationMembers, user: users, organisation: organisations.name })
    .from(organisationMembers)
    .innerJoin(users, eq(users.id, organisationMembers.userId))
    .innerJoin(organisations, eq(organisations.id, organisationMembers.organisationId))
    .where(and(eq(organisationMembers.userId, userId), isNull(organisationMembers.joinedAt)));
  return row;
}

export async function lookUpInvite(db: DbOrTx, token: string) {
  const invitation = await invitationOf(db, token);
  return {
    valid: Boolean(invitation),
    email: invitation?.user.email ?? null,
    organisation: invitation?.organisation ?? null,
    role: invitation?.member.role ?? null,
    needs_account: invitation?.member.accountCreated ?? false,
  };
}

const linkUsed = () => badRequest({ token: [ORGANISATION_INVITE_USED] }, ORGANISATION_INVITE_USED);

/** The name and password an account made by the invitation needs, by the registration's rules. */
function newAccountErrors(body: AcceptOrganisationInviteBody, email: string): Record<string, string[]> {
  const missing = Object.fromEntries((['first_name', 'last_name', 'password', 'password_confirm'] as const)
    .filter((field) => !body[field]?.trim()).map((field) => [field, [REQUIRED]]));
  if (Object.keys(missing).length > 0) return missing;
  return newPasswordErrors(body.password!, body.password_confirm!, email);
}

export interface Joined {
  organisation: string;
  role: OrganisationRole;
  session: Session | null;
}

/**
 * Joins the organisation by the mailed link, which is checked first without using it up, so a refused password leaves
 * it working. The person now buys for a business; an account the invitation made also gets its name and password,
 * counts its email as confirmed (the link was opened from it) and is signed in.
 */
export async function acceptInvite(deps: Pick<AuthDeps, 'db' | 'accessTokens'>, body: AcceptOrganisationInviteBody, userAgent?: string): Promise<Joined> {
  const invitation = await invitationOf(deps.db, body.token);
  if (!invitation) throw linkUsed();
  const { member, user } = invitation;
  if (member.accountCreated) {
    const problems = newAccountErrors(body, user.email);
    if (Object.keys(problems).length > 0) throw badRequest(problems);
  }
  const passwordHash = member.accountCreated ? await hashPassword(body.password!) : undefined;

  const joined = await deps.db.transaction(async (tx) => {
    if (await consumeOneTimeToken(tx, 'organisation_invite', body.token) !== user.id) return undefined;
    const now = new Date();
    const [row] = await tx.update(organisationMembers).set({ joinedAt: now })
      .where(and(eq(organisationMembers.id, member.id), isNull(organisationMembers.joinedAt))).returning();
    if (!row) return undefined;
    const [account] = await tx.update(users).set({
      accountType: 'business',
      ...(passwordHash
        ? { firstName: body.first_name!.trim(), lastName: body.last_name!.trim(), passwordHash, isVerified: true, lastLoginAt: now }
        : {}),
      updatedAt: now,
    }).where(eq(users.id, user.id)).returning();
    return account;
  });
  if (!joined) throw linkUsed();
  return {
    organisation: invitation.organisation,
    role: member.role,
    session: passwordHash ? await startSession(deps, joined, userAgent) : null,
  };
}
