import { eq } from 'drizzle-orm';
import type { OrganisationRole } from '#contracts/organisation-members';
import type { Db } from '../db/client.ts';
import { organisationMembers } from '../db/schema/organisation-members.ts';
import { organisations } from '../db/schema/organisations.ts';
import { users } from '../db/schema/users.ts';
import { createTestUser } from './auth-fixtures.ts';

export interface BusinessBuyerOptions {
  email: string;
  hospitalName?: string;
  licenceNumber?: string;
  /** Without it the buyer has no organisation row yet. */
  status?: 'pending' | 'verified' | 'rejected';
  paymentTerms?: 'none' | 'net30' | 'net60';
  creditLimitCents?: number;
}

/** A business account with hospital details and, when `status` is given, its organisation in that state with it as admin. */
export async function createBusinessBuyer(db: Db, options: BusinessBuyerOptions) {
  const buyer = await createTestUser(db, { email: options.email, accountType: 'business' });
  const hospitalName = options.hospitalName ?? 'Mayo Hospital';
  const licenceNumber = options.licenceNumber ?? 'PMC-55-1234';
  await db.update(users).set({ hospitalName, licenseNumber: licenceNumber }).where(eq(users.id, buyer.user.id));
  const organisation = options.status
    ? (await db.insert(organisations).values({
      userId: buyer.user.id,
      name: hospitalName,
      licenceNumber,
      status: options.status,
      paymentTerms: options.paymentTerms ?? 'none',
      creditLimitCents: options.creditLimitCents ?? 0,
      ...(options.status !== 'pending' ? { reviewedAt: new Date() } : {}),
    }).returning())[0]
    : null;
  if (organisation) {
    await db.insert(organisationMembers).values({ organisationId: organisation.id, userId: buyer.user.id, role: 'admin', joinedAt: new Date() });
  }
  return { ...buyer, organisation };
}

/** A signed-in member of an organisation in `role`, as if they had accepted an invitation. */
export async function addMember(db: Db, organisationId: string, email: string, role: OrganisationRole) {
  const person = await createTestUser(db, { email, accountType: 'business' });
  const [member] = await db.insert(organisationMembers).values({ organisationId, userId: person.user.id, role, joinedAt: new Date() }).returning();
  return { ...person, memberId: member.id };
}
