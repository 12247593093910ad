import { and, asc, desc, eq, ne } from 'drizzle-orm';
import { centsToDecimal } from '#contracts/money';
import {
  EDITABLE_ORDER_STATUSES, editOrder as editOrderContract, LINE_NOT_ON_ORDER, quantityNotLower, type OrderEdit,
} from '#contracts/order-edits';
import type { Actor } from '../audit/audit.ts';
import { checkIdempotencyKey } from '../checkout/idempotency.ts';
import type { DbOrTx } from '../db/client.ts';
import { orderEdits } from '../db/schema/order-edits.ts';
import { orderEvents } from '../db/schema/order-events.ts';
import { orderItems, orders } from '../db/schema/orders.ts';
import { orderInvoices } from '../db/schema/organisations.ts';
import { payments } from '../db/schema/payments.ts';
import { refunds } from '../db/schema/refunds.ts';
import { shipments } from '../db/schema/shipments.ts';
import { giveBackClaimedUnits } from '../flash-sales/flash-sale-claims.ts';
import { apiError, badRequest } from '../lib/errors.ts';
import { returnUnitsForOrder } from '../lots/order-lots.ts';
import { stockUnits } from '../sets/set-composition.ts';
import { shopEvent } from '../orders/order-event-text.ts';
import { lockOrder } from '../orders/order-transitions.ts';
import { lineTotalCents } from '../pricing/unit-price.ts';
import { reserveRefund, settleRefund, type RefundAsk, type RefundDeps, type RefundRow, type ReservedRefund } from '../refunds/refunds.service.ts';
import { lowerOrderCredit } from '../store-credit/store-credit-payer.ts';
import { editedCharges, type EditedCharges, type EditedLine } from './edited-charges.ts';
import { sendOrderEditMail, type EditedPart } from './order-edit-mail.ts';

export interface EditDeps extends RefundDeps {
  taxBasisPoints: number;
}

type OrderRow = typeof orders.$inferSelect;
type ItemRow = typeof orderItems.$inferSelect;
export type OrderEditRow = typeof orderEdits.$inferSelect;

export interface OrderEdited {
  edit: OrderEditRow;
  refund: RefundRow | null;
}

const notEditable = (detail: string) => apiError(editOrderContract, 'ORDER_NOT_EDITABLE', 409, detail);
const keyReused = () => apiError(editOrderContract, 'IDEMPOTENCY_KEY_REUSED', 422, 'Idempotency-Key reused with a different request.');

/** The order's money as an edit keeps it either side, in USD cents. */
const moneyOf = (row: Pick<OrderRow, 'subtotalCents' | 'discountCents' | 'taxCents' | 'shippingCents' | 'feeCents' | 'storeCreditCents' | 'totalCents'>) => ({
  subtotal_cents: row.subtotalCents, discount_cents: row.discountCents, tax_cents: row.taxCents, shipping_cents: row.shippingCents,
  fee_cents: row.feeCents, store_credit_cents: row.storeCreditCents, total_cents: row.totalCents,
});

const addressOf = (row: Pick<OrderRow, 'firstName' | 'lastName' | 'company' | 'address' | 'city' | 'postalCode' | 'country' | 'phone'>) => ({
  firstName: row.firstName, lastName: row.lastName, company: row.company, address: row.address, city: row.city,
  postalCode: row.postalCode, country: row.country, phone: row.phone,
});

/** The edit again, for a repeated request with the key that made it: never a second refund. */
async function earlierEdit(db: DbOrTx, orderId: string, body: OrderEdit, key: string, userId: string): Promise<OrderEdited | null> {
  const [row] = await db.select({ edit: orderEdits, refund: refunds }).from(refunds).innerJoin(orderEdits, eq(orderEdits.refundId, refunds.id))
    .where(and(eq(refunds.createdBy, userId), eq(refunds.idempotencyKey, refundKey(key))));
  if (!row) return null;
  const sameLine = body.kind === 'address' || row.edit.orderItemId === body.order_item_id;
  if (row.edit.orderId !== orderId || row.edit.kind !== body.kind || !sameLine) throw keyReused();
  return row;
}

const refundKey = (key: string) => `edit:${key}`;

/** An order takes edits while confirmed or being prepared, with nothing shipped or booked to ship. */
async function assertEditable(tx: DbOrTx, order: OrderRow): Promise<void> {
  if (!(EDITABLE_ORDER_STATUSES as readonly string[]).includes(order.status)) {
    throw notEditable(`A ${order.status.replace('_', ' ')} order cannot be changed.`);
  }
  const [shipment] = await tx.select({ id: shipments.id }).from(shipments)
    .where(and(eq(shipments.orderId, order.id), ne(shipments.status, 'cancelled'))).limit(1);
  if (shipment) throw notEditable('Part of this order is booked to ship: it can no longer be changed.');
}

interface Planned {
  lines: EditedLine[];
  /** Where the order ships after the edit. */
  destination: { country: string; city: string };
  change: EditedPart;
  before: Record<string, unknown>;
  after: Record<string, unknown>;
  /** The line's units going back to stock, and to its flash sale. */
  units: { item: ItemRow; quantity: number; saleUnits: number } | null;
  write: (tx: DbOrTx) => Promise<void>;
}

function lineOf(items: ItemRow[], id: number): ItemRow {
  const item = items.find((row) => row.id === id);
  if (!item) throw badRequest({ order_item_id: [LINE_NOT_ON_ORDER] }, LINE_NOT_ON_ORDER);
  return item;
}

/** What the edit does to the lines, checked against them: 400 per field, 409 for the last line. */
function plan(order: OrderRow, items: ItemRow[], body: OrderEdit): Planned {
  const destination = { country: order.country, city: order.city };
  switch (body.kind) {
    case 'address': {
      const address = addressOf(body.address);
      return {
        lines: items, destination: { country: address.country, city: address.city }, change: { kind: 'address' }, before: { address: addressOf(order) }, after: { address }, units: null,
        write: async (tx) => { await tx.update(orders).set(address).where(eq(orders.id, order.id)); },
      };
    }
    case 'quantity': {
      const item = lineOf(items, body.order_item_id);
      if (body.quantity >= item.quantity) throw badRequest({ quantity: [quantityNotLower(item.quantity)] }, quantityNotLower(item.quantity));
      // The units at the full price come off first: the buyer keeps what a sale gave them for as long as it can.
      const saleQuantity = Math.min(item.saleQuantity, body.quantity);
      const line = { ...item, quantity: body.quantity, saleQuantity };
      const total = lineTotalCents({ ...line, salePriceCents: line.saleUnitPriceCents });
      const view = (row: Pick<ItemRow, 'quantity' | 'saleQuantity' | 'lineTotalCents'>) =>
        ({ quantity: row.quantity, sale_quantity: row.saleQuantity, line_total_cents: row.lineTotalCents });
      return {
        lines: items.map((row) => (row.id === item.id ? line : row)),
        destination,
        change: { kind: 'quantity', name: item.name, variantLabel: item.variantLabel, was: item.quantity, quantity: body.quantity },
        before: { line: view(item) },
        after: { line: view({ ...line, lineTotalCents: total }) },
        units: { item, quantity: item.quantity - body.quantity, saleUnits: item.saleQuantity - saleQuantity },
        write: async (tx) => {
          await tx.update(orderItems).set({ quantity: body.quantity, saleQuantity, lineTotalCents: total }).where(eq(orderItems.id, item.id));
        },
      };
    }
    case 'remove_line': {
      const item = lineOf(items, body.order_item_id);
      if (items.length === 1) {
        throw apiError(editOrderContract, 'LAST_LINE', 409, 'This is the order\'s only line: cancel the order instead.');
      }
      return {
        lines: items.filter((row) => row.id !== item.id),
        destination,
        change: { kind: 'remove_line', name: item.name, variantLabel: item.variantLabel },
        before: { line: item },
        after: {},
        units: { item, quantity: item.quantity, saleUnits: item.saleQuantity },
        write: async (tx) => { await tx.delete(orderItems).where(eq(orderItems.id, item.id)); },
      };
    }
  }
}

/** The order's money columns after the edit; what it still asks of its payment when that is not taken yet. */
async function writeMoney(tx: DbOrTx, order: OrderRow, charges: EditedCharges, due: boolean, refundedMinor: number) {
  await tx.update(orders).set({
    subtotalCents: charges.subtotalCents, discountCents: charges.discountCents, taxCents: charges.taxCents,
    shippingCents: charges.shippingCents, feeCents: charges.feeCents, storeCreditCents: charges.storeCreditCents,
    totalCents: charges.totalCents,
    totalChargedMinor: due ? charges.restMinor + charges.feeMinor : order.totalChargedMinor - refundedMinor,
    updatedAt: new Date(),
  }).where(eq(orders.id, order.id));
  if (!due) return;
  // On terms or in cash at the door: the payment still to come and the invoice ask for the smaller amount.
  const [payment] = await tx.select({ id: payments.id }).from(payments)
    .where(and(eq(payments.orderId, order.id), eq(payments.status, 'pending'))).orderBy(desc(payments.createdAt)).limit(1);
  if (payment) await tx.update(payments).set({ amountMinor: charges.restMinor, feeMinor: charges.feeMinor, updatedAt: new Date() }).where(eq(payments.id, payment.id));
  // The invoice is for what the payment takes, its fee included (as approveInvoice opened it).
  const dueCents = charges.totalCents - charges.storeCreditCents;
  await tx.update(orderInvoices).set({ amountCents: dueCents }).where(eq(orderInvoices.orderId, order.id));
}

/**
 * Changes an order before it ships, in one transaction: the lines and the address, the units taken off back into
 * the lots they came from (and a flash sale's units back to its allocation), the totals priced again as the order was
 * placed (editedCharges), the store credit it no longer spends back to its payer, a refund of the rest of the
 * difference reserved against the payment (or the amount still due lowered), the edit kept whole, a timeline entry and
 * the buyer's mail. The refund is then asked of the gateway. Nothing is written when a check fails.
 */
export async function editOrder(
  deps: EditDeps, orderId: string, body: OrderEdit, request: { idempotencyKey: string | undefined; actor: Actor },
): Promise<OrderEdited> {
  const { actor } = request;
  const key = request.idempotencyKey === undefined ? null : checkIdempotencyKey(request.idempotencyKey);
  if (key) {
    const earlier = await earlierEdit(deps.db, orderId, body, key, actor.id);
    if (earlier) return earlier;
  }
  const reason = (number: string) => `Order ${number} changed before shipping`;
  const done = await deps.db.transaction(async (tx) => {
    const order = await lockOrder(tx, orderId);
    await assertEditable(tx, order);
    const captured = order.paymentStatus === 'paid' || order.paymentStatus === 'refunded';
    // A paid order may be refunded: the key keeps a repeated request from refunding twice.
    if (captured && key === null) checkIdempotencyKey(undefined);
    const items = await tx.select().from(orderItems).where(eq(orderItems.orderId, orderId)).orderBy(asc(orderItems.id));
    const planned = plan(order, items, body);
    const [payment] = await tx.select({ method: payments.method, feeMinor: payments.feeMinor }).from(payments)
      .where(eq(payments.orderId, orderId)).orderBy(desc(payments.createdAt)).limit(1);
    const charges = await editedCharges(tx, {
      order, lines: planned.lines, destination: planned.destination, payment: payment ?? null, shopTaxBasisPoints: deps.taxBasisPoints,
      addressField: body.kind !== 'address' ? null : body.address.country === order.country ? 'address.city' : 'address.country',
    });

    await planned.write(tx);
    const { units } = planned;
    if (units?.item.variantId != null) {
      // A set's units go back as its components, the ones it was sold with.
      for (const unit of stockUnits([{ variantId: units.item.variantId, quantity: units.quantity, components: units.item.setComponents }])) {
        await returnUnitsForOrder(tx, orderId, { ...unit, reason: reason(order.orderNumber), userId: actor.id });
      }
    }
    if (units && units.saleUnits > 0 && units.item.flashSaleId !== null) await giveBackClaimedUnits(tx, units.item.flashSaleId, units.saleUnits);
    if (charges.creditBackCents > 0) await lowerOrderCredit(tx, orderId, charges.creditBackCents, actor.id);
    const ask: RefundAsk = {
      usdCents: charges.paymentBackCents, reason: reason(order.orderNumber), idempotencyKey: key && refundKey(key), userId: actor.id,
    };
    const reservation = captured && charges.paymentBackCents > 0 ? await reserveRefund(tx, orderId, ask) : null;
    if (reservation && 'replay' in reservation) throw keyReused();
    const reserved: ReservedRefund | null = reservation;
    const due = order.paymentStatus === 'awaiting_payment';
    await writeMoney(tx, order, charges, due, reserved?.refund.amountMinor ?? 0);

    const [edit] = await tx.insert(orderEdits).values({
      orderId, kind: body.kind, orderItemId: body.kind === 'address' ? null : body.order_item_id,
      before: { ...planned.before, money: moneyOf(order) }, after: { ...planned.after, money: moneyOf(charges) },
      totalBeforeCents: order.totalCents, totalAfterCents: charges.totalCents, refundId: reserved?.refund.id ?? null,
      authorId: actor.id, authorEmail: actor.email,
    }).returning();
    await tx.insert(orderEvents).values({ orderId, status: order.status, ...shopEvent('order_edited', { total: `USD ${centsToDecimal(charges.totalCents)}` }) });
    await sendOrderEditMail(tx, deps.publicUrl, orderId, {
      change: planned.change, totalBeforeCents: order.totalCents, creditBackCents: charges.creditBackCents, due,
      refund: reserved && { amountMinor: reserved.refund.amountMinor, currency: reserved.refund.currency },
    });
    return { edit, reserved, ask };
  });
  const { edit, reserved, ask } = done;
  if (!reserved) return { edit, refund: null };
  // Told in the edit's mail already; a refund the gateway cannot make stays manual for staff to complete.
  const refund = await settleRefund(deps, reserved, ask, { actor, referenceRequired: false, buyerTold: true });
  return { edit, refund };
}
