import { asc, eq, inArray } from 'drizzle-orm';
import { centsToDecimal } from '#contracts/money';
import type { ReturnView, StaffReturnView } from '#contracts/returns';
import type { DbOrTx } from '../db/client.ts';
import { orderItems, orders } from '../db/schema/orders.ts';
import { recallNotices } from '../db/schema/recalls.ts';
import { creditNotes, returnItems, returnReceipts, type returns } from '../db/schema/returns.ts';
import { variantLabels } from '../catalog/variants.ts';
import { creditNoteRef } from '../credit-notes/credit-note-views.ts';
import { CARRIER_NAMES } from '../shipments/book-shipment.ts';
import type { CarrierId } from '../shipping/carriers/carrier.ts';
import { returnAmounts } from './return-amounts.ts';
import type { Policy } from './return-policy.ts';

export type ReturnRow = typeof returns.$inferSelect;

export const RETURN_PHOTO_ROUTE = '/api/orders/:orderNumber/returns/:rma/photo';
export const RETURN_LABEL_ROUTE = '/api/orders/:orderNumber/returns/:rma/label.pdf';
/** Where a return's files are read, its buyer's photo and the carrier's label (the buyer's and staff's). */
const returnFilePath = (orderNumber: string, rma: string, file: 'photo' | 'label.pdf') =>
  `/api/orders/${encodeURIComponent(orderNumber)}/returns/${encodeURIComponent(rma)}/${file}`;

/** Returns as answers carry them, in the order given, with their lines, receipts, amounts and credit notes. */
export async function returnViews(db: DbOrTx, rows: ReturnRow[], policy: Policy): Promise<StaffReturnView[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.id);
  const orderIds = [...new Set([...rows.map((row) => row.orderId), ...rows.flatMap((row) => (row.exchangeOrderId ? [row.exchangeOrderId] : []))])];
  const [items, receipts, notes, orderRows, recalls] = await Promise.all([
    db.select({ line: returnItems, item: orderItems }).from(returnItems).innerJoin(orderItems, eq(orderItems.id, returnItems.orderItemId))
      .where(inArray(returnItems.returnId, ids)).orderBy(asc(returnItems.id)),
    db.select().from(returnReceipts).innerJoin(returnItems, eq(returnItems.id, returnReceipts.returnItemId))
      .where(inArray(returnItems.returnId, ids)).orderBy(asc(returnReceipts.id)),
    db.select().from(creditNotes).where(inArray(creditNotes.returnId, ids)).orderBy(asc(creditNotes.sequence)),
    db.select().from(orders).where(inArray(orders.id, orderIds)),
    db.select({ id: recallNotices.id, recallId: recallNotices.recallId }).from(recallNotices)
      .where(inArray(recallNotices.id, rows.flatMap((row) => (row.recallNoticeId ? [row.recallNoticeId] : [-1])))),
  ]);
  const labels = await variantLabels(db, items.flatMap(({ line }) => (line.exchangeVariantId ? [line.exchangeVariantId] : [])));
  const orderOf = (id: string) => orderRows.find((row) => row.id === id)!;
  return rows.map((row) => {
    const order = orderOf(row.orderId);
    const lines = items.filter(({ line }) => line.returnId === row.id);
    const receivedOf = (lineId: number) => receipts.filter(({ return_receipts: receipt }) => receipt.returnItemId === lineId)
      .map(({ return_receipts: receipt }) => receipt);
    const counted = row.status === 'received' || row.status === 'resolved';
    const amounts = returnAmounts(order, lines.map(({ line, item }) => ({
      item, reason: line.reason,
      quantity: counted ? receivedOf(line.id).reduce((sum, receipt) => sum + receipt.quantity, 0) : line.quantity,
    })).filter((unit) => unit.quantity > 0), policy);
    const note = notes.find((credit) => credit.returnId === row.id);
    const view: ReturnView = {
      rma: row.rma,
      status: row.status,
      order_number: order.orderNumber,
      created_at: row.createdAt.toISOString(),
      comment: row.comment,
      photo_url: row.photoPath ? returnFilePath(order.orderNumber, row.rma, 'photo') : null,
      decontamination_declared: row.decontaminationDeclaredAt !== null,
      items: lines.map(({ line, item }) => ({
        id: line.id,
        order_item_id: item.id,
        name: item.name,
        variant_label: item.variantLabel,
        model_number: item.modelNumber,
        quantity: line.quantity,
        unit_price: centsToDecimal(Math.round(item.lineTotalCents / item.quantity)),
        reason: line.reason,
        used: line.used,
        exchange_variant_id: line.exchangeVariantId,
        exchange_variant_label: line.exchangeVariantId ? labels.get(line.exchangeVariantId) ?? '' : null,
        received: receivedOf(line.id).map((receipt) => ({
          quantity: receipt.quantity, disposition: receipt.disposition, lot_number: receipt.lotNumber, udi: receipt.udi,
        })),
      })),
      rejection_reason: row.rejectionReason,
      label: row.labelCarrier && row.labelTrackingNumber ? {
        carrier: row.labelCarrier as CarrierId, carrier_name: CARRIER_NAMES[row.labelCarrier as CarrierId], tracking_number: row.labelTrackingNumber,
        pdf_url: row.labelPdf ? returnFilePath(order.orderNumber, row.rma, 'label.pdf') : null,
      } : null,
      drop_off_instructions: row.dropOffInstructions,
      resolution: row.resolution,
      amounts: note
        ? { lines: centsToDecimal(note.subtotalCents + note.taxCents), fees: centsToDecimal(note.feesCents), total: centsToDecimal(note.totalCents) }
        : row.resolution === 'exchange'
          ? { lines: centsToDecimal(amounts.linesCents + amounts.taxCents), fees: '0.00', total: '0.00' }
          : { lines: centsToDecimal(amounts.linesCents + amounts.taxCents), fees: centsToDecimal(amounts.feesCents), total: centsToDecimal(amounts.totalCents) },
      exchange_order_number: row.exchangeOrderId ? orderOf(row.exchangeOrderId).orderNumber : null,
      credit_notes: notes.filter((credit) => credit.returnId === row.id).map((credit) => creditNoteRef(credit.number)),
    };
    return {
      ...view,
      order_id: row.orderId,
      buyer: { name: `${order.firstName} ${order.lastName}`.trim(), email: order.email },
      recall_id: recalls.find((notice) => notice.id === row.recallNoticeId)?.recallId ?? null,
    };
  });
}

/** What the buyer sees of a return: the staff view without the buyer and recall fields. */
export const buyerView = ({ order_id: _order, buyer: _buyer, recall_id: _recall, ...view }: StaffReturnView): ReturnView => view;
