import type { CartLine } from '../cart/cart.service.ts';
import { lineName } from '../cart/line-name.ts';
import type { MailMessage } from '../lib/mailer.ts';
import { escapeHtml, htmlButton, htmlMail, htmlParagraphs, mailSubject } from '../lib/mail-layout.ts';
import { type Language, type Texts, textsFor } from '../lib/texts.ts';
import { splitSalePriceCents } from '../orders/order-line-price.ts';
import { lineTotalCents } from '../pricing/unit-price.ts';
import type { PromoRow } from '../promo/promo.service.ts';

export interface ReminderLetter {
  to: { email: string; firstName: string; language: Language };
  /** The cart's lines as the cart prices them now, and their subtotal. */
  lines: CartLine[];
  subtotalCents: number;
  /** The code staff offer, only when it applies to this cart now. */
  promo: PromoRow | null;
  cartLink: string;
  settingsLink: string;
}

/** A line as the order confirmation words it ('2 × $42.99 each'), with its total. */
function itemRow(texts: Texts, line: CartLine) {
  const usd = (cents: number) => texts.money(cents, 'USD');
  const item = { name: lineName(line.name, line.variantLabel), model: line.modelNumber, quantity: texts.number(line.quantity), price: usd(line.unitPriceCents) };
  const salePrice = splitSalePriceCents({ ...line, saleUnitPriceCents: line.salePriceCents });
  return {
    label: salePrice === null
      ? texts.mail('orderItem', item)
      : texts.mail('orderItemSplit', { ...item, saleQuantity: texts.number(line.saleQuantity), salePrice: usd(salePrice) }),
    value: usd(lineTotalCents(line)),
  };
}

/** What the code takes off, and from what subtotal, in the reader's language. */
function promoLines(texts: Texts, promo: PromoRow): string[] {
  const t = texts.mail;
  const offer = promo.kind === 'percent'
    ? t('cartReminderPromoPercent', { code: promo.code, percent: texts.number(promo.value / 10_000, { style: 'percent', maximumFractionDigits: 2 }) })
    : t('cartReminderPromoFixed', { code: promo.code, amount: texts.money(promo.value, 'USD') });
  return promo.minSubtotalCents > 0 ? [offer, t('cartReminderPromoMinimum', { amount: texts.money(promo.minSubtotalCents, 'USD') })] : [offer];
}

/** The one reminder of a cart left behind: its items at today's prices, the way back to it, and how to stop these. */
export function cartReminderMail({ to, lines, subtotalCents, promo, cartLink, settingsLink }: ReminderLetter): MailMessage {
  const texts = textsFor(to.language);
  const t = texts.mail;
  const greeting = t('greeting', { name: to.firstName });
  const intro = t('cartReminderIntro');
  const rows = [...lines.map((line) => itemRow(texts, line)), { label: texts.invoice('subtotal'), value: texts.money(subtotalCents, 'USD') }];
  const offer = promo ? promoLines(texts, promo) : [];
  const action = t('cartReminderAction');
  const optOut = t('cartReminderOptOut');
  const text = [
    greeting, '', intro, '', ...rows.map((row) => `${row.label}: ${row.value}`), '', ...(offer.length ? [...offer, ''] : []),
    `${action}: ${cartLink}`, '', `${optOut}: ${settingsLink}`, '', `— ${t('shop')}`, '',
  ].join('\n');
  const valueSide = texts.direction === 'rtl' ? 'left' : 'right';
  const cell = (content: string, last: boolean, value = false) =>
    `<td style="padding: 4px 0${last ? '; border-top: 1px solid #e5e7eb; font-weight: bold' : ''}${value ? `; text-align: ${valueSide}` : ''}">${escapeHtml(content)}</td>`;
  const table = `<table style="width: 100%; max-width: 560px; border-collapse: collapse; font-size: 14px">
${rows.map((row, index) => `<tr>${cell(row.label, index === rows.length - 1)}${cell(row.value, index === rows.length - 1, true)}</tr>`).join('\n')}
</table>`;
  const html = htmlMail(texts, `<p>${escapeHtml(greeting)}</p>
<p>${escapeHtml(intro)}</p>
${table}
${htmlParagraphs(offer)}
${htmlButton(cartLink, action)}
<p style="font-size: 13px; color: #6b7280">${escapeHtml(optOut)}: <a href="${escapeHtml(settingsLink)}">${escapeHtml(settingsLink)}</a></p>`);
  return { to: to.email, subject: mailSubject(texts, t('cartReminderSubject')), text, html, link: cartLink };
}
