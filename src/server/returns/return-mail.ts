import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.ts';
import { orders } from '../db/schema/orders.ts';
import { users } from '../db/schema/users.ts';
import { escapeHtml, htmlButton, htmlMail, htmlParagraphs, mailSubject } from '../lib/mail-layout.ts';
import { textsFor, type MailKey, type TextParams } from '../lib/texts.ts';
import { enqueueMail } from '../mail/outbox.ts';

/** What happened to a return, as the buyer is told: each with its subject and body keys in mail.json. */
export type ReturnLetter =
  | { kind: 'requested' }
  | { kind: 'approved_label'; carrier: string; tracking: string }
  | { kind: 'approved_drop_off'; instructions: string }
  | { kind: 'rejected'; reason: string }
  | { kind: 'refunded' | 'credited'; amountCents: number; note: string }
  | { kind: 'exchanged'; exchange: string };

const KEYS: Record<ReturnLetter['kind'], { subject: MailKey; body: MailKey }> = {
  requested: { subject: 'returnRequestedSubject', body: 'returnRequestedIntro' },
  approved_label: { subject: 'returnApprovedSubject', body: 'returnApprovedLabel' },
  approved_drop_off: { subject: 'returnApprovedSubject', body: 'returnApprovedDropOff' },
  rejected: { subject: 'returnRejectedSubject', body: 'returnRejectedIntro' },
  refunded: { subject: 'returnResolvedSubject', body: 'returnRefunded' },
  credited: { subject: 'returnResolvedSubject', body: 'returnCredited' },
  exchanged: { subject: 'returnResolvedSubject', body: 'returnExchanged' },
};

/** Mails the order's buyer, in their language, through the outbox in the caller's transaction. */
export async function sendReturnMail(tx: DbOrTx, publicUrl: string, orderId: string, rma: string, letter: ReturnLetter): Promise<void> {
  const [order] = await tx.select({ email: orders.email, firstName: orders.firstName, number: orders.orderNumber, language: users.language })
    .from(orders).innerJoin(users, eq(users.id, orders.userId)).where(eq(orders.id, orderId));
  const texts = textsFor(order.language);
  const t = texts.mail;
  const { kind: _kind, ...given } = letter;
  const params: TextParams = {
    ...given, rma, order: order.number,
    ...('amountCents' in letter ? { amount: texts.money(letter.amountCents, 'USD') } : {}),
  };
  const keys = KEYS[letter.kind];
  const body = t(keys.body, params);
  const greeting = t('greeting', { name: order.firstName });
  const link = `${publicUrl}/orders`;
  const action = t('returnAction');
  await enqueueMail(tx, {
    kind: 'return',
    to: order.email,
    subject: mailSubject(texts, t(keys.subject, params)),
    text: [greeting, '', body, '', `${action}: ${link}`, '', t('shop'), ''].join('\n'),
    html: htmlMail(texts, `<p>${escapeHtml(greeting)}</p>\n${htmlParagraphs([body])}\n${htmlButton(link, action)}`),
    link,
  });
}
