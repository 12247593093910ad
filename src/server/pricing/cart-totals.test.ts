import { describe, expect, it } from 'vitest';
import { cartTotals, discountCents } from './cart-totals.ts';

describe('cart totals', () => {
  it('adds the chosen shipping, untaxed', () => {
    expect(cartTotals([{ unitPriceCents: 49_999, quantity: 1 }], null, { taxBasisPoints: 0, shippingCents: 7_500 }))
      .toMatchObject({ shippingCents: 7_500, grandTotalCents: 57_499 });
    expect(cartTotals([{ unitPriceCents: 10_000, quantity: 1 }], null, { taxBasisPoints: 1_700, shippingCents: 14_000 }))
      .toMatchObject({ taxCents: 1_700, shippingCents: 14_000, grandTotalCents: 25_700 });
  });

  it('charges no shipping on an empty cart', () => {
    expect(cartTotals([], null, { taxBasisPoints: 1_700, shippingCents: 7_500 })).toEqual({
      subtotalCents: 0, discountCents: 0, taxCents: 0, totalCents: 0, shippingCents: 0, grandTotalCents: 0,
    });
  });

  it('taxes the discounted subtotal at the destination’s rate, rounding half up to the cent', () => {
    // 2 × 123.45 = 246.90; 10% off = 24.69; taxed 222.21 × 17% = 37.7757 → 37.78
    expect(cartTotals([{ unitPriceCents: 12_345, quantity: 2 }], { kind: 'percent', value: 1_000 }, { taxBasisPoints: 1_700, shippingCents: 7_500 })).toEqual({
      subtotalCents: 24_690, discountCents: 2_469, taxCents: 3_778, totalCents: 25_999, shippingCents: 7_500, grandTotalCents: 33_499,
    });
    // An export: zero-rated.
    expect(cartTotals([{ unitPriceCents: 12_345, quantity: 2 }], null, { taxBasisPoints: 0, shippingCents: 0 })).toMatchObject({ taxCents: 0 });
  });

  it('never discounts more than the subtotal', () => {
    expect(discountCents(3_000, { kind: 'fixed', value: 5_000 })).toBe(3_000);
  });
});
