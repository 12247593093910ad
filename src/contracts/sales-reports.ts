import { z } from 'zod';
import { defineContract } from './define.ts';
import { DAY_FORMAT, message } from './issues.ts';
import { decimalString } from './money.ts';
import { PAYMENT_METHODS } from './payment.ts';
import { RETURN_REASONS } from './returns.ts';
import { staffAccess } from './staff-roles.ts';

/*
 * The shop's sales over a range of whole UTC days, both ends included, for the owner and sales. Every figure comes from
 * the orders, payments, refunds and store credit that checkout, refunds and returns write
 * (src/server/sales-reports/counted-sales.ts says which of them count).
 */

/** The longest range a report covers, in days: a leap year. */
export const MAX_REPORT_DAYS = 366;
/** Without `from`, a report starts this many days before its last day: the last 7 days. */
export const DEFAULT_REPORT_DAYS = 7;
/** How many products, categories and customers the top tables hold. */
export const TOP_ROWS = 10;

const DAY_MS = 86_400_000;
const dayNumber = (day: string) => Date.parse(`${day}T00:00:00Z`) / DAY_MS;
/** A YYYY-MM-DD day moved by `days`. */
export const addDays = (day: string, days: number) => new Date((dayNumber(day) + days) * DAY_MS).toISOString().slice(0, 10);
/** The days from `from` to `to`, both included. */
export const daysBetween = (from: string, to: string) => dayNumber(to) - dayNumber(from) + 1;

export const RANGE_REVERSED = message('date_range_reversed', 'Choose a last day on or after the first day.');
export const RANGE_TOO_LONG = message('date_range_too_long', `Choose at most ${MAX_REPORT_DAYS} days.`, { max: MAX_REPORT_DAYS });

/** What is wrong with a range, per field: `to` before `from`, or longer than MAX_REPORT_DAYS. */
export function rangeProblems(from: string, to: string): Record<string, string[]> | null {
  if (to < from) return { to: [RANGE_REVERSED] };
  if (daysBetween(from, to) > MAX_REPORT_DAYS) return { from: [RANGE_TOO_LONG] };
  return null;
}

const day = z.iso.date({ message: DAY_FORMAT });

/**
 * `to` defaults to today (UTC), `from` to DEFAULT_REPORT_DAYS − 1 days before `to`: without either, the last 7 days
 * including today. The range holds at most MAX_REPORT_DAYS days, and `to` is not before `from`.
 */
const range = { from: day.optional(), to: day.optional() };
/** A range's own rules, once both ends are given (a missing end is filled in by the server). */
const checkRange = (value: { from?: string; to?: string }, ctx: z.RefinementCtx) => {
  if (!value.from || !value.to) return;
  for (const [field, messages] of Object.entries(rangeProblems(value.from, value.to) ?? {})) {
    for (const text of messages) ctx.addIssue({ code: 'custom', path: [field], message: text });
  }
};

export const salesReportQuery = z.object(range).superRefine(checkRange);
export type SalesReportQuery = z.input<typeof salesReportQuery>;

/** Gross: counted orders at their totals on the day placed; refunds: what was given back on the day given; net = gross − refunds. */
const revenue = z.object({ gross: decimalString, refunds: decimalString, net: decimalString });

export const salesDay = z.object({
  /** YYYY-MM-DD, UTC. */
  date: z.string(),
  orders: z.number().int(),
  gross: decimalString,
  refunds: decimalString,
  net: decimalString,
});
export type SalesDay = z.infer<typeof salesDay>;

/** What a product's or a category's lines of counted orders sold: units, and their line totals in USD. */
const sold = { units: z.number().int(), revenue: decimalString };

export const salesReport = z.object({
  from: z.string(),
  to: z.string(),
  /** USD. */
  revenue,
  /** PKR: each order, and each refund made in dollars, at its order's own exchange rate; a refund paid in rupees as paid. */
  revenue_pkr: revenue,
  orders: z.number().int(),
  /** gross ÷ orders, half up to the cent (0.00 without orders); in PKR, gross in PKR ÷ orders, to the paisa. */
  average_order_value: decimalString,
  average_order_value_pkr: decimalString,
  /** Units on the lines of the counted orders. */
  units: z.number().int(),
  /** Every day of the range, oldest first, days without sales included. */
  by_day: z.array(salesDay),
  top_products: z.array(z.object({ product_id: z.number().int().nullable(), name: z.string(), ...sold })),
  /** By the category the line was sold in. */
  top_categories: z.array(z.object({ category: z.string(), ...sold })),
  /** By net: their counted orders of the range less what the range gave back on any of their orders. */
  top_customers: z.array(z.object({
    user_id: z.string(),
    name: z.string(),
    email: z.string(),
    orders: z.number().int(),
    gross: decimalString,
    refunds: decimalString,
    net: decimalString,
  })),
  /** By the method of each order's latest payment (null: an order without any). */
  payment_methods: z.array(z.object({ method: z.enum(PAYMENT_METHODS).nullable(), orders: z.number().int(), gross: decimalString })),
  /** By the shipping address's country (ISO 3166-1 alpha-2). */
  countries: z.array(z.object({ country: z.string(), orders: z.number().int(), gross: decimalString })),
  /** Returns asked for in the range, rejected ones aside (the returns report's own figures). */
  returns_by_reason: z.array(z.object({ reason: z.enum(RETURN_REASONS), returns: z.number().int(), units: z.number().int() })),
});
export type SalesReport = z.infer<typeof salesReport>;

export const getSalesReport = defineContract({
  staff: staffAccess.reports,
  method: 'GET',
  path: '/api/staff/reports/sales/',
  errors: ['STAFF_ONLY'],
  query: salesReportQuery,
  response: salesReport,
});

/**
 * Each table of the report as CSV (not JSON, so not a contract), for the same range:
 * GET /api/staff/reports/sales.csv?from=&to=&table=products
 */
export const SALES_CSV_ROUTE = '/api/staff/reports/sales.csv';
export const SALES_CSV_COLUMNS = {
  days: ['date', 'orders', 'gross_usd', 'refunds_usd', 'net_usd'],
  products: ['product_id', 'product', 'units', 'revenue_usd'],
  categories: ['category', 'units', 'revenue_usd'],
  customers: ['customer', 'email', 'orders', 'gross_usd', 'refunds_usd', 'net_usd'],
  payment_methods: ['payment_method', 'orders', 'gross_usd'],
  countries: ['country', 'orders', 'gross_usd'],
  returns: ['reason', 'returns', 'units'],
} as const;
export type SalesTable = keyof typeof SALES_CSV_COLUMNS;
export const SALES_TABLES = Object.keys(SALES_CSV_COLUMNS) as [SalesTable, ...SalesTable[]];

export const salesCsvQuery = z.object({
  ...range,
  table: z.enum(SALES_TABLES, { message: message('invalid', `Choose one of ${SALES_TABLES.join(', ')}.`) }),
}).superRefine(checkRange);
