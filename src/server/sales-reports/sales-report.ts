import { and, desc, eq, gte, lt, sql } from 'drizzle-orm';
import { centsToDecimal, usdCentsToPkrMinor } from '#contracts/money';
import type { PaymentMethod } from '#contracts/payment';
import {
  addDays, daysBetween, DEFAULT_REPORT_DAYS, rangeProblems, TOP_ROWS, type SalesReport, type SalesReportQuery,
} from '#contracts/sales-reports';
import type { Db } from '../db/client.ts';
import { products } from '../db/schema/catalog.ts';
import { orderItems, orders } from '../db/schema/orders.ts';
import { payments } from '../db/schema/payments.ts';
import { users } from '../db/schema/users.ts';
import { badRequest } from '../lib/errors.ts';
import { returnsReport } from '../returns/returns-report.ts';
import { countedSale, givenBack } from './counted-sales.ts';

export interface ReportRange { from: string; to: string }

/** The range asked for, its missing ends filled in: `to` today (UTC), `from` the 7 days up to `to`; 400 per field when it cannot be. */
export function reportRange(query: SalesReportQuery, now = new Date()): ReportRange {
  const to = query.to ?? now.toISOString().slice(0, 10);
  const from = query.from ?? addDays(to, 1 - DEFAULT_REPORT_DAYS);
  const problems = rangeProblems(from, to);
  if (problems) throw badRequest(problems);
  return { from, to };
}

/** From the first instant of `from` to the first instant after `to`, UTC. */
const within = (column: Parameters<typeof gte>[0], range: ReportRange) =>
  and(gte(column, new Date(`${range.from}T00:00:00Z`)), lt(column, new Date(`${addDays(range.to, 1)}T00:00:00Z`)));

const dayOf = (at: Date) => at.toISOString().slice(0, 10);
const customerName = (row: { firstName: string; lastName: string; email: string }) => `${row.firstName} ${row.lastName}`.trim() || row.email;

/** gross ÷ count, half up to the minor unit, as money.ts rounds; 0 without a count. */
const average = (minor: number, count: number) => (count === 0 ? 0 : Math.floor((minor * 2 + count) / (count * 2)));

/** Adds `cents` and `count` into the entry of `key`, creating it with `start`. */
function tally<K, V extends object>(map: Map<K, V>, key: K, start: () => V, add: (entry: V) => void) {
  const entry = map.get(key) ?? start();
  add(entry);
  map.set(key, entry);
}

const byGross = <T extends { cents: number; orders: number }>(a: T, b: T) => b.cents - a.cents || b.orders - a.orders;

async function countedOrders(db: Db, range: ReportRange) {
  const counted = and(countedSale, within(orders.createdAt, range));
  const buyer = { email: users.email, firstName: users.firstName, lastName: users.lastName };
  const given = givenBack(db);
  const revenue = sql<number>`sum(${orderItems.lineTotalCents})::bigint`;
  const units = sql<number>`sum(${orderItems.quantity})::int`;
  const [placed, returned, methods, productRows, categoryRows] = await Promise.all([
    db.select({ id: orders.id, userId: orders.userId, cents: orders.totalCents, rate: orders.exchangeRate, at: orders.createdAt, country: orders.country, ...buyer })
      .from(orders).innerJoin(users, eq(users.id, orders.userId)).where(counted),
    db.select({ userId: orders.userId, cents: given.cents, pkrMinor: given.pkrMinor, rate: orders.exchangeRate, at: given.at, ...buyer })
      .from(given).innerJoin(orders, eq(orders.id, given.orderId)).innerJoin(users, eq(users.id, orders.userId))
      .where(within(given.at, range)),
    // Each order's latest payment: the method it was (or is to be) paid by.
    db.selectDistinctOn([payments.orderId], { orderId: payments.orderId, method: payments.method })
      .from(payments).innerJoin(orders, eq(orders.id, payments.orderId)).where(counted)
      .orderBy(payments.orderId, desc(payments.createdAt)),
    db.select({ productId: orderItems.productId, name: sql<string>`coalesce(min(${products.name}), min(${orderItems.name}))`, units, revenue })
      .from(orderItems).innerJoin(orders, eq(orders.id, orderItems.orderId)).leftJoin(products, eq(products.id, orderItems.productId))
      .where(counted).groupBy(orderItems.productId),
    db.select({ category: orderItems.categoryName, units, revenue })
      .from(orderItems).innerJoin(orders, eq(orders.id, orderItems.orderId)).where(counted).groupBy(orderItems.categoryName),
  ]);
  return { placed, returned, methods, productRows, categoryRows };
}

/** The sales report of a range: see the contract (src/contracts/sales-reports.ts) for what each figure holds. */
export async function salesReport(db: Db, range: ReportRange): Promise<SalesReport> {
  const [{ placed, returned, methods, productRows, categoryRows }, returns] = await Promise.all([
    countedOrders(db, range), returnsReport(db, range),
  ]);
  const days = new Map(Array.from({ length: daysBetween(range.from, range.to) }, (_, i) => [
    addDays(range.from, i), { orders: 0, gross: 0, refunds: 0 },
  ]));
  const customers = new Map<string, { name: string; email: string; orders: number; gross: number; refunds: number }>();
  const customer = (row: (typeof placed)[number] | (typeof returned)[number]) => () =>
    ({ name: customerName(row), email: row.email, orders: 0, gross: 0, refunds: 0 });
  const methodOf = new Map(methods.map((row) => [row.orderId, row.method]));
  const byMethod = new Map<PaymentMethod | null, { orders: number; cents: number }>();
  const byCountry = new Map<string, { orders: number; cents: number }>();
  const totals = { gross: 0, refunds: 0, grossPkr: 0, refundsPkr: 0 };

  for (const order of placed) {
    totals.gross += order.cents;
    totals.grossPkr += usdCentsToPkrMinor(order.cents, order.rate);
    const day = days.get(dayOf(order.at))!;
    day.orders += 1;
    day.gross += order.cents;
    tally(customers, order.userId, customer(order), (entry) => { entry.orders += 1; entry.gross += order.cents; });
    const sale = (entry: { orders: number; cents: number }) => { entry.orders += 1; entry.cents += order.cents; };
    tally(byMethod, methodOf.get(order.id) ?? null, () => ({ orders: 0, cents: 0 }), sale);
    tally(byCountry, order.country, () => ({ orders: 0, cents: 0 }), sale);
  }
  for (const back of returned) {
    totals.refunds += back.cents;
    totals.refundsPkr += back.pkrMinor === null ? usdCentsToPkrMinor(back.cents, back.rate) : Number(back.pkrMinor);
    days.get(dayOf(back.at))!.refunds += back.cents;
    tally(customers, back.userId, customer(back), (entry) => { entry.refunds += back.cents; });
  }

  const money = (gross: number, refunds: number) => ({ gross: centsToDecimal(gross), refunds: centsToDecimal(refunds), net: centsToDecimal(gross - refunds) });
  const sold = <T extends { units: number; revenue: number }>(rows: T[]) => rows
    .map((row) => ({ ...row, units: Number(row.units), revenue: Number(row.revenue) }))
    .sort((a, b) => b.revenue - a.revenue || b.units - a.units).slice(0, TOP_ROWS)
    .map((row) => ({ ...row, revenue: centsToDecimal(row.revenue) }));
  return {
    ...range,
    revenue: money(totals.gross, totals.refunds),
    revenue_pkr: money(totals.grossPkr, totals.refundsPkr),
    orders: placed.length,
    average_order_value: centsToDecimal(average(totals.gross, placed.length)),
    average_order_value_pkr: centsToDecimal(average(totals.grossPkr, placed.length)),
    units: categoryRows.reduce((sum, row) => sum + Number(row.units), 0),
    by_day: [...days].map(([date, day]) => ({ date, orders: day.orders, ...money(day.gross, day.refunds) })),
    top_products: sold(productRows).map(({ productId, name, units, revenue }) => ({ product_id: productId, name, units, revenue })),
    top_categories: sold(categoryRows),
    top_customers: [...customers].map(([userId, row]) => ({ userId, ...row, net: row.gross - row.refunds }))
      .sort((a, b) => b.net - a.net || b.orders - a.orders).slice(0, TOP_ROWS)
      .map(({ userId, name, email, orders: count, gross, refunds }) => ({ user_id: userId, name, email, orders: count, ...money(gross, refunds) })),
    payment_methods: [...byMethod].map(([method, row]) => ({ method, ...row })).sort(byGross)
      .map(({ method, orders: count, cents }) => ({ method, orders: count, gross: centsToDecimal(cents) })),
    countries: [...byCountry].map(([country, row]) => ({ country, ...row })).sort(byGross)
      .map(({ country, orders: count, cents }) => ({ country, orders: count, gross: centsToDecimal(cents) })),
    returns_by_reason: returns.by_reason,
  };
}
