import type { ChargeResult, PaymentProviders } from './payment-provider.ts';

export const GATEWAY_TIMEOUT_MESSAGE = 'The payment provider has not answered yet. We are confirming the payment with it.';

/**
 * Each gateway's charge, answered pending after `ms`: a gateway that hangs must not keep the buyer waiting, and it may
 * have charged, so the order keeps its reservation until the gateway's answer, its notification or the sweeper's
 * status inquiry settles it. The answer that arrives too late goes to `onLate`.
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
          resolve({ status: 'pending', reference: '', message: GATEWAY_TIMEOUT_MESSAGE });
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
