import { asc, desc, eq, inArray } from 'drizzle-orm';
import { BUYER_CANCELLABLE, type Order } from '#contracts/orders';
import { centsToDecimal, centsToNumber } from '#contracts/money';
import type { Db } from '../db/client.ts';
import { categories, products } from '../db/schema/catalog.ts';
import { categoryNameTranslations } from '../catalog/category-translations.ts';
import { orderItems, orders } from '../db/schema/orders.ts';
import { orderEvents } from '../db/schema/order-events.ts';
import { payments } from '../db/schema/payments.ts';
import { invoiceTermsByOrder } from '../organisations/invoice-terms.ts';
import { purchaseOrdersByOrder } from '../organisation-purchasing/purchase-orders.ts';
import { orderCharges, promoCodesByOrder } from './order-money.ts';
import { orderLinePrice } from './order-line-price.ts';
import { shipmentsByOrder } from '../shipments/shipment-views.ts';
import { creditNotesByOrder } from '../credit-notes/credit-note-views.ts';
import { setComponentLots } from '../sets/set-order-view.ts';
import { isCaptured, refundableUsdCents, refundedUsdCents, refundsByOrder, refundView } from '../refunds/refund-views.ts';

export type OrderRow = typeof orders.$inferSelect;

/** The spec's order shape for these rows, in the same order, with their items, latest payment and timeline. */
export async function orderViews(db: Db, rows: OrderRow[]): Promise<Order[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.id);
  const [items, events, charges, terms, promoCodes, purchaseOrders, refunds, notes] = await Promise.all([
    db.select({ item: orderItems, slug: products.slug, categoryTranslations: categories.translations }).from(orderItems)
      .leftJoin(products, eq(products.id, orderItems.productId))
      .leftJoin(categories, eq(categories.id, products.categoryId))
      .where(inArray(orderItems.orderId, ids)).orderBy(asc(orderItems.id)),
    db.select().from(orderEvents).where(inArray(orderEvents.orderId, ids)).orderBy(desc(orderEvents.createdAt), desc(orderEvents.id)),
    db.select().from(payments).where(inArray(payments.orderId, ids)).orderBy(asc(payments.createdAt)),
    invoiceTermsByOrder(db, ids),
    promoCodesByOrder(db, ids),
    purchaseOrdersByOrder(db, ids),
    refundsByOrder(db, ids),
    creditNotesByOrder(db, ids),
  ]);
  const timeline = events.map((event) => ({
    orderId: event.orderId,
    shipmentId: event.shipmentId,
    id: event.id,
    status: event.status,
    event: event.event,
    params: event.eventParams,
    description: event.description,
    timestamp: event.createdAt.toISOString(),
    ...(event.location ? { location: event.location } : {}),
  }));
  const shipped = await shipmentsByOrder(db, ids, timeline);
  const setLots = await setComponentLots(db, items.map(({ item }) => item));
  const methods = new Map(charges.map((charge) => [charge.orderId, charge.method]));
  const capturedPayments = new Map(charges.filter((charge) => isCaptured(charge)).map((charge) => [charge.orderId, charge]));
  return rows.map((row) => {
    const charged = orderCharges(row, promoCodes.get(row.id) ?? null);
    const orderRefunds = refunds.get(row.id) ?? [];
    return {
      id: row.id,
      orderNumber: row.orderNumber,
      status: row.status,
      createdAt: row.createdAt.toISOString(),
      estimatedDelivery: row.estimatedDelivery,
      total: centsToNumber(row.totalCents),
      totalCharged: centsToNumber(row.totalChargedMinor),
      ...charged,
      breakdown: { ...charged.breakdown, refunded: centsToDecimal(refundedUsdCents(orderRefunds)) },
      refunds: orderRefunds.map(refundView),
      refundable: centsToDecimal(refundableUsdCents(capturedPayments.get(row.id), orderRefunds, row.exchangeRate)),
      credit_notes: notes.get(row.id) ?? [],
      storeCredit: centsToDecimal(row.storeCreditCents),
      paymentStatus: row.paymentStatus,
      paymentMethod: methods.get(row.id) ?? null,
      orderType: row.orderType,
      items: items.filter(({ item }) => item.orderId === row.id).map(({ item, slug, categoryTranslations }) => ({
        id: item.id,
        productId: item.productId,
        variantId: item.variantId,
        variantLabel: item.variantLabel,
        ...(slug ? { slug } : {}),
        name: item.name,
        quantity: item.quantity,
        ...orderLinePrice(item),
        contractNumber: item.contractNumber,
        image: item.image,
        category: item.categoryName,
        category_translations: categoryNameTranslations(categoryTranslations),
        ...(item.setComponents.length ? { set_components: setLots(item) } : {}),
      })),
      shippingAddress: {
        name: `${row.firstName} ${row.lastName}`,
        address: [row.company, row.address].filter(Boolean).join(', '),
        city: `${row.city} ${row.postalCode}`.trim(),
        country: row.country,
        phone: row.phone,
        email: row.email,
      },
      shippingMethod: row.shippingMethodName,
      shipments: shipped.get(row.id) ?? [],
      trackingEvents: timeline.filter((event) => event.orderId === row.id).map(({ orderId: _, shipmentId: __, ...event }) => event),
      canCancel: BUYER_CANCELLABLE.includes(row.status),
      invoiceTerms: terms.get(row.id) ?? null,
      purchaseOrder: purchaseOrders.get(row.id) ?? null,
    };
  });
}

export async function orderView(db: Db, orderId: string): Promise<Order> {
  const rows = await db.select().from(orders).where(eq(orders.id, orderId));
  return (await orderViews(db, rows))[0];
}
