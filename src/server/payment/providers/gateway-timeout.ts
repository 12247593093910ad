import type { ChargeResult, PaymentProviders } from './payment-provider.ts';

export const GATEWAY_TIMEOUT_MESSAGE =
  'The payment provider did not answer in time, so the order was not placed. If a charge appears for it, it will be reversed.';

/**
 * Each gateway's charge, given up after `ms`: a gateway that hangs must not keep the buyer waiting or the stock
 * reserved. The answer that arrives too late is only logged: the order has been failed and its stock released.
 */
export function withGatewayTimeout(providers: PaymentProviders, ms: number, onLate: (transactionId: string, result: ChargeResult) => void): PaymentProviders {
  const wrapped = {} as Record<string, unknown>;
  for (const [method, provider] of Object.entries(providers)) {
    wrapped[method] = {
      method: provider.method,
      charge: (request: Parameters<typeof provider.charge>[0]) => new Promise<ChargeResult>((resolve, reject) => {
        let timedOut = false;
        const timer = setTimeout(() => {
          timedOut = true;
          resolve({ status: 'failed', reference: '', message: GATEWAY_TIMEOUT_MESSAGE, reason: 'timeout' });
        }, ms);
        provider.charge(request as never).then((result) => {
          clearTimeout(timer);
          if (timedOut) onLate(request.transactionId, result);
          else resolve(result);
        }, (error: unknown) => {
          clearTimeout(timer);
          if (!timedOut) reject(error);
        });
      }),
    };
  }
  return wrapped as PaymentProviders;
}
