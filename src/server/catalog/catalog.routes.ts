import type { FastifyInstance, FastifyReply } from 'fastify';
import etag from '@fastify/etag';
import * as contracts from '#contracts/catalog';
import type { Db } from '../db/client.ts';
import { notFound } from '../lib/errors.ts';
import { route } from '../lib/route.ts';
import { findCategory, listActiveFlashSales, listCategories, listProducts } from './catalog.service.ts';
import { productFilters } from './filters.service.ts';
import type { OptionalUser } from '../auth/guard.ts';
import { withCustomerPrices } from '../pricing/customer-prices.ts';
import { findLiveStock } from './live-stock.service.ts';
import { findProductDetail } from './product-detail.service.ts';
import { currentSlugOf } from './slug-redirect.ts';
import { variantsAtPrices } from './variant-detail.ts';
import { buyableBy, forViewer, restrictedAmong, viewerCanBuyRestricted } from '../licences/viewer-licence.ts';

const SHARED = 'public, max-age=60';
// Revalidated on every use (cheap with ETag), so stock, sales, view counts and staff's category edits stay true.
const REVALIDATE = 'no-cache';

const cache = (reply: FastifyReply, value: string) => reply.header('cache-control', value);
// An organisation's own prices are for its buyer only.
const PERSONAL = 'private, no-cache';

function found<T>(value: T | undefined, what: 'Product' | 'Category'): T {
  if (value === undefined) throw notFound(`${what} not found.`);
  return value;
}

/** Catalogue reads; every answer carries an ETag, so a repeat with If-None-Match gets a 304. */
export async function registerCatalogRoutes(app: FastifyInstance, db: Db, optionalUser: OptionalUser): Promise<void> {
  await app.register(async (scope) => {
    await scope.register(etag);

    route(scope, contracts.listProducts, async (request, reply) => {
      const user = await optionalUser(request);
      const [list, canBuyRestricted] = await Promise.all([
        listProducts(db, request.query), viewerCanBuyRestricted(db, user?.id ?? null),
      ]);
      const results = forViewer(list.results, canBuyRestricted);
      const priced = await withCustomerPrices(db, user?.id ?? null, results);
      cache(reply, priced || canBuyRestricted ? PERSONAL : SHARED).header('vary', 'Authorization');
      return { ...list, results: priced ?? results };
    });
    route(scope, contracts.getProductFilters, async (_request, reply) => {
      cache(reply, SHARED);
      return productFilters(db);
    });
    route(scope, contracts.listCategories, async (_request, reply) => {
      cache(reply, REVALIDATE);
      return listCategories(db);
    });
    route(scope, contracts.listAllCategories, async (_request, reply) => {
      cache(reply, REVALIDATE);
      return listCategories(db);
    });
    route(scope, contracts.getCategoryById, async (request, reply) => {
      cache(reply, REVALIDATE);
      return found(await findCategory(db, { id: request.params.id }), 'Category');
    });
    route(scope, contracts.getCategory, async (request, reply) => {
      cache(reply, REVALIDATE);
      return found(await findCategory(db, { slug: request.params.slug }), 'Category');
    });
    route(scope, contracts.getProduct, async (request, reply) => {
      const user = await optionalUser(request);
      const [row, canBuyRestricted] = await Promise.all([
        findProductDetail(db, request.params.slug), viewerCanBuyRestricted(db, user?.id ?? null),
      ]);
      const renamed = row ? undefined : await currentSlugOf(db, request.params.slug);
      // A retired slug points at the product's address now; not cached for long, as a slug may be taken back.
      if (renamed) {
        return cache(reply, REVALIDATE).redirect(contracts.getProduct.path.replace(':slug', encodeURIComponent(renamed)), 301) as never;
      }
      const product = found(row, 'Product');
      // Recommendations offer only what this viewer can buy.
      const detail = {
        ...forViewer([product], canBuyRestricted)[0],
        related_products: buyableBy(product.related_products, canBuyRestricted),
        frequently_bought_together: buyableBy(product.frequently_bought_together, canBuyRestricted),
      };
      const priced = await withCustomerPrices(db, user?.id ?? null, [detail]);
      const related = priced && await withCustomerPrices(db, user?.id ?? null, detail.related_products);
      const together = priced && await withCustomerPrices(db, user?.id ?? null, detail.frequently_bought_together);
      cache(reply, priced || canBuyRestricted ? PERSONAL : REVALIDATE).header('vary', 'Authorization');
      return priced
        ? {
          ...priced[0],
          variants: await variantsAtPrices(db, user?.id ?? null, detail.variants),
          related_products: related ?? detail.related_products,
          frequently_bought_together: together ?? detail.frequently_bought_together,
        }
        : detail;
    });
    route(scope, contracts.listFlashSales, async (request, reply) => {
      const user = await optionalUser(request);
      const [items, canBuyRestricted] = await Promise.all([listActiveFlashSales(db), viewerCanBuyRestricted(db, user?.id ?? null)]);
      cache(reply, canBuyRestricted ? PERSONAL : REVALIDATE).header('vary', 'Authorization');
      if (canBuyRestricted) return { items };
      // The home page's sale offers only what this viewer can buy.
      const restricted = await restrictedAmong(db, items.map((item) => item.productId));
      return { items: items.filter((item) => !restricted.has(item.productId)) };
    });
  });

  route(app, contracts.getProductStock, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    return found(await findLiveStock(db, request.params.slug), 'Product');
  });
}
