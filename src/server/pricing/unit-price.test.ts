import { describe, expect, it } from 'vitest';
import { lineTotalCents, percentOff, unitPriceFor, type PriceListRow } from './unit-price.ts';

// Variant 71 of product 7; variant ids and product ids differ on purpose.
const product = { id: 71, productId: 7, categoryId: 3, priceCents: 10_000 };
const tiers = [{ minQuantity: 50, unitPriceCents: 9_000 }, { minQuantity: 10, unitPriceCents: 9_500 }];
const none = { categoryId: null, productId: null, variantId: null };
const all = (bp: number): PriceListRow => ({ ...none, kind: 'percent', value: bp });
const category = (bp: number, categoryId = 3): PriceListRow => ({ ...none, categoryId, kind: 'percent', value: bp });
const fixed = (cents: number, productId = 7): PriceListRow => ({ ...none, productId, kind: 'fixed', value: cents });
const forVariant = (cents: number, variantId = 71): PriceListRow => ({ ...none, variantId, kind: 'fixed', value: cents });

describe('unitPriceFor', () => {
  it('takes the best tier reached by the quantity, exactly at its boundary', () => {
    expect([1, 9, 10, 49, 50, 999].map((q) => unitPriceFor(product, q, tiers, []).unitPriceCents))
      .toEqual([10_000, 10_000, 9_500, 9_500, 9_000, 9_000]);
    expect(unitPriceFor(product, 10, tiers, [])).toEqual({
      unitPriceCents: 9_500, listPriceCents: 10_000, source: 'tier', flashSaleId: null, saleQuantity: 0, salePriceCents: null, lineTotalCents: 95_000,
      contractNumber: '',
    });
    expect(unitPriceFor(product, 9, tiers, [])).toMatchObject({ unitPriceCents: 10_000, source: 'list', flashSaleId: null, lineTotalCents: 90_000 });
  });

  it('uses the most specific price-list line: variant, then product, then category, then everything', () => {
    expect(unitPriceFor(product, 1, [], [all(1_000)]).unitPriceCents).toBe(9_000);
    expect(unitPriceFor(product, 1, [], [all(1_000), category(500)]).unitPriceCents).toBe(9_500);
    expect(unitPriceFor(product, 1, [], [all(1_000), category(500), fixed(9_800)]).unitPriceCents).toBe(9_800);
    expect(unitPriceFor(product, 1, [], [forVariant(9_900), all(1_000), category(500), fixed(9_800)]).unitPriceCents).toBe(9_900);
    expect(unitPriceFor(product, 1, [], [category(2_000, 4), fixed(5_000, 8), forVariant(5_000, 7)]).unitPriceCents).toBe(10_000);
  });

  it('charges the lower of the tier and the price list, never both', () => {
    const rules = [category(700)];
    expect(unitPriceFor(product, 9, tiers, rules)).toMatchObject({ unitPriceCents: 9_300, source: 'price_list' });
    expect(unitPriceFor(product, 10, tiers, rules)).toMatchObject({ unitPriceCents: 9_300, source: 'price_list' });
    expect(unitPriceFor(product, 50, tiers, rules)).toMatchObject({ unitPriceCents: 9_000, source: 'tier' });
  });

  it('charges a running flash sale only when it is the lowest, for the units its allocation holds', () => {
    const sale = { id: 4, salePriceCents: 9_400, remaining: 12 };
    expect(unitPriceFor(product, 1, tiers, [], sale)).toEqual({
      unitPriceCents: 9_400, listPriceCents: 10_000, source: 'flash_sale', flashSaleId: 4, saleQuantity: 1, salePriceCents: 9_400, lineTotalCents: 9_400,
      contractNumber: '',
    });
    expect(unitPriceFor(product, 10, tiers, [], sale)).toMatchObject({ unitPriceCents: 9_400, source: 'flash_sale', saleQuantity: 10 });
    expect(unitPriceFor(product, 12, tiers, [], sale)).toMatchObject({ unitPriceCents: 9_400, flashSaleId: 4, lineTotalCents: 112_800 });
    expect(unitPriceFor(product, 50, tiers, [], sale)).toMatchObject({ unitPriceCents: 9_000, source: 'tier', flashSaleId: null, saleQuantity: 0 });
    expect(unitPriceFor(product, 1, [], [category(700)], sale)).toMatchObject({ unitPriceCents: 9_300, source: 'price_list' });
    expect(unitPriceFor(product, 500, [], [], { ...sale, remaining: null })).toMatchObject({ unitPriceCents: 9_400, flashSaleId: 4 });
    expect(unitPriceFor(product, 1, [], [], { ...sale, remaining: 0 })).toMatchObject({ unitPriceCents: 10_000, source: 'list' });
    expect(unitPriceFor(product, 1, [], [fixed(9_400)], sale)).toMatchObject({ source: 'price_list', flashSaleId: null });
  });

  it('splits a line its sale allocation holds only in part: those units at the sale price, the rest at the tier the whole line reaches', () => {
    const sale = { id: 4, salePriceCents: 2_999, remaining: 9 };
    const variant = { ...product, priceCents: 4_699 };
    const tiers = [{ minQuantity: 10, unitPriceCents: 4_464 }, { minQuantity: 50, unitPriceCents: 4_229 }];
    expect(unitPriceFor(variant, 9, tiers, [], sale)).toMatchObject({ unitPriceCents: 2_999, source: 'flash_sale', saleQuantity: 9, lineTotalCents: 26_991 });
    expect(unitPriceFor(variant, 10, tiers, [], sale)).toEqual({
      unitPriceCents: 4_464, listPriceCents: 4_699, source: 'tier', flashSaleId: 4, saleQuantity: 9, salePriceCents: 2_999,
      lineTotalCents: 9 * 2_999 + 4_464, contractNumber: '',
    });
    expect(unitPriceFor(variant, 60, tiers, [], sale)).toMatchObject({ unitPriceCents: 4_229, saleQuantity: 9, lineTotalCents: 9 * 2_999 + 51 * 4_229 });
    expect(unitPriceFor(variant, 3, [], [], { ...sale, remaining: 1 })).toMatchObject({
      unitPriceCents: 4_699, source: 'list', saleQuantity: 1, lineTotalCents: 2_999 + 2 * 4_699,
    });
    // A sale no cheaper than the rest's price splits nothing.
    expect(unitPriceFor(variant, 50, tiers, [], { ...sale, salePriceCents: 4_300 })).toMatchObject({ unitPriceCents: 4_229, saleQuantity: 0, flashSaleId: null });
  });

  it('adds a line as its sale units at the sale price and the others at the unit price', () => {
    expect(lineTotalCents({ unitPriceCents: 4_464, quantity: 10, saleQuantity: 9, salePriceCents: 2_999 })).toBe(31_455);
    expect(lineTotalCents({ unitPriceCents: 4_464, quantity: 10 })).toBe(44_640);
  });

  it('never charges more than the list price', () => {
    expect(unitPriceFor(product, 1, [], [fixed(12_000)])).toMatchObject({ unitPriceCents: 10_000, source: 'list' });
  });

  it('rounds a percentage off half up to the cent', () => {
    expect(percentOff(12_950, 1_250)).toBe(11_331);
    expect(percentOff(999, 500)).toBe(949);
  });
});
