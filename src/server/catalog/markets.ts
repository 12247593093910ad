import { eq, sql, type SQL } from 'drizzle-orm';
import { MARKETS, type FilterOption, type MarketValue } from '#contracts/catalog';
import type { Db } from '../db/client.ts';
import { products } from '../db/schema/catalog.ts';

const codesOf = (market: MarketValue): readonly string[] => MARKETS.find((m) => m.value === market)!.certifications;

/** Products holding a certification that admits them to the market (CE for Europe, FDA for the USA, DRAP for Pakistan). */
export function inMarket(market: MarketValue): SQL {
  const codes = sql.join(codesOf(market).map((code) => sql`${code}`), sql`, `);
  return sql`exists (select 1 from product_certifications pc join certifications ce on ce.id = pc.certification_id
    where pc.product_id = "products"."id" and ce.code in (${codes}))`;
}

export async function countMarkets(db: Db): Promise<(FilterOption & { value: MarketValue; certifications: string[] })[]> {
  const [counts] = await db.select(Object.fromEntries(MARKETS.map((market) => [
    market.value, sql<number>`count(*) filter (where ${inMarket(market.value)})::int`,
  ]))).from(products).where(eq(products.isActive, true));
  return MARKETS.map((market) => ({
    value: market.value, label: market.label, certifications: [...market.certifications], count: Number(counts[market.value]),
  }));
}
