import { createHmac } from 'node:crypto';

/** The buyer's return: `sig` = HMAC-SHA256 of the tracker with the secret key, hex (safepay-node, verify.signature). */
export const trackerSignature = (tracker: string, secretKey: string): string =>
  createHmac('sha256', secretKey).update(tracker).digest('hex');

/**
 * A webhook: X-SFPY-SIGNATURE = HMAC-SHA512 of the body's `data` object, as JSON, with the webhook secret, hex
 * (safepay-node verify.webhook; Safepay's docs, "Consuming Webhooks - Signature").
 */
export const webhookSignature = (data: unknown, webhookSecret: string): string =>
  createHmac('sha512', webhookSecret).update(JSON.stringify(data)).digest('hex');
