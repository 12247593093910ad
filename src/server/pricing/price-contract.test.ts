import { describe, expect, it } from 'vitest';
import { contractInForce, shopDay } from './price-contract.ts';
import { unitPriceFor, type PriceListRow } from './unit-price.ts';

describe('the shop’s day', () => {
  it('is Pakistan’s calendar day, five hours ahead of UTC', () => {
    expect(shopDay(new Date('2026-11-30T18:59:59Z'))).toBe('2026-11-30');
    expect(shopDay(new Date('2026-11-30T19:00:00Z'))).toBe('2026-12-01');
    expect(shopDay(new Date('2026-12-31T20:30:00Z'))).toBe('2027-01-01');
  });
});

describe('a price contract', () => {
  const contract = { startsOn: '2026-12-01', endsOn: '2026-12-31' };
  it('is in force from its first day to its last, both included', () => {
    expect(['2026-11-30', '2026-12-01', '2026-12-15', '2026-12-31', '2027-01-01'].map((day) => contractInForce(contract, day)))
      .toEqual([false, true, true, true, false]);
  });

  it('is open on a side without a date, and always in force without dates', () => {
    expect(contractInForce({ startsOn: null, endsOn: '2026-12-31' }, '2020-01-01')).toBe(true);
    expect(contractInForce({ startsOn: '2026-12-01', endsOn: null }, '2099-01-01')).toBe(true);
    expect(contractInForce({ startsOn: '2026-12-01', endsOn: null }, '2026-11-30')).toBe(false);
    expect(contractInForce({ startsOn: null, endsOn: null }, '2026-11-30')).toBe(true);
  });
});

describe('the contract a line names', () => {
  const variant = { id: 71, productId: 7, categoryId: 3, priceCents: 10_000 };
  const tiers = [{ minQuantity: 50, unitPriceCents: 9_000 }];
  const rules: PriceListRow[] = [{ categoryId: 3, productId: null, variantId: null, kind: 'percent', value: 700, contractNumber: 'MH-2026-14' }];

  it('is the price list’s when the price list prices the line, and none when a tier or a whole-line sale is lower', () => {
    expect(unitPriceFor(variant, 1, tiers, rules)).toMatchObject({ unitPriceCents: 9_300, source: 'price_list', contractNumber: 'MH-2026-14' });
    expect(unitPriceFor(variant, 50, tiers, rules)).toMatchObject({ unitPriceCents: 9_000, source: 'tier', contractNumber: '' });
    expect(unitPriceFor(variant, 2, [], rules, { id: 4, salePriceCents: 8_000, remaining: null }))
      .toMatchObject({ source: 'flash_sale', contractNumber: '' });
    // A sale holding part of the line leaves the rest to the contract.
    expect(unitPriceFor(variant, 5, [], rules, { id: 4, salePriceCents: 8_000, remaining: 2 }))
      .toMatchObject({ unitPriceCents: 9_300, saleQuantity: 2, contractNumber: 'MH-2026-14' });
    expect(unitPriceFor(variant, 1, [], [])).toMatchObject({ source: 'list', contractNumber: '' });
  });
});
