import type { ProductVariant } from '#contracts/catalog';

/** A variant as the product page receives it, in stock when `available` is above 0. */
export const variantFixture = (id: number, options: Record<string, string>, available: number): ProductVariant => ({
  id, model_number: `MZ-${id}`, gtin: null, options, label: Object.values(options).join(' · '), label_translations: {}, price: '20.00', original_price: null,
  is_in_stock: available > 0, available_stock: available, low_stock_threshold: 5, image: null, price_tiers: [], volume_prices: [], next_lot_expiry: null,
  regulatory: null, contents_sheet: null,
});
