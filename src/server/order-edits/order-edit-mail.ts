import { eq } from 'drizzle-orm';
import { countryName } from '#contracts/shipping';
import type { DbOrTx } from '../db/client.ts';
import { orders } from '../db/schema/orders.ts';
import { users } from '../db/schema/users.ts';
import { lineName } from '../cart/line-name.ts';
import { escapeHtml, htmlButton, htmlMail, htmlParagraphs, mailSubject } from '../lib/mail-layout.ts';
import { textsFor, type Texts } from '../lib/texts.ts';
import { enqueueMail } from '../mail/outbox.ts';

/** What the buyer is told changed. */
export type EditedPart =
  | { kind: 'address' }
  | { kind: 'quantity'; name: string; variantLabel: string; was: number; quantity: number }
  | { kind: 'remove_line'; name: string; variantLabel: string };

export interface EditLetter {
  change: EditedPart;
  totalBeforeCents: number;
  /** A refund to the original payment, in its currency. */
  refund: { amountMinor: number; currency: string } | null;
  creditBackCents: number;
  /** The order is still to be paid (on terms or in cash at the door): what it now asks for. */
  due: boolean;
}

type OrderRow = typeof orders.$inferSelect;

function changeLine(texts: Texts, order: OrderRow, change: EditedPart): string {
  const t = texts.mail;
  switch (change.kind) {
    case 'address': {
      const place = [order.company, order.address, `${order.city} ${order.postalCode}`.trim(), countryName(order.country) ?? order.country];
      return t('orderEditAddress', { address: place.filter(Boolean).join(', ') });
    }
    case 'quantity':
      return t('orderEditQuantity', {
        name: lineName(change.name, change.variantLabel), quantity: texts.number(change.quantity), was: texts.number(change.was),
      });
    case 'remove_line':
      return t('orderEditRemoved', { name: lineName(change.name, change.variantLabel) });
  }
}

/**
 * Tells the buyer, in their language, what staff changed on their order, its new total and what goes back, unless
 * they turned email notifications off: written to the outbox in `tx`, the transaction that makes the change.
 */
export async function sendOrderEditMail(tx: DbOrTx, publicUrl: string, orderId: string, letter: EditLetter): Promise<void> {
  const [row] = await tx.select({ order: orders, notifications: users.notifications, language: users.language }).from(orders)
    .innerJoin(users, eq(users.id, orders.userId)).where(eq(orders.id, orderId));
  if (!row || !row.notifications.email) return;
  const { order } = row;
  const texts = textsFor(row.language);
  const t = texts.mail;
  const usd = (cents: number) => texts.money(cents, 'USD');
  const lines = [
    t('orderEdited', { number: order.orderNumber }),
    changeLine(texts, order, letter.change),
    ...(order.totalCents === letter.totalBeforeCents ? [] : [t('orderEditTotal', { total: usd(order.totalCents), was: usd(letter.totalBeforeCents) })]),
    ...(letter.refund ? [t('orderEditRefund', { amount: texts.money(letter.refund.amountMinor, letter.refund.currency) })] : []),
    ...(letter.creditBackCents > 0 ? [t('orderEditCredit', { amount: usd(letter.creditBackCents) })] : []),
    ...(letter.due ? [t('orderEditAmountDue', { amount: texts.money(order.totalChargedMinor, order.currency) })] : []),
  ];
  const greeting = t('greeting', { name: order.firstName });
  const link = `${publicUrl}/orders`;
  const track = t('trackOrder');
  await enqueueMail(tx, {
    kind: 'order',
    to: order.email,
    subject: mailSubject(texts, t('orderEditedSubject', { number: order.orderNumber })),
    text: [greeting, '', ...lines, '', `${track}: ${link}`, '', t('shop'), ''].join('\n'),
    html: htmlMail(texts, `<p>${escapeHtml(greeting)}</p>\n${htmlParagraphs(lines)}\n${htmlButton(link, track)}`),
    link,
  });
}
