import { parse } from 'csv-parse/sync';
import type { Carrier } from '#contracts/shipping';
import type { RemittanceRow } from '#contracts/cod';
import type { Actor } from '../audit/audit.ts';
import { badRequest } from '../lib/errors.ts';
import { recordCodRemittance, type RemittanceDeps } from './cod-remittance.ts';

type Field = 'trackingNumber' | 'amount' | 'reference' | 'paidOn' | 'currency';

/**
 * The names each column goes by in the couriers' reports (TCS' COD payment statement, Leopards' payment report and its
 * getPaymentDetails fields, PostEx's settlement sheet) and in the shop's own template, compared without case, spaces or
 * punctuation. The first column a field matches is taken.
 */
const ALIASES: Record<Field, readonly string[]> = {
  trackingNumber: [
    'trackingnumber', 'trackingno', 'tracking', 'cn', 'cnno', 'cnnumber', 'consignmentno', 'consignmentnumber', 'consignment',
    'bookedpacketcn', 'tracknumber', 'trackno', 'awb', 'awbno', 'awbnumber', 'ordertrackingnumber', 'trackingid',
  ],
  amount: [
    'amount', 'codamount', 'collectedamount', 'collectamount', 'bookedpacketcollectamount', 'codcollected', 'amountcollected',
    'codvalue', 'invoicepayment', 'orderamount', 'amountpaid', 'paidamount',
  ],
  reference: [
    'paymentreference', 'reference', 'referenceno', 'ref', 'paymentref', 'chequeno', 'chequenumber', 'invoicechequeno', 'cprno',
    'cprnumber', 'settlementid', 'settlementno', 'transactionid', 'transactionreference', 'paymentid', 'instrumentno',
  ],
  paidOn: [
    'paidon', 'paiddate', 'paymentdate', 'invoicechequedate', 'chequedate', 'settlementdate', 'remittancedate',
    'transactiondate', 'date',
  ],
  currency: ['currency'],
};

const MAX_BYTES = 5 * 1024 * 1024;
const NO_FILE = 'Choose the courier\'s remittance report (CSV).';
const normal = (cell: string) => cell.toLowerCase().replace(/[^a-z0-9]/g, '');

/** Each field's column in `header`, or null when the header does not name the two a row needs. */
function columnsOf(header: string[]): Partial<Record<Field, number>> | null {
  const cells = header.map(normal);
  const columns: Partial<Record<Field, number>> = {};
  for (const field of Object.keys(ALIASES) as Field[]) {
    const index = ALIASES[field].map((alias) => cells.indexOf(alias)).find((found) => found >= 0);
    if (index !== undefined) columns[field] = index;
  }
  return columns.trackingNumber !== undefined && columns.amount !== undefined ? columns : null;
}

/** 'Rs. 5,400.00', 'PKR 5400', '5,400' → 540000 paisa; null when it is no amount. */
export function amountMinorOf(cell: string): number | null {
  const text = cell.replace(/(pkr|rs\.?|usd|\$)/gi, '').replace(/,/g, '').trim();
  if (!/^\d+(\.\d{1,2})?$/.test(text)) return null;
  return Math.round(Number(text) * 100);
}

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];

/** '2026-03-14', '14/03/2026', '14-03-2026', '14-Mar-2026' or '14 Mar 2026' (Pakistani reports put the day first) → ISO. */
export function isoDateOf(cell: string): string | null {
  const text = cell.trim();
  const iso = /^(\d{4})-(\d{2})-(\d{2})/.exec(text);
  const dayFirst = /^(\d{1,2})[/\-. ]([A-Za-z]{3,9}|\d{1,2})[/\-. ](\d{4})$/.exec(text);
  if (!iso && !dayFirst) return null;
  const [year, month, day] = iso ? [Number(iso[1]), Number(iso[2]), Number(iso[3])]
    : [Number(dayFirst![3]), /^\d+$/.test(dayFirst![2]) ? Number(dayFirst![2]) : MONTHS.indexOf(dayFirst![2].slice(0, 3).toLowerCase()) + 1, Number(dayFirst![1])];
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null;
  return date.toISOString().slice(0, 10);
}

/** The rows of a report, the header found among its first lines (some reports open with a title or a date range). */
function readReport(file: Buffer): { columns: Partial<Record<Field, number>>; rows: { row: number; cells: string[] }[] } {
  if (file.length === 0) throw badRequest({ file: [NO_FILE] });
  if (file.length > MAX_BYTES) throw badRequest({ file: ['The report is larger than 5 MB.'] });
  let records: string[][];
  try {
    records = parse(file, { bom: true, relax_column_count: true, relax_quotes: true, skip_empty_lines: true, trim: true });
  } catch {
    throw badRequest({ file: ['This file cannot be read as CSV.'] });
  }
  for (let at = 0; at < Math.min(records.length, 10); at++) {
    const columns = columnsOf(records[at]);
    if (columns) return { columns, rows: records.slice(at + 1).map((cells, index) => ({ row: at + 2 + index, cells })) };
  }
  throw badRequest({ file: ['The report needs a tracking number column and an amount column.'] });
}

const MESSAGES = {
  paid: (order: string, paid: boolean) => (paid ? `Order ${order} is paid.` : `Recorded for order ${order}; other parcels of it are still to be remitted.`),
  already_recorded: (order: string) => `Already recorded for order ${order}: not paid twice.`,
  unknown_consignment: 'No cash-on-delivery parcel has this tracking number.',
};

/**
 * Imports a courier's remittance report: every row through recordCodRemittance (once per consignment, the order paid),
 * each answered with what became of it.
 */
export async function importRemittanceReport(deps: RemittanceDeps, file: Buffer, carrier: Carrier | null, actor: Actor): Promise<RemittanceRow[]> {
  const { columns, rows } = readReport(file);
  const cell = (cells: string[], field: Field) => (columns[field] === undefined ? '' : (cells[columns[field]!] ?? '').trim());
  const answers: RemittanceRow[] = [];
  for (const { row, cells } of rows) {
    const trackingNumber = cell(cells, 'trackingNumber').replace(/^'/, '');
    if (!trackingNumber && cells.every((value) => !value)) continue;
    const answer = (outcome: RemittanceRow['outcome'], message: string, orderNumber: string | null = null, orderPaid = false) =>
      answers.push({ row, tracking_number: trackingNumber, outcome, order_number: orderNumber, order_paid: orderPaid, message });
    const amountMinor = amountMinorOf(cell(cells, 'amount'));
    const paidOnCell = cell(cells, 'paidOn');
    const paidOn = paidOnCell ? isoDateOf(paidOnCell) : null;
    if (!trackingNumber) answer('invalid', 'The row has no tracking number.');
    else if (amountMinor === null) answer('invalid', `"${cell(cells, 'amount')}" is not an amount.`);
    else if (paidOnCell && !paidOn) answer('invalid', `"${paidOnCell}" is not a date.`);
    else {
      const result = await recordCodRemittance(deps, {
        carrier, trackingNumber, amountMinor, currency: (cell(cells, 'currency') || 'PKR').toUpperCase(),
        paymentReference: cell(cells, 'reference'), paidOn,
      }, actor);
      if (result.outcome === 'paid') answer('paid', MESSAGES.paid(result.orderNumber, result.orderPaid), result.orderNumber, result.orderPaid);
      else if (result.outcome === 'already_recorded') answer('already_recorded', MESSAGES.already_recorded(result.orderNumber), result.orderNumber);
      else if (result.outcome === 'unknown_consignment') answer('unknown_consignment', MESSAGES.unknown_consignment);
      else {
        answer('amount_mismatch', `The parcel collects ${result.currency} ${(result.expectedMinor / 100).toFixed(2)}, `
          + `the report says ${(amountMinor / 100).toFixed(2)}: not marked paid.`, result.orderNumber);
      }
    }
  }
  return answers;
}
