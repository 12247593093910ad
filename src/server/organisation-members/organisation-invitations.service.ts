import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import {
  ALREADY_MEMBER, INVITE_NOT_VERIFIED, MEMBER_ELSEWHERE, ORGANISATION_INVITE_USED, inviteOrganisationMember,
  type AcceptOrganisationInviteBody, type InviteOrganisationMemberBody, type OrganisationRole,
} from '#contracts/organisation-members';
import { REQUIRED } from '#contracts/issues';
import { organisationInviteMail } from '../auth/auth-mail.ts';
import { startSession, type AuthDeps, type Session } from '../auth/auth.service.ts';
import { createOpaqueToken, hashOpaqueToken } from '../auth/opaque-token.ts';
import { newPasswordErrors } from '../auth/password-rules.ts';
import { hashPassword } from '../auth/passwords.ts';
import type { UserRow } from '../auth/user-view.ts';
import type { DbOrTx } from '../db/client.ts';
import { organisationMembers } from '../db/schema/organisation-members.ts';
import { organisations } from '../db/schema/organisations.ts';
import { users } from '../db/schema/users.ts';
import { apiError, badRequest } from '../lib/errors.ts';
import { enqueueMail } from '../mail/outbox.ts';
import type { Membership } from './membership.ts';
import { fullName, membersAnswer, requireAdmin, type MemberDeps } from './organisation-members.service.ts';

/** How long a mailed link to join works. */
export const INVITE_LINK_MS = 72 * 3_600_000;

const refuse = (text: string) => badRequest({ email: [text] });
const linkUsed = () => badRequest({ token: [ORGANISATION_INVITE_USED] }, ORGANISATION_INVITE_USED);
const accountByEmail = async (db: DbOrTx, email: string): Promise<UserRow | undefined> =>
  (await db.select().from(users).where(sql`lower(${users.email}) = ${email.toLowerCase()}`))[0];
const membershipRowOf = async (db: DbOrTx, userId: string) =>
  (await db.select().from(organisationMembers).where(eq(organisationMembers.userId, userId)))[0];

/**
 * Mails `body.email` a link to join the inviting admin's organisation, which the shop must have verified. The
 * invitation is the address alone: no account is made, and an existing account is neither named nor claimed until
 * it accepts, so the address stays free to register, to decline, or to be invited by another organisation. Staff
 * and members of an organisation are refused; an address this organisation already invited gets a new link in place
 * of the old one. `admit` counts the invitation against the limits (per organisation and per address) once the
 * inviter is known to be an admin, so that other members cannot use them up.
 */
export async function inviteMember(
  deps: MemberDeps, inviter: UserRow, membership: Membership, body: InviteOrganisationMemberBody, admit: (email: string) => Promise<void>,
) {
  requireAdmin(membership);
  const email = body.email.trim().toLowerCase();
  await admit(email);
  const role = body.role as OrganisationRole;
  await deps.db.transaction(async (tx) => {
    const [organisation] = await tx.select({ name: organisations.name, status: organisations.status }).from(organisations)
      .where(eq(organisations.id, membership.organisationId));
    if (organisation.status !== 'verified') throw apiError(inviteOrganisationMember, 'NOT_VERIFIED', 409, INVITE_NOT_VERIFIED);
    const account = await accountByEmail(tx, email);
    if (account?.staffRole) throw refuse(MEMBER_ELSEWHERE);
    const joined = account && await membershipRowOf(tx, account.id);
    if (joined) throw refuse(joined.organisationId === membership.organisationId ? ALREADY_MEMBER : MEMBER_ELSEWHERE);

    const { token, hash } = createOpaqueToken();
    const now = new Date();
    const invitation = {
      role, tokenHash: hash, inviteExpiresAt: new Date(now.getTime() + INVITE_LINK_MS), invitedBy: inviter.id, invitedAt: now,
    };
    await tx.insert(organisationMembers).values({ organisationId: membership.organisationId, email, ...invitation })
      .onConflictDoUpdate({
        target: [organisationMembers.organisationId, organisationMembers.email], targetWhere: sql`joined_at is null`, set: invitation,
      });
    const recipient = { email, firstName: account?.firstName ?? '', language: account?.language ?? inviter.language };
    await enqueueMail(tx, {
      kind: 'organisation_invite',
      ...organisationInviteMail(recipient, `${deps.publicUrl}/organisation/join?token=${token}`, organisation.name, role, fullName(inviter) || inviter.email),
    });
  });
  return membersAnswer(deps.db, membership, inviter.id);
}

interface Invitation {
  member: typeof organisationMembers.$inferSelect & { email: string };
  organisation: string;
}

/** The invitation a still-usable link belongs to: not accepted, declined, withdrawn, replaced nor expired. */
async function invitationOf(db: DbOrTx, token: string, now = new Date()): Promise<Invitation | undefined> {
  const [row] = await db.select({ member: organisationMembers, organisation: organisations.name }).from(organisationMembers)
    .innerJoin(organisations, eq(organisations.id, organisationMembers.organisationId))
    .where(and(
      eq(organisationMembers.tokenHash, hashOpaqueToken(token)), isNull(organisationMembers.joinedAt),
      gt(organisationMembers.inviteExpiresAt, now),
    ));
  return row as Invitation | undefined;
}

/** Whether an account may take up an invitation: staff and members of an organisation may not. */
const belongsElsewhere = async (db: DbOrTx, account: UserRow | undefined) =>
  Boolean(account && (account.staffRole || await membershipRowOf(db, account.id)));

export async function lookUpInvite(db: DbOrTx, token: string) {
  const invitation = await invitationOf(db, token);
  const account = invitation && await accountByEmail(db, invitation.member.email);
  return {
    valid: Boolean(invitation),
    email: invitation?.member.email ?? null,
    organisation: invitation?.organisation ?? null,
    role: invitation?.member.role ?? null,
    needs_account: Boolean(invitation) && !account,
    member_elsewhere: await belongsElsewhere(db, account),
  };
}

/** The name and password an address without an account needs, by the registration's rules. */
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
 * it working. An existing account joins and now buys for a business; an address without one gets its account now,
 * with the name and password given, its email confirmed (the link was opened from it), and is signed in.
 */
export async function acceptInvite(deps: Pick<AuthDeps, 'db' | 'accessTokens'>, body: AcceptOrganisationInviteBody, userAgent?: string): Promise<Joined> {
  const invitation = await invitationOf(deps.db, body.token);
  if (!invitation) throw linkUsed();
  const { member } = invitation;
  const existing = await accountByEmail(deps.db, member.email);
  if (await belongsElsewhere(deps.db, existing)) throw badRequest({ token: [MEMBER_ELSEWHERE] }, MEMBER_ELSEWHERE);
  if (!existing) {
    const problems = newAccountErrors(body, member.email);
    if (Object.keys(problems).length > 0) throw badRequest(problems);
  }
  const passwordHash = existing ? undefined : await hashPassword(body.password!);

  const account = await deps.db.transaction(async (tx) => {
    // Using the link up first makes two acceptances racing with it end with one member.
    const [claimed] = await tx.update(organisationMembers).set({ tokenHash: null, inviteExpiresAt: null })
      .where(and(eq(organisationMembers.id, member.id), eq(organisationMembers.tokenHash, member.tokenHash!), isNull(organisationMembers.joinedAt)))
      .returning({ id: organisationMembers.id });
    if (!claimed) return undefined;
    const now = new Date();
    const [person] = passwordHash
      ? await tx.insert(users).values({
        email: member.email, passwordHash, firstName: body.first_name!.trim(), lastName: body.last_name!.trim(),
        accountType: 'business', isVerified: true, lastLoginAt: now,
      }).onConflictDoNothing().returning()
      : await tx.update(users).set({ accountType: 'business', updatedAt: now }).where(eq(users.id, existing!.id)).returning();
    // The address registered meanwhile: the link stays, for that account to accept.
    if (!person) throw linkUsed();
    await tx.update(organisationMembers).set({ userId: person.id, email: null, joinedAt: now }).where(eq(organisationMembers.id, member.id));
    return person;
  });
  if (!account) throw linkUsed();
  return {
    organisation: invitation.organisation,
    role: member.role,
    session: passwordHash ? await startSession(deps, account, userAgent) : null,
  };
}

/** Turns the invitation down: it is gone, with its link, and the organisation may invite the address again. */
export async function declineInvite(db: DbOrTx, token: string): Promise<{ organisation: string }> {
  const invitation = await invitationOf(db, token);
  if (!invitation) throw linkUsed();
  const [declined] = await db.delete(organisationMembers)
    .where(and(eq(organisationMembers.id, invitation.member.id), isNull(organisationMembers.joinedAt))).returning({ id: organisationMembers.id });
  if (!declined) throw linkUsed();
  return { organisation: invitation.organisation };
}
