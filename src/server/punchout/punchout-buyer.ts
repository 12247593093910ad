import { eq, sql } from 'drizzle-orm';
import type { UserRow } from '../auth/user-view.ts';
import type { Db } from '../db/client.ts';
import { organisations } from '../db/schema/organisations.ts';
import { users } from '../db/schema/users.ts';
import { joinAsMember, membershipOf } from '../organisation-members/membership.ts';

/** Why the person a punchout names cannot shop for the organisation. */
export class BuyerRefused extends Error {}

export interface NamedBuyer {
  email: string;
  firstName?: string;
  lastName?: string;
  /** The language the procurement system speaks to the buyer in, when the shop has it: a new account's own. */
  language?: 'en' | 'ur' | 'ar';
}

/** No password can match it: a person made by punchout signs in only through punchout (or sets one by a reset). */
const NO_PASSWORD = '!punchout';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const isEmail = (value: string) => value.length <= 254 && EMAIL.test(value);

/**
 * The account that shops for the organisation: the person the procurement system names, who becomes a business user
 * and a member of the organisation with the buyer role if new to it. Staff, and members of another organisation,
 * are refused; so is an organisation the shop has not verified.
 */
export async function punchoutBuyer(db: Db, organisationId: string, named: NamedBuyer): Promise<UserRow> {
  const [organisation] = await db.select({ status: organisations.status }).from(organisations).where(eq(organisations.id, organisationId));
  if (organisation?.status !== 'verified') throw new BuyerRefused('The shop has not verified this organisation yet.');
  const email = named.email.trim().toLowerCase();
  return db.transaction(async (tx) => {
    const [existing] = await tx.select().from(users).where(sql`lower(${users.email}) = ${email}`);
    if (existing) {
      if (existing.staffRole || existing.deactivatedAt) throw new BuyerRefused('This person cannot shop for an organisation.');
      const membership = await membershipOf(tx, existing.id);
      if (membership && membership.organisationId !== organisationId) throw new BuyerRefused('This person belongs to another organisation.');
      if (membership) return existing;
      await joinAsMember(tx, organisationId, existing.id, 'buyer');
      const [business] = await tx.update(users).set({ accountType: 'business', updatedAt: new Date() }).where(eq(users.id, existing.id)).returning();
      return business;
    }
    const [person] = await tx.insert(users).values({
      email, passwordHash: NO_PASSWORD, firstName: named.firstName?.trim().slice(0, 100) ?? '', lastName: named.lastName?.trim().slice(0, 100) ?? '',
      accountType: 'business', isVerified: true, ...(named.language ? { language: named.language } : {}),
    }).returning();
    await joinAsMember(tx, organisationId, person.id, 'buyer');
    return person;
  });
}

/** OCI without an EMAIL: the account that registered the organisation. */
export async function organisationOwner(db: Db, organisationId: string): Promise<UserRow> {
  const [row] = await db.select({ user: users }).from(organisations).innerJoin(users, eq(users.id, organisations.userId))
    .where(eq(organisations.id, organisationId));
  return row.user;
}
