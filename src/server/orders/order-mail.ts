import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/client.ts';
import { orders } from '../db/schema/orders.ts';
import { users } from '../db/schema/users.ts';
import type { MailMessage, Mailer } from '../lib/mailer.ts';

export type OrderMailKind = 'confirmed' | 'shipped' | 'delivered';

export interface OrderMailDeps {
  db: Db;
  mailer: Mailer;
  publicUrl: string;
  log: FastifyBaseLogger;
}

const SHOP = 'Sialkot Surgical';
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

type OrderRow = typeof orders.$inferSelect;

function letter(kind: OrderMailKind, order: OrderRow): { subject: string; lines: string[] } {
  switch (kind) {
    case 'confirmed':
      return {
        subject: `Order ${order.orderNumber} confirmed`,
        lines: [
          order.paymentStatus === 'awaiting_payment'
            ? `Thank you for your order. We have confirmed order ${order.orderNumber} on your payment terms: please pay the invoice of ${usd.format(order.totalCents / 100)} by the due date shown on it.`
            : `Thank you for your order. We have received your payment of ${usd.format(order.totalCents / 100)} and confirmed order ${order.orderNumber}.`,
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

function compose(kind: OrderMailKind, order: OrderRow, link: string): MailMessage {
  const { subject, lines } = letter(kind, order);
  const greeting = `Dear ${order.firstName},`;
  const text = [greeting, '', ...lines, '', `Track your order: ${link}`, '', SHOP, ''].join('\n');
  const html = `<!doctype html>
<html><body style="font-family: Arial, sans-serif; color: #1f2937; line-height: 1.5">
<h1 style="font-size: 20px; color: #1e3a8a">${SHOP}</h1>
<p>${escapeHtml(greeting)}</p>
${lines.map((line) => `<p>${escapeHtml(line)}</p>`).join('\n')}
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
    await deps.mailer.send(compose(kind, row.order, `${deps.publicUrl}/orders`));
  } catch (error) {
    deps.log.error({ err: error, orderId, kind }, 'order mail failed');
  }
}
