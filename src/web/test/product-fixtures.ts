import type { ProductListItem } from '#contracts/catalog';

/** A product as the catalogue lists it, for tests. */
export function productListItemFixture(overrides: Partial<ProductListItem> = {}): ProductListItem {
  return {
    id: 7,
    slug: 'adson-forceps-12-cm',
    name: 'Adson Forceps, 12 cm',
    description: 'Adson tissue forceps with 1x2 teeth.',
    short_description: 'Adson tissue forceps (12 cm).',
    category: 'general-surgery',
    category_name: 'General Surgery',
    category_name_translations: { ur: 'جنرل سرجری', ar: 'الجراحة العامة' },
    brand: 'Zenith Instruments',
    model_number: 'ZI-10012',
    price: '24.50',
    original_price: '29.00',
    price_max: '24.50',
    variant_count: 1,
    stock_quantity: 40,
    is_in_stock: true,
    main_image: '/media/instruments/forceps/adson-1.svg',
    image_srcset: '',
    certifications: ['ISO 13485', 'CE Marked'],
    average_rating: 0,
    review_count: 0,
    handling: [],
    licence_required: false,
    ...overrides,
  };
}
