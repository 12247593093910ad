/** Log paths that could carry a card number, CVV or PIN: never written, whatever logs a request's body. */
export const PAYMENT_REDACT_PATHS = [
  'paymentData',
  'body.paymentData',
  'req.body.paymentData',
  'request.body.paymentData',
  '*.paymentData',
];
