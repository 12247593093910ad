import type { ChargeResult, PaymentProvider } from '../payment/providers/payment-provider.ts';

/**
 * A card gateway that holds charges until the test answers them, to see what happens while a payment is in flight
 * (the buyer walked away, the reservation ran out). `hold()` starts a new round.
 */
export function createGatedCardProvider() {
  let reached!: () => void;
  let answer!: (result: ChargeResult) => void;
  let started!: Promise<void>;
  let result!: Promise<ChargeResult>;
  const hold = () => {
    started = new Promise((resolve) => (reached = resolve));
    result = new Promise((resolve) => (answer = resolve));
  };
  hold();
  const provider: PaymentProvider<'credit_card'> = {
    method: 'credit_card',
    charge: async () => {
      reached();
      return result;
    },
  };
  return {
    provider,
    hold,
    /** Resolves once a charge has reached the gateway. */
    started: () => started,
    answer: (outcome: ChargeResult) => answer(outcome),
  };
}
