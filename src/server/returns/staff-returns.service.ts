import type { FastifyBaseLogger } from 'fastify';
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import { message } from '#contracts/issues';
import type { ApproveReturnBody, ReceiveReturnBody, ReturnStatus, StaffReturnView } from '#contracts/returns';
import { approveReturn, receiveReturn, rejectReturn } from '#contracts/returns';
import type { Db, DbOrTx } from '../db/client.ts';
import { orderLineLots, stockLots } from '../db/schema/lots.ts';
import { orderItems, orders } from '../db/schema/orders.ts';
import { returnItems, returnReceipts, returns } from '../db/schema/returns.ts';
import { receive } from '../inventory/stock-ledger.ts';
import { apiError, badRequest, notFound, type FieldErrors } from '../lib/errors.ts';
import { todayUtc } from '../lots/lot-ledger.ts';
import { book, CARRIER_NAMES, consigneeOf, isExport, type ShipmentDeps } from '../shipments/book-shipment.ts';
import { oneParcelGrams, shippableLines } from '../shipments/shipment-lines.ts';
import { sendReturnMail } from './return-mail.ts';
import { loadPolicy } from './return-policy.ts';
import { returnViewById, type ReturnDeps } from './returns.service.ts';
import { returnViews, type ReturnRow } from './return-views.ts';

export type StaffReturnDeps = ReturnDeps & Pick<ShipmentDeps, 'carriers' | 'shipper'>;

export async function listStaffReturns(db: Db, status: ReturnStatus | 'all'): Promise<StaffReturnView[]> {
  const rows = await db.select().from(returns).where(status === 'all' ? undefined : eq(returns.status, status))
    .orderBy(desc(returns.createdAt), desc(returns.id)).limit(500);
  return returnViews(db, rows, await loadPolicy(db));
}

export async function findReturn(db: DbOrTx, rma: string): Promise<ReturnRow> {
  const [row] = await db.select().from(returns).where(eq(returns.rma, rma));
  if (!row) throw notFound('Return not found.');
  return row;
}

export async function staffReturn(db: Db, rma: string): Promise<StaffReturnView> {
  return (await returnViewById(db, (await findReturn(db, rma)).id)).staff;
}

/** The return, locked, in one of the statuses `allowed`; 409 otherwise. */
export async function lockReturn(tx: DbOrTx, rma: string, allowed: readonly ReturnStatus[], to: string): Promise<ReturnRow> {
  const [row] = await tx.select().from(returns).where(eq(returns.rma, rma)).for('update');
  if (!row) throw notFound('Return not found.');
  if (!allowed.includes(row.status)) {
    throw apiError([approveReturn, rejectReturn, receiveReturn], 'ILLEGAL_TRANSITION', 409, `A ${row.status} return cannot be ${to}.`);
  }
  return row;
}

/**
 * Approves a requested return: with a return label the carrier books (the buyer as the sender, the shop as the
 * receiver; a refusal writes nothing), or with drop-off instructions. The buyer is mailed either way.
 */
export async function approve(deps: StaffReturnDeps, log: FastifyBaseLogger, rma: string, body: ApproveReturnBody, staffId: string) {
  const found = await findReturn(deps.db, rma);
  await lockReturn(deps.db, rma, ['requested'], 'approved');
  const label = body.method === 'label' ? await bookLabel(deps, log, found, body.carrier) : null;
  await deps.db.transaction(async (tx) => {
    await lockReturn(tx, rma, ['requested'], 'approved');
    await tx.update(returns).set({
      status: 'approved', decidedAt: new Date(), decidedBy: staffId,
      ...(label ? { labelCarrier: body.method === 'label' ? body.carrier : null, labelTrackingNumber: label.trackingNumber, labelPdf: label.labelPdf }
        : { dropOffInstructions: body.method === 'drop_off' ? body.instructions : null }),
    }).where(eq(returns.id, found.id));
    await sendReturnMail(tx, deps.publicUrl, found.orderId, rma, body.method === 'label'
      ? { kind: 'approved_label', carrier: CARRIER_NAMES[body.carrier], tracking: label!.trackingNumber }
      : { kind: 'approved_drop_off', instructions: body.instructions });
  });
  return staffReturn(deps.db, rma);
}

/** The return's parcel, from the buyer to the shop, booked with the carrier: its weight, and customs from abroad. */
async function bookLabel(deps: StaffReturnDeps, log: FastifyBaseLogger, row: ReturnRow, carrier: Parameters<typeof book>[2]) {
  const [order] = await deps.db.select().from(orders).where(eq(orders.id, row.orderId));
  const items = await deps.db.select().from(returnItems).where(eq(returnItems.returnId, row.id));
  const lines = await shippableLines(deps.db, row.orderId);
  const chosen = items.flatMap((item) => {
    const line = lines.find((candidate) => candidate.id === item.orderItemId);
    return line ? [{ line, quantity: item.quantity }] : [];
  });
  return book(deps, log, carrier, {
    reference: row.rma,
    shipper: consigneeOf(order),
    consignee: deps.shipper,
    parcels: [{ weightGrams: oneParcelGrams(chosen) }],
    contents: `Returned surgical instruments (${row.rma})`,
    ...(isExport(order) ? {
      customs: {
        incoterm: 'DAP' as const, currency: 'USD', invoiceNumber: row.rma,
        lines: chosen.map(({ line, quantity }) => ({
          description: line.name, hsCode: line.hsCode, originCountry: line.countryOfOrigin, quantity,
          unitValueMinor: line.unitPriceCents, weightGrams: line.unitWeightGrams,
        })),
      },
    } : {}),
  });
}

export async function reject(deps: ReturnDeps, rma: string, reason: string, staffId: string) {
  await deps.db.transaction(async (tx) => {
    const row = await lockReturn(tx, rma, ['requested'], 'rejected');
    await tx.update(returns).set({ status: 'rejected', rejectionReason: reason, decidedAt: new Date(), decidedBy: staffId })
      .where(eq(returns.id, row.id));
    await sendReturnMail(tx, deps.publicUrl, row.orderId, rma, { kind: 'rejected', reason });
  });
  return staffReturn(deps.db, rma);
}

type LotRow = Pick<typeof stockLots.$inferSelect, 'id' | 'lotNumber' | 'expiryDate' | 'recalledAt'>;

/**
 * The lot restocked units go back into: the one named, or the only one the order's line shipped from. It must be a
 * lot the order shipped that variant from, neither recalled nor expired; otherwise the line's problem.
 */
function restockLot(shipped: LotRow[], lotNumber: string | undefined, today: string): LotRow | string {
  const lot = lotNumber ? shipped.find((candidate) => candidate.lotNumber === lotNumber) : shipped.length === 1 ? shipped[0] : undefined;
  const named = lotNumber ?? '';
  const refused = message('lot_not_restockable',
    `Lot ${named} cannot be restocked: it is recalled, expired or not a lot this order shipped from.`, { lot: named });
  if (!lot || lot.recalledAt || (lot.expiryDate !== null && lot.expiryDate <= today)) return refused;
  return lot;
}

/**
 * Records what came back of an approved return and moves it to received: restocked units go back into their lot as a
 * `return` movement of the ledger; quarantined and scrapped ones are recorded, never stocked. All or nothing.
 */
export async function receiveGoods(deps: ReturnDeps, rma: string, body: ReceiveReturnBody, staffId: string) {
  const today = todayUtc();
  await deps.db.transaction(async (tx) => {
    const row = await lockReturn(tx, rma, ['approved'], 'received');
    const lines = await tx.select({ line: returnItems, variantId: orderItems.variantId, components: orderItems.setComponents }).from(returnItems)
      .innerJoin(orderItems, eq(orderItems.id, returnItems.orderItemId)).where(eq(returnItems.returnId, row.id));
    const variantIds = lines.flatMap(({ variantId }) => (variantId ? [variantId] : []));
    const shipped = variantIds.length ? await tx.select({
      variantId: orderLineLots.variantId, id: stockLots.id, lotNumber: stockLots.lotNumber, expiryDate: stockLots.expiryDate,
      recalledAt: stockLots.recalledAt,
    }).from(orderLineLots).innerJoin(stockLots, eq(stockLots.id, orderLineLots.lotId))
      .where(and(eq(orderLineLots.orderId, row.orderId), inArray(orderLineLots.variantId, variantIds))).orderBy(asc(stockLots.id)) : [];
    const errors: FieldErrors = {};
    const counted = new Map<number, number>();
    const receipts = body.items.flatMap((item, index) => {
      const found = lines.find(({ line }) => line.orderItemId === item.order_item_id);
      if (!found) {
        errors[`items.${index}.order_item_id`] = ["This line is not one of the return's."];
        return [];
      }
      const total = (counted.get(found.line.id) ?? 0) + item.quantity;
      counted.set(found.line.id, total);
      if (total > found.line.quantity) {
        errors[`items.${index}.quantity`] = [message('too_big', `Enter at most ${found.line.quantity}.`, { max: found.line.quantity })];
      }
      let lotId: number | null = null;
      if (item.disposition === 'restock' && found.components.length > 0) {
        errors[`items.${index}.disposition`] = ['An instrument set is not restocked as one: quarantine it and put its instruments back into stock one by one.'];
      } else if (item.disposition === 'restock') {
        const lot = found.variantId === null ? message('line_not_returnable', 'This line cannot be returned.')
          : restockLot(shipped.filter((candidate) => candidate.variantId === found.variantId), item.lot_number, today);
        if (typeof lot === 'string') errors[`items.${index}.lot_number`] = [lot];
        else lotId = lot.id;
      }
      const lotNumber = item.lot_number || (lotId ? shipped.find((lot) => lot.id === lotId)?.lotNumber : null) || null;
      return [{ item, line: found.line, variantId: found.variantId, lotId, lotNumber }];
    });
    if (Object.keys(errors).length) throw badRequest(errors);
    for (const receipt of receipts) {
      if (receipt.item.disposition === 'restock') {
        await receive(tx, {
          variantId: receipt.variantId!, quantity: receipt.item.quantity, lots: [{ lotId: receipt.lotId!, quantity: receipt.item.quantity }],
          reason: `Return ${rma}`, userId: staffId,
        }, 'return');
      }
      await tx.insert(returnReceipts).values({
        returnItemId: receipt.line.id, quantity: receipt.item.quantity, disposition: receipt.item.disposition,
        lotId: receipt.lotId, lotNumber: receipt.lotNumber, udi: receipt.item.udi || null, receivedBy: staffId,
      });
    }
    await tx.update(returns).set({ status: 'received', receivedAt: new Date() }).where(eq(returns.id, row.id));
  });
  return staffReturn(deps.db, rma);
}

/** Units received per return line. */
export async function receivedUnits(tx: DbOrTx, returnId: number): Promise<Map<number, number>> {
  const rows = await tx.select({ id: returnReceipts.returnItemId, quantity: sql<number>`sum(${returnReceipts.quantity})::int` })
    .from(returnReceipts).innerJoin(returnItems, eq(returnItems.id, returnReceipts.returnItemId))
    .where(eq(returnItems.returnId, returnId)).groupBy(returnReceipts.returnItemId);
  return new Map(rows.map((row) => [row.id, Number(row.quantity)]));
}
