import { and, asc, eq, isNotNull, ne } from 'drizzle-orm';
import {
  inviteOrganisationMember, removeOrganisationMember, type MembersAnswer, type OrganisationRole,
} from '#contracts/organisation-members';
import { createDepartment, setLimit, setPurchaseOrderRule, updateDepartment } from '#contracts/organisation-purchasing';
import type { UserRow } from '../auth/user-view.ts';
import type { Db, DbOrTx } from '../db/client.ts';
import { organisationMembers } from '../db/schema/organisation-members.ts';
import { organisations } from '../db/schema/organisations.ts';
import { users } from '../db/schema/users.ts';
import { apiError, notFound } from '../lib/errors.ts';
import { membershipOf, type Membership } from './membership.ts';

export interface MemberDeps {
  db: Db;
  publicUrl: string;
}

/** The signed-in person's membership; someone who belongs to no organisation is told there is nothing here (404). */
export async function requireMembership(db: DbOrTx, userId: string): Promise<Membership> {
  const membership = await membershipOf(db, userId);
  if (!membership) throw notFound('You are not a member of an organisation.');
  return membership;
}

/** The routes only an organisation's admins may use. */
const MANAGED = [inviteOrganisationMember, removeOrganisationMember, createDepartment, updateDepartment, setPurchaseOrderRule, setLimit] as const;
const NOT_ADMIN = 'Only an admin of your organisation can do this.';

export function requireAdmin(membership: Membership): void {
  if (membership.role !== 'admin') throw apiError(MANAGED, 'ORGANISATION_ROLE', 403, NOT_ADMIN);
}

const ROLE_ORDER: Record<OrganisationRole, number> = { admin: 0, approver: 1, buyer: 2, finance: 3 };
export const fullName = (user: Pick<UserRow, 'firstName' | 'lastName'>) => `${user.firstName} ${user.lastName}`.trim();

/**
 * The organisation and its people: admins first, then by role and name, invitations after those who joined. An
 * invitation shows its address, role and date only: who has an account there is nobody's business until they accept.
 */
export async function membersAnswer(db: DbOrTx, viewer: Membership, viewerId: string): Promise<MembersAnswer> {
  const [[{ status, ...organisation }], rows] = await Promise.all([
    db.select({ id: organisations.id, name: organisations.name, status: organisations.status }).from(organisations)
      .where(eq(organisations.id, viewer.organisationId)),
    db.select({ member: organisationMembers, user: { id: users.id, email: users.email, firstName: users.firstName, lastName: users.lastName } })
      .from(organisationMembers).leftJoin(users, eq(users.id, organisationMembers.userId))
      .where(eq(organisationMembers.organisationId, viewer.organisationId))
      .orderBy(asc(organisationMembers.id)),
  ]);
  const members = rows.map(({ member, user }) => ({
    id: member.id,
    email: user?.email ?? member.email ?? '',
    name: member.joinedAt && user ? fullName(user) : '',
    role: member.role,
    status: member.joinedAt ? 'active' as const : 'invited' as const,
    invited_at: member.invitedAt.toISOString(),
    joined_at: member.joinedAt?.toISOString() ?? null,
    is_you: user?.id === viewerId,
  })).sort((a, b) => Number(a.status === 'invited') - Number(b.status === 'invited')
    || ROLE_ORDER[a.role] - ROLE_ORDER[b.role] || (a.name || a.email).localeCompare(b.name || b.email));
  return { organisation: { ...organisation, verified: status === 'verified' }, your_role: viewer.role, members };
}

/**
 * An admin removes a member or withdraws an invitation (its link stops working), or a member leaves. The
 * organisation row is locked first, so two admins removing each other cannot leave it with none.
 */
export async function removeMember(db: Db, actor: UserRow, membership: Membership, memberId: number): Promise<MembersAnswer> {
  await db.transaction(async (tx) => {
    await tx.select({ id: organisations.id }).from(organisations).where(eq(organisations.id, membership.organisationId)).for('update');
    const [target] = await tx.select().from(organisationMembers)
      .where(and(eq(organisationMembers.id, memberId), eq(organisationMembers.organisationId, membership.organisationId)));
    if (!target) throw notFound('Unknown member.');
    if (target.userId !== actor.id) requireAdmin(membership);
    if (target.role === 'admin' && target.joinedAt) {
      const [other] = await tx.select({ id: organisationMembers.id }).from(organisationMembers).where(and(
        eq(organisationMembers.organisationId, membership.organisationId), eq(organisationMembers.role, 'admin'),
        isNotNull(organisationMembers.joinedAt), ne(organisationMembers.id, target.id),
      )).limit(1);
      if (!other) {
        throw apiError(removeOrganisationMember, 'LAST_ADMIN', 409, 'An organisation keeps at least one admin: make someone else admin first.');
      }
    }
    await tx.delete(organisationMembers).where(eq(organisationMembers.id, target.id));
  });
  // One who left sees the organisation as it is without them, this once.
  return membersAnswer(db, membership, actor.id);
}
