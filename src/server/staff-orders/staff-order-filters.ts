import { eq, gte, ilike, lt, or, sql, type SQL } from 'drizzle-orm';
import type { StaffOrdersFilter } from '#contracts/staff-orders';
import { orders } from '../db/schema/orders.ts';
import { likePattern } from '../lib/like-pattern.ts';
import { searchCondition } from '../orders/orders.service.ts';

const DAY_MS = 86_400_000;
/** The start of a UTC day `days` after `day` (YYYY-MM-DD). */
const dayStart = (day: string, days = 0) => new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS);

/**
 * The staff list's filters beyond the status: its search (the buyer's filters, and the buyer's email and name), the
 * payment state, the days it was placed (inclusive) and the ship-to country.
 */
export function staffOrderFilters(query: StaffOrdersFilter): (SQL | undefined)[] {
  const pattern = query.search ? likePattern(query.search) : null;
  return [
    query.search && pattern ? or(
      searchCondition(query.search),
      ilike(orders.email, pattern),
      sql`(${orders.firstName} || ' ' || ${orders.lastName}) ilike ${pattern}`,
    ) : undefined,
    query.payment_status ? eq(orders.paymentStatus, query.payment_status) : undefined,
    query.from ? gte(orders.createdAt, dayStart(query.from)) : undefined,
    query.to ? lt(orders.createdAt, dayStart(query.to, 1)) : undefined,
    query.country ? eq(orders.country, query.country) : undefined,
  ];
}
