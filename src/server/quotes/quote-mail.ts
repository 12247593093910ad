import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { decimalToCents } from '#contracts/money';
import type { Quote } from '#contracts/quotes';
import type { Db } from '../db/client.ts';
import { users } from '../db/schema/users.ts';
import type { MailMessage } from '../lib/mailer.ts';
import { enqueueMail } from '../mail/outbox.ts';
import { escapeHtml, htmlButton, htmlMail, mailSubject } from '../lib/mail-layout.ts';
import { lineName } from '../cart/line-name.ts';
import { type Language, type Texts, textsFor } from '../lib/texts.ts';

export interface QuoteMailDeps {
  db: Db;
  publicUrl: string;
  /** The shop's own address (SHOP_EMAIL): new requests go there. */
  shopEmail: string;
  log: FastifyBaseLogger;
}

/** The shop's staff read English. */
const staffTexts = textsFor('en');

function letter(texts: Texts, to: string, subject: string, paragraphs: string[], link: { href: string; label: string }): MailMessage {
  const text = [...paragraphs.flatMap((p) => [p, '']), `${link.label}: ${link.href}`, '', texts.mail('shop'), ''].join('\n');
  const html = htmlMail(texts, `${paragraphs.map((p) => `<p style="white-space: pre-wrap">${escapeHtml(p)}</p>`).join('\n')}
${htmlButton(link.href, link.label)}`);
  return { to, subject: mailSubject(texts, subject), text, html, link: link.href };
}

const lineList = (texts: Texts, quote: Quote, withPrices: boolean) => quote.lines.map((line) => {
  const usd = (amount: string) => texts.money(decimalToCents(amount), 'USD');
  const params = { quantity: texts.number(line.quantity), name: lineName(line.product_name, line.variant_label), model: line.model_number };
  return withPrices && line.unit_price
    ? texts.mail('quotePricedLine', { ...params, price: usd(line.unit_price), total: usd(line.line_total!) })
    : texts.mail('quoteLine', params);
}).join('\n');

/** Writes the mail to the outbox in `deps.db`, the transaction of the change it tells of. */
async function send(deps: QuoteMailDeps, _quote: Quote, message: () => Promise<MailMessage | null>): Promise<void> {
  const mail = await message();
  if (mail) await enqueueMail(deps.db, { kind: 'quote', ...mail });
}

/** The buyer, unless they turned email notifications off. */
async function buyerAddress(db: Db, userId: string): Promise<{ email: string; firstName: string; language: Language } | null> {
  const [user] = await db.select({ email: users.email, firstName: users.firstName, language: users.language, notifications: users.notifications })
    .from(users).where(eq(users.id, userId));
  return user && user.notifications.email ? user : null;
}

/** Tells the shop about a new request. A mail failure is logged: the stored request is not lost. */
export function mailNewRequest(deps: QuoteMailDeps, quote: Quote, buyer: { name: string; email: string; hospitalName: string }) {
  const t = staffTexts.mail;
  const who = { name: buyer.name, email: buyer.email, hospital: buyer.hospitalName };
  return send(deps, quote, async () => letter(staffTexts, deps.shopEmail,
    t('quoteRequestSubject', { number: quote.number, buyer: buyer.hospitalName || buyer.name }), [
      t(buyer.hospitalName ? 'quoteRequestIntroHospital' : 'quoteRequestIntro', who),
      lineList(staffTexts, quote, false),
      t('quoteDeliveryCity', { city: quote.delivery_city }),
      ...(quote.notes ? [t('quoteNotes', { notes: quote.notes })] : []),
    ], { href: `${deps.publicUrl}/staff/quotes/${quote.id}`, label: t('quotePriceAction') }));
}

/** Tells the buyer, in their language, that their quote is ready to accept. */
export function mailQuoteSent(deps: QuoteMailDeps, userId: string, quote: Quote) {
  return send(deps, quote, async () => {
    const buyer = await buyerAddress(deps.db, userId);
    if (!buyer) return null;
    const texts = textsFor(buyer.language);
    const t = texts.mail;
    return letter(texts, buyer.email, t('quoteSentSubject', { number: quote.number }), [
      t('greeting', { name: buyer.firstName }),
      t('quoteSentIntro', { number: quote.number }),
      lineList(texts, quote, true),
      t('quoteSentTotal', { total: texts.money(decimalToCents(quote.totals!.grand_total), 'USD'), city: quote.delivery_city }),
      ...(quote.valid_until ? [t('quoteValidUntil', { day: texts.day(quote.valid_until) })] : []),
      ...(quote.staff_note ? [quote.staff_note] : []),
    ], { href: `${deps.publicUrl}/profile/quotes/${quote.id}`, label: t('quoteAcceptAction') });
  });
}

/** Tells the buyer, in their language, that the shop withdrew their quote, and why. */
export function mailQuoteWithdrawn(deps: QuoteMailDeps, userId: string, quote: Quote) {
  return send(deps, quote, async () => {
    const buyer = await buyerAddress(deps.db, userId);
    if (!buyer) return null;
    const texts = textsFor(buyer.language);
    const t = texts.mail;
    const number = quote.number;
    return letter(texts, buyer.email, t('quoteWithdrawnSubject', { number }), [
      t('greeting', { name: buyer.firstName }),
      quote.decision_reason ? t('quoteWithdrawnWithReason', { number, reason: quote.decision_reason }) : t('quoteWithdrawn', { number }),
      t('quoteWithdrawnNext'),
    ], { href: `${deps.publicUrl}/profile/quotes/${quote.id}`, label: t('quoteViewAction') });
  });
}
