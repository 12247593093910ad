import { asc, desc, eq, inArray, or, sql } from 'drizzle-orm';
import { centsToDecimal } from '#contracts/money';
import {
  submitMyOrganisation, type AccountManager, type Organisation, type PaymentTerms, type StaffOrganisation,
} from '#contracts/organisations';
import type { UserRow } from '../auth/user-view.ts';
import type { Db } from '../db/client.ts';
import { organisationMembers } from '../db/schema/organisation-members.ts';
import { organisations } from '../db/schema/organisations.ts';
import { users } from '../db/schema/users.ts';
import { apiError, badRequest } from '../lib/errors.ts';
import { membershipOf } from '../organisation-members/membership.ts';
import { creditUsedCents } from './invoice-terms.ts';
import { contractInForce, shopDay } from '../pricing/price-contract.ts';

export type OrganisationRow = typeof organisations.$inferSelect;

/** What other features need to know of a buyer's organisation. */
export interface OrganisationTerms {
  id: string;
  name: string;
  status: OrganisationRow['status'];
  paymentTerms: PaymentTerms;
  creditLimitCents: number;
  creditUsedCents: number;
  creditAvailableCents: number;
  /** Verified, on Net 30 or Net 60, with a credit limit above 0. */
  canPayByInvoice: boolean;
}

const onTerms = (row: OrganisationRow) => row.status === 'verified' && row.paymentTerms !== 'none' && row.creditLimitCents > 0;

/** The organisation the user is a member of and its payment terms, or null for a user without one. */
export async function organisationOf(db: Db, userId: string): Promise<OrganisationTerms | null> {
  const row = await findOrganisation(db, userId);
  if (!row) return null;
  const used = await creditUsedCents(db, row.id);
  return {
    id: row.id,
    name: row.name,
    status: row.status,
    paymentTerms: row.paymentTerms,
    creditLimitCents: row.creditLimitCents,
    creditUsedCents: used,
    creditAvailableCents: Math.max(row.creditLimitCents - used, 0),
    canPayByInvoice: onTerms(row),
  };
}

const fullName = (user: UserRow) => `${user.firstName} ${user.lastName}`.trim();

export const managerView = (user: UserRow): AccountManager => ({
  id: user.id, name: fullName(user), email: user.email, phone: user.phone,
});

async function managerOf(db: Db, row: OrganisationRow): Promise<AccountManager | null> {
  if (!row.accountManagerId) return null;
  const [manager] = await db.select().from(users).where(eq(users.id, row.accountManagerId));
  return manager ? managerView(manager) : null;
}

/** The contract of the organisation's price list, and whether the price list applies today. */
const priceContractView = (row: OrganisationRow, now = new Date()) => {
  const dates = { startsOn: row.priceContractStartsOn, endsOn: row.priceContractEndsOn };
  return { number: row.priceContractNumber, starts_on: dates.startsOn, ends_on: dates.endsOn, in_force: contractInForce(dates, shopDay(now)) };
};

export async function organisationView(db: Db, row: OrganisationRow): Promise<Organisation> {
  const [used, manager] = await Promise.all([creditUsedCents(db, row.id), managerOf(db, row)]);
  return {
    id: row.id,
    name: row.name,
    licence_number: row.licenceNumber,
    status: row.status,
    rejection_reason: row.rejectionReason,
    submitted_at: row.submittedAt.toISOString(),
    reviewed_at: row.reviewedAt?.toISOString() ?? null,
    // Only a verified organisation has someone looking after it.
    account_manager: row.status === 'verified' ? manager : null,
    payment_terms: row.paymentTerms,
    credit_limit: centsToDecimal(row.creditLimitCents),
    credit_used: centsToDecimal(used),
    credit_available: centsToDecimal(Math.max(row.creditLimitCents - used, 0)),
    can_pay_by_invoice: onTerms(row),
    price_contract: priceContractView(row),
  };
}

/** Staff see the buyer behind each organisation, who reviewed it, and its account manager whatever its status. */
export async function staffOrganisationViews(db: Db, rows: OrganisationRow[]): Promise<StaffOrganisation[]> {
  const ids = [...new Set(rows.flatMap((row) => [row.userId, row.reviewedBy].filter((id): id is string => id !== null)))];
  const people = new Map((ids.length ? await db.select().from(users).where(inArray(users.id, ids)) : []).map((user) => [user.id, user]));
  return Promise.all(rows.map(async (row) => {
    const buyer = people.get(row.userId)!;
    const reviewedBy = row.reviewedBy ? people.get(row.reviewedBy) : undefined;
    return {
      ...await organisationView(db, row),
      account_manager: await managerOf(db, row),
      buyer: { id: buyer.id, name: fullName(buyer), email: buyer.email, is_verified: buyer.isVerified },
      reviewed_by: reviewedBy ? fullName(reviewedBy) : null,
    };
  }));
}

/** The organisation the user is a member of (invitations not yet accepted aside). */
export async function findOrganisation(db: Db, userId: string): Promise<OrganisationRow | undefined> {
  const membership = await membershipOf(db, userId);
  if (!membership) return undefined;
  const [row] = await db.select().from(organisations).where(eq(organisations.id, membership.organisationId));
  return row;
}

/**
 * Whether the user's profile speaks for an organisation: it does for the account that registered it while it is
 * still a member, and for an account belonging to none (its first hospital details register one). Another
 * member's hospital fields, or those of an account removed from the organisation it registered, change nothing.
 */
async function registersOrganisation(db: Db, userId: string): Promise<boolean> {
  const [founded] = await db.select({ id: organisations.id }).from(organisations).where(eq(organisations.userId, userId));
  const [membership] = await db.select({ organisationId: organisationMembers.organisationId }).from(organisationMembers)
    .where(eq(organisationMembers.userId, userId));
  return founded ? membership?.organisationId === founded.id : !membership;
}

/** Creates or updates the organisation the user registers; a new one gets them as its first admin. */
async function upsertOwnOrganisation(
  db: Db, userId: string, values: { name: string; licenceNumber: string }, set: Partial<OrganisationRow>, setWhere?: ReturnType<typeof or>,
): Promise<OrganisationRow | undefined> {
  return db.transaction(async (tx) => {
    const [row] = await tx.insert(organisations).values({ userId, ...values })
      .onConflictDoUpdate({ target: organisations.userId, set, setWhere }).returning();
    if (row) {
      await tx.insert(organisationMembers).values({ organisationId: row.id, userId, role: 'admin', joinedAt: row.createdAt })
        .onConflictDoNothing();
    }
    return row;
  });
}

/**
 * Keeps a business account's organisation in step with its profile: the first hospital name and licence number
 * create it for review, and changing either sends it back for review (a new licence has to be checked again).
 */
export async function syncOrganisation(db: Db, user: UserRow): Promise<void> {
  if (user.accountType !== 'business' || !user.hospitalName.trim() || !user.licenseNumber.trim()) return;
  if (!await registersOrganisation(db, user.id)) return;
  const name = user.hospitalName.trim();
  const licenceNumber = user.licenseNumber.trim();
  const now = new Date();
  await upsertOwnOrganisation(db, user.id, { name, licenceNumber },
    { name, licenceNumber, status: 'pending', rejectionReason: null, submittedAt: now, updatedAt: now },
    or(sql`${organisations.name} <> ${name}`, sql`${organisations.licenceNumber} <> ${licenceNumber}`));
}

/** The buyer asks for a review: the first time, or again after a rejection. */
export async function submitOrganisation(db: Db, user: UserRow): Promise<OrganisationRow> {
  const errors: Record<string, string[]> = {};
  if (!user.hospitalName.trim()) errors.hospital_name = ['Add your hospital or clinic name in the Profile tab first.'];
  if (!user.licenseNumber.trim()) errors.license_number = ['Add your licence number in the Profile tab first.'];
  if (Object.keys(errors).length) throw badRequest(errors);
  if (!await registersOrganisation(db, user.id)) {
    throw apiError(submitMyOrganisation, 'NOT_REGISTRANT', 409, 'Your account belongs to an organisation it did not register: its admins keep its details.');
  }
  const existing = await findOrganisation(db, user.id);
  if (existing?.status === 'pending') {
    throw apiError(submitMyOrganisation, 'ALREADY_PENDING', 409, 'Your organisation is already waiting for review.');
  }
  if (existing?.status === 'verified') throw apiError(submitMyOrganisation, 'ALREADY_VERIFIED', 409, 'Your organisation is already verified.');
  const now = new Date();
  const values = { name: user.hospitalName.trim(), licenceNumber: user.licenseNumber.trim(), status: 'pending' as const };
  const row = await upsertOwnOrganisation(db, user.id, values,
    { ...values, rejectionReason: null, submittedAt: now, reviewedAt: null, reviewedBy: null, updatedAt: now });
  return row!;
}

export const organisationOrder = [
  asc(sql`case when ${organisations.status} = 'pending' then 0 else 1 end`),
  sql`case when ${organisations.status} = 'pending' then ${organisations.submittedAt} end asc`,
  desc(organisations.submittedAt),
];

