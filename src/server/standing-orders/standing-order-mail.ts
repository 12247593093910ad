import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.ts';
import { reorderLists } from '../db/schema/reorder-lists.ts';
import { users } from '../db/schema/users.ts';
import type { MailMessage } from '../lib/mailer.ts';
import { escapeHtml, htmlButton, htmlMail, htmlParagraphs, mailSubject } from '../lib/mail-layout.ts';
import { type Texts, textsFor } from '../lib/texts.ts';
import { enqueueMail } from '../mail/outbox.ts';
import type { StandingLine } from './standing-lines.ts';
import type { StandingOrderRow } from './standing-orders.service.ts';

export type RunOutcome =
  | { status: 'placed'; orderId: string; orderNumber: string; detail: string; lines: StandingLine[] }
  | { status: 'held'; orderRequestId: number; detail: string; lines: StandingLine[] }
  | { status: 'failed'; detail: string; lines: StandingLine[] }
  | { status: 'skipped'; detail: string };

/** Where the buyer sees the list, its standing order and its runs, and skips the next one. */
export const listLink = (publicUrl: string, listId: number) => `${publicUrl}/profile/reorder-lists?list=${listId}`;

const itemText = (texts: Texts, line: StandingLine) =>
  texts.mail('standingOrderItem', { quantity: texts.number(line.quantity), name: line.name, model: line.modelNumber });
const leftOutText = (texts: Texts, line: StandingLine) =>
  texts.mail(line.leftOut === 'off_sale' ? 'standingOrderOffSale' : 'standingOrderOutOfStock', { item: itemText(texts, line) });

interface Letter {
  texts: Texts;
  firstName: string;
  to: string;
  subject: string;
  paragraphs: string[];
  items: string[];
  after: string[];
  link: string;
  action: string;
}

function compose({ texts, firstName, to, subject, paragraphs, items, after, link, action }: Letter): MailMessage {
  const t = texts.mail;
  const greeting = firstName ? t('greeting', { name: firstName }) : t('greetingUnnamed');
  const text = [greeting, '', ...paragraphs, '', ...items.map((item) => `- ${item}`), ...(items.length ? [''] : []),
    ...after, ...(after.length ? [''] : []), `${action}: ${link}`, '', `— ${t('shop')}`, ''].join('\n');
  const list = items.length ? `<ul>${items.map((item) => `<li>${escapeHtml(item)}</li>`).join('')}</ul>` : '';
  const html = htmlMail(texts, `<p>${escapeHtml(greeting)}</p>\n${htmlParagraphs(paragraphs)}\n${list}\n${htmlParagraphs(after)}\n${htmlButton(link, action)}`);
  return { to, subject: mailSubject(texts, subject), text, html, link };
}

async function facts(tx: DbOrTx, row: StandingOrderRow) {
  const [[buyer], [list]] = await Promise.all([
    tx.select({ email: users.email, firstName: users.firstName, language: users.language }).from(users).where(eq(users.id, row.userId)),
    tx.select({ name: reorderLists.name }).from(reorderLists).where(eq(reorderLists.id, row.listId)),
  ]);
  return { buyer, listName: list?.name ?? '', texts: textsFor(buyer.language) };
}

/** The notice before a run: what it orders and when, and where to skip it. */
export async function mailRunNotice(tx: DbOrTx, deps: { publicUrl: string }, row: StandingOrderRow, lines: StandingLine[]): Promise<void> {
  const { buyer, listName, texts } = await facts(tx, row);
  const t = texts.mail;
  const values = { list: listName, date: texts.day(row.nextRunOn) };
  const ordered = lines.filter((line) => line.leftOut === null);
  const leftOut = lines.filter((line) => line.leftOut !== null);
  await enqueueMail(tx, {
    kind: 'standing_order',
    ...compose({
      texts, firstName: buyer.firstName, to: buyer.email, subject: t('standingOrderNoticeSubject', values),
      paragraphs: [t('standingOrderNotice', values)],
      items: ordered.map((line) => itemText(texts, line)),
      after: [...leftOut.map((line) => leftOutText(texts, line)), t('standingOrderSkipHint')],
      link: listLink(deps.publicUrl, row.listId), action: t('standingOrderNoticeAction'),
    }),
  });
}

/** After a run: the order placed, the request waiting for an approver, or why nothing was ordered. */
export async function mailRunOutcome(tx: DbOrTx, deps: { publicUrl: string }, row: StandingOrderRow, outcome: RunOutcome): Promise<void> {
  if (outcome.status === 'skipped') return;
  const { buyer, listName, texts } = await facts(tx, row);
  const t = texts.mail;
  const values = { list: listName, date: texts.day(row.nextRunOn) };
  const leftOut = outcome.lines.filter((line) => line.leftOut !== null).map((line) => leftOutText(texts, line));
  const ordered = outcome.lines.filter((line) => line.leftOut === null).map((line) => itemText(texts, line));
  const base = { texts, firstName: buyer.firstName, to: buyer.email };
  const letter = outcome.status === 'placed'
    ? compose({
      ...base, subject: t('standingOrderPlacedSubject', { ...values, number: outcome.orderNumber }),
      paragraphs: [t('standingOrderPlaced', { ...values, number: outcome.orderNumber })], items: ordered, after: leftOut,
      link: `${deps.publicUrl}/orders`, action: t('standingOrderPlacedAction'),
    })
    : outcome.status === 'held'
      ? compose({
        ...base, subject: t('standingOrderHeldSubject', values),
        paragraphs: [t('standingOrderHeld', { ...values, id: String(outcome.orderRequestId) })], items: ordered, after: leftOut,
        link: `${deps.publicUrl}/profile/organisation?tab=approvals`, action: t('standingOrderHeldAction'),
      })
      : compose({
        ...base, subject: t('standingOrderFailedSubject', values),
        paragraphs: [t('standingOrderFailed', values)], items: [],
        after: leftOut.length > 0 ? leftOut : [outcome.detail],
        link: listLink(deps.publicUrl, row.listId), action: t('standingOrderNoticeAction'),
      });
  await enqueueMail(tx, { kind: 'standing_order', ...letter });
}
