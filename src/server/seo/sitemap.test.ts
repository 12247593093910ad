import { createRequire } from 'node:module';
import { eq } from 'drizzle-orm';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products } from '../db/schema/catalog.ts';
import { insertCatalogue } from '../test/catalog-fixtures.ts';
import { createSeoApp, seoRoutesOn } from '../test/seo-app.ts';
import { registerSeoRoutes } from './seo.routes.ts';
import { SITEMAP_NAMESPACE } from './sitemap-xml.ts';

const XHTML = 'http://www.w3.org/1999/xhtml';
// jsdom's XML parser reports a document that is not well-formed; jsdom ships without types, hence require.
const { JSDOM } = createRequire(import.meta.url)('jsdom') as { JSDOM: new () => { window: { DOMParser: typeof DOMParser } } };
const parser = new new JSDOM().window.DOMParser();
const SHOP = 'http://shop.test';

let seo: Awaited<ReturnType<typeof createSeoApp>>;
/** slug → updated_at of every product a buyer can see. */
const visible = new Map<string, Date>();
const hidden = ['retired-mirror', 'unfinished-clamp'];

beforeAll(async () => {
  // At most ten URLs a sitemap: three products, each in three languages; read two rows a query.
  seo = await createSeoApp({ maxUrlsPerSitemap: 10, productBatchSize: 2 });
  const { db } = seo.database;
  const { products: rows } = await insertCatalogue(db, ['general-surgery', 'dental'], [
    ...Array.from({ length: 7 }, (_, i) => ({ name: `Mayo Scissors ${i + 1}`, category: i % 2 ? 'dental' : 'general-surgery', priceCents: 1_000 })),
    { name: 'Retired Mirror', category: 'dental', priceCents: 900, isActive: false },
    { name: 'Unfinished Clamp', category: 'dental', priceCents: 900 },
  ]);
  await db.update(products).set({ status: 'draft' }).where(eq(products.slug, 'unfinished-clamp'));
  // A slug whose apostrophe survives URL encoding and must be escaped in XML, and one in Urdu.
  const slugs = ["o'brien-retractor", 'قینچی', ...rows.slice(2, 7).map((row) => row.slug)];
  for (const [i, slug] of slugs.entries()) {
    const updatedAt = new Date(Date.UTC(2026, 2, 1 + i, 9, 30, 15, 250));
    await db.update(products).set({ slug, updatedAt }).where(eq(products.id, rows[i].id));
    visible.set(slug, updatedAt);
  }
});
afterAll(() => seo.close());

async function xml(app: typeof seo.app, url: string) {
  const res = await app.inject(url);
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['content-type']).toBe('application/xml; charset=utf-8');
  expect(res.headers['cache-control']).toBe('public, max-age=3600');
  const doc = parser.parseFromString(res.body, 'application/xml');
  expect(doc.getElementsByTagName('parsererror')).toHaveLength(0);
  expect(doc.documentElement.namespaceURI).toBe(SITEMAP_NAMESPACE);
  return doc;
}

const childText = (element: Element, name: string) => element.getElementsByTagNameNS(SITEMAP_NAMESPACE, name)[0]?.textContent;

async function indexLocations(app = seo.app) {
  const doc = await xml(app, '/sitemap.xml');
  expect(doc.documentElement.localName).toBe('sitemapindex');
  return [...doc.getElementsByTagNameNS(SITEMAP_NAMESPACE, 'sitemap')].map((sitemap) => childText(sitemap, 'loc')!);
}

async function urls(path: string) {
  const doc = await xml(seo.app, path);
  expect(doc.documentElement.localName).toBe('urlset');
  return [...doc.getElementsByTagNameNS(SITEMAP_NAMESPACE, 'url')].map((url) => ({
    loc: childText(url, 'loc')!,
    lastmod: childText(url, 'lastmod'),
    alternates: Object.fromEntries([...url.getElementsByTagNameNS(XHTML, 'link')]
      .map((link) => [link.getAttribute('hreflang')!, link.getAttribute('href')!])),
  }));
}

const languageVersions = (url: string) => ({ en: url, ur: `${url}?lang=ur`, ar: `${url}?lang=ar`, 'x-default': url });

describe('GET /sitemap.xml', () => {
  it('names the pages sitemap and one products sitemap per three products, at the public address', async () => {
    expect(await indexLocations()).toEqual([
      `${SHOP}/sitemaps/pages.xml`, `${SHOP}/sitemaps/products-1.xml`, `${SHOP}/sitemaps/products-2.xml`, `${SHOP}/sitemaps/products-3.xml`,
    ]);
  });

  it.each([[3, 7], [20, 2], [21, 1], [50_000, 1]])('split at %i URLs, names %i products sitemaps', async (maxUrlsPerSitemap, children) => {
    const app = await seoRoutesOn(seo.database, { maxUrlsPerSitemap });
    try {
      const locations = await indexLocations(app);
      expect(locations.slice(1)).toEqual(Array.from({ length: children }, (_, i) => `${SHOP}/sitemaps/products-${i + 1}.xml`));
      const last = await xml(app, `/sitemaps/products-${children}.xml`);
      expect(last.getElementsByTagNameNS(SITEMAP_NAMESPACE, 'url').length).toBeGreaterThan(0);
      expect((await app.inject(`/sitemaps/products-${children + 1}.xml`)).statusCode).toBe(404);
    } finally {
      await app.close();
    }
  });

  it('refuses a split too small to hold one page in its three languages', () => {
    const split = (maxUrlsPerSitemap: number) => () => registerSeoRoutes(Fastify(), { db: seo.database.db, publicUrl: SHOP, maxUrlsPerSitemap });
    expect(split(2)).toThrow(/at least 3 URLs/);
    expect(split(3)).not.toThrow();
  });
});

describe('GET /sitemaps/products-{n}.xml', () => {
  it('lists every visible product once in each language, with its update time, and no draft or archived one', async () => {
    const children = [];
    for (const n of [1, 2, 3]) children.push(await urls(`/sitemaps/products-${n}.xml`));
    expect(children.map((child) => child.length)).toEqual([9, 9, 3]);
    const listed = children.flat();
    const english = listed.filter((url) => !url.loc.includes('?'));
    expect(english.map((url) => url.loc).sort()).toEqual([...visible.keys()].map((slug) => `${SHOP}/products/${encodeURIComponent(slug)}`).sort());
    for (const url of listed) {
      const slug = decodeURIComponent(new URL(url.loc).pathname.replace('/products/', ''));
      expect(url.lastmod).toBe(visible.get(slug)!.toISOString());
      expect(url.alternates).toEqual(languageVersions(`${SHOP}/products/${encodeURIComponent(slug)}`));
      expect(Object.values(url.alternates)).toContain(url.loc);
    }
    expect(listed.filter((url) => hidden.some((slug) => url.loc.includes(slug)))).toEqual([]);
  });

  it('escapes what URL encoding leaves', async () => {
    const res = await seo.app.inject('/sitemaps/products-1.xml');
    expect(res.body).toContain(`<loc>${SHOP}/products/o&#39;brien-retractor</loc>`);
    expect(res.body).toContain(`<loc>${SHOP}/products/%D9%82%DB%8C%D9%86%DA%86%DB%8C?lang=ur</loc>`);
  });

  it.each(['products-0.xml', 'products-4.xml', 'products-x.xml', 'products-1.xml.gz', 'other.xml'])('answers %s with 404', async (file) => {
    expect((await seo.app.inject(`/sitemaps/${file}`)).statusCode).toBe(404);
  });
});

describe('GET /sitemaps/pages.xml', () => {
  it('lists the home, list, about and contact pages and every category, in each language, without an update time', async () => {
    const listed = await urls('/sitemaps/pages.xml');
    const english = ['/', '/products', '/categories', '/about', '/contact', '/categories/general-surgery', '/categories/dental']
      .map((path) => `${SHOP}${path}`);
    expect(listed.map((url) => url.loc)).toEqual(english.flatMap((url) => [url, `${url}?lang=ur`, `${url}?lang=ar`]));
    for (const url of listed) {
      expect(url.lastmod).toBeUndefined();
      expect(url.alternates).toEqual(languageVersions(url.loc.replace(/\?lang=\w+$/, '')));
    }
  });
});
