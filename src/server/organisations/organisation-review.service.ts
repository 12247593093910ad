import { and, count, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import {
  addPriceRule, approveOrganisation, deletePriceRule, rejectOrganisation, STAFF_ORGANISATIONS_PAGE_SIZE, updateOrganisationAccount, updatePriceContract,
  type AccountManager, type listStaffOrganisations, type StaffOrganisationDetail, type StaffOrganisation,
} from '#contracts/organisations';
import type { BodyOf, QueryOf } from '#contracts/define';
import type { Db } from '../db/client.ts';
import { organisations } from '../db/schema/organisations.ts';
import { users } from '../db/schema/users.ts';
import { staffAccess } from '#contracts/staff-roles';
import { apiError, badRequest, notFound } from '../lib/errors.ts';
import { organisationInvoices } from './invoice-terms.ts';
import { sendReviewMail, type OrganisationMailDeps, type ReviewOutcome } from './organisation-mail.ts';
import { managerView, organisationOrder, staffOrganisationViews, type OrganisationRow } from './organisation.service.ts';
import { priceList } from './price-list.service.ts';

export interface ReviewDeps extends OrganisationMailDeps {
  db: Db;
}

export async function listOrganisations(db: Db, query: QueryOf<typeof listStaffOrganisations>): Promise<{
  organisations: StaffOrganisation[]; count: number; totalPages: number;
}> {
  const pattern = query.search ? `%${query.search.toLowerCase().replace(/[\\%_]/g, '\\$&')}%` : null;
  const where = and(
    query.status === 'all' ? undefined : eq(organisations.status, query.status),
    pattern ? or(
      sql`lower(${organisations.name}) like ${pattern}`,
      sql`lower(${organisations.licenceNumber}) like ${pattern}`,
      sql`${organisations.userId} in (select u.id from users u where lower(u.email) like ${pattern})`,
    ) : undefined,
  );
  const [[{ total }], rows] = await Promise.all([
    db.select({ total: count() }).from(organisations).where(where),
    db.select().from(organisations).where(where).orderBy(...organisationOrder)
      .limit(STAFF_ORGANISATIONS_PAGE_SIZE).offset((query.page - 1) * STAFF_ORGANISATIONS_PAGE_SIZE),
  ]);
  return {
    organisations: await staffOrganisationViews(db, rows),
    count: total,
    totalPages: Math.max(Math.ceil(total / STAFF_ORGANISATIONS_PAGE_SIZE), 1),
  };
}

export async function organisationById(db: Db, id: string): Promise<OrganisationRow> {
  const [row] = await db.select().from(organisations).where(eq(organisations.id, id));
  if (!row) throw notFound('Organisation not found.');
  return row;
}

export async function organisationDetail(db: Db, id: string): Promise<StaffOrganisationDetail> {
  const row = await organisationById(db, id);
  const [[view], prices, invoices] = await Promise.all([
    staffOrganisationViews(db, [row]), priceList(db, row.id), organisationInvoices(db, row.id),
  ]);
  return { organisation: view, price_list: prices, invoices };
}

/** A verified organisation, for the changes only verified organisations may have. */
export async function verifiedOrganisation(db: Db, id: string): Promise<OrganisationRow> {
  const row = await organisationById(db, id);
  if (row.status !== 'verified') {
    throw apiError([updateOrganisationAccount, addPriceRule, deletePriceRule, updatePriceContract], 'NOT_VERIFIED', 409, 'Verify this organisation first.');
  }
  return row;
}

/** pending → verified or rejected, in one conditional update so two reviewers cannot both decide. */
export async function review(deps: ReviewDeps, id: string, staffId: string, outcome: ReviewOutcome): Promise<StaffOrganisationDetail> {
  const { db } = deps;
  const current = await organisationById(db, id);
  const now = new Date();
  await db.transaction(async (tx) => {
  const [row] = await tx.update(organisations).set({
    status: outcome.kind,
    rejectionReason: outcome.kind === 'rejected' ? outcome.reason : null,
    reviewedAt: now,
    reviewedBy: staffId,
    updatedAt: now,
  }).where(and(eq(organisations.id, id), eq(organisations.status, 'pending'))).returning();
  if (!row) {
    throw apiError([approveOrganisation, rejectOrganisation], 'ILLEGAL_TRANSITION', 409,
      `This organisation is ${current.status}: only a pending organisation can be reviewed.`);
  }
  const [buyer] = await tx.select().from(users).where(eq(users.id, row.userId));
  await sendReviewMail(tx, deps, buyer, row.name, outcome);
  });
  return organisationDetail(db, id);
}

/**
 * Who may manage a customer account: active owners and sales staff who accepted their invitation (catalogue,
 * fulfilment and support staff do not look after customers).
 */
const mayManageAccounts = and(inArray(users.staffRole, ['owner', ...staffAccess.sales]), isNull(users.deactivatedAt), eq(users.isVerified, true));

async function staffUser(db: Db, id: string) {
  const [user] = await db.select().from(users).where(and(eq(users.id, id), mayManageAccounts));
  return user;
}

export async function updateAccount(
  db: Db, id: string, body: BodyOf<typeof updateOrganisationAccount>,
): Promise<StaffOrganisationDetail> {
  const row = await verifiedOrganisation(db, id);
  const errors: Record<string, string[]> = {};
  if (body.account_manager_id && !await staffUser(db, body.account_manager_id)) {
    errors.account_manager_id = ['Choose a staff member.'];
  }
  const terms = body.payment_terms ?? row.paymentTerms;
  const limit = body.credit_limit ?? row.creditLimitCents;
  if (terms !== 'none' && limit <= 0) errors.credit_limit = ['Set a credit limit above 0 for payment terms.'];
  if (Object.keys(errors).length) throw badRequest(errors);
  await db.update(organisations).set({
    ...(body.account_manager_id !== undefined ? { accountManagerId: body.account_manager_id } : {}),
    paymentTerms: terms,
    creditLimitCents: limit,
    updatedAt: new Date(),
  }).where(eq(organisations.id, id));
  return organisationDetail(db, id);
}

export async function accountManagers(db: Db): Promise<AccountManager[]> {
  const rows = await db.select().from(users).where(mayManageAccounts).orderBy(users.firstName, users.lastName);
  return rows.map(managerView);
}
