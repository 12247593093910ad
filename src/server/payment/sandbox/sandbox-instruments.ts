import { isExpiryCurrent, isLuhnValid, type PaymentCurrency } from '#contracts/payment';
import { centsToDecimal } from '#contracts/money';
import { escapeHtml } from '../../lib/mail-layout.ts';
import { hiddenInputs } from '../auto-post-form.ts';
import { paragraph } from './sandbox-page.ts';

/** What a tester types on a simulated page or phone, checked as the gateways' own pages check it. */
export const isMobile = (value: string | undefined): value is string => /^03\d{9}$/.test(value ?? '');
export const isPin = (value: string | undefined): value is string => /^\d{4,6}$/.test(value ?? '');

/** A card number as typed: its digits when it is one (13 to 19, Luhn-valid), else null. */
export function cardDigits(value: string | undefined): string | null {
  const digits = (value ?? '').replace(/[\s-]/g, '');
  return /^\d{13,19}$/.test(digits) && isLuhnValid(digits) ? digits : null;
}

/** The buyer's phone: what is asked, the PIN (JazzCash's MPIN), Approve or Decline; posted to the page's own URL. */
export const approvalForm = (asks: string, pinLabel: string, note: string, error = ''): string => `${paragraph(asks)}
${error ? `<p role="alert"><strong>${escapeHtml(error)}</strong></p>` : ''}
<form method="post"><label>${escapeHtml(pinLabel)} <input name="pin" type="password" inputmode="numeric" autocomplete="off"></label>
<button name="decision" value="approve">Approve</button><button name="decision" value="decline">Decline</button></form>
<p class="note">${escapeHtml(note)}</p>`;

export type CardErrors = Partial<Record<'cardNumber' | 'expiry' | 'cvv' | 'cardName', string>>;

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

/** A card gateway's page (Safepay's, HBL Pay's): the whole card asked for, Pay or Cancel. */
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

/** The card typed into a card gateway's page: its number, or a message per field that is wrong. */
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
