import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { centsToDecimal, decimalToCents, usdCentsToPkrMinor } from '#contracts/money';
import {
  privateLabelArtworkPath, privateLabelProofPath, type PrivateLabelEventView, type PrivateLabelRequest,
} from '#contracts/private-label';
import { mainImage } from '../catalog/product-list-item.ts';
import { variantLabels } from '../catalog/variants.ts';
import type { DbOrTx } from '../db/client.ts';
import { products, productVariants } from '../db/schema/catalog.ts';
import { orderEvents } from '../db/schema/order-events.ts';
import { orders } from '../db/schema/orders.ts';
import { organisations } from '../db/schema/organisations.ts';
import { privateLabelEvents, privateLabelItems, privateLabelProofs } from '../db/schema/private-label.ts';
import { users } from '../db/schema/users.ts';
import { usdToPkrRate } from '../pricing/exchange-rates.ts';
import { quotedTotals } from '../quotes/quote-view.ts';
import { shippingZoneRates } from '../shipping/shipping-zone-rates.ts';
import { orderBalances } from '../orders/order-balance.ts';
import { depositCents } from './private-label-deposit.ts';
import type { PrivateLabelRow } from './private-label-status.ts';

/** Orders that have left the shop: their private-label request is shipped. */
const SHIPPED_ORDERS = ['shipped', 'delivered'] as const;

export const requestNumber = (id: number) => `PL-${String(id).padStart(5, '0')}`;
const iso = (date: Date | null) => date?.toISOString() ?? null;

/**
 * The contract's requests for these rows, in the same order. `canDecide`: whether the reader may act as the buyer
 * (an admin or buyer of the organisation); staff read with false.
 */
export async function requestViews(
  db: DbOrTx, rows: PrivateLabelRow[], taxBasisPoints: number, canDecide: boolean,
): Promise<PrivateLabelRequest[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.id);
  const orderIds = rows.flatMap((row) => (row.orderId ? [row.orderId] : []));
  const [items, proofs, events, orgs, people, placed, shipments, zones, rate, balances] = await Promise.all([
    db.select({
      item: privateLabelItems, productId: products.id, slug: products.slug, name: products.name, moq: products.privateLabelMoq,
      modelNumber: productVariants.modelNumber, weightGrams: productVariants.weightGrams,
      image: sql<string | null>`coalesce(${productVariants.image}, ${mainImage})`,
    }).from(privateLabelItems).innerJoin(productVariants, eq(productVariants.id, privateLabelItems.variantId))
      .innerJoin(products, eq(products.id, productVariants.productId))
      .where(inArray(privateLabelItems.requestId, ids)).orderBy(asc(privateLabelItems.id)),
    db.select().from(privateLabelProofs).where(inArray(privateLabelProofs.requestId, ids)).orderBy(asc(privateLabelProofs.version)),
    db.select().from(privateLabelEvents).where(inArray(privateLabelEvents.requestId, ids))
      .orderBy(asc(privateLabelEvents.createdAt), asc(privateLabelEvents.id)),
    db.select({ id: organisations.id, name: organisations.name }).from(organisations)
      .where(inArray(organisations.id, [...new Set(rows.map((row) => row.organisationId))])),
    db.select({ id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email }).from(users)
      .where(inArray(users.id, [...new Set(rows.map((row) => row.userId))])),
    orderIds.length ? db.select({ id: orders.id, number: orders.orderNumber, status: orders.status }).from(orders).where(inArray(orders.id, orderIds)) : [],
    orderIds.length
      ? db.select({ orderId: orderEvents.orderId, at: sql<Date>`min(${orderEvents.createdAt})`.mapWith((v: string | Date) => new Date(v)) })
        .from(orderEvents).where(and(inArray(orderEvents.orderId, orderIds), eq(orderEvents.status, 'shipped'))).groupBy(orderEvents.orderId)
      : [],
    shippingZoneRates(db),
    usdToPkrRate(db),
    orderBalances(db, orderIds),
  ]);
  const labels = await variantLabels(db, items.map(({ item }) => item.variantId));
  return rows.map((row) => {
    const own = items.filter(({ item }) => item.requestId === row.id);
    const order = placed.find((o) => o.id === row.orderId);
    const organisation = orgs.find((o) => o.id === row.organisationId)!;
    const person = people.find((p) => p.id === row.userId)!;
    const quoted = row.quotedAt !== null && own.every(({ item }) => item.unitPriceCents !== null);
    const totals = quoted
      ? quotedTotals(own.map(({ item, weightGrams }) => ({ unitPriceCents: item.unitPriceCents, quantity: item.quantity, weightGrams })), '',
        { audience: 'buyer', taxBasisPoints, zones, rate, now: new Date() })
      : null;
    const timeline: PrivateLabelEventView[] = events.filter((e) => e.requestId === row.id)
      .map((e) => ({ status: e.status, note: e.note, created_at: e.createdAt.toISOString() }));
    const shippedAt = row.status === 'ready_to_ship' && order && (SHIPPED_ORDERS as readonly string[]).includes(order.status)
      ? shipments.find((s) => s.orderId === order.id)?.at ?? row.updatedAt : null;
    if (shippedAt) timeline.push({ status: 'shipped', note: '', created_at: shippedAt.toISOString() });
    const status = shippedAt ? 'shipped' : row.status;
    const deposit = totals ? depositCents(decimalToCents(totals.grand_total), row.depositPercent) : null;
    const balance = order ? balances.get(order.id) : undefined;
    return {
      id: row.id,
      number: requestNumber(row.id),
      status,
      marking: row.marking,
      placement: row.placement,
      packaging_text: row.packagingText,
      artwork: row.artworkStoredName ? {
        file_name: row.artworkFileName ?? '', content_type: row.artworkContentType ?? '', size_bytes: row.artworkSizeBytes ?? 0,
        url: privateLabelArtworkPath(row.id),
      } : null,
      items: own.map(({ item, productId, slug, name, moq, modelNumber, image }) => ({
        id: item.id,
        product_id: productId,
        product_slug: slug,
        product_name: name,
        variant_id: item.variantId,
        variant_label: labels.get(item.variantId) ?? '',
        model_number: modelNumber,
        product_image: image ?? '',
        quantity: item.quantity,
        moq,
        unit_price: item.unitPriceCents === null ? null : centsToDecimal(item.unitPriceCents),
        line_total: item.unitPriceCents === null ? null : centsToDecimal(item.unitPriceCents * item.quantity),
      })),
      lead_time_days: row.leadTimeDays,
      deposit_percent: row.depositPercent,
      quoted_at: iso(row.quotedAt),
      totals,
      deposit_amount: deposit === null ? null : centsToDecimal(deposit),
      deposit_amount_pkr: deposit === null ? null : centsToDecimal(usdCentsToPkrMinor(deposit, rate.stored)),
      payment: balance ? {
        currency: balance.currency, paid: centsToDecimal(balance.paidMinor), balance_due: centsToDecimal(balance.dueMinor), on_terms: balance.onTerms,
      } : null,
      manufacturer_notice_at: iso(row.manufacturerNoticeAt),
      order: order ? { id: order.id, order_number: order.number, status: order.status } : null,
      decline_reason: row.declineReason,
      proofs: proofs.filter((p) => p.requestId === row.id).map((p) => ({
        version: p.version,
        file_name: p.fileName,
        content_type: p.contentType,
        size_bytes: p.sizeBytes,
        url: privateLabelProofPath(row.id, p.version),
        note: p.note,
        decision: p.decision,
        decision_comment: p.decisionComment,
        decided_at: iso(p.decidedAt),
        created_at: p.createdAt.toISOString(),
      })),
      events: timeline,
      organisation,
      requested_by: { name: `${person.firstName} ${person.lastName}`.trim(), email: person.email },
      can_decide: canDecide,
      created_at: row.createdAt.toISOString(),
      updated_at: row.updatedAt.toISOString(),
    };
  });
}
