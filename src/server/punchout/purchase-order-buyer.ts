import { and, eq, inArray, isNotNull, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.ts';
import { organisationMembers } from '../db/schema/organisation-members.ts';
import { organisations } from '../db/schema/organisations.ts';
import { users } from '../db/schema/users.ts';
import { CxmlError } from './cxml-document.ts';

export interface PurchaseOrderBuyer {
  userId: string;
  email: string;
  firstName: string;
  lastName: string;
  phone: string;
  /** Their membership of the organisation; null for an admin account that is no member. */
  memberId: number | null;
}

const columns = {
  userId: users.id, email: users.email, firstName: users.firstName, lastName: users.lastName, phone: users.phone,
};

/**
 * Who a purchase order is placed by: the first member of the organisation whose email the order names (its contacts,
 * then its ship-to), else the account that registered the organisation. Finance members place no orders, so an
 * order naming one is placed by that account too.
 */
export async function purchaseOrderBuyer(db: DbOrTx, organisationId: string, emails: string[]): Promise<PurchaseOrderBuyer> {
  const wanted = [...new Set(emails.map((email) => email.trim().toLowerCase()).filter(Boolean))];
  const members = wanted.length === 0 ? [] : await db.select({ ...columns, memberId: organisationMembers.id })
    .from(organisationMembers).innerJoin(users, eq(users.id, organisationMembers.userId))
    .where(and(
      eq(organisationMembers.organisationId, organisationId), isNotNull(organisationMembers.joinedAt),
      ne(organisationMembers.role, 'finance'), inArray(sql`lower(${users.email})`, wanted),
    ));
  const named = wanted.map((email) => members.find((member) => member.email.toLowerCase() === email)).find(Boolean);
  if (named) return named;
  const [owner] = await db.select({ ...columns, memberId: organisationMembers.id }).from(organisations)
    .innerJoin(users, eq(users.id, organisations.userId))
    .leftJoin(organisationMembers, and(eq(organisationMembers.userId, users.id), eq(organisationMembers.organisationId, organisationId)))
    .where(eq(organisations.id, organisationId));
  if (!owner) throw new CxmlError(403, 'Forbidden', 'The organisation has no account to place the order.');
  return owner;
}
