import { useState } from 'react';
import type { Cart } from '#contracts/cart';
import { useCartTo } from '../cart/cart.api.ts';
import { useDebounced } from '../lib/use-debounced.ts';
import { chosenShippingOption, shippingQueryOf } from './shipping-option-choice.ts';
import { useShippingOptions } from './shipping-options.api.ts';
import type { ShippingFormApi } from './shipping-values.ts';

const CITY_SETTLES_MS = 400;

/**
 * The shipping options for the address being entered and the one chosen (the cheapest until the buyer picks), with
 * the cart priced for them: its shipping and the zone's tax.
 */
export function useShippingChoice(form: ShippingFormApi, cart: Cart, { submitted }: { submitted: boolean }) {
  const [country, city] = form.watch(['country', 'city']);
  // A submitted address is settled: its options are asked for at once, not when typing would have paused.
  const debouncedCity = useDebounced(city ?? '', CITY_SETTLES_MS);
  const settledCity = submitted ? (city ?? '') : debouncedCity;
  const destination = shippingQueryOf({ country, city: settledCity });
  const lines = cart.items.map((item) => `${item.variant_id}×${item.quantity}`).join(',');
  const options = useShippingOptions(destination, lines);
  const [chosenId, setChosenId] = useState<number | null>(null);
  // While another address's options are still shown, none is chosen: that address's options are not this one's.
  const option = options.isPlaceholderData ? null : chosenShippingOption(options.data?.options ?? [], chosenId);
  const priced = useCartTo(destination && option ? { ...destination, shippingOptionId: option.id } : null);
  return {
    answer: destination ? options.data : undefined,
    loading: options.isFetching,
    option,
    choose: setChosenId,
    /** The cart with the chosen option's shipping and the zone's tax, once known. */
    cart: (option && priced.data) || cart,
    /** While the city being typed has not settled, or its options or prices are on their way. */
    busy: settledCity !== (city ?? '') || options.isFetching || priced.isFetching,
  };
}
