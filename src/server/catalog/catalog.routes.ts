import type { FastifyInstance, FastifyReply } from 'fastify';
import etag from '@fastify/etag';
import * as contracts from '#contracts/catalog';
import type { ProductDetail } from '#contracts/catalog';
import type { Db } from '../db/client.ts';
import { notFound } from '../lib/errors.ts';
import { route } from '../lib/route.ts';
import { findCategory, listActiveFlashSales, listCategories, listProducts } from './catalog.service.ts';
import { productFilters } from './filters.service.ts';
import type { OptionalUser } from '../auth/guard.ts';
import { withCustomerPrices } from '../pricing/customer-prices.ts';
import { findLiveStock } from './live-stock.service.ts';
import { findProductDetail } from './product-detail.service.ts';
import { createViewCounter } from './view-counter.ts';
import { rememberAnswer, sendKept, type CatalogCache } from '../catalog-cache/catalog-cache.ts';
import { CATALOGUE, categoryTag, productTag } from '../catalog-cache/catalog-tags.ts';
import { requestKey } from '../catalog-cache/request-key.ts';
import { currentSlugOf } from './slug-redirect.ts';
import { variantsAtPrices } from './variant-detail.ts';
import { buyableBy, forViewer, restrictedAmong, viewerCanBuyRestricted } from '../licences/viewer-licence.ts';

const SHARED = 'public, max-age=60';
// Revalidated on every use (cheap with ETag), so stock, sales and staff's category edits stay true.
const REVALIDATE = 'no-cache';

const cache = (reply: FastifyReply, value: string) => reply.header('cache-control', value);
// An organisation's own prices are for its buyer only.
const PERSONAL = 'private, no-cache';

/** Recommendations offer only what this viewer can buy. */
const recommendationsFor = (product: ProductDetail, canBuyRestricted: boolean) => ({
  related_products: buyableBy(product.related_products, canBuyRestricted),
  frequently_bought_together: buyableBy(product.frequently_bought_together, canBuyRestricted),
});

/** The product, every product its page recommends, and the components of its sets. */
const productTagsOf = (product: ProductDetail) => [
  ...[product, ...product.related_products, ...product.frequently_bought_together].map((item) => item.id),
  ...product.variants.flatMap((variant) => variant.set?.components.map((component) => component.product_id) ?? []),
].map(productTag);

function found<T>(value: T | undefined, what: 'Product' | 'Category'): T {
  if (value === undefined) throw notFound(`${what} not found.`);
  return value;
}

/**
 * Catalogue reads; every answer carries an ETag, so a repeat with If-None-Match gets a 304. A visitor's answers (no
 * Authorization header) come from `catalogCache`, tagged with what they show; a signed-in buyer's are built for them.
 */
export async function registerCatalogRoutes(
  app: FastifyInstance, db: Db, optionalUser: OptionalUser, catalogCache: CatalogCache,
): Promise<void> {
  const views = createViewCounter(db);
  app.addHook('onClose', () => views.flush());
  const shared = <T>(reply: FastifyReply, key: string, tags: (value: T) => string[], compute: () => Promise<T>) =>
    rememberAnswer(catalogCache, reply, key, async () => {
      const value = await compute();
      return { value, tags: tags(value) };
    });
  const sharedCategory = (reply: FastifyReply, key: string, where: { id: number } | { slug: string }) => shared(reply, key,
    (category) => (category ? [categoryTag(category.id)] : [CATALOGUE]), async () => (await findCategory(db, where)) ?? null);
  const sharedDetail = (reply: FastifyReply, slug: string) => rememberAnswer(catalogCache, reply, `product/${slug}`, async () => {
    const found = await findProductDetail(db, slug);
    if (!found) return { value: null, tags: [CATALOGUE] };
    // Tagged with every recommendation, shown or not: one that stops needing a licence appears.
    const { detail, categoryId } = found;
    return { value: { ...detail, ...recommendationsFor(detail, false) }, tags: [categoryTag(categoryId), ...productTagsOf(detail)] };
  });

  await app.register(async (scope) => {
    await scope.register(etag);

    route(scope, contracts.listProducts, async (request, reply) => {
      const user = await optionalUser(request);
      if (!user) {
        cache(reply, SHARED).header('vary', 'Authorization');
        return sendKept(reply, await shared(reply, requestKey('products', request.query), () => [CATALOGUE], () => listProducts(db, request.query)));
      }
      const [list, canBuyRestricted] = await Promise.all([listProducts(db, request.query, user.id), viewerCanBuyRestricted(db, user.id)]);
      const results = forViewer(list.results, canBuyRestricted);
      const priced = await withCustomerPrices(db, user.id, results);
      cache(reply, priced || canBuyRestricted ? PERSONAL : SHARED).header('vary', 'Authorization');
      return { ...list, results: priced ?? results };
    });
    route(scope, contracts.getProductFilters, async (_request, reply) => {
      cache(reply, SHARED);
      return sendKept(reply, await shared(reply, 'filters', () => [CATALOGUE], () => productFilters(db)));
    });
    route(scope, contracts.listCategories, async (_request, reply) => {
      cache(reply, REVALIDATE);
      return sendKept(reply, await shared(reply, 'categories', () => [CATALOGUE], () => listCategories(db)));
    });
    route(scope, contracts.listAllCategories, async (_request, reply) => {
      cache(reply, REVALIDATE);
      return sendKept(reply, await shared(reply, 'categories', () => [CATALOGUE], () => listCategories(db)));
    });
    route(scope, contracts.getCategoryById, async (request, reply) => {
      cache(reply, REVALIDATE);
      return sendKept(reply, found(await sharedCategory(reply, `category#${request.params.id}`, { id: request.params.id }) ?? undefined, 'Category'));
    });
    route(scope, contracts.getCategory, async (request, reply) => {
      cache(reply, REVALIDATE);
      return sendKept(reply, found(await sharedCategory(reply, `category/${request.params.slug}`, { slug: request.params.slug }) ?? undefined, 'Category'));
    });
    route(scope, contracts.getProduct, async (request, reply) => {
      const user = await optionalUser(request);
      const row = user ? (await findProductDetail(db, request.params.slug))?.detail : await sharedDetail(reply, request.params.slug) ?? undefined;
      const renamed = row ? undefined : await currentSlugOf(db, request.params.slug);
      // A retired slug points at the product's address now; not cached for long, as a slug may be taken back.
      if (renamed) {
        return cache(reply, REVALIDATE).redirect(contracts.getProduct.path.replace(':slug', encodeURIComponent(renamed)), 301) as never;
      }
      const product = found(row, 'Product');
      views.record(product.id);
      if (!user) {
        cache(reply, REVALIDATE).header('vary', 'Authorization');
        return sendKept(reply, product);
      }
      const canBuyRestricted = await viewerCanBuyRestricted(db, user.id);
      const detail = { ...forViewer([product], canBuyRestricted)[0], ...recommendationsFor(product, canBuyRestricted) };
      const priced = await withCustomerPrices(db, user.id, [detail]);
      const related = priced && await withCustomerPrices(db, user.id, detail.related_products);
      const together = priced && await withCustomerPrices(db, user.id, detail.frequently_bought_together);
      cache(reply, priced || canBuyRestricted ? PERSONAL : REVALIDATE).header('vary', 'Authorization');
      return priced
        ? {
          ...priced[0],
          variants: await variantsAtPrices(db, user.id, detail.variants),
          related_products: related ?? detail.related_products,
          frequently_bought_together: together ?? detail.frequently_bought_together,
        }
        : detail;
    });
    route(scope, contracts.listFlashSales, async (request, reply) => {
      const user = await optionalUser(request);
      const canBuyRestricted = await viewerCanBuyRestricted(db, user?.id ?? null);
      cache(reply, canBuyRestricted ? PERSONAL : REVALIDATE).header('vary', 'Authorization');
      if (canBuyRestricted) return { items: await listActiveFlashSales(db) };
      // The home page's sale offers only what this viewer can buy.
      const buyable = async () => {
        const items = await listActiveFlashSales(db);
        const restricted = await restrictedAmong(db, items.map((item) => item.productId));
        return { items: items.filter((item) => !restricted.has(item.productId)) };
      };
      return user ? buyable() : sendKept(reply, await shared(reply, 'flash-sales', () => [CATALOGUE], buyable));
    });
  });

  route(app, contracts.getProductStock, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    // Conversion is sales per view: the views this process has counted are written first.
    await views.flush();
    return found(await findLiveStock(db, request.params.slug), 'Product');
  });
}
