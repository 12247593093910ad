import type { ShippingOption } from '#contracts/shipping';

/**
 * The option checkout goes on with: the buyer's choice while the address still offers it, else the cheapest (the
 * server lists them cheapest first); null when nothing ships there.
 */
export function chosenShippingOption(options: readonly ShippingOption[], chosenId: number | null): ShippingOption | null {
  return options.find((option) => option.id === chosenId) ?? options[0] ?? null;
}

/** How the address asks for options: its country and city once the country is known (the postal code changes no zone). */
export function shippingQueryOf(values: { country?: string; city?: string }): { country: string; city: string } | null {
  const country = values.country?.trim() ?? '';
  return /^[A-Z]{2}$/.test(country) ? { country, city: values.city?.trim() ?? '' } : null;
}
