import type { FastifyInstance } from 'fastify';
import { isExpiryCurrent, isLuhnValid, type PaymentCurrency } from '#contracts/payment';
import { centsToDecimal } from '#contracts/money';

/**
 * What the simulated gateways' hosted pages share: the page, the card form, and reading it. The pages stand in for
 * the gateways' own (English-only) pages, so their texts are not the shop's and are not translated.
 */

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export function hostedPage(gateway: string, title: string, body: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><link rel="icon" href="data:,">
<title>${escapeHtml(`${title} · ${gateway} sandbox`)}</title>
<style>body{font-family:system-ui,sans-serif;max-width:28rem;margin:2rem auto;padding:0 1rem;color:#1f2937}
label{display:block;margin:.75rem 0 .25rem}input{width:100%;padding:.5rem;box-sizing:border-box}
.error{color:#b91c1c;font-size:.9rem}.notice{background:#fef2f2;padding:.75rem;border-radius:.25rem}
button{margin:1rem .5rem 0 0;padding:.5rem 1rem}small{color:#6b7280}</style></head>
<body><p><small>${escapeHtml(gateway)} sandbox: no real money moves.</small></p><h1>${escapeHtml(title)}</h1>
${body}</body></html>`;
}

/** A page with one sentence on it, for links that lead nowhere. */
export const notice = (gateway: string, title: string, text: string) => hostedPage(gateway, title, `<p>${escapeHtml(text)}</p>`);

const hiddenInputs = (fields: Record<string, string>) => Object.entries(fields)
  .map(([name, value]) => `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`).join('\n');

export interface CardForm {
  action: string;
  hidden: Record<string, string>;
  amountMinor: number;
  currency: PaymentCurrency;
  orderReference: string;
  errors?: CardErrors;
  /** Shown above the form, e.g. a decline. */
  notice?: string;
}

export function cardForm(form: CardForm): string {
  const error = (field: keyof CardErrors) => form.errors?.[field] ? `<div class="error">${escapeHtml(form.errors[field]!)}</div>` : '';
  const field = (name: keyof CardErrors, label: string, attributes: string) =>
    `<label for="${name}">${label}</label><input id="${name}" name="${name}" ${attributes}>${error(name)}`;
  return `<p>Order ${escapeHtml(form.orderReference)}: <strong>${form.currency} ${centsToDecimal(form.amountMinor)}</strong></p>
${form.notice ? `<p class="notice">${escapeHtml(form.notice)}</p>` : ''}
<form method="post" action="${escapeHtml(form.action)}">
${hiddenInputs(form.hidden)}
${field('cardNumber', 'Card number', 'inputmode="numeric" autocomplete="cc-number"')}
${field('expiry', 'Expiry (MM/YY)', 'autocomplete="cc-exp" placeholder="MM/YY"')}
${field('cvv', 'Security code', 'inputmode="numeric" autocomplete="cc-csc"')}
${field('cardName', 'Name on card', 'autocomplete="cc-name"')}
<button type="submit" name="action" value="pay">Pay</button>
<button type="submit" name="action" value="cancel" formnovalidate>Cancel</button>
</form>`;
}

export type CardErrors = Partial<Record<'cardNumber' | 'expiry' | 'cvv' | 'cardName', string>>;

/** The card typed into a hosted page: its number, or a message per field that is wrong. */
export function readCard(fields: Record<string, string | undefined>): { cardNumber: string } | { errors: CardErrors } {
  const cardNumber = (fields.cardNumber ?? '').replace(/[\s-]/g, '');
  const expiry = (fields.expiry ?? '').trim();
  const errors: CardErrors = {};
  if (!/^\d{12,19}$/.test(cardNumber) || !isLuhnValid(cardNumber)) errors.cardNumber = 'Enter a valid card number.';
  if (!/^(0[1-9]|1[0-2])\/\d{2}$/.test(expiry)) errors.expiry = 'Enter the expiry as MM/YY.';
  else if (!isExpiryCurrent(expiry)) errors.expiry = 'This card has expired.';
  if (!/^\d{3,4}$/.test((fields.cvv ?? '').trim())) errors.cvv = 'Enter the 3 or 4 digit security code.';
  if ((fields.cardName ?? '').trim().length < 2) errors.cardName = 'Enter the name on the card.';
  return Object.keys(errors).length > 0 ? { errors } : { cardNumber };
}

/** Form posts (the hosted pages' own), parsed into fields, within the simulator's plugin only. */
export function acceptForms(instance: FastifyInstance): void {
  instance.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(body as string)));
  });
}

export const isWebAddress = (value: string | undefined): value is string => {
  try {
    return value !== undefined && ['http:', 'https:'].includes(new URL(value).protocol);
  } catch {
    return false;
  }
};
