import { asc, count, desc, eq, sql } from 'drizzle-orm';
import { enqueueMail } from '../mail/outbox.ts';
import {
  LICENCE_BLOCKS_PAGE_SIZE, verifyLicence as verifyLicenceContract, type LicenceBlock, type LicenceStatus, type RestrictedCategory, type StaffLicence,
} from '#contracts/licences';
import type { Db } from '../db/client.ts';
import { categories, products } from '../db/schema/catalog.ts';
import { licenceBlocks, licences } from '../db/schema/licences.ts';
import { users } from '../db/schema/users.ts';
import { apiError, notFound } from '../lib/errors.ts';
import type { Mailer } from '../lib/mailer.ts';
import { licenceRejectedMail, licenceVerifiedMail } from './licence-mail.ts';
import { LICENCE_NOT_FOUND } from './licences.service.ts';
import { isExpired, licenceView } from './licence-view.ts';

export interface StaffLicenceDeps {
  db: Db;
  mailer: Mailer;
  publicUrl: string;
}

const ownerColumns = {
  licence: licences,
  ownerEmail: users.email,
  ownerFirstName: users.firstName,
  ownerLastName: users.lastName,
  ownerLanguage: users.language,
  hospitalName: users.hospitalName,
};
const withOwners = (db: Db) => db.select(ownerColumns).from(licences).innerJoin(users, eq(users.id, licences.userId));
type OwnedRow = Awaited<ReturnType<ReturnType<typeof withOwners>['execute']>>[number];

const staffView = (row: OwnedRow, now: Date): StaffLicence => ({
  ...licenceView(row.licence, now),
  owner: {
    id: row.licence.userId,
    email: row.ownerEmail,
    name: `${row.ownerFirstName} ${row.ownerLastName}`.trim(),
    hospital_name: row.hospitalName,
  },
});

/** Pending first (oldest first, as they wait), then the rest newest first. */
export async function listStaffLicences(db: Db, status: LicenceStatus | undefined, now = new Date()): Promise<StaffLicence[]> {
  const rows = await withOwners(db)
    .where(status ? eq(licences.status, status) : undefined)
    .orderBy(
      desc(sql`${licences.status} = 'pending'`),
      sql`case when ${licences.status} = 'pending' then ${licences.createdAt} end asc`,
      desc(licences.createdAt), desc(licences.id),
    );
  return rows.map((row) => staffView(row, now));
}

async function ownedLicence(db: Db, id: number): Promise<OwnedRow> {
  const [row] = await withOwners(db).where(eq(licences.id, id));
  if (!row) throw notFound(LICENCE_NOT_FOUND);
  return row;
}

const licencesLink = (publicUrl: string) => `${publicUrl}/profile/licences`;
const recipient = (row: OwnedRow) => ({ email: row.ownerEmail, firstName: row.ownerFirstName, language: row.ownerLanguage });

export async function verifyLicence(deps: StaffLicenceDeps, staffId: string, id: number, now = new Date()): Promise<StaffLicence> {
  const row = await ownedLicence(deps.db, id);
  if (isExpired(row.licence, now)) {
    throw apiError(verifyLicenceContract, 'LICENCE_EXPIRED', 409, 'This licence has already expired and cannot be verified.');
  }
  const updated = await deps.db.transaction(async (tx) => {
    await tx.update(licences).set({ status: 'verified', rejectionReason: '', reviewedBy: staffId, reviewedAt: now })
      .where(eq(licences.id, id));
    const updated = await ownedLicence(tx, id);
    if (row.licence.status !== 'verified') {
      await enqueueMail(tx, { kind: 'licence', ...licenceVerifiedMail(recipient(updated), updated.licence, licencesLink(deps.publicUrl)) });
    }
    return updated;
  });
  return staffView(updated, now);
}

export async function rejectLicence(
  deps: StaffLicenceDeps, staffId: string, id: number, reason: string, now = new Date(),
): Promise<StaffLicence> {
  await ownedLicence(deps.db, id);
  const updated = await deps.db.transaction(async (tx) => {
    await tx.update(licences).set({ status: 'rejected', rejectionReason: reason, reviewedBy: staffId, reviewedAt: now })
      .where(eq(licences.id, id));
    const updated = await ownedLicence(tx, id);
    await enqueueMail(tx, { kind: 'licence', ...licenceRejectedMail(recipient(updated), updated.licence, reason, licencesLink(deps.publicUrl)) });
    return updated;
  });
  return staffView(updated, now);
}

export async function listLicenceBlocks(db: Db, page: number) {
  const [{ total }] = await db.select({ total: count() }).from(licenceBlocks);
  const rows = await db.select({
    block: licenceBlocks,
    userEmail: users.email,
    firstName: users.firstName,
    lastName: users.lastName,
    productName: products.name,
    productSlug: products.slug,
    categoryName: categories.name,
  }).from(licenceBlocks)
    .innerJoin(users, eq(users.id, licenceBlocks.userId))
    .innerJoin(products, eq(products.id, licenceBlocks.productId))
    .innerJoin(categories, eq(categories.id, licenceBlocks.categoryId))
    .orderBy(desc(licenceBlocks.createdAt), desc(licenceBlocks.id))
    .limit(LICENCE_BLOCKS_PAGE_SIZE)
    .offset((page - 1) * LICENCE_BLOCKS_PAGE_SIZE);
  const blocks: LicenceBlock[] = rows.map((row) => ({
    id: row.block.id,
    created_at: row.block.createdAt.toISOString(),
    reason: row.block.reason,
    user_email: row.userEmail,
    user_name: `${row.firstName} ${row.lastName}`.trim(),
    product_name: row.productName,
    product_slug: row.productSlug,
    category_name: row.categoryName,
  }));
  return { blocks, count: total, page, total_pages: Math.max(1, Math.ceil(total / LICENCE_BLOCKS_PAGE_SIZE)) };
}

const categoryColumns = {
  id: categories.id,
  slug: categories.slug,
  name: categories.name,
  restricted: categories.restricted,
  product_count: sql<number>`(select count(*)::int from products p where p.category_id = "categories"."id" and p.is_active)`,
};

export async function listRestrictedCategories(db: Db): Promise<RestrictedCategory[]> {
  const rows = await db.select(categoryColumns).from(categories).orderBy(asc(categories.sortOrder), asc(categories.name));
  return rows.map((row) => ({ ...row, product_count: Number(row.product_count) }));
}

export async function setCategoryRestricted(db: Db, id: number, restricted: boolean): Promise<RestrictedCategory> {
  const updated = await db.update(categories).set({ restricted }).where(eq(categories.id, id)).returning({ id: categories.id });
  if (updated.length === 0) throw notFound('Category not found.');
  const [row] = await db.select(categoryColumns).from(categories).where(eq(categories.id, id));
  return { ...row, product_count: Number(row.product_count) };
}
