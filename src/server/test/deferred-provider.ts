import type { ChargeResult, PaymentProvider } from '../payment/providers/payment-provider.ts';

/**
 * A card gateway that keeps every charge waiting, by transaction id, until the test answers it: several payments can
 * be in flight at once (abandoned, or waiting for the gateway's inquiry to settle them).
 */
export function createDeferredCardProvider() {
  const waiting = new Map<string, (result: ChargeResult) => void>();
  const arrivals: ((transactionId: string) => void)[] = [];
  const provider: PaymentProvider<'credit_card'> = {
    method: 'credit_card',
    charge: (request) => new Promise<ChargeResult>((resolve) => {
      waiting.set(request.transactionId, resolve);
      arrivals.shift()?.(request.transactionId);
    }),
  };
  return {
    provider,
    /** Resolves with the transaction id of the next charge to reach the gateway. */
    next: () => new Promise<string>((resolve) => arrivals.push(resolve)),
    answer: (transactionId: string, result: ChargeResult) => waiting.get(transactionId)?.(result),
  };
}
