import { and, eq, isNotNull } from 'drizzle-orm';
import type { OrganisationRole } from '#contracts/organisation-members';
import type { DbOrTx } from '../db/client.ts';
import { organisationMembers } from '../db/schema/organisation-members.ts';

export interface Membership {
  memberId: number;
  organisationId: string;
  role: OrganisationRole;
}

/**
 * The organisation a person acts for, read on every request that needs it: a member who was removed stops acting for
 * it at once, whatever tokens they hold. An invitation not yet accepted is no membership.
 */
export async function membershipOf(db: DbOrTx, userId: string): Promise<Membership | null> {
  const [row] = await db.select({
    memberId: organisationMembers.id, organisationId: organisationMembers.organisationId, role: organisationMembers.role,
  }).from(organisationMembers).where(joinedBy(userId));
  return row ?? null;
}

/** The person's joined membership, in a statement's terms: an invitation not yet accepted is none. */
export const joinedBy = (userId: string) => and(eq(organisationMembers.userId, userId), isNotNull(organisationMembers.joinedAt));

/** The roles that read all the organisation's orders and their invoices, whoever of its members placed them. */
export const ORGANISATION_ORDER_READERS: readonly OrganisationRole[] = ['admin', 'approver', 'finance'];

/** The joined members' user ids of an organisation: whose licences, for one, count for all of them. */
export const joinedMembers = (organisationId: string) =>
  and(eq(organisationMembers.organisationId, organisationId), isNotNull(organisationMembers.joinedAt));

/** Makes the account a joined member of the organisation in `role` (an account belongs to one organisation at most). */
export async function joinAsMember(db: DbOrTx, organisationId: string, userId: string, role: OrganisationRole, now = new Date()): Promise<void> {
  await db.insert(organisationMembers).values({ organisationId, userId, role, joinedAt: now, invitedAt: now });
}
