import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { addDays, DEFAULT_REPORT_DAYS, getSalesReport, SALES_CSV_ROUTE, type SalesTable } from '#contracts/sales-reports';
import { apiFetch, buildUrl } from '../lib/api.ts';
import { downloadFile } from '../lib/download.ts';

/** Whole UTC days, both included, as YYYY-MM-DD: the days the server counts in. */
export interface DayRange {
  from: string;
  to: string;
}

export const PRESETS = ['last7', 'last30', 'thisMonth', 'lastMonth'] as const;
export type Preset = (typeof PRESETS)[number];

const today = (now: Date) => now.toISOString().slice(0, 10);
const firstOfMonth = (day: string) => `${day.slice(0, 7)}-01`;

/** The days a preset covers on `now`'s day (UTC). */
export function presetRange(preset: Preset, now = new Date()): DayRange {
  const to = today(now);
  switch (preset) {
    case 'last7': return { from: addDays(to, 1 - DEFAULT_REPORT_DAYS), to };
    case 'last30': return { from: addDays(to, -29), to };
    case 'thisMonth': return { from: firstOfMonth(to), to };
    case 'lastMonth': {
      const last = addDays(firstOfMonth(to), -1);
      return { from: firstOfMonth(last), to: last };
    }
  }
}

/** The preset that covers exactly `range` today, if one does. */
export const presetOf = (range: DayRange, now = new Date()): Preset | null =>
  PRESETS.find((preset) => {
    const days = presetRange(preset, now);
    return days.from === range.from && days.to === range.to;
  }) ?? null;

export const salesReportQuery = (range: DayRange) =>
  queryOptions({
    queryKey: ['sales-report', range.from, range.to],
    queryFn: ({ signal }) => apiFetch(getSalesReport, { query: range, signal }),
    placeholderData: keepPreviousData,
  });

/** Saves one table of the report over `range` as CSV, as the server writes it; the file needs the session, so it is fetched with the token. */
export const downloadSalesCsv = (range: DayRange, table: SalesTable): Promise<void> =>
  downloadFile(buildUrl(SALES_CSV_ROUTE, undefined, { ...range, table }), `sales-${table}-${range.from}-to-${range.to}.csv`);
