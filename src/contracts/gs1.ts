/*
 * GS1 element strings as a barcode scanner types them: the UDI on a device label. Supported application
 * identifiers: (01) GTIN, 14 digits with a mod-10 check digit; (17) expiry date YYMMDD, where day 00 means the last
 * day of the month; (10) lot and (21) serial number, up to 20 characters each, ending at a group separator or at
 * the end of the string. Accepted with or without parentheses around the identifiers, and with the group separator
 * as the ASCII 29 character or typed as <GS>, [GS], {GS}, ␝ or ^]; a leading symbology identifier (]C1, ]d2, ]Q3)
 * is ignored. Pure: shared by the receiving API and the receive-stock dialog's preview.
 */

export type Gs1Field = 'gtin' | 'lot' | 'expiry' | 'serial';

export interface Gs1Data {
  gtin?: string;
  lot?: string;
  /** ISO date, YYYY-MM-DD. */
  expiry?: string;
  serial?: string;
}

export type Gs1Result = { ok: true; data: Gs1Data } | { ok: false; errors: string[] };

export const GROUP_SEPARATOR = '\u001d';
const TYPED_SEPARATORS = /<GS>|\[GS\]|\{GS\}|\u241d|\^\]/gi;
const SYMBOLOGY_IDENTIFIER = /^\][A-Za-z][0-9]/;
/** GS1 character set 82: what may appear in a lot or serial number. */
const CSET_82 = /^[!"%&'()*+,\-./0-9:;<=>?A-Z_a-z]+$/;

const AIS: Record<string, { field: Gs1Field; label: string; fixed?: number; max: number }> = {
  '01': { field: 'gtin', label: 'GTIN (01)', fixed: 14, max: 14 },
  '10': { field: 'lot', label: 'Lot (10)', max: 20 },
  '17': { field: 'expiry', label: 'Expiry date (17)', fixed: 6, max: 6 },
  '21': { field: 'serial', label: 'Serial number (21)', max: 20 },
};
const SUPPORTED = 'Use (01) GTIN, (10) lot, (17) expiry and (21) serial.';

/** The mod-10 check digit GS1 computes over the first 13 digits of a GTIN-14 (weights 3 and 1 from the right). */
export function gtinCheckDigit(first13: string): number {
  let sum = 0;
  for (let i = 0; i < first13.length; i++) sum += Number(first13[first13.length - 1 - i]) * (i % 2 === 0 ? 3 : 1);
  return (10 - (sum % 10)) % 10;
}

/**
 * YYMMDD to an ISO date. The century follows GS1's sliding window: a year more than 50 years ahead of `today`
 * is in the previous century, one more than 49 years behind is in the next.
 */
export function gs1Date(value: string, today: Date): string | null {
  if (!/^\d{6}$/.test(value)) return null;
  const yy = Number(value.slice(0, 2));
  const month = Number(value.slice(2, 4));
  let day = Number(value.slice(4, 6));
  const thisYear = today.getUTCFullYear();
  const century = Math.floor(thisYear / 100) * 100;
  const difference = yy - (thisYear % 100);
  const year = century + yy + (difference >= 51 ? -100 : difference <= -50 ? 100 : 0);
  if (month < 1 || month > 12) return null;
  const lastDay = new Date(Date.UTC(year, month, 0)).getUTCDate();
  if (day === 0) day = lastDay;
  if (day > lastDay) return null;
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

const skipSeparators = (text: string) => {
  let start = 0;
  while (text[start] === GROUP_SEPARATOR) start++;
  return text.slice(start);
};

/** Splits the string into [AI, value] pairs, or explains why it cannot. */
function elements(input: string): { pairs: [string, string][] } | { error: string } {
  const text = input.trim().replace(SYMBOLOGY_IDENTIFIER, '').replace(TYPED_SEPARATORS, GROUP_SEPARATOR);
  if (!text) return { error: 'Scan or type a GS1 code.' };
  const pairs: [string, string][] = [];
  if (text.startsWith('(')) {
    // eslint-disable-next-line no-control-regex -- the GS1 group separator is ASCII 29 by definition
    const pattern = /\((\d{2,4})\)([^()\u001d]*)\u001d?/y;
    let match: RegExpExecArray | null;
    while (pattern.lastIndex < text.length && (match = pattern.exec(text))) pairs.push([match[1], match[2]]);
    if (pattern.lastIndex !== text.length || pairs.length === 0) {
      return { error: 'The code is malformed: every value needs an identifier in parentheses, e.g. (01)…(17)…(10)….' };
    }
    return { pairs };
  }
  let rest = skipSeparators(text);
  while (rest.length > 0) {
    const ai = rest.slice(0, 2);
    const spec = AIS[ai];
    if (!spec) return { error: `Unknown application identifier ${ai} at “${rest.slice(0, 12)}”. ${SUPPORTED}` };
    rest = rest.slice(2);
    let value: string;
    if (spec.fixed) {
      value = rest.slice(0, spec.fixed);
      rest = rest.slice(spec.fixed);
    } else {
      const end = rest.indexOf(GROUP_SEPARATOR);
      value = end === -1 ? rest : rest.slice(0, end);
      rest = end === -1 ? '' : rest.slice(end);
    }
    pairs.push([ai, value]);
    rest = skipSeparators(rest);
  }
  return { pairs };
}

/** Parses a scanned GS1 element string; every problem is named with its element. */
export function parseGs1(input: string, today: Date = new Date()): Gs1Result {
  const split = elements(input);
  if ('error' in split) return { ok: false, errors: [split.error] };
  const errors: string[] = [];
  const data: Gs1Data = {};
  for (const [ai, value] of split.pairs) {
    const spec = AIS[ai];
    if (!spec) {
      errors.push(`Unknown application identifier (${ai}). ${SUPPORTED}`);
      continue;
    }
    if (data[spec.field] !== undefined) {
      errors.push(`${spec.label} appears twice.`);
      continue;
    }
    if (spec.field === 'gtin') {
      if (!/^\d{14}$/.test(value)) {
        errors.push(`${spec.label} must be 14 digits, got “${value}”.`);
        continue;
      }
      const expected = gtinCheckDigit(value.slice(0, 13));
      if (Number(value[13]) !== expected) {
        errors.push(`${spec.label} ${value} fails its check digit: the last digit should be ${expected}, not ${value[13]}.`);
        continue;
      }
      data.gtin = value;
    } else if (spec.field === 'expiry') {
      const date = gs1Date(value, today);
      if (!date) {
        errors.push(`${spec.label} must be a date as YYMMDD, got “${value}”.`);
        continue;
      }
      data.expiry = date;
    } else if (!value) {
      errors.push(`${spec.label} is empty.`);
    } else if (value.length > spec.max) {
      errors.push(`${spec.label} is at most ${spec.max} characters, got ${value.length}.`);
    } else if (!CSET_82.test(value)) {
      errors.push(`${spec.label} “${value}” has characters GS1 does not allow.`);
    } else {
      data[spec.field] = value;
    }
  }
  if (errors.length === 0 && data.gtin === undefined) errors.push('The code has no GTIN (01): scan the label’s UDI barcode.');
  return errors.length ? { ok: false, errors } : { ok: true, data };
}

/**
 * What receiving stock asks of a scanned code beyond parsing: a lot number (lots are what a recall traces), an
 * expiry date still ahead, and one unit per serial number. An empty list when it can be received.
 */
export function checkReceivedGs1(input: string, quantity: number, today: Date = new Date()): string[] {
  const parsed = parseGs1(input, today);
  if (!parsed.ok) return parsed.errors;
  const problems: string[] = [];
  if (!parsed.data.lot) problems.push('The code has no lot (10): stock is received by lot.');
  const day = today.toISOString().slice(0, 10);
  if (parsed.data.expiry && parsed.data.expiry <= day) problems.push(`This lot expired on ${parsed.data.expiry}: it cannot be received for sale.`);
  if (parsed.data.serial && quantity !== 1) problems.push('A code with a serial number (21) is one unit: receive it with quantity 1.');
  return problems;
}
