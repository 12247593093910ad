import { createCipheriv, createDecipheriv } from 'node:crypto';
import { centsToDecimal, decimalToCents } from '#contracts/money';

/**
 * Easypay's paths under its host (https://easypay.easypaisa.com.pk; staging https://easypaystg.easypaisa.com.pk), per
 * the Easypay Merchant Integration Guide (plug-in: Index.jsf, Confirm.jsf; IPN: the order-status REST URL) and its
 * REST v4 API for mobile-account payments and inquiries.
 */
export const EASYPAISA_PATHS = {
  checkout: '/easypay/Index.jsf',
  confirm: '/easypay/Confirm.jsf',
  initiateMobileAccount: '/easypay-service/rest/v4/initiate-ma-transaction',
  inquire: '/easypay-service/rest/v4/inquire-transaction',
  /** The IPN's URL: this, then the merchant's account number and the order id. */
  orderStatus: '/easypay-service/rest/v1/order-status/',
} as const;

/**
 * 0000–0007 as the guide lists them; 0010 as Easypay answers unknown API credentials (recorded answers in SDKs). The
 * simulator's declines use codes of its own past these.
 */
export const EASYPAISA_CODES = {
  success: '0000',
  systemError: '0001',
  missingField: '0002',
  invalidOrder: '0003',
  storeNotFound: '0006',
  invalidCredentials: '0010',
} as const;

/**
 * The declines whose reason the buyer is told, by answer code. Easypay's guide lists codes up to 0007 and names no
 * decline reason: these are the sandbox's own, for its documented test credentials; a live decline is a plain one.
 */
export const EASYPAISA_SANDBOX_DECLINES = { insufficient_funds: '0012', account_blocked: '0013' } as const;

/** transactionStatus (inquiry) and transaction_status (IPN content). */
export function easypaisaOutcome(status: string | undefined): 'succeeded' | 'pending' | 'failed' {
  const value = (status ?? '').toUpperCase();
  if (value === 'PAID') return 'succeeded';
  if (value === 'PENDING' || value === 'INITIATED' || value === '') return 'pending';
  return 'failed';
}

/**
 * The hosted checkout's amount: "amount must be in 1 decimal point" (guide, section 5), e.g. 10.0 and 1250.5. An
 * amount with paisa that one decimal cannot hold keeps both, rather than charging a rounded amount.
 */
export const checkoutAmount = (amountMinor: number): string => {
  const decimal = centsToDecimal(amountMinor);
  return decimal.endsWith('0') ? decimal.slice(0, -1) : decimal;
};

/** An amount Easypay writes back: "10.0", "3000", 3000 or 10000.00. */
export function easypaisaAmount(value: string | undefined): number | null {
  return value !== undefined && /^\d{1,13}(\.\d{1,2})?$/.test(value) ? decimalToCents(value) : null;
}

/** The REST API's amount, e.g. "5000.00" as in the guide's samples. */
export const apiAmount = centsToDecimal;

/** The Credentials header: base64 of username:password. */
export const credentialsHeader = (username: string, password: string): string =>
  Buffer.from(`${username}:${password}`, 'utf8').toString('base64');

/** The request string merchantHashedReq encrypts: the non-empty fields sorted by name, as key=value joined by '&'. */
export const hashedRequestText = (fields: Record<string, string>): string => Object.keys(fields)
  .filter((key) => key !== 'merchantHashedReq' && fields[key] !== '')
  .sort()
  .map((key) => `${key}=${fields[key]}`)
  .join('&');

/**
 * The key's bytes choose the cipher, as Java's `new SecretKeySpec(key.getBytes(), "AES")` does in the guide: the
 * portal's 16-character hash key is AES-128.
 */
function cipherName(hashKey: string): string {
  const bits = Buffer.byteLength(hashKey, 'utf8') * 8;
  if (bits !== 128 && bits !== 192 && bits !== 256) throw new Error('The Easypay hash key must be 16, 24 or 32 bytes long.');
  return `aes-${bits}-ecb`;
}

export const assertHashKey = (hashKey: string): void => void cipherName(hashKey);

/** merchantHashedReq: the request string encrypted with AES/ECB/PKCS5Padding under the hash key, base64. */
export function merchantHashedReq(fields: Record<string, string>, hashKey: string): string {
  const cipher = createCipheriv(cipherName(hashKey), Buffer.from(hashKey, 'utf8'), null);
  return Buffer.concat([cipher.update(hashedRequestText(fields), 'utf8'), cipher.final()]).toString('base64');
}

/** The request string a merchantHashedReq holds, or null when it was not encrypted under this key. */
export function openHashedReq(hashed: string, hashKey: string): string | null {
  try {
    const decipher = createDecipheriv(cipherName(hashKey), Buffer.from(hashKey, 'utf8'), null);
    return Buffer.concat([decipher.update(Buffer.from(hashed, 'base64')), decipher.final()]).toString('utf8');
  } catch {
    return null;
  }
}

/** yyyyMMdd HHmmss in Pakistan time (UTC+5), the checkout's expiryDate and the API's tokenExpiry. */
export function easypaisaExpiry(at: Date): string {
  const stamp = new Date(at.getTime() + 5 * 3_600_000).toISOString().replace(/[-:T]/g, '').slice(0, 14);
  return `${stamp.slice(0, 8)} ${stamp.slice(8)}`;
}
