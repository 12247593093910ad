import { message, REQUIRED } from './issues.ts';

/** A country's postal codes: the shape they must have, an example for the message, and whether one is needed. */
interface PostalRule {
  pattern: RegExp;
  example: string;
  required: boolean;
}

const FIVE_DIGITS = { pattern: /^\d{5}$/, example: '12345', required: true };

/** The countries whose postal codes checkout checks by their own rule; others take any code of the general shape. */
export const POSTAL_RULES: Readonly<Record<string, PostalRule>> = {
  PK: { ...FIVE_DIGITS, example: '54000' },
  DE: { ...FIVE_DIGITS, example: '10115' },
  SA: { ...FIVE_DIGITS, example: '11564' },
  US: { pattern: /^\d{5}(-\d{4})?$/, example: '10001 or 10001-1234', required: true },
  GB: { pattern: /^[A-Z]{1,2}\d[A-Z\d]? ?\d[A-Z]{2}$/i, example: 'SW1A 1AA', required: true },
  CA: { pattern: /^[A-Z]\d[A-Z] ?\d[A-Z]\d$/i, example: 'K1A 0B1', required: true },
  AE: { pattern: /^$/, example: '', required: false },
};

/** Any other country: optional, letters, digits, spaces and hyphens. */
const GENERAL = /^[A-Za-z0-9][A-Za-z0-9 -]{0,11}$/;
const GENERAL_TEXT = message('invalid_postal_code', 'Enter a valid postal code.');
const NONE_TEXT = message('postal_code_not_used', 'Leave the postal code empty: this country does not use them.');

/** What is wrong with the postal code for the country, in English with its key; null when it is fine. */
export function postalCodeProblem(country: string, code: string): string | null {
  const rule = POSTAL_RULES[country];
  if (!rule) return code === '' || GENERAL.test(code) ? null : GENERAL_TEXT;
  if (!rule.required) return code === '' ? null : NONE_TEXT;
  if (code === '') return REQUIRED;
  return rule.pattern.test(code) ? null
    : message('postal_code_like', `Enter a valid postal code, such as ${rule.example}.`, { example: rule.example });
}
