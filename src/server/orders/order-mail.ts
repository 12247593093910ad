import { asc, eq, sql } from 'drizzle-orm';
import type { PaymentMethod } from '#contracts/payment';
import type { FastifyBaseLogger } from 'fastify';
import type { DbOrTx } from '../db/client.ts';
import { orderItems, orders } from '../db/schema/orders.ts';
import { payments } from '../db/schema/payments.ts';
import { users } from '../db/schema/users.ts';
import type { MailMessage } from '../lib/mailer.ts';
import { enqueueMail } from '../mail/outbox.ts';
import { organisationOrders } from '../db/schema/organisation-purchasing.ts';
import { escapeHtml, htmlButton, htmlMail, htmlParagraphs, mailSubject } from '../lib/mail-layout.ts';
import { type Texts, textsFor } from '../lib/texts.ts';
import { splitSalePriceCents } from './order-line-price.ts';
import { lineName } from '../cart/line-name.ts';
import { breakdownLines, type MoneyLine, promoCodesByOrder } from './order-money.ts';

/**
 * `expired_refunded`: the payment came after the order's reservation ran out and its items were gone. `shipped`,
 * `out_for_delivery` and `parcel_delivered` tell of one shipment; `delivered`, of the whole order.
 */
export type OrderMailKind = 'confirmed' | 'shipped' | 'out_for_delivery' | 'parcel_delivered' | 'delivered' | 'refunded' | 'expired_refunded';

/** The shipment a `shipped`, `out_for_delivery` or `parcel_delivered` mail tells of. */
export interface MailedShipment {
  number: string;
  carrierName: string;
  trackingNumber: string;
  trackingUrl: string | null;
}

/** The refund a 'refunded' or 'expired_refunded' mail tells of. */
export interface MailedRefund {
  amountMinor: number;
  currency: string;
  reason: string;
}

export interface OrderMailDeps {
  publicUrl: string;
  log: FastifyBaseLogger;
}

type OrderRow = typeof orders.$inferSelect;

/** A confirmation's items and money, line by line. */
interface Receipt {
  items: MoneyLine[];
  totals: MoneyLine[];
}

/** What the buyer is told of a confirmed order: paid, due on terms, or to be paid in cash at the door. */
function confirmedText(order: OrderRow, method: PaymentMethod | null) {
  if (order.paymentStatus !== 'awaiting_payment') return 'orderConfirmedPaid';
  return method === 'cash_on_delivery' ? 'orderConfirmedCashOnDelivery' : 'orderConfirmedOnTerms';
}

function letter(
  texts: Texts, kind: OrderMailKind, order: OrderRow, method: PaymentMethod | null, refund?: MailedRefund, shipment?: MailedShipment,
): { subject: string; lines: string[] } {
  const t = texts.mail;
  const number = order.orderNumber;
  const tracking = shipment ? [
    t('orderShippedTracking', { carrier: shipment.carrierName, tracking: shipment.trackingNumber }),
    ...(shipment.trackingUrl ? [t('trackingPage', { url: shipment.trackingUrl })] : []),
  ] : [];
  switch (kind) {
    case 'confirmed': {
      const amount = texts.money(order.totalChargedMinor, order.currency);
      return {
        subject: t('orderConfirmedSubject', { number }),
        lines: [
          t(confirmedText(order, method), { number, amount }),
          ...(order.estimatedDelivery ? [t('orderEstimatedDelivery', { day: texts.day(order.estimatedDelivery) })] : []),
        ],
      };
    }
    case 'shipped':
      return {
        subject: t('orderShippedSubject', { number }),
        lines: [t(order.status === 'partly_shipped' ? 'orderPartlyShipped' : 'orderShipped', { number }), ...tracking],
      };
    case 'out_for_delivery':
      return {
        subject: t('parcelOutForDeliverySubject', { number }),
        lines: [t('parcelOutForDelivery', { number, shipment: shipment!.number }), ...tracking],
      };
    case 'parcel_delivered':
      return {
        subject: t('parcelDeliveredSubject', { number, shipment: shipment!.number }),
        lines: [t('parcelDelivered', { number, shipment: shipment!.number })],
      };
    case 'delivered':
      return { subject: t('orderDeliveredSubject', { number }), lines: [t('orderDelivered', { number })] };
    case 'refunded':
      return {
        subject: t('orderRefundedSubject', { number }),
        lines: [
          t('orderRefunded', { number, amount: texts.money(refund!.amountMinor, refund!.currency) }),
          t('orderRefundReason', { reason: refund!.reason }),
        ],
      };
    case 'expired_refunded':
      return {
        subject: t('orderExpiredRefundedSubject', { number }),
        lines: [t('orderExpiredRefunded', { number, amount: texts.money(refund!.amountMinor, refund!.currency) })],
      };
  }
}

/** The order's lines ('2 × $42.99 each') and its money breakdown, for the confirmation. */
async function receipt(db: DbOrTx, texts: Texts, order: OrderRow, method: PaymentMethod | null): Promise<Receipt> {
  const [items, promoCodes] = await Promise.all([
    db.select().from(orderItems).where(eq(orderItems.orderId, order.id)).orderBy(asc(orderItems.id)),
    promoCodesByOrder(db, [order.id]),
  ]);
  const usd = (cents: number) => texts.money(cents, 'USD');
  return {
    items: items.map((item) => {
      const line = { name: lineName(item.name, item.variantLabel), model: item.modelNumber, quantity: texts.number(item.quantity), price: usd(item.unitPriceCents) };
      const salePrice = splitSalePriceCents(item);
      return {
        label: salePrice === null
          ? texts.mail('orderItem', line)
          : texts.mail('orderItemSplit', { ...line, saleQuantity: texts.number(item.saleQuantity), salePrice: usd(salePrice) }),
        value: usd(item.lineTotalCents),
      };
    }),
    totals: breakdownLines(order, promoCodes.get(order.id) ?? null, texts, order.paymentStatus === 'awaiting_payment', method),
  };
}

const textRows = (rows: MoneyLine[]) => rows.map((row) => `${row.label}: ${row.value}`);

function htmlTable(texts: Texts, { items, totals }: Receipt): string {
  const valueSide = texts.direction === 'rtl' ? 'left' : 'right';
  const row = (line: MoneyLine, top = false) => {
    const style = `padding: 4px 0${top ? '; border-top: 1px solid #e5e7eb' : ''}${line.strong ? '; font-weight: bold' : ''}`;
    return `<tr><td style="${style}">${escapeHtml(line.label)}</td><td style="${style}; text-align: ${valueSide}">${escapeHtml(line.value)}</td></tr>`;
  };
  return `<table style="width: 100%; max-width: 560px; border-collapse: collapse; font-size: 14px">
${[...items.map((line) => row(line)), ...totals.map((line, index) => row(line, index === 0))].join('\n')}
</table>`;
}

interface Letter {
  kind: OrderMailKind;
  order: OrderRow;
  method: PaymentMethod | null;
  link: string;
  details: Receipt | null;
  poNumber?: string;
  refund?: MailedRefund;
  shipment?: MailedShipment;
}

function compose(texts: Texts, { kind, order, method, link, details, poNumber, refund, shipment }: Letter): MailMessage {
  const { subject, lines: told } = letter(texts, kind, order, method, refund, shipment);
  const lines = poNumber ? [...told, texts.mail('purchaseOrderLine', { number: poNumber })] : told;
  const greeting = texts.mail('greeting', { name: order.firstName });
  const track = texts.mail('trackOrder');
  const money = details ? ['', ...textRows(details.items), '', ...textRows(details.totals)] : [];
  const text = [greeting, '', ...lines, ...money, '', `${track}: ${link}`, '', texts.mail('shop'), ''].join('\n');
  const html = htmlMail(texts, `<p>${escapeHtml(greeting)}</p>
${htmlParagraphs(lines)}
${details ? htmlTable(texts, details) : ''}
${htmlButton(link, track)}`);
  return { to: order.email, subject: mailSubject(texts, subject), text, html, link };
}

/**
 * Tells the buyer about their order, in their language, unless they turned email notifications off: the mail is
 * written to the outbox in `tx`, the transaction that makes the change it reports.
 */
export async function sendOrderMail(
  tx: DbOrTx, deps: OrderMailDeps, kind: OrderMailKind, orderId: string, refund?: MailedRefund, shipment?: MailedShipment,
): Promise<void> {
  // The latest payment attempt's method and the purchase order's number are read with the order.
  const [row] = await tx.select({
    order: orders, notifications: users.notifications, language: users.language,
    method: sql<PaymentMethod | null>`(select ${payments.method} from ${payments} where ${payments.orderId} = ${orders.id}
      order by ${payments.createdAt} desc limit 1)`,
    poNumber: sql<string | null>`(select ${organisationOrders.poNumber} from ${organisationOrders} where ${organisationOrders.orderId} = ${orders.id})`,
  }).from(orders)
    .innerJoin(users, eq(users.id, orders.userId)).where(eq(orders.id, orderId));
  if (!row || !row.notifications.email) return;
  const texts = textsFor(row.language);
  const { method } = row;
  const details = kind === 'confirmed' ? await receipt(tx, texts, row.order, method) : null;
  await enqueueMail(tx, {
    kind: 'order',
    ...compose(texts, { kind, order: row.order, method, link: `${deps.publicUrl}/orders`, details, poNumber: row.poNumber ?? undefined, refund, shipment }),
  });
}
