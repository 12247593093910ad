import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Db } from '../db/client.ts';
import { notFound } from '../lib/errors.ts';
import { robotsTxt } from './robots.ts';
import { categorySlugs, countVisibleProducts, visibleProductBatches } from './sitemap.service.ts';
import { sitemapIndex, URLS_PER_PAGE, urlset } from './sitemap-xml.ts';

export interface SeoDeps {
  db: Db;
  /** The shop's address without a trailing slash. */
  publicUrl: string;
  /** The sitemaps protocol's limit by default. */
  maxUrlsPerSitemap?: number;
  /** Product rows read per query while a sitemap is written. */
  productBatchSize?: number;
}

const STATIC_PATHS = ['/', '/products', '/categories', '/about', '/contact'];
const PRODUCT_SITEMAP = /^products-([1-9]\d{0,8})\.xml$/;

function send(reply: FastifyReply, type: string, body: string | Readable) {
  return reply.header('cache-control', 'public, max-age=3600').type(`${type}; charset=utf-8`).send(body);
}

/** `/sitemap.xml` (an index of `/sitemaps/pages.xml` and `/sitemaps/products-{n}.xml`) and `/robots.txt`. */
export function registerSeoRoutes(app: FastifyInstance, { db, publicUrl, maxUrlsPerSitemap = 50_000, productBatchSize = 1_000 }: SeoDeps): void {
  const productsPerSitemap = Math.floor(maxUrlsPerSitemap / URLS_PER_PAGE);
  if (productsPerSitemap < 1) throw new Error(`A sitemap must hold at least ${URLS_PER_PAGE} URLs, one page in every language`);
  const productSitemaps = async () => Math.ceil(await countVisibleProducts(db) / productsPerSitemap);

  app.get('/robots.txt', async (_request, reply) => send(reply, 'text/plain', robotsTxt(publicUrl)));

  app.get('/sitemap.xml', async (_request, reply) => {
    const children = Array.from({ length: await productSitemaps() }, (_, i) => `${publicUrl}/sitemaps/products-${i + 1}.xml`);
    return send(reply, 'application/xml', sitemapIndex([`${publicUrl}/sitemaps/pages.xml`, ...children]));
  });

  app.get('/sitemaps/pages.xml', async (_request, reply) => {
    const categoryPaths = (await categorySlugs(db)).map((slug) => `/categories/${encodeURIComponent(slug)}`);
    const pages = [...STATIC_PATHS, ...categoryPaths].map((path) => ({ path }));
    return send(reply, 'application/xml', Readable.from(urlset(publicUrl, [pages])));
  });

  app.get<{ Params: { file: string } }>('/sitemaps/:file', async (request, reply) => {
    const match = PRODUCT_SITEMAP.exec(request.params.file);
    const n = Number(match?.[1]);
    if (!match || n > await productSitemaps()) throw notFound();
    const batches = visibleProductBatches(db, { skip: (n - 1) * productsPerSitemap, limit: productsPerSitemap, batchSize: productBatchSize });
    return send(reply, 'application/xml', Readable.from(urlset(publicUrl, productPages(batches))));
  });
}

async function* productPages(batches: AsyncIterable<{ slug: string; updatedAt: Date }[]>) {
  for await (const batch of batches) {
    yield batch.map((product) => ({ path: `/products/${encodeURIComponent(product.slug)}`, lastModified: product.updatedAt }));
  }
}
