import type { ProductDetail, ProductVariant } from '#contracts/catalog';
import type { Review } from '#contracts/reviews';
import type { Crumb } from '../components/ui/breadcrumb.tsx';
import { CONTACT_EMAIL, CONTACT_PHONE } from '../contact/shop-contact.ts';

const CONTEXT = 'https://schema.org';
/** Catalogue prices are US dollars; other currencies are a display choice. */
const CURRENCY = 'USD';

const absolute = (origin: string, url: string) => (/^https?:\/\//.test(url) ? url : `${origin}${url}`);

export function organization(origin: string, name: string) {
  return {
    '@context': CONTEXT,
    '@type': 'Organization',
    '@id': `${origin}/#organization`,
    name,
    url: `${origin}/`,
    logo: `${origin}/favicon.svg`,
    email: CONTACT_EMAIL,
    telephone: CONTACT_PHONE,
    address: { '@type': 'PostalAddress', addressLocality: 'Sialkot', addressCountry: 'PK' },
  };
}

/** The site with its search box, which Google can offer under the shop's result. */
export function website(origin: string, name: string) {
  return {
    '@context': CONTEXT,
    '@type': 'WebSite',
    '@id': `${origin}/#website`,
    name,
    url: `${origin}/`,
    publisher: { '@id': `${origin}/#organization` },
    potentialAction: {
      '@type': 'SearchAction',
      target: { '@type': 'EntryPoint', urlTemplate: `${origin}/search?q={search_term_string}` },
      'query-input': 'required name=search_term_string',
    },
  };
}

/** The trail a page shows (components/ui/breadcrumb.tsx), as search engines read it. */
export function breadcrumbs(origin: string, crumbs: readonly Crumb[]) {
  return {
    '@context': CONTEXT,
    '@type': 'BreadcrumbList',
    itemListElement: crumbs.map((crumb, index) => ({
      '@type': 'ListItem',
      position: index + 1,
      name: crumb.label,
      ...(crumb.to ? { item: absolute(origin, crumb.to) } : {}),
    })),
  };
}

const availability = (inStock: boolean) => `${CONTEXT}/${inStock ? 'InStock' : 'OutOfStock'}`;

/** A GTIN as Google reads it: gtin8, gtin12, gtin13 or gtin14 by its length. */
function gtinOf(gtin: string | null) {
  return gtin && [8, 12, 13, 14].includes(gtin.length) ? { [`gtin${gtin.length}`]: gtin } : {};
}

function offer(url: string, variant: ProductVariant, seller: object) {
  return {
    '@type': 'Offer',
    url,
    sku: variant.model_number,
    ...gtinOf(variant.gtin),
    price: variant.price,
    priceCurrency: CURRENCY,
    availability: availability(variant.is_in_stock),
    itemCondition: `${CONTEXT}/NewCondition`,
    seller,
    ...(variant.label ? { name: variant.label } : {}),
  };
}

function review(item: Review) {
  return {
    '@type': 'Review',
    name: item.title,
    reviewBody: item.body,
    datePublished: item.created_at.slice(0, 10),
    author: { '@type': 'Person', name: item.author },
    reviewRating: { '@type': 'Rating', ratingValue: item.rating, bestRating: 5, worstRating: 1 },
  };
}

/**
 * A product as Google's merchant listings read it: an Offer per variant (one Offer for a product without options,
 * an AggregateOffer over several), with the rating and the latest reviews when it has them.
 */
export function product(origin: string, url: string, detail: ProductDetail, reviews: readonly Review[]) {
  const seller = { '@id': `${origin}/#organization` };
  const offers = detail.variants.map((variant) => offer(url, variant, seller));
  const images = detail.images.length ? detail.images.map((image) => absolute(origin, image.image_url)) : [absolute(origin, detail.main_image)];
  return {
    '@context': CONTEXT,
    '@type': 'Product',
    '@id': `${url}#product`,
    name: detail.name,
    description: detail.short_description || detail.description,
    url,
    image: images,
    sku: detail.model_number,
    ...gtinOf(detail.variants[0]?.gtin ?? null),
    mpn: detail.model_number,
    category: detail.category_name,
    brand: { '@type': 'Brand', name: detail.brand },
    offers: offers.length === 1
      ? offers[0]
      : {
        '@type': 'AggregateOffer',
        priceCurrency: CURRENCY,
        lowPrice: detail.price,
        highPrice: detail.price_max,
        offerCount: offers.length,
        availability: availability(detail.is_in_stock),
        offers,
      },
    ...(detail.review_count > 0
      ? {
        aggregateRating: {
          '@type': 'AggregateRating', ratingValue: detail.average_rating, reviewCount: detail.review_count, bestRating: 5, worstRating: 1,
        },
        review: reviews.slice(0, 5).map(review),
      }
      : {}),
  };
}
