import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

/** Goes on from the shipping step and pays with a test JazzCash wallet, as a buyer would. */
export async function payByJazzCash() {
  await userEvent.click(screen.getByRole('button', { name: /Continue to Payment/ }));
  await userEvent.click(await screen.findByRole('radio', { name: /JazzCash/ }));
  await userEvent.click(screen.getByRole('button', { name: /^Continue/ }));
  await userEvent.type(screen.getByLabelText(/^Mobile number/), '03001234567');
  await userEvent.type(screen.getByLabelText(/^Last 6 digits/), '345678');
  await userEvent.type(screen.getByLabelText(/^PIN/), '1234');
  await userEvent.click(screen.getByRole('button', { name: /Review Payment/ }));
  await userEvent.click(screen.getByRole('button', { name: /^Pay / }));
}
