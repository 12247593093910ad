import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { listOrganisationOrders, ORDERS_CSV_ROUTE, spendReport } from '#contracts/organisation-reports';
import { apiFetch, buildUrl } from '../lib/api.ts';
import { downloadFile } from '../lib/download.ts';

const reportsKey = ['organisation-reports'] as const;

/** A month range, both ends included, as YYYY-MM. */
export interface MonthRange {
  from: string;
  to: string;
}

const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;

/** `month` (YYYY-MM) moved by `by` months. */
export function addMonths(month: string, by: number): string {
  const [year, index] = month.split('-').map(Number);
  const date = new Date(Date.UTC(year, index - 1 + by, 1));
  return `${date.getUTCFullYear()}-${String(date.getUTCMonth() + 1).padStart(2, '0')}`;
}

/** The last twelve months, this one included (UTC, as the server counts them). */
export function lastTwelveMonths(now = new Date()): MonthRange {
  const to = `${now.getUTCFullYear()}-${String(now.getUTCMonth() + 1).padStart(2, '0')}`;
  return { from: addMonths(to, -11), to };
}

/** Whether both ends are months and the range does not run backwards. */
export const isValidRange = ({ from, to }: MonthRange) => MONTH.test(from) && MONTH.test(to) && from <= to;

/** Every month from `from` to `to`, in order. */
export function monthsBetween({ from, to }: MonthRange): string[] {
  const months: string[] = [];
  for (let month = from; month <= to && months.length < 1200; month = addMonths(month, 1)) months.push(month);
  return months;
}

/** Spend by month and department over `range`. */
export const spendReportQuery = (range: MonthRange) =>
  queryOptions({
    queryKey: [...reportsKey, 'spend', range.from, range.to],
    queryFn: ({ signal }) => apiFetch(spendReport, { query: range, signal }),
    placeholderData: keepPreviousData,
  });

/** The organisation's orders, newest first, a page at a time. */
export const organisationOrdersQuery = (page: number) =>
  queryOptions({
    queryKey: [...reportsKey, 'orders', page],
    queryFn: ({ signal }) => apiFetch(listOrganisationOrders, { query: { page }, signal }),
    placeholderData: keepPreviousData,
  });

/** Where the CSV of the orders placed over `range` is. */
export const ordersCsvUrl = (range: MonthRange) => buildUrl(ORDERS_CSV_ROUTE, undefined, range);

/** Saves the orders placed over `range` as CSV; the file needs the session, so it is fetched with the token. */
export const downloadOrdersCsv = (range: MonthRange): Promise<void> =>
  downloadFile(ordersCsvUrl(range), `orders-${range.from}-to-${range.to}.csv`);
