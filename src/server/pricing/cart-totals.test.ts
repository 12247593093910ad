import { describe, expect, it } from 'vitest';
import { cartTotals, discountCents } from './cart-totals.ts';

describe('cart totals', () => {
  it('charges 75 shipping under a 500 subtotal and none from 500', () => {
    expect(cartTotals([{ unitPriceCents: 49_999, quantity: 1 }], null, 0)).toMatchObject({ shippingCents: 7_500, grandTotalCents: 57_499 });
    expect(cartTotals([{ unitPriceCents: 25_000, quantity: 2 }], null, 0)).toMatchObject({ shippingCents: 0, grandTotalCents: 50_000 });
  });

  it('charges no shipping on an empty cart', () => {
    expect(cartTotals([], null, 1_700)).toEqual({
      subtotalCents: 0, discountCents: 0, taxCents: 0, totalCents: 0, shippingCents: 0, grandTotalCents: 0,
    });
  });

  it('taxes the discounted subtotal, rounding half up to the cent', () => {
    // 2 × 123.45 = 246.90; 10% off = 24.69; taxed 222.21 × 17% = 37.7757 → 37.78
    expect(cartTotals([{ unitPriceCents: 12_345, quantity: 2 }], { kind: 'percent', value: 1_000 }, 1_700)).toEqual({
      subtotalCents: 24_690, discountCents: 2_469, taxCents: 3_778, totalCents: 25_999, shippingCents: 7_500, grandTotalCents: 33_499,
    });
  });

  it('decides free shipping on the subtotal before the discount', () => {
    const totals = cartTotals([{ unitPriceCents: 60_000, quantity: 1 }], { kind: 'fixed', value: 20_000 }, 0);
    expect(totals).toMatchObject({ discountCents: 20_000, shippingCents: 0, grandTotalCents: 40_000 });
  });

  it('never discounts more than the subtotal', () => {
    expect(discountCents(3_000, { kind: 'fixed', value: 5_000 })).toBe(3_000);
  });
});
