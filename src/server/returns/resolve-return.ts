import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import type { Order } from '#contracts/orders';
import { resolveReturn, type ReturnResolution, type StaffReturnView } from '#contracts/returns';
import type { Actor } from '../audit/audit.ts';
import type { DbOrTx } from '../db/client.ts';
import { categories, products, productVariants } from '../db/schema/catalog.ts';
import { orderEvents } from '../db/schema/order-events.ts';
import { orderItems, orders } from '../db/schema/orders.ts';
import { payments } from '../db/schema/payments.ts';
import { returnItems, returns } from '../db/schema/returns.ts';
import { variantLabels } from '../catalog/variants.ts';
import { newOrderNumber } from '../checkout/order-identifiers.ts';
import { issueCreditNote } from '../credit-notes/issue-credit-note.ts';
import { apiError, badRequest } from '../lib/errors.ts';
import { reserveForOrder } from '../lots/order-lots.ts';
import { shopEvent } from '../orders/order-event-text.ts';
import { orderView } from '../orders/order-view.ts';
import { refundableUsdCents, refundsByOrder } from '../refunds/refund-views.ts';
import { CAPTURED, reserveRefund, settleRefund, type RefundDeps, type ReservedRefund } from '../refunds/refunds.service.ts';
import { refundToStoreCredit } from '../store-credit/store-credit-payer.ts';
import { returnAmounts, type ReturnAmounts } from './return-amounts.ts';
import { sendReturnMail } from './return-mail.ts';
import { loadPolicy } from './return-policy.ts';
import { returnViewById, type ReturnDeps } from './returns.service.ts';
import { findReturn, lockReturn, receivedUnits } from './staff-returns.service.ts';
import type { ReturnRow } from './return-views.ts';

export type ResolveDeps = ReturnDeps & RefundDeps;

interface Resolving {
  resolution: ReturnResolution;
  /** A refund the gateway cannot make: the reference of the transfer staff made. */
  reference?: string;
  key: string;
  actor: Actor;
}

type OrderRow = typeof orders.$inferSelect;

const answer = async (deps: ResolveDeps, row: ReturnRow): Promise<{ return: StaffReturnView; order: Order }> =>
  ({ return: (await returnViewById(deps.db, row.id)).staff, order: await orderView(deps.db, row.orderId) });

/** What the received units of a return give back under the policy (a recall's without fees). */
async function receivedAmounts(tx: DbOrTx, row: ReturnRow, order: OrderRow) {
  const [lines, received, policy] = await Promise.all([
    tx.select({ line: returnItems, item: orderItems }).from(returnItems).innerJoin(orderItems, eq(orderItems.id, returnItems.orderItemId))
      .where(eq(returnItems.returnId, row.id)).orderBy(asc(returnItems.id)),
    receivedUnits(tx, row.id),
    loadPolicy(tx),
  ]);
  const units = lines.map(({ line, item }) => ({ line, item, reason: line.reason, quantity: received.get(line.id) ?? 0 }))
    .filter((unit) => unit.quantity > 0);
  return { units, amounts: returnAmounts(order, units, policy) };
}

/**
 * Settles a received return once per Idempotency-Key: asked again with the same key and resolution, it answers the
 * same; a return resolved otherwise answers 409.
 */
export async function resolve(deps: ResolveDeps, rma: string, resolving: Resolving) {
  const found = await findReturn(deps.db, rma);
  if (found.status === 'resolved' && found.resolveKey === resolving.key) {
    if (found.resolution !== resolving.resolution) {
      throw apiError(resolveReturn, 'IDEMPOTENCY_KEY_REUSED', 422, 'Idempotency-Key reused with a different request.');
    }
    return answer(deps, found);
  }
  if (resolving.resolution === 'refund') return refund(deps, rma, resolving);
  const row = await deps.db.transaction(async (tx) => {
    const locked = await lockReturn(tx, rma, ['received'], 'resolved');
    const [order] = await tx.select().from(orders).where(eq(orders.id, locked.orderId));
    const { units, amounts } = await receivedAmounts(tx, locked, order);
    const settled = { status: 'resolved' as const, resolution: resolving.resolution, resolveKey: resolving.key, resolvedAt: new Date() };
    if (resolving.resolution === 'store_credit') {
      const note = await issueCreditNote(tx, { orderId: order.id, returnId: locked.id, kind: 'store_credit', ...noteAmounts(amounts) });
      if (amounts.totalCents > 0) {
        await refundToStoreCredit(tx, order.id, amounts.totalCents, { returnId: locked.id, creditNoteId: note.id, createdBy: resolving.actor.id });
      }
      await tx.update(returns).set({ ...settled, feesCents: amounts.feesCents }).where(eq(returns.id, locked.id));
      await sendReturnMail(tx, deps.publicUrl, order.id, rma, { kind: 'credited', amountCents: amounts.totalCents, note: note.number });
    } else {
      const exchange = await placeExchange(tx, order, rma, units.map(({ line, item, quantity }) => ({
        item, quantity, variantId: line.exchangeVariantId ?? item.variantId,
      })));
      await tx.update(returns).set({ ...settled, exchangeOrderId: exchange.id }).where(eq(returns.id, locked.id));
      await sendReturnMail(tx, deps.publicUrl, order.id, rma, { kind: 'exchanged', exchange: exchange.orderNumber });
    }
    return locked;
  });
  return answer(deps, row);
}

const noteAmounts = (amounts: ReturnAmounts) => ({
  lines: amounts.lines, feesCents: amounts.feesCents, taxCents: amounts.taxCents, totalCents: amounts.totalCents,
});

/**
 * A refund to the original payment: what the gateway can still give back goes there, and the part of the order paid
 * with store credit goes back to credit. The return is marked resolved before the gateway is asked, so a second
 * resolution waits or is refused; if the gateway refuses, it goes back to received. The credit note is written once
 * the gateway took the refund.
 */
async function refund(deps: ResolveDeps, rma: string, resolving: Resolving) {
  const planned = await deps.db.transaction(async (tx) => {
    const locked = await lockReturn(tx, rma, ['received'], 'resolved');
    const [order] = await tx.select().from(orders).where(eq(orders.id, locked.orderId));
    const { amounts } = await receivedAmounts(tx, locked, order);
    const [payment] = await tx.select().from(payments)
      .where(and(eq(payments.orderId, order.id), inArray(payments.status, CAPTURED))).orderBy(desc(payments.createdAt)).limit(1);
    const gatewayLeft = refundableUsdCents(payment, (await refundsByOrder(tx, [order.id])).get(order.id) ?? [], order.exchangeRate);
    const toGateway = Math.min(amounts.totalCents, gatewayLeft);
    const toCredit = Math.min(amounts.totalCents - toGateway, order.storeCreditCents);
    if (toGateway + toCredit < amounts.totalCents) {
      throw apiError(resolveReturn, 'NOT_REFUNDABLE', 409, 'This order has no captured payment to refund: give store credit instead.');
    }
    const reservation = toGateway > 0 ? await reserveRefund(tx, order.id, {
      usdCents: toGateway, reason: `Return ${rma}`, reference: resolving.reference, idempotencyKey: `return:${resolving.key}`, userId: resolving.actor.id,
    }) : null;
    if (reservation && 'replay' in reservation) {
      throw apiError(resolveReturn, 'IDEMPOTENCY_KEY_REUSED', 422, 'This Idempotency-Key already refunded this return: use a new one.');
    }
    const reserved: ReservedRefund | null = reservation;
    await tx.update(returns).set({
      status: 'resolved', resolution: 'refund', resolveKey: resolving.key, resolvedAt: new Date(), feesCents: amounts.feesCents,
      refundId: reserved?.refund.id ?? null,
    }).where(eq(returns.id, locked.id));
    return { row: locked, order, amounts, reserved, toCredit };
  });
  const { row, order, amounts, reserved, toCredit } = planned;
  if (reserved) {
    try {
      const settled = await settleRefund(deps, reserved, {
        usdCents: reserved.refund.amountUsdCents, reason: reserved.refund.reason, reference: resolving.reference,
        idempotencyKey: reserved.refund.idempotencyKey, userId: resolving.actor.id,
      }, { actor: resolving.actor, referenceRequired: true, buyerTold: true });
      if (settled.status === 'failed') {
        throw apiError(resolveReturn, 'REFUND_FAILED', 409, `The gateway refused the refund: ${settled.failureMessage ?? 'no reason given'}.`);
      }
    } catch (error) {
      await deps.db.update(returns).set({ status: 'received', resolution: null, resolveKey: null, resolvedAt: null, feesCents: 0, refundId: null })
        .where(eq(returns.id, row.id));
      throw error;
    }
  }
  await deps.db.transaction(async (tx) => {
    const note = await issueCreditNote(tx, {
      orderId: order.id, returnId: row.id, refundId: reserved?.refund.id ?? null, kind: 'refund', ...noteAmounts(amounts),
    });
    if (toCredit > 0) {
      await refundToStoreCredit(tx, order.id, toCredit, { returnId: row.id, creditNoteId: note.id, createdBy: resolving.actor.id });
    }
    await sendReturnMail(tx, deps.publicUrl, order.id, rma, { kind: 'refunded', amountCents: amounts.totalCents, note: note.number });
  });
  return answer(deps, row);
}

interface ExchangeLine {
  item: typeof orderItems.$inferSelect;
  quantity: number;
  variantId: number | null;
}

/**
 * The replacement order of an exchange: the same buyer and address, the units at no charge, confirmed and paid (there
 * is nothing to pay), its stock reserved first expiry first out. 409 INSUFFICIENT_STOCK when a variant has too few.
 */
async function placeExchange(tx: DbOrTx, order: OrderRow, rma: string, lines: ExchangeLine[]) {
  if (lines.some((line) => line.item.setComponents.length > 0)) {
    throw badRequest({ resolution: ['An instrument set is not exchanged as one: refund it or give store credit.'] });
  }
  const variantIds = lines.map((line) => line.variantId).filter((id): id is number => id !== null);
  if (variantIds.length !== lines.length) throw apiError(resolveReturn, 'INSUFFICIENT_STOCK', 409, 'A returned product no longer exists: refund it or give store credit.', { reason: 'lots' });
  const variants = await tx.select({ id: productVariants.id, productId: productVariants.productId, modelNumber: productVariants.modelNumber,
    name: products.name, category: categories.name })
    .from(productVariants).innerJoin(products, eq(products.id, productVariants.productId))
    .innerJoin(categories, eq(categories.id, products.categoryId)).where(inArray(productVariants.id, variantIds));
  const labels = await variantLabels(tx, variantIds);
  const now = new Date();
  const [replacement] = await tx.insert(orders).values({
    orderNumber: newOrderNumber(), userId: order.userId, status: 'confirmed', orderType: order.orderType, currency: order.currency,
    exchangeRate: order.exchangeRate, subtotalCents: 0, totalCents: 0, totalChargedMinor: 0, paymentStatus: 'paid',
    email: order.email, firstName: order.firstName, lastName: order.lastName, company: order.company, address: order.address,
    city: order.city, postalCode: order.postalCode, country: order.country, phone: order.phone,
    shippingMethodId: order.shippingMethodId, shippingMethodName: order.shippingMethodName, createdAt: now, updatedAt: now,
  }).returning({ id: orders.id, orderNumber: orders.orderNumber });
  const sorted = [...lines].sort((a, b) => a.variantId! - b.variantId!);
  await tx.insert(orderItems).values(sorted.map((line) => {
    const variant = variants.find((candidate) => candidate.id === line.variantId)!;
    return {
      orderId: replacement.id, productId: variant.productId, variantId: variant.id, name: variant.name,
      variantLabel: labels.get(variant.id) ?? '', modelNumber: variant.modelNumber, image: line.item.image, categoryName: variant.category,
      unitPriceCents: 0, quantity: line.quantity, lineTotalCents: 0,
    };
  }));
  for (const line of sorted) {
    await reserveForOrder(tx, replacement.id, { variantId: line.variantId!, quantity: line.quantity, reason: `Exchange for ${rma}` });
  }
  await tx.insert(orderEvents).values({ orderId: replacement.id, status: 'confirmed', createdAt: now, ...shopEvent('exchange_for_return', { rma }) });
  return replacement;
}
