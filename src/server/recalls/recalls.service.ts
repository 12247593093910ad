import { and, asc, desc, eq, inArray, isNull, notInArray, sql } from 'drizzle-orm';
import { enqueueMail } from '../mail/outbox.ts';
import {
  markReturnReceived as markReturnReceivedContract, openRecall as openRecallContract,
  type BuyerNotice, type OpenRecallBody, type RecallDetail, type RecallSummary, type StaffNotice,
} from '#contracts/recalls';
import type { Db, DbOrTx } from '../db/client.ts';
import { products, productVariants } from '../db/schema/catalog.ts';
import { inventoryItems } from '../db/schema/inventory.ts';
import { orderLineLots, stockLots } from '../db/schema/lots.ts';
import { orders } from '../db/schema/orders.ts';
import { orderItems } from '../db/schema/orders.ts';
import { recallNotices, recalls } from '../db/schema/recalls.ts';
import { returnItems, returnReceipts, returns } from '../db/schema/returns.ts';
import { createReturn } from '../returns/rma.ts';
import { users } from '../db/schema/users.ts';
import type { ReleaseDeps } from '../orders/release-order.ts';
import { writeOff } from '../inventory/stock-ledger.ts';
import { resolveVariant, withVariantLabels } from '../catalog/variants.ts';
import { apiError, badRequest, notFound } from '../lib/errors.ts';
import { recallMail } from './recall-mail.ts';

export type RecallDeps = ReleaseDeps;

const iso = (date: Date | null) => (date ? date.toISOString() : null);

/** A recall notice's return as the recall reads it: asked for until the goods are received. */
const recallReturnStatus = sql<'requested' | 'received' | null>`case when ${returns.status} in ('received', 'resolved') then 'received'
  when ${returns.id} is not null then 'requested' end`;

const progressColumns = {
  orders: sql<number>`(select count(*) from recall_notices n where n.recall_id = "recalls"."id")::int`,
  units: sql<number>`(select coalesce(sum(n.quantity), 0) from recall_notices n where n.recall_id = "recalls"."id")::int`,
  notified: sql<number>`(select count(*) from recall_notices n where n.recall_id = "recalls"."id" and n.notified_at is not null)::int`,
  acknowledged: sql<number>`(select count(*) from recall_notices n where n.recall_id = "recalls"."id" and n.acknowledged_at is not null)::int`,
  returned: sql<number>`(select count(*) from recall_notices n join returns r on r.recall_notice_id = n.id
    where n.recall_id = "recalls"."id" and r.status in ('received', 'resolved'))::int`,
};

const summaryColumns = {
  id: recalls.id,
  productId: productVariants.productId,
  variantId: recalls.variantId,
  productSlug: products.slug,
  productName: products.name,
  productModel: productVariants.modelNumber,
  lotNumbers: recalls.lotNumbers,
  reason: recalls.reason,
  openedAt: recalls.openedAt,
  firstName: users.firstName,
  lastName: users.lastName,
  ...progressColumns,
};

const selectSummaries = (db: Db) => db.select(summaryColumns).from(recalls)
  .innerJoin(productVariants, eq(productVariants.id, recalls.variantId))
  .innerJoin(products, eq(products.id, productVariants.productId))
  .leftJoin(users, eq(users.id, recalls.openedBy));

type SummaryRow = Awaited<ReturnType<ReturnType<typeof selectSummaries>['execute']>>[number] & { variantLabel: string };

function toSummary(row: SummaryRow): RecallSummary {
  return {
    id: row.id,
    productId: row.productId,
    variantId: row.variantId,
    variantLabel: row.variantLabel,
    productSlug: row.productSlug,
    productName: row.productName,
    productModel: row.productModel,
    lotNumbers: row.lotNumbers,
    reason: row.reason,
    openedAt: row.openedAt.toISOString(),
    openedBy: row.firstName === null ? null : [row.firstName, row.lastName].filter(Boolean).join(' ') || null,
    progress: {
      orders: Number(row.orders),
      units: Number(row.units),
      notified: Number(row.notified),
      acknowledged: Number(row.acknowledged),
      returned: Number(row.returned),
    },
  };
}

export async function listRecalls(db: Db): Promise<RecallSummary[]> {
  const rows = await selectSummaries(db).orderBy(desc(recalls.openedAt), desc(recalls.id));
  return (await withVariantLabels(db, rows)).map(toSummary);
}

const staffNoticeColumns = {
  id: recallNotices.id,
  orderId: recallNotices.orderId,
  orderNumber: orders.orderNumber,
  firstName: orders.firstName,
  lastName: orders.lastName,
  email: orders.email,
  quantity: recallNotices.quantity,
  lotNumbers: recallNotices.lotNumbers,
  notifiedAt: recallNotices.notifiedAt,
  acknowledgedAt: recallNotices.acknowledgedAt,
  returnStatus: recallReturnStatus,
  returnReceivedAt: returns.receivedAt,
  rma: returns.rma,
};

const selectStaffNotices = (db: Db) => db.select(staffNoticeColumns).from(recallNotices)
  .innerJoin(orders, eq(orders.id, recallNotices.orderId))
  .leftJoin(returns, eq(returns.recallNoticeId, recallNotices.id));

function toStaffNotice(row: Awaited<ReturnType<ReturnType<typeof selectStaffNotices>['execute']>>[number]): StaffNotice {
  return {
    id: row.id,
    orderId: row.orderId,
    orderNumber: row.orderNumber,
    buyerName: `${row.firstName} ${row.lastName}`.trim(),
    buyerEmail: row.email,
    quantity: row.quantity,
    lotNumbers: row.lotNumbers,
    notifiedAt: iso(row.notifiedAt),
    acknowledgedAt: iso(row.acknowledgedAt),
    returnStatus: row.returnStatus,
    returnReceivedAt: iso(row.returnReceivedAt),
    rma: row.rma,
  };
}

export async function getRecall(db: Db, recallId: number): Promise<RecallDetail> {
  const [row] = await withVariantLabels(db, await selectSummaries(db).where(eq(recalls.id, recallId)));
  if (!row) throw notFound('Recall not found.');
  const notices = await selectStaffNotices(db).where(eq(recallNotices.recallId, recallId))
    .orderBy(asc(orders.orderNumber));
  return { ...toSummary(row), notices: notices.map(toStaffNotice) };
}

/** Orders that shipped or will ship: paid and not cancelled. Pending orders hold stock but have not bought it. */
const AFFECTED_STATUSES_EXCLUDED = ['pending', 'cancelled'] as const;

/**
 * Opens a recall of lots of one variant: the lots stop selling and their free units are written off (quarantined),
 * every order that got that variant from them gets a notice, and each buyer is mailed. Refuses, writing nothing, an
 * unknown product, a variant left out or not the product's (resolveVariant), a lot the variant does not hold, or a
 * lot already recalled.
 */
export async function openRecall(deps: RecallDeps, body: OpenRecallBody, staffId: string): Promise<RecallDetail> {
  const lotNumbers = [...new Set(body.lotNumbers.map((lot) => lot.trim()))];
  const now = new Date();
  const recallId = await deps.db.transaction(async (tx) => {
    const variant = await resolveVariant(tx, body.productId, body.variant_id);
    if (!variant) throw badRequest({ productId: ['No product has this id.'] });
    // The ledger's lock order: the variant's inventory row before its lots.
    await tx.select({ id: inventoryItems.id }).from(inventoryItems).where(eq(inventoryItems.variantId, variant.id)).for('update');
    const lots = await tx.select({ id: stockLots.id, lotNumber: stockLots.lotNumber, recalledAt: stockLots.recalledAt }).from(stockLots)
      .where(and(eq(stockLots.variantId, variant.id), inArray(stockLots.lotNumber, lotNumbers))).for('update');
    const held = Object.keys(variant.options).length ? 'this variant' : 'this product';
    const problems = lotNumbers.flatMap((number) => {
      const lot = lots.find((row) => row.lotNumber === number);
      if (!lot) return [`Lot ${number} is not a lot of ${held}.`];
      return lot.recalledAt ? [`Lot ${number} is already recalled.`] : [];
    });
    if (problems.length) throw badRequest({ lotNumbers: problems });
    const lotIds = lots.map((lot) => lot.id);
    const marked = await tx.update(stockLots).set({ recalledAt: now })
      .where(and(inArray(stockLots.id, lotIds), isNull(stockLots.recalledAt))).returning({ id: stockLots.id });
    if (marked.length !== lotIds.length) throw apiError(openRecallContract, 'ALREADY_RECALLED', 409, 'These lots were recalled meanwhile; please reload.');
    const [recall] = await tx.insert(recalls).values({
      variantId: variant.id, lotNumbers, reason: body.reason, openedBy: staffId, openedAt: now,
    }).returning({ id: recalls.id });

    const affected = await tx.select({
      orderId: orders.id,
      userId: orders.userId,
      quantity: sql<number>`sum(${orderLineLots.quantity})::int`,
      lotNumbers: sql<string[]>`array_agg(distinct ${stockLots.lotNumber} order by ${stockLots.lotNumber})`,
    }).from(orderLineLots)
      .innerJoin(stockLots, eq(stockLots.id, orderLineLots.lotId))
      .innerJoin(orders, eq(orders.id, orderLineLots.orderId))
      .where(and(
        eq(orderLineLots.variantId, variant.id), inArray(orderLineLots.lotId, lotIds),
        notInArray(orders.status, [...AFFECTED_STATUSES_EXCLUDED]),
      ))
      .groupBy(orders.id);
    if (affected.length) {
      await tx.insert(recallNotices).values(affected.map((row) => ({
        recallId: recall.id, orderId: row.orderId, userId: row.userId, quantity: Number(row.quantity), lotNumbers: row.lotNumbers,
      })));
    }
    const free = await tx.select({ id: stockLots.id, lotNumber: stockLots.lotNumber,
      units: sql<number>`(${stockLots.currentStock} - ${stockLots.reservedStock})::int` })
      .from(stockLots).where(and(inArray(stockLots.id, lotIds), sql`${stockLots.currentStock} > ${stockLots.reservedStock}`));
    for (const lot of free) {
      const quantity = Number(lot.units);
      await writeOff(tx, {
        variantId: variant.id, quantity, lots: [{ lotId: lot.id, quantity }], userId: staffId,
        reason: `Recall ${recall.id}: lot ${lot.lotNumber} quarantined`,
      });
    }
    return recall.id;
  });
  await notifyBuyers(deps, recallId);
  return getRecall(deps.db, recallId);
}

/** Mails every buyer not yet notified, in their language, through the outbox (which retries a mail server that is down). */
async function notifyBuyers(deps: RecallDeps, recallId: number) {
  const pending = await withVariantLabels(deps.db, await deps.db.select({
    noticeId: recallNotices.id, email: orders.email, firstName: orders.firstName, language: users.language, orderNumber: orders.orderNumber,
    quantity: recallNotices.quantity, lotNumbers: recallNotices.lotNumbers, productName: products.name, variantId: recalls.variantId,
    reason: recalls.reason,
  }).from(recallNotices)
    .innerJoin(recalls, eq(recalls.id, recallNotices.recallId))
    .innerJoin(productVariants, eq(productVariants.id, recalls.variantId))
    .innerJoin(products, eq(products.id, productVariants.productId))
    .innerJoin(orders, eq(orders.id, recallNotices.orderId))
    .innerJoin(users, eq(users.id, recallNotices.userId))
    .where(and(eq(recallNotices.recallId, recallId), isNull(recallNotices.notifiedAt))));
  for (const notice of pending) {
    // The notice is marked notified in the transaction that writes its mail to the outbox.
    await deps.db.transaction(async (tx) => {
      await enqueueMail(tx, { kind: 'recall', ...recallMail(notice, `${deps.publicUrl}/orders`) });
      await tx.update(recallNotices).set({ notifiedAt: new Date() }).where(eq(recallNotices.id, notice.noticeId));
    });
  }
}

/** Staff: the buyer's acknowledged return has arrived. */
export async function markReturnReceived(db: Db, recallId: number, noticeId: number, staffId: string): Promise<StaffNotice> {
  const [notice] = await db.select({ id: recallNotices.id, acknowledgedAt: recallNotices.acknowledgedAt }).from(recallNotices)
    .where(and(eq(recallNotices.id, noticeId), eq(recallNotices.recallId, recallId)));
  if (!notice) throw notFound('Recall notice not found.');
  if (!notice.acknowledgedAt) {
    throw apiError(markReturnReceivedContract, 'NOT_ACKNOWLEDGED', 409, 'The buyer has not acknowledged this recall yet, so no return was requested.');
  }
  await db.transaction(async (tx) => {
    const [received] = await tx.update(returns).set({ status: 'received', receivedAt: new Date() })
      .where(and(eq(returns.recallNoticeId, noticeId), inArray(returns.status, ['requested', 'approved']))).returning({ id: returns.id });
    if (!received) return;
    // Recalled units are never restocked: they are held in quarantine.
    const items = await tx.select({ id: returnItems.id, quantity: returnItems.quantity }).from(returnItems).where(eq(returnItems.returnId, received.id));
    if (items.length) {
      await tx.insert(returnReceipts).values(items.map((item) => ({
        returnItemId: item.id, quantity: item.quantity, disposition: 'quarantine' as const, receivedBy: staffId,
      })));
    }
  });
  const [row] = await selectStaffNotices(db).where(eq(recallNotices.id, noticeId));
  return toStaffNotice(row);
}

const buyerNoticeColumns = {
  id: recallNotices.id,
  recallId: recallNotices.recallId,
  orderId: recallNotices.orderId,
  orderNumber: orders.orderNumber,
  productName: products.name,
  productSlug: products.slug,
  variantId: recalls.variantId,
  lotNumbers: recallNotices.lotNumbers,
  quantity: recallNotices.quantity,
  reason: recalls.reason,
  openedAt: recalls.openedAt,
  acknowledgedAt: recallNotices.acknowledgedAt,
  returnStatus: recallReturnStatus,
  rma: returns.rma,
};

const selectBuyerNotices = (db: Db, userId: string) => db.select(buyerNoticeColumns).from(recallNotices)
  .innerJoin(recalls, eq(recalls.id, recallNotices.recallId))
  .innerJoin(productVariants, eq(productVariants.id, recalls.variantId))
  .innerJoin(products, eq(products.id, productVariants.productId))
  .innerJoin(orders, eq(orders.id, recallNotices.orderId))
  .leftJoin(returns, eq(returns.recallNoticeId, recallNotices.id))
  .where(eq(recallNotices.userId, userId))
  .$dynamic();

type BuyerNoticeRow = Awaited<ReturnType<ReturnType<typeof selectBuyerNotices>['execute']>>[number];

async function toBuyerNotices(db: Db, rows: BuyerNoticeRow[]): Promise<BuyerNotice[]> {
  return (await withVariantLabels(db, rows))
    .map((row) => ({ ...row, openedAt: row.openedAt.toISOString(), acknowledgedAt: iso(row.acknowledgedAt) }));
}

export async function listBuyerNotices(db: Db, userId: string): Promise<BuyerNotice[]> {
  return toBuyerNotices(db, await selectBuyerNotices(db, userId).orderBy(desc(recalls.openedAt), asc(orders.orderNumber)));
}

/**
 * The return of a recall's units: an RMA of the reason recall, approved as it is asked (no window, no fees), for the
 * order's line of the recalled variant.
 */
async function requestRecallReturn(tx: DbOrTx, userId: string, notice: { id: number; quantity: number; orderId: string; recallId: number }) {
  const [line] = await tx.select({ id: orderItems.id }).from(orderItems)
    .innerJoin(recalls, eq(recalls.id, notice.recallId))
    .where(and(eq(orderItems.orderId, notice.orderId), eq(orderItems.variantId, recalls.variantId))).orderBy(asc(orderItems.id)).limit(1);
  if (!line) return;
  await createReturn(tx, {
    orderId: notice.orderId, userId, status: 'approved', recallNoticeId: notice.id,
    dropOffInstructions: `Recall ${notice.recallId}: send the recalled units back to the shop.`,
    items: [{ orderItemId: line.id, quantity: notice.quantity, reason: 'recall' }],
  });
}

/** The buyer acknowledges: recorded once, with a return request for the affected units. Another buyer's: 404. */
export async function acknowledgeNotice(db: Db, userId: string, noticeId: number): Promise<BuyerNotice> {
  await db.transaction(async (tx) => {
    const [notice] = await tx.update(recallNotices).set({ acknowledgedAt: new Date() })
      .where(and(eq(recallNotices.id, noticeId), eq(recallNotices.userId, userId), isNull(recallNotices.acknowledgedAt)))
      .returning({ id: recallNotices.id, quantity: recallNotices.quantity, orderId: recallNotices.orderId, recallId: recallNotices.recallId });
    if (notice) await requestRecallReturn(tx, userId, notice);
  });
  const [notice] = await toBuyerNotices(db,
    await selectBuyerNotices(db, userId).where(and(eq(recallNotices.userId, userId), eq(recallNotices.id, noticeId))));
  if (!notice) throw notFound('Recall notice not found.');
  return notice;
}
