import { asc, eq, sql } from 'drizzle-orm';
import { PRICE_RANGES, type ProductFilters } from '#contracts/catalog';
import { dollarsToCents } from '#contracts/money';
import type { Db } from '../db/client.ts';
import { categories, certifications, productCertifications, products } from '../db/schema/catalog.ts';
import { handlingFilterOptions } from '../lots/lots.service.ts';
import { countMarkets } from './markets.ts';
import { categoryNameTranslations } from './category-translations.ts';
import { rowsOf } from '../db/rows.ts';
import { filterOptionTranslations } from './option-translations.ts';

const inRange = (range: (typeof PRICE_RANGES)[number]) => {
  const min = range.min_price === null ? sql`true` : sql`${products.priceCents} >= ${dollarsToCents(range.min_price)}`;
  const max = range.max_price === null ? sql`true` : sql`${products.priceCents} <= ${dollarsToCents(range.max_price)}`;
  return sql<number>`count(*) filter (where ${min} and ${max})::int`;
};

/** Every option the catalogue can be filtered by, each with the number of active products it matches. */
export async function productFilters(db: Db): Promise<ProductFilters> {
  const [categoryRows, brandRows, certificationRows, [priceCounts], marketCounts, optionRows, optionTranslations] = await Promise.all([
    db.select({
      value: categories.slug,
      label: categories.name,
      translations: categories.translations,
      count: sql<number>`count(${products.id})::int`,
    })
      .from(categories)
      .leftJoin(products, sql`${products.categoryId} = ${categories.id} and ${products.isActive}`)
      .groupBy(categories.id)
      .orderBy(asc(categories.sortOrder), asc(categories.name)),
    db.select({ value: products.brand, count: sql<number>`count(*)::int` })
      .from(products)
      .where(eq(products.isActive, true))
      .groupBy(products.brand)
      .orderBy(asc(products.brand)),
    db.select({ value: certifications.code, label: certifications.name, count: sql<number>`count(${products.id})::int` })
      .from(certifications)
      .innerJoin(productCertifications, eq(productCertifications.certificationId, certifications.id))
      .innerJoin(products, sql`${products.id} = ${productCertifications.productId} and ${products.isActive}`)
      .groupBy(certifications.id)
      .orderBy(asc(certifications.id)),
    db.select(Object.fromEntries(PRICE_RANGES.map((range) => [range.value, inRange(range)])))
      .from(products)
      .where(eq(products.isActive, true)),
    countMarkets(db),
    db.execute(sql`select o.key as name, o.value, count(distinct pv.product_id)::int as count
      from product_variants pv join products p on p.id = pv.product_id cross join jsonb_each_text(pv.options) o
      where pv.is_active and p.is_active group by o.key, o.value`),
    filterOptionTranslations(db),
  ]);
  return {
    categories: categoryRows.map(({ translations, ...row }) => ({
      ...row, count: Number(row.count), label_translations: categoryNameTranslations(translations),
    })),
    brands: brandRows.map((row) => ({ value: row.value, label: row.value, count: Number(row.count) })),
    certifications: certificationRows.map((row) => ({ ...row, count: Number(row.count) })),
    price_ranges: PRICE_RANGES.map((range) => ({ ...range, count: Number(priceCounts[range.value]) })),
    handling: await handlingFilterOptions(db),
    markets: marketCounts,
    options: optionFilters(rowsOf<{ name: string; value: string; count: number }>(optionRows), optionTranslations),
  };
}

const natural = new Intl.Collator('en', { numeric: true, sensitivity: 'base' });

/** Options by how many products use them, values in natural order ('9 cm' before '14 cm'), with their translations. */
function optionFilters(
  rows: { name: string; value: string; count: number }[], translations: Awaited<ReturnType<typeof filterOptionTranslations>>,
): ProductFilters['options'] {
  const byName = new Map<string, ProductFilters['options'][number]['values']>();
  for (const row of rows) {
    const label_translations = translations.valueOf(row.name, row.value);
    byName.set(row.name, [...(byName.get(row.name) ?? []), { value: row.value, label: row.value, count: Number(row.count), label_translations }]);
  }
  const used = (values: { count: number }[]) => values.reduce((sum, value) => sum + value.count, 0);
  return [...byName]
    .map(([name, values]) => ({
      name, name_translations: translations.nameOf(name), values: values.sort((a, b) => natural.compare(a.value, b.value)),
    }))
    .sort((a, b) => used(b.values) - used(a.values) || natural.compare(a.name, b.name));
}
