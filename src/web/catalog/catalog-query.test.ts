import { describe, expect, it } from 'vitest';
import { productListQuery } from '#contracts/catalog';
import {
  catalogHref,
  catalogSearchParams,
  formCatalogQuery,
  moreFiltersCount,
  parseCatalogQuery,
  parseView,
  priceRangeOf,
  sortValue,
  toApiQuery,
  withFilter,
  withOption,
  withPriceRange,
  withSort,
  type CatalogQuery,
} from './catalog-query.ts';

const parse = (search: string) => parseCatalogQuery(new URLSearchParams(search));

describe('catalogue query in the URL', () => {
  it('round-trips every field', () => {
    const query: CatalogQuery = {
      search: 'mayo scissors',
      category: 'general-surgery',
      brand: 'Ravi Surgical Works',
      certification: 'CE Marked',
      min_price: 100,
      max_price: 499.99,
      in_stock: true,
      ordering: '-price',
      page: 3,
    };
    const params = catalogSearchParams(query);
    expect(parse(params.toString())).toEqual(query);
    expect(parseView(catalogSearchParams(query, 'list'))).toBe('list');
  });

  it('gives equal links for equal queries and leaves defaults out', () => {
    expect(catalogHref({ page: 2, category: 'cardiology' })).toBe(catalogHref({ category: 'cardiology', page: 2 }));
    expect(catalogHref({ page: 1, in_stock: false, search: '  ' })).toBe('/products');
    expect(catalogHref({ category: 'cardiology' }, 'list')).toBe('/products?category=cardiology&view=list');
  });

  it('drops values the API would refuse', () => {
    expect(parse('page=0&ordering=random&min_price=-5&max_price=abc&in_stock=yes&search=%20%20')).toEqual({});
    expect(parse('page=2.5')).toEqual({});
    expect(parse('min_price=500&max_price=100')).toEqual({ min_price: 500 });
    expect(parse(`search=${'a'.repeat(300)}`).search).toHaveLength(200);
  });

  it('reads a home-page category link', () => {
    expect(parse('category=cardiology')).toEqual({ category: 'cardiology' });
    expect(parseView(new URLSearchParams('category=cardiology'))).toBe('grid');
  });

  it('becomes a products-list call the contract accepts', () => {
    const api = toApiQuery(parse('category=cardiology&in_stock=true&min_price=100&max_price=499.99&page=2'));
    expect(api).toEqual({ category: 'cardiology', in_stock: 'true', min_price: 100, max_price: 499.99, page: 2 });
    expect(productListQuery.safeParse(api).success).toBe(true);
    expect(toApiQuery({ search: 'clamp' })).toEqual({ search: 'clamp' });
  });
});

describe('the filter form, as its GET sends it', () => {
  it('reads each control: price select, option selects, handling checkboxes, with the default sort taken for none', () => {
    const fields = new URLSearchParams([
      ['search', ''], ['category', 'cardiology'], ['price_range', '100-500'], ['ordering', '-created_at'], ['brand', ''],
      ['market', 'europe'], ['option.Length', '18 cm'], ['option.Tip', ''], ['in_stock', 'true'], ['handling', 'sterile'],
      ['handling', 'latex_free'], ['view', 'list'],
    ]);
    expect(formCatalogQuery(fields)).toEqual({
      category: 'cardiology', min_price: 100, max_price: 499.99, market: 'europe', options: [{ name: 'Length', value: '18 cm' }],
      in_stock: true, handling: ['sterile', 'latex_free'],
    });
    expect(formCatalogQuery(new URLSearchParams('search=clamp&ordering=relevance'))).toEqual({ search: 'clamp' });
    expect(formCatalogQuery(new URLSearchParams('search=clamp&ordering=-created_at'))).toEqual({ search: 'clamp', ordering: '-created_at' });
  });

  it("lets the price select decide over a link's own bounds, and keeps those bounds while it says nothing", () => {
    expect(parse('min_price=120&max_price=180')).toEqual({ min_price: 120, max_price: 180 });
    expect(parse('price_range=&min_price=120&max_price=180')).toEqual({});
    expect(parse('price_range=over-2500&min_price=120&max_price=180')).toEqual({ min_price: 2500 });
  });
});

describe('filter changes', () => {
  it('start again from page 1 and drop cleared values', () => {
    expect(withFilter({ category: 'cardiology', page: 4 }, { brand: 'Zenith Instruments' })).toEqual({
      category: 'cardiology',
      brand: 'Zenith Instruments',
    });
    expect(withFilter({ category: 'cardiology', in_stock: true }, { category: '', in_stock: false })).toEqual({});
  });

  it('map the price select to bounds and back', () => {
    const query = withPriceRange({ page: 2 }, '100-500');
    expect(query).toEqual({ min_price: 100, max_price: 499.99 });
    expect(priceRangeOf(query)?.value).toBe('100-500');
    expect(withPriceRange({}, 'under-100')).toEqual({ max_price: 99.99 });
    expect(withPriceRange({}, 'over-2500')).toEqual({ min_price: 2500 });
    expect(withPriceRange(query, '')).toEqual({});
    expect(priceRangeOf({ min_price: 1 })).toBeUndefined();
  });

  it('send no ordering for relevance', () => {
    expect(sortValue({})).toBe('-created_at');
    expect(sortValue({ search: 'forceps' })).toBe('relevance');
    expect(sortValue({ search: 'forceps', ordering: 'price' })).toBe('price');
    expect(withSort({ search: 'forceps', ordering: 'price', page: 3 }, 'relevance')).toEqual({ search: 'forceps' });
    expect(withSort({}, '-average_rating')).toEqual({ ordering: '-average_rating' });
  });

  it('count the filters behind More Filters', () => {
    expect(moreFiltersCount({ category: 'x', search: 'y' })).toBe(0);
    expect(moreFiltersCount({ brand: 'b', certification: 'c', in_stock: true })).toBe(3);
  });

  it('keep one value per option in the link, and send them as the API reads them', () => {
    const query = withOption(withOption({ page: 2 }, 'Length', '18 cm'), 'Tip', 'Curved');
    expect(query).toEqual({ options: [{ name: 'Length', value: '18 cm' }, { name: 'Tip', value: 'Curved' }] });
    const again = parseCatalogQuery(catalogSearchParams(withOption(query, 'Length', '23 cm')));
    expect(again.options).toEqual([{ name: 'Tip', value: 'Curved' }, { name: 'Length', value: '23 cm' }]);
    expect(productListQuery.parse(toApiQuery(again)).options).toEqual(again.options);
    expect(withOption(withOption(query, 'Tip', ''), 'Length', '')).toEqual({});
    expect(parseCatalogQuery(new URLSearchParams('options=Length')).options).toBeUndefined();
    expect(moreFiltersCount(query)).toBe(1);
  });
});
