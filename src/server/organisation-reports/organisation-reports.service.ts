import { and, count, desc, eq, gte, inArray, lt, ne, sql } from 'drizzle-orm';
import { centsToDecimal } from '#contracts/money';
import {
  listOrganisationOrders, ORGANISATION_ORDERS_PAGE_SIZE, spendReport, type OrganisationOrder, type SpendRow,
} from '#contracts/organisation-reports';
import type { Db } from '../db/client.ts';
import { organisationDepartments, organisationOrders } from '../db/schema/organisation-purchasing.ts';
import { orders } from '../db/schema/orders.ts';
import { payments } from '../db/schema/payments.ts';
import { creditNotes } from '../db/schema/returns.ts';
import { users } from '../db/schema/users.ts';
import { apiError } from '../lib/errors.ts';
import { ORGANISATION_ORDER_READERS, type Membership } from '../organisation-members/membership.ts';
import { orderViews } from '../orders/order-view.ts';

/** The organisation's orders are for its admins, approvers and finance; a buyer sees their own under /orders. */
export function requireReader(membership: Membership): void {
  if (!ORGANISATION_ORDER_READERS.includes(membership.role)) {
    throw apiError([listOrganisationOrders, spendReport], 'ORGANISATION_ROLE', 403, "Only your organisation's admins, approvers and finance see all its orders.");
  }
}

export async function ordersAcrossMembers(db: Db, membership: Membership, page: number) {
  requireReader(membership);
  const ofOrganisation = eq(organisationOrders.organisationId, membership.organisationId);
  const [[{ total }], rows] = await Promise.all([
    db.select({ total: count() }).from(organisationOrders).where(ofOrganisation),
    db.select({ order: orders, email: users.email, firstName: users.firstName, lastName: users.lastName }).from(organisationOrders)
      .innerJoin(orders, eq(orders.id, organisationOrders.orderId)).innerJoin(users, eq(users.id, orders.userId))
      .where(ofOrganisation).orderBy(desc(orders.createdAt), desc(orders.id))
      .limit(ORGANISATION_ORDERS_PAGE_SIZE).offset((page - 1) * ORGANISATION_ORDERS_PAGE_SIZE),
  ]);
  const views = await orderViews(db, rows.map((row) => row.order));
  const placed: OrganisationOrder[] = views.map((view, i) => ({
    ...view, placedBy: { name: `${rows[i].firstName} ${rows[i].lastName}`.trim() || rows[i].email, email: rows[i].email },
  }));
  return { orders: placed, count: total, totalPages: Math.max(1, Math.ceil(total / ORGANISATION_ORDERS_PAGE_SIZE)) };
}

const monthOf = (date: Date) => date.toISOString().slice(0, 7);
const firstDay = (month: string) => new Date(`${month}-01T00:00:00Z`);
const nextMonth = (month: string) => {
  const day = firstDay(month);
  return new Date(Date.UTC(day.getUTCFullYear(), day.getUTCMonth() + 1, 1));
};

/** The months asked for: by default the twelve up to this one. */
export function monthRange(query: { from?: string; to?: string }, now = new Date()): { from: string; to: string } {
  const to = query.to ?? monthOf(now);
  const from = query.from ?? monthOf(new Date(Date.UTC(firstDay(to).getUTCFullYear(), firstDay(to).getUTCMonth() - 11, 1)));
  return from <= to ? { from, to } : { from: to, to: from };
}

/** Orders that spent: not cancelled, and not refused by the gateway. */
const spendingOrder = (organisationId: string) => and(
  eq(organisationOrders.organisationId, organisationId), ne(orders.status, 'cancelled'), ne(orders.paymentStatus, 'failed'),
);
const within = (column: typeof orders.createdAt | typeof creditNotes.createdAt, range: { from: string; to: string }) =>
  and(gte(column, firstDay(range.from)), lt(column, nextMonth(range.to)));
const spending = (organisationId: string, range: { from: string; to: string }) =>
  and(spendingOrder(organisationId), within(orders.createdAt, range));

const monthOfColumn = (column: typeof orders.createdAt | typeof creditNotes.createdAt) =>
  sql<string>`to_char(${column} at time zone 'UTC', 'YYYY-MM')`;

interface SpendCells { month: string; departmentId: number | null; department: string | null; count: number; cents: number }

/** Orders by the month they were placed in, and their credit notes by the month each was issued, per department. */
async function spendCells(db: Db, organisationId: string, range: { from: string; to: string }) {
  const orderMonth = monthOfColumn(orders.createdAt);
  const noteMonth = monthOfColumn(creditNotes.createdAt);
  const cells = {
    departmentId: organisationOrders.departmentId, department: organisationDepartments.name, count: sql<number>`count(*)::int`,
  };
  const [spent, credited] = await Promise.all([
    db.select({ ...cells, month: orderMonth, cents: sql<number>`sum(${orders.totalCents})::bigint` })
      .from(organisationOrders).innerJoin(orders, eq(orders.id, organisationOrders.orderId))
      .leftJoin(organisationDepartments, eq(organisationDepartments.id, organisationOrders.departmentId))
      .where(spending(organisationId, range))
      .groupBy(orderMonth, organisationOrders.departmentId, organisationDepartments.name),
    db.select({ ...cells, month: noteMonth, cents: sql<number>`sum(${creditNotes.totalCents})::bigint` })
      .from(creditNotes).innerJoin(organisationOrders, eq(organisationOrders.orderId, creditNotes.orderId))
      .innerJoin(orders, eq(orders.id, creditNotes.orderId))
      .leftJoin(organisationDepartments, eq(organisationDepartments.id, organisationOrders.departmentId))
      .where(and(spendingOrder(organisationId), within(creditNotes.createdAt, range)))
      .groupBy(noteMonth, organisationOrders.departmentId, organisationDepartments.name),
  ]);
  const asCells = (rows: typeof spent): SpendCells[] => rows.map((row) => ({ ...row, count: Number(row.count), cents: Number(row.cents) }));
  return { spent: asCells(spent), credited: asCells(credited) };
}

/** Month by month, and within a month the departments by name, orders for no department last. */
const byMonthAndDepartment = (a: SpendRow, b: SpendRow) => a.month.localeCompare(b.month)
  || (a.department === null ? 1 : 0) - (b.department === null ? 1 : 0) || (a.department ?? '').localeCompare(b.department ?? '');

export async function spendByMonth(db: Db, membership: Membership, query: { from?: string; to?: string }) {
  requireReader(membership);
  const range = monthRange(query);
  const { spent, credited } = await spendCells(db, membership.organisationId, range);
  const empty = { spent: { count: 0, cents: 0 }, credited: { count: 0, cents: 0 } };
  const rows = new Map<string, SpendCells & typeof empty>();
  const tally = (side: keyof typeof empty) => (cell: SpendCells) => {
    const key = `${cell.month}/${cell.departmentId ?? ''}`;
    rows.set(key, { ...empty, ...cell, ...rows.get(key), [side]: { count: cell.count, cents: cell.cents } });
  };
  spent.forEach(tally('spent'));
  credited.forEach(tally('credited'));
  const result: SpendRow[] = [...rows.values()].map((row) => ({
    month: row.month, department_id: row.departmentId, department: row.department, orders: row.spent.count,
    total: centsToDecimal(row.spent.cents), credit_notes: row.credited.count, credited: centsToDecimal(row.credited.cents),
    net: centsToDecimal(row.spent.cents - row.credited.cents),
  }));
  return { ...range, rows: result.sort(byMonthAndDepartment) };
}

/** A cell a spreadsheet would run as a formula (=, +, -, @, tab, CR) is kept as text; an amount below zero stays a number. */
const cell = (value: string) => (/^[=+\-@\t\r]/.test(value) && !/^-\d+\.\d{2}$/.test(value) ? `'${value}` : value);

/**
 * One row per spending order of the months asked for, and one per credit note issued in them for such an order (its
 * amount below zero, its number in the last column), oldest first, for the finance CSV: total_usd adds up to the net.
 */
export async function ordersForCsv(db: Db, membership: Membership, query: { from?: string; to?: string }): Promise<string[][]> {
  requireReader(membership);
  const range = monthRange(query);
  const columns = { order: orders, link: organisationOrders, department: organisationDepartments, email: users.email };
  const [orderRows, noteRows] = await Promise.all([
    db.select(columns).from(organisationOrders).innerJoin(orders, eq(orders.id, organisationOrders.orderId))
      .innerJoin(users, eq(users.id, orders.userId))
      .leftJoin(organisationDepartments, eq(organisationDepartments.id, organisationOrders.departmentId))
      .where(spending(membership.organisationId, range)).orderBy(orders.createdAt, orders.id),
    db.select({ ...columns, note: { number: creditNotes.number, createdAt: creditNotes.createdAt, totalCents: creditNotes.totalCents } })
      .from(creditNotes).innerJoin(organisationOrders, eq(organisationOrders.orderId, creditNotes.orderId))
      .innerJoin(orders, eq(orders.id, creditNotes.orderId)).innerJoin(users, eq(users.id, orders.userId))
      .leftJoin(organisationDepartments, eq(organisationDepartments.id, organisationOrders.departmentId))
      .where(and(spendingOrder(membership.organisationId), within(creditNotes.createdAt, range))).orderBy(creditNotes.sequence),
  ]);
  const ids = [...new Set([...orderRows, ...noteRows].map((row) => row.order.id))];
  const methods = new Map((ids.length ? await db.select({ orderId: payments.orderId, method: payments.method }).from(payments)
    .where(inArray(payments.orderId, ids)) : []).map((row) => [row.orderId, row.method]));
  // A stable sort: an order comes before a credit note of the same moment.
  const documents = [
    ...orderRows.map((row) => ({ ...row, at: row.order.createdAt, cents: row.order.totalCents, creditNote: '' })),
    ...noteRows.map((row) => ({ ...row, at: row.note.createdAt, cents: -row.note.totalCents, creditNote: row.note.number })),
  ].sort((a, b) => a.at.getTime() - b.at.getTime());
  return documents.map(({ order, link, department, email, at, cents, creditNote }) => [
    at.toISOString().slice(0, 10), order.orderNumber, email, department?.name ?? '', department?.costCentre ?? '',
    link.poNumber, order.status, order.paymentStatus, methods.get(order.id) ?? '', centsToDecimal(cents), creditNote,
  ].map(cell));
}
