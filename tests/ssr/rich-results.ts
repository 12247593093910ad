/**
 * The rules of Google's rich results for the structured data a page gives (developers.google.com/search/docs/
 * appearance/structured-data): what each type must hold to be eligible. Returns the problems found; none is valid.
 */
type Thing = Record<string, unknown>;

const present = (value: unknown) => value !== undefined && value !== null && value !== '';
const isUrl = (value: unknown) => typeof value === 'string' && /^https?:\/\/[^ ]+$/.test(value);
const isPrice = (value: unknown) => typeof value === 'string' ? /^\d+(\.\d+)?$/.test(value) : typeof value === 'number';
const AVAILABILITY = /^https:\/\/schema\.org\/(InStock|OutOfStock|PreOrder|BackOrder|Discontinued|LimitedAvailability)$/;

function offerProblems(offer: Thing, where: string): string[] {
  const problems: string[] = [];
  if (offer['@type'] === 'AggregateOffer') {
    if (!isPrice(offer.lowPrice)) problems.push(`${where}: AggregateOffer needs lowPrice`);
    if (!present(offer.priceCurrency)) problems.push(`${where}: AggregateOffer needs priceCurrency`);
    if (typeof offer.offerCount !== 'number') problems.push(`${where}: AggregateOffer needs offerCount`);
    ((offer.offers as Thing[] | undefined) ?? []).forEach((item, index) => problems.push(...offerProblems(item, `${where}.offers[${index}]`)));
    return problems;
  }
  if (offer['@type'] !== 'Offer') return [`${where}: not an Offer`];
  if (!isPrice(offer.price)) problems.push(`${where}: Offer needs a price`);
  if (!/^[A-Z]{3}$/.test(String(offer.priceCurrency))) problems.push(`${where}: Offer needs an ISO 4217 priceCurrency`);
  if (!AVAILABILITY.test(String(offer.availability))) problems.push(`${where}: Offer availability is not a schema.org ItemAvailability`);
  if (!isUrl(offer.url)) problems.push(`${where}: Offer needs its URL`);
  return problems;
}

function ratingProblems(rating: Thing, where: string): string[] {
  const problems: string[] = [];
  const value = Number(rating.ratingValue);
  if (!(value >= Number(rating.worstRating ?? 1) && value <= Number(rating.bestRating ?? 5))) problems.push(`${where}: ratingValue out of range`);
  return problems;
}

export function productProblems(product: Thing): string[] {
  const problems: string[] = [];
  if (!present(product.name)) problems.push('Product needs a name');
  if (!present(product.offers) && !present(product.review) && !present(product.aggregateRating)) {
    problems.push('Product needs offers, review or aggregateRating');
  }
  if (!(Array.isArray(product.image) ? product.image.every(isUrl) : isUrl(product.image))) problems.push('Product images must be absolute URLs');
  if (product.offers) problems.push(...offerProblems(product.offers as Thing, 'offers'));
  const brand = product.brand as Thing | undefined;
  if (brand && (brand['@type'] !== 'Brand' || !present(brand.name))) problems.push('brand must be a Brand with a name');
  for (const key of ['gtin8', 'gtin12', 'gtin13', 'gtin14']) {
    if (key in product && !new RegExp(`^\\d{${key.slice(4)}}$`).test(String(product[key]))) problems.push(`${key} has the wrong digits`);
  }
  const aggregate = product.aggregateRating as Thing | undefined;
  if (aggregate) {
    if (!(Number(aggregate.reviewCount) > 0 || Number(aggregate.ratingCount) > 0)) problems.push('aggregateRating needs a count');
    problems.push(...ratingProblems(aggregate, 'aggregateRating'));
  }
  ((product.review as Thing[] | undefined) ?? []).forEach((review, index) => {
    const author = review.author as Thing | undefined;
    if (!author || !present(author.name) || !['Person', 'Organization'].includes(String(author['@type']))) {
      problems.push(`review[${index}] needs an author with a name`);
    }
    if (!review.reviewRating) problems.push(`review[${index}] needs a reviewRating`);
    else problems.push(...ratingProblems(review.reviewRating as Thing, `review[${index}].reviewRating`));
  });
  return problems;
}

export function breadcrumbProblems(list: Thing): string[] {
  const items = list.itemListElement as Thing[] | undefined;
  if (!items?.length) return ['BreadcrumbList needs items'];
  return items.flatMap((item, index) => [
    ...(item.position === index + 1 ? [] : [`item ${index} has position ${String(item.position)}`]),
    ...(present(item.name) ? [] : [`item ${index} needs a name`]),
    // Only the last crumb, the page itself, may leave out its URL.
    ...(index === items.length - 1 || isUrl(item.item) ? [] : [`item ${index} needs an absolute item URL`]),
  ]);
}

export function websiteProblems(site: Thing): string[] {
  const action = site.potentialAction as Thing | undefined;
  const target = (action?.target as Thing | undefined)?.urlTemplate;
  return [
    ...(isUrl(site.url) ? [] : ['WebSite needs its URL']),
    ...(action?.['@type'] === 'SearchAction' ? [] : ['WebSite needs a SearchAction']),
    ...(typeof target === 'string' && target.includes('{search_term_string}') ? [] : ['SearchAction target needs {search_term_string}']),
    ...(action?.['query-input'] === 'required name=search_term_string' ? [] : ['SearchAction needs query-input']),
  ];
}

export function organizationProblems(organization: Thing): string[] {
  return [
    ...(present(organization.name) ? [] : ['Organization needs a name']),
    ...(isUrl(organization.url) ? [] : ['Organization needs its URL']),
    ...(isUrl(organization.logo) ? [] : ['Organization logo must be an absolute URL']),
  ];
}
