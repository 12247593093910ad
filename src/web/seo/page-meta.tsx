import { LOCALES, useLocale, type Locale } from '../i18n/locale-store.ts';
import { pageUrl, type QueryPairs } from './page-url.ts';
import { useSiteOrigin } from './site.ts';

const OG_LOCALES: Record<Locale, string> = { en: 'en_US', ur: 'ur_PK', ar: 'ar_AR' };

export interface PageMetaProps {
  /** The whole document title. */
  title: string;
  description: string;
  pathname: string;
  /** The page's own parameters (filters, page), in the order its canonical URL lists them. */
  query?: QueryPairs;
  /** A photo for link previews: the product's, or the category's. */
  image?: string;
  type?: 'website' | 'product';
}

const absolute = (origin: string, url: string) => (/^https?:\/\//.test(url) ? url : `${origin}${url}`);

/**
 * A public page's head: title, description, canonical URL, its address in each language (hreflang), and the Open
 * Graph and Twitter card tags of a shared link. React places them in the document's head.
 */
export function PageMeta({ title, description, pathname, query = [], image, type = 'website' }: PageMetaProps) {
  const origin = useSiteOrigin();
  const locale = useLocale();
  const url = pageUrl(origin, pathname, query, locale);
  const text = description.replace(/\s+/g, ' ').trim();
  return (
    <>
      <title>{title}</title>
      <meta name="description" content={text} />
      <link rel="canonical" href={url} />
      {LOCALES.map((language) => (
        <link key={language} rel="alternate" hrefLang={language} href={pageUrl(origin, pathname, query, language)} />
      ))}
      <link rel="alternate" hrefLang="x-default" href={pageUrl(origin, pathname, query, 'en')} />
      <meta property="og:type" content={type} />
      <meta property="og:title" content={title} />
      <meta property="og:description" content={text} />
      <meta property="og:url" content={url} />
      <meta property="og:locale" content={OG_LOCALES[locale]} />
      {image && <meta property="og:image" content={absolute(origin, image)} />}
      <meta name="twitter:card" content={image ? 'summary_large_image' : 'summary'} />
      <meta name="twitter:title" content={title} />
      <meta name="twitter:description" content={text} />
      {image && <meta name="twitter:image" content={absolute(origin, image)} />}
    </>
  );
}
