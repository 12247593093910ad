import type { Cart, CartItem } from '#contracts/cart';
import type { ShippingOption } from '#contracts/shipping';

/** A cart line as the server sends it, for tests. */
export function cartItemFixture(overrides: Partial<CartItem> = {}): CartItem {
  return {
    id: 5,
    product_id: 11,
    variant_id: 31,
    variant_label: '',
    product_slug: 'mayo-scissors',
    quantity: 2,
    unit_price: '45.00',
    total_price: '90.00',
    sale_quantity: 0,
    sale_price: null,
    original_price: null,
    available_stock: 20,
    product_name: 'Mayo Scissors, 17 cm',
    product_image: '',
    product_category: 'General Surgery',
    product_category_translations: { ur: 'جنرل سرجری', ar: 'الجراحة العامة' },
    product_brand: 'Sialkot Surgical',
    stock_issue: null,
    licence_issue: null,
    contract_number: '',
    ...overrides,
  };
}

/** A cart as the server sends it, for tests; totals are consistent with the default line. */
export function cartFixture(overrides: Partial<Cart> = {}): Cart {
  return {
    id: 1,
    items: [cartItemFixture()],
    item_count: 2,
    subtotal: '90.00',
    discount_amount: '0.00',
    tax_rate: '17.00',
    tax_amount: '15.30',
    total_amount: '105.30',
    shipping_amount: '75.00',
    grand_total: '180.30',
    country: 'PK',
    shipping_method: { id: 1, name: 'Standard' },
    free_shipping_threshold: '500.00',
    amount_to_free_shipping: '410.00',
    currency: 'USD',
    exchange_rate: '278.50',
    store_credit: null,
    grand_total_pkr: '50213.55',
    promo: null,
    has_stock_issues: false,
    has_licence_issues: false,
    ...overrides,
  };
}

/** A shipping option as GET /api/cart/shipping-options/ lists it: Pakistan's standard method, for tests. */
export function shippingOptionFixture(overrides: Partial<ShippingOption> = {}): ShippingOption {
  return {
    id: 1, name: 'Standard', carrier: 'other', price: '75.00', price_pkr: '20887.50', days_min: 3, days_max: 5,
    cod: false, cod_fee: '0.00', cod_fee_pkr: '0.00', cod_limit: null,
    ...overrides,
  };
}
