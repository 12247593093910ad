import { escapeHtml as escapeXml } from '../lib/mail-layout.ts';

export const SITEMAP_NAMESPACE = 'http://www.sitemaps.org/schemas/sitemap/0.9';
const XHTML_NAMESPACE = 'http://www.w3.org/1999/xhtml';
const XML_DECLARATION = '<?xml version="1.0" encoding="UTF-8"?>\n';

/** English is the bare URL; the others carry `?lang=`. */
const LANGUAGES = ['en', 'ur', 'ar'] as const;

/** Every page is listed once per language. */
export const URLS_PER_PAGE = LANGUAGES.length;

export interface SitemapPage {
  /** A path on the shop, its segments already URL-encoded. */
  path: string;
  lastModified?: Date;
}

const inLanguage = (url: string, language: (typeof LANGUAGES)[number]) => (language === 'en' ? url : `${url}?lang=${language}`);

/**
 * A `<url>` for each language version of the page, each naming all of them and English as the default: hreflang
 * in a sitemap asks every version to be listed itself, with the same set of alternates.
 */
function pageUrls(publicUrl: string, page: SitemapPage): string {
  const url = publicUrl + page.path;
  const alternates = [...LANGUAGES.map((language) => [language, inLanguage(url, language)]), ['x-default', url]]
    .map(([hreflang, href]) => `<xhtml:link rel="alternate" hreflang="${hreflang}" href="${escapeXml(href)}"/>`)
    .join('');
  const lastmod = page.lastModified ? `<lastmod>${page.lastModified.toISOString()}</lastmod>` : '';
  return LANGUAGES.map((language) => `<url><loc>${escapeXml(inLanguage(url, language))}</loc>${lastmod}${alternates}</url>\n`).join('');
}

/** A `<urlset>` written a batch of pages at a time, as the batches arrive. */
export async function* urlset(publicUrl: string, batches: AsyncIterable<SitemapPage[]> | Iterable<SitemapPage[]>): AsyncGenerator<string> {
  yield `${XML_DECLARATION}<urlset xmlns="${SITEMAP_NAMESPACE}" xmlns:xhtml="${XHTML_NAMESPACE}">\n`;
  for await (const pages of batches) yield pages.map((page) => pageUrls(publicUrl, page)).join('');
  yield '</urlset>\n';
}

export const sitemapIndex = (locations: string[]) =>
  `${XML_DECLARATION}<sitemapindex xmlns="${SITEMAP_NAMESPACE}">\n`
  + locations.map((loc) => `<sitemap><loc>${escapeXml(loc)}</loc></sitemap>\n`).join('')
  + '</sitemapindex>\n';
