import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Quote } from '#contracts/quotes';
import type { Db } from '../db/client.ts';
import { users } from '../db/schema/users.ts';
import type { MailMessage, Mailer } from '../lib/mailer.ts';

export interface QuoteMailDeps {
  db: Db;
  mailer: Mailer;
  publicUrl: string;
  /** The shop's own address (SHOP_EMAIL): new requests go there. */
  shopEmail: string;
  log: FastifyBaseLogger;
}

const SHOP = 'Sialkot Surgical';
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const usd = (amount: string) => `$${Number(amount).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

function letter(to: string, subject: string, paragraphs: string[], link: { href: string; label: string }): MailMessage {
  const text = [...paragraphs.flatMap((p) => [p, '']), `${link.label}: ${link.href}`, '', SHOP, ''].join('\n');
  const html = `<!doctype html>
<html><body style="font-family: Arial, sans-serif; color: #1f2937; line-height: 1.5">
<h1 style="font-size: 20px; color: #1e3a8a">${SHOP}</h1>
${paragraphs.map((p) => `<p style="white-space: pre-wrap">${escapeHtml(p)}</p>`).join('\n')}
<p><a href="${escapeHtml(link.href)}" style="display: inline-block; padding: 10px 18px; background: #1d4ed8; color: #ffffff; text-decoration: none; border-radius: 6px">${escapeHtml(link.label)}</a></p>
<p style="font-size: 13px; color: #6b7280">${SHOP}</p>
</body></html>
`;
  return { to, subject: `${SHOP}: ${subject}`, text, html, link: link.href };
}

const lineList = (quote: Quote, withPrices: boolean) => quote.lines.map((line) => {
  const price = withPrices && line.unit_price ? ` at ${usd(line.unit_price)} each = ${usd(line.line_total!)}` : '';
  return `• ${line.quantity} × ${line.product_name} (${line.model_number})${price}`;
}).join('\n');

async function send(deps: QuoteMailDeps, quote: Quote, message: () => Promise<MailMessage | null>): Promise<void> {
  try {
    const mail = await message();
    if (mail) await deps.mailer.send(mail);
  } catch (error) {
    deps.log.error({ err: error, quoteId: quote.id }, 'quote mail failed');
  }
}

/** The buyer, unless they turned email notifications off. */
async function buyerAddress(db: Db, userId: string): Promise<{ email: string; firstName: string } | null> {
  const [user] = await db.select({ email: users.email, firstName: users.firstName, notifications: users.notifications })
    .from(users).where(eq(users.id, userId));
  return user && user.notifications.email ? user : null;
}

/** Tells the shop about a new request. A mail failure is logged: the stored request is not lost. */
export function mailNewRequest(deps: QuoteMailDeps, quote: Quote, buyer: { name: string; email: string; hospitalName: string }) {
  return send(deps, quote, async () => letter(deps.shopEmail, `Quote request ${quote.number} from ${buyer.hospitalName || buyer.name}`, [
    `${buyer.name} (${buyer.email})${buyer.hospitalName ? ` of ${buyer.hospitalName}` : ''} asks for a quote for:`,
    lineList(quote, false),
    `Delivery city: ${quote.delivery_city}`,
    ...(quote.notes ? [`Notes: ${quote.notes}`] : []),
  ], { href: `${deps.publicUrl}/staff/quotes/${quote.id}`, label: 'Price this quote' }));
}

/** Tells the buyer their quote is ready to accept. */
export function mailQuoteSent(deps: QuoteMailDeps, userId: string, quote: Quote) {
  return send(deps, quote, async () => {
    const buyer = await buyerAddress(deps.db, userId);
    if (!buyer) return null;
    return letter(buyer.email, `Your quote ${quote.number} is ready`, [
      `Dear ${buyer.firstName},`,
      `Here are our prices for your quote request ${quote.number}:`,
      lineList(quote, true),
      `Total ${usd(quote.totals!.grand_total)} including tax and shipping, delivered to ${quote.delivery_city}.`,
      `This quote is valid until ${quote.valid_until}.`,
      ...(quote.staff_note ? [quote.staff_note] : []),
    ], { href: `${deps.publicUrl}/profile/quotes/${quote.id}`, label: 'View and accept the quote' });
  });
}

/** Tells the buyer the shop withdrew their quote, and why. */
export function mailQuoteWithdrawn(deps: QuoteMailDeps, userId: string, quote: Quote) {
  return send(deps, quote, async () => {
    const buyer = await buyerAddress(deps.db, userId);
    if (!buyer) return null;
    return letter(buyer.email, `Quote ${quote.number} withdrawn`, [
      `Dear ${buyer.firstName},`,
      `We have withdrawn quote ${quote.number}.${quote.decision_reason ? ` Reason: ${quote.decision_reason}` : ''}`,
      'Please reply to this message or request a new quote if you still need these products.',
    ], { href: `${deps.publicUrl}/profile/quotes/${quote.id}`, label: 'View the quote' });
  });
}
