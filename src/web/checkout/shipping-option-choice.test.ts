import { describe, expect, it } from 'vitest';
import type { ShippingOption } from '#contracts/shipping';
import { chosenShippingOption, shippingQueryOf } from './shipping-option-choice.ts';

const option = (id: number, price: string): ShippingOption => ({
  id, name: `Method ${id}`, carrier: 'tcs', price, price_pkr: '0.00', days_min: 1, days_max: 2, cod: false,
  cod_fee: '0.00', cod_fee_pkr: '0.00', cod_limit: null,
});
const karachi = [option(7, '3.50'), option(3, '4.00'), option(1, '75.00')];

describe('the shipping option checkout goes on with', () => {
  it('preselects the cheapest, the first the server lists', () => {
    expect(chosenShippingOption(karachi, null)?.id).toBe(7);
  });

  it('keeps the buyer’s choice while the address offers it, and falls back to the cheapest once it does not', () => {
    expect(chosenShippingOption(karachi, 1)?.id).toBe(1);
    expect(chosenShippingOption([option(42, '140.00')], 1)?.id).toBe(42);
  });

  it('chooses nothing where nothing ships', () => {
    expect(chosenShippingOption([], 1)).toBeNull();
  });

  it('asks for options once a country is chosen, with the city typed', () => {
    expect(shippingQueryOf({ country: 'DE', city: ' Berlin ' })).toEqual({ country: 'DE', city: 'Berlin' });
    expect(shippingQueryOf({ country: '', city: 'Berlin' })).toBeNull();
  });
});
