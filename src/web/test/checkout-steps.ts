import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect } from 'vitest';
import type { Cart } from '#contracts/cart';
import { cartFixture, shippingOptionFixture } from './cart-fixtures.ts';
import type { mockApi } from './mock-api.ts';

/**
 * Answers checkout's shipping questions for a Lahore address: one option (Pakistan's standard one unless given) before
 * and after the city, and the cart priced by it.
 */
export function answerLahoreShipping(api: ReturnType<typeof mockApi>, cart: Cart = cartFixture(), option = shippingOptionFixture()) {
  const options = { options: [option], zone: { id: 1, name: 'Pakistan', tax_rate: '17.00' }, message: null };
  return api
    .on('GET', '/api/cart/shipping-options/?country=PK', 200, options)
    .on('GET', '/api/cart/shipping-options/?country=PK&city=Lahore', 200, options)
    .on('GET', '/api/cart/?country=PK&shipping_option_id=1', 200, cart)
    .on('GET', LAHORE_CART, 200, cart);
}

/** The cart as checkout prices it for the Lahore address by the standard option. */
export const LAHORE_CART = '/api/cart/?country=PK&city=Lahore&shipping_option_id=1';

/** Continue with the payment method chosen, once the shipping option's price is in (the city settles first). */
export async function continueWithMethod() {
  await waitFor(() => expect(screen.getByRole('button', { name: /^Continue/ })).toBeEnabled());
  await userEvent.click(screen.getByRole('button', { name: /^Continue/ }));
}

/** Goes on from the shipping step and pays with a test JazzCash wallet, as a buyer would. */
export async function payByJazzCash() {
  await userEvent.click(screen.getByRole('button', { name: /Continue to Payment/ }));
  await userEvent.click(await screen.findByRole('radio', { name: /JazzCash/ }));
  await continueWithMethod();
  await userEvent.type(screen.getByLabelText(/^Mobile number/), '03001234567');
  await userEvent.type(screen.getByLabelText(/^Last 6 digits/), '345678');
  await userEvent.type(screen.getByLabelText(/^PIN/), '1234');
  await userEvent.click(screen.getByRole('button', { name: /Review Payment/ }));
  // The review step opens once the form's validation settles, which may be after the click returns.
  await userEvent.click(await screen.findByRole('button', { name: /^Pay / }));
}
