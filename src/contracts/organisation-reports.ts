import { z } from 'zod';
import { defineContract } from './define.ts';
import { decimalString } from './money.ts';
import { order } from './orders.ts';

/*
 * What an organisation bought, across its members: for its admins, approvers and finance (403 ORGANISATION_ROLE to
 * buyers, who see their own orders under /orders); 404 to someone who belongs to no organisation.
 */

export const ORGANISATION_ORDERS_PAGE_SIZE = 20;
const month = z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'Enter a month as YYYY-MM.');

export const organisationOrder = order.extend({
  placedBy: z.object({ name: z.string(), email: z.string() }),
});
export type OrganisationOrder = z.infer<typeof organisationOrder>;

/** Newest first; every order any member placed for the organisation. */
export const listOrganisationOrders = defineContract({
  method: 'GET',
  path: '/api/organisation/orders/',
  errors: ['ORGANISATION_ROLE'],
  query: z.object({ page: z.coerce.number().int().min(1, 'Pages start at 1.').max(100_000).default(1) }),
  response: z.object({ orders: z.array(organisationOrder), count: z.number().int(), totalPages: z.number().int() }),
});

export const spendRow = z.object({
  /** YYYY-MM, UTC. */
  month: z.string(),
  department_id: z.number().int().nullable(),
  /** null: orders placed for no department. */
  department: z.string().nullable(),
  orders: z.number().int(),
  /** What those orders cost, USD. */
  total: decimalString,
  /** The credit notes issued in the month for the department's orders (returns refunded or credited). */
  credit_notes: z.number().int(),
  /** What those credit notes gave back, USD. */
  credited: decimalString,
  /** total − credited, USD: below zero in a month that credited more than it spent. */
  net: decimalString,
});
export type SpendRow = z.infer<typeof spendRow>;

/**
 * Spend by month and department, from `from` to `to` (YYYY-MM, both included; by default the last twelve months):
 * orders not cancelled and not failed, at their totals in USD, less the credit notes of those orders, each in the month
 * it was issued (as a finance office books it). A month and department with credit notes and no orders has a row of
 * its own (0 orders).
 */
export const spendReport = defineContract({
  method: 'GET',
  path: '/api/organisation/reports/spend/',
  errors: ['ORGANISATION_ROLE'],
  query: z.object({ from: month.optional(), to: month.optional() }),
  response: z.object({ from: z.string(), to: z.string(), rows: z.array(spendRow) }),
});

/**
 * The same orders, one row each, and their credit notes of those months, one row each (total_usd below zero, the
 * note's number in credit_note, the rest its order's), oldest first, as CSV for finance:
 * GET /api/organisation/reports/orders.csv?from=&to=
 */
export const ORDERS_CSV_ROUTE = '/api/organisation/reports/orders.csv';
export const ORDERS_CSV_COLUMNS = [
  'date', 'order_number', 'placed_by', 'department', 'cost_centre', 'po_number', 'status', 'payment_status', 'payment_method', 'total_usd',
  'credit_note',
] as const;
export const ordersCsvQuery = spendReport.query;
