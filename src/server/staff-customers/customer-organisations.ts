import { and, eq, inArray, isNotNull } from 'drizzle-orm';
import type { CustomerDetail } from '#contracts/staff-customers';
import type { Db } from '../db/client.ts';
import { organisationMembers } from '../db/schema/organisation-members.ts';
import { organisations } from '../db/schema/organisations.ts';

export type CustomerOrganisation = CustomerDetail['organisations'][number];

/**
 * Each customer's organisations: the one they belong to, with their role in it, first; then one they registered and
 * no longer belong to, without a role. Customers with none are left out of the map.
 */
export async function customerOrganisations(db: Db, userIds: string[]): Promise<Map<string, CustomerOrganisation[]>> {
  if (userIds.length === 0) return new Map();
  const organisation = { id: organisations.id, name: organisations.name, status: organisations.status };
  const [memberships, registered] = await Promise.all([
    db.select({ userId: organisationMembers.userId, role: organisationMembers.role, ...organisation }).from(organisationMembers)
      .innerJoin(organisations, eq(organisations.id, organisationMembers.organisationId))
      .where(and(inArray(organisationMembers.userId, userIds), isNotNull(organisationMembers.joinedAt))),
    db.select({ userId: organisations.userId, ...organisation }).from(organisations).where(inArray(organisations.userId, userIds)),
  ]);
  const found = new Map<string, CustomerOrganisation[]>();
  const add = (userId: string, entry: CustomerOrganisation) => {
    const own = found.get(userId) ?? [];
    if (!own.some((known) => known.id === entry.id)) found.set(userId, [...own, entry]);
  };
  for (const { userId, ...entry } of memberships) add(userId!, entry);
  for (const { userId, ...entry } of registered) add(userId, { ...entry, role: null });
  return found;
}
