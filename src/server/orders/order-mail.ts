import { asc, eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client.ts';
import { orderItems, orders } from '../db/schema/orders.ts';
import { users } from '../db/schema/users.ts';
import type { MailMessage, Mailer } from '../lib/mailer.ts';
import { formatUsd } from '../promo/promo.service.ts';
import { breakdownLines, formatCharged, type MoneyLine, promoCodesByOrder } from './order-money.ts';

export type OrderMailKind = 'confirmed' | 'shipped' | 'delivered';

export interface OrderMailDeps {
  db: Db;
  mailer: Mailer;
  publicUrl: string;
  log: FastifyBaseLogger;
}

const SHOP = 'Sialkot Surgical';
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

type OrderRow = typeof orders.$inferSelect;

/** A confirmation's items and money, line by line. */
interface Receipt {
  items: MoneyLine[];
  totals: MoneyLine[];
}

function letter(kind: OrderMailKind, order: OrderRow): { subject: string; lines: string[] } {
  const amount = formatCharged(order.totalChargedMinor, order.currency);
  switch (kind) {
    case 'confirmed':
      return {
        subject: `Order ${order.orderNumber} confirmed`,
        lines: [
          order.paymentStatus === 'awaiting_payment'
            ? `Thank you for your order. We have confirmed order ${order.orderNumber} on your payment terms: please pay the invoice of ${amount} by the due date shown on it.`
            : `Thank you for your order. We have received your payment of ${amount} and confirmed order ${order.orderNumber}.`,
          ...(order.estimatedDelivery ? [`Estimated delivery: ${order.estimatedDelivery}.`] : []),
        ],
      };
    case 'shipped':
      return {
        subject: `Order ${order.orderNumber} has shipped`,
        lines: [
          `Your order ${order.orderNumber} is on its way.`,
          `Carrier: ${order.carrier ?? ''}. Tracking number: ${order.trackingNumber ?? ''}.`,
        ],
      };
    case 'delivered':
      return {
        subject: `Order ${order.orderNumber} delivered`,
        lines: [`Your order ${order.orderNumber} has been delivered. We hope the instruments serve you well.`],
      };
  }
}

/** The order's lines ('2 × $42.99 each') and its money breakdown, for the confirmation. */
async function receipt(db: Db, order: OrderRow): Promise<Receipt> {
  const [items, promoCodes] = await Promise.all([
    db.select().from(orderItems).where(eq(orderItems.orderId, order.id)).orderBy(asc(orderItems.id)),
    promoCodesByOrder(db, [order.id]),
  ]);
  return {
    items: items.map((item) => ({
      label: `${item.name} (${item.modelNumber}): ${item.quantity} × ${formatUsd(item.unitPriceCents)} each`,
      value: formatUsd(item.lineTotalCents),
    })),
    totals: breakdownLines(order, promoCodes.get(order.id) ?? null,
      order.paymentStatus === 'awaiting_payment' ? 'Amount due' : 'Charged'),
  };
}

const textRows = (rows: MoneyLine[]) => rows.map((row) => `${row.label}: ${row.value}`);

function htmlTable({ items, totals }: Receipt): string {
  const row = (line: MoneyLine, top = false) => {
    const style = `padding: 4px 0${top ? '; border-top: 1px solid #e5e7eb' : ''}${line.strong ? '; font-weight: bold' : ''}`;
    return `<tr><td style="${style}">${escapeHtml(line.label)}</td><td style="${style}; text-align: right">${escapeHtml(line.value)}</td></tr>`;
  };
  return `<table style="width: 100%; max-width: 560px; border-collapse: collapse; font-size: 14px">
${[...items.map((line) => row(line)), ...totals.map((line, index) => row(line, index === 0))].join('\n')}
</table>`;
}

function compose(kind: OrderMailKind, order: OrderRow, link: string, details: Receipt | null): MailMessage {
  const { subject, lines } = letter(kind, order);
  const greeting = `Dear ${order.firstName},`;
  const money = details ? ['', ...textRows(details.items), '', ...textRows(details.totals)] : [];
  const text = [greeting, '', ...lines, ...money, '', `Track your order: ${link}`, '', SHOP, ''].join('\n');
  const html = `<!doctype html>
<html><body style="font-family: Arial, sans-serif; color: #1f2937; line-height: 1.5">
<h1 style="font-size: 20px; color: #1e3a8a">${SHOP}</h1>
<p>${escapeHtml(greeting)}</p>
${lines.map((line) => `<p>${escapeHtml(line)}</p>`).join('\n')}
${details ? htmlTable(details) : ''}
<p><a href="${escapeHtml(link)}" style="display: inline-block; padding: 10px 18px; background: #1d4ed8; color: #ffffff; text-decoration: none; border-radius: 6px">Track your order</a></p>
<p style="font-size: 13px; color: #6b7280">${SHOP}</p>
</body></html>
`;
  return { to: order.email, subject: `${SHOP}: ${subject}`, text, html, link };
}

/**
 * Tells the buyer about their order unless they turned email notifications off. A mail failure is logged and never
 * undoes the change it reports.
 */
export async function sendOrderMail(deps: OrderMailDeps, kind: OrderMailKind, orderId: string): Promise<void> {
  try {
    const [row] = await deps.db.select({ order: orders, notifications: users.notifications }).from(orders)
      .innerJoin(users, eq(users.id, orders.userId)).where(eq(orders.id, orderId));
    if (!row || !row.notifications.email) return;
    const details = kind === 'confirmed' ? await receipt(deps.db, row.order) : null;
    await deps.mailer.send(compose(kind, row.order, `${deps.publicUrl}/orders`, details));
  } catch (error) {
    deps.log.error({ err: error, orderId, kind }, 'order mail failed');
  }
}
