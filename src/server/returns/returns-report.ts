import { and, desc, eq, gte, lt, sql, type SQL } from 'drizzle-orm';
import type { ResponseOf } from '#contracts/define';
import type { returnsReport as returnsReportContract } from '#contracts/returns';
import type { Db } from '../db/client.ts';
import { orderItems } from '../db/schema/orders.ts';
import { returnItems, returns } from '../db/schema/returns.ts';

const nextDay = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000);

/** Returns asked for between `from` and `to` (whole UTC days, inclusive), rejected ones aside, by reason and by product. */
export async function returnsReport(db: Db, range: { from?: string; to?: string }): Promise<ResponseOf<typeof returnsReportContract>> {
  const conditions: SQL[] = [sql`${returns.status} <> 'rejected'`];
  if (range.from) conditions.push(gte(returns.createdAt, new Date(`${range.from}T00:00:00Z`)));
  if (range.to) conditions.push(lt(returns.createdAt, nextDay(range.to)));
  const where = and(...conditions);
  const units = sql<number>`sum(${returnItems.quantity})::int`;
  const count = sql<number>`count(distinct ${returns.id})::int`;
  const [byReason, byProduct] = await Promise.all([
    db.select({ reason: returnItems.reason, returns: count, units }).from(returnItems).innerJoin(returns, eq(returns.id, returnItems.returnId))
      .where(where).groupBy(returnItems.reason).orderBy(desc(units)),
    db.select({ product_id: orderItems.productId, name: sql<string>`min(${orderItems.name})`, returns: count, units }).from(returnItems)
      .innerJoin(returns, eq(returns.id, returnItems.returnId)).innerJoin(orderItems, eq(orderItems.id, returnItems.orderItemId))
      .where(where).groupBy(orderItems.productId).orderBy(desc(units)).limit(50),
  ]);
  const numbers = <T extends { returns: number; units: number }>(row: T) => ({ ...row, returns: Number(row.returns), units: Number(row.units) });
  return { by_reason: byReason.map(numbers), by_product: byProduct.map(numbers) };
}
