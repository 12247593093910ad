import { isLuhnValid } from '#contracts/payment';
import { escapeHtml } from '../../lib/mail-layout.ts';
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
