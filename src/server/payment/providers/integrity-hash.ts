import { createHmac, timingSafeEqual } from 'node:crypto';

export type GatewayFields = Record<string, string>;

/**
 * JazzCash's pp_SecureHash: the non-empty values of every pp_ field except the hash itself, sorted by field name,
 * joined with '&' after the integrity salt, HMAC-SHA256 keyed with the salt, upper-case hex.
 */
export function jazzcashSecureHash(fields: GatewayFields, salt: string): string {
  const values = Object.keys(fields)
    .filter((key) => key.startsWith('pp') && key !== 'pp_SecureHash' && fields[key] !== '')
    .sort()
    .map((key) => fields[key]);
  return createHmac('sha256', salt).update([salt, ...values].join('&')).digest('hex').toUpperCase();
}

export function sameHash(a: string | undefined, b: string): boolean {
  if (a === undefined) return false;
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}
