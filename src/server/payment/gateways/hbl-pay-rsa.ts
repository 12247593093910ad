import { constants, privateDecrypt, publicEncrypt, type KeyObject } from 'node:crypto';

/**
 * HBL Pay's RSA, as its integration guide v1.1 and its own samples use it: PKCS#1 v1.5 padding
 * (openssl_public_encrypt with OPENSSL_PKCS1_PADDING), values base64-encoded.
 */

/** PKCS#1 v1.5 puts at least 11 bytes of padding into each block. */
const PADDING_BYTES = 11;
const blockBytes = (key: KeyObject) => (key.asymmetricKeyDetails?.modulusLength ?? 0) / 8;

export function rsaEncrypt(plain: Buffer, publicKey: KeyObject): Buffer {
  return publicEncrypt({ key: publicKey, padding: constants.RSA_PKCS1_PADDING }, plain);
}

/**
 * One block decrypted, or null when it is no PKCS#1 v1.5 block for this key. Node refuses PKCS#1 v1.5 private
 * decryption since CVE-2023-46809 (the Marvin timing attack), so the block is decrypted raw and its padding removed
 * here. Every failure answers the same null, so a caller that reports all of them alike offers no padding oracle
 * beyond timing; what such an attacker could decrypt is HBL's answers, which hold only a payment's outcome.
 */
export function rsaDecrypt(block: Buffer, privateKey: KeyObject): Buffer | null {
  if (block.length !== blockBytes(privateKey)) return null;
  let raw: Buffer;
  try {
    raw = privateDecrypt({ key: privateKey, padding: constants.RSA_NO_PADDING }, block);
  } catch {
    return null;
  }
  const separator = raw.indexOf(0, 2);
  if (raw[0] !== 0 || raw[1] !== 2 || separator < 2 + 8) return null;
  return raw.subarray(separator + 1);
}

/** A value of the order JSON: every value but USER_ID travels encrypted (guide v1.1, step 3). */
export type OrderJson = { [field: string]: string | OrderJson | OrderJson[] };

function mapValues(json: OrderJson, map: (value: string) => string | null): OrderJson | null {
  const mapped: OrderJson = {};
  for (const [field, value] of Object.entries(json)) {
    // A posted order may hold anything JSON does: what is neither text, list nor object does not decrypt.
    const next = typeof value === 'string'
      ? (field === 'USER_ID' ? value : map(value))
      : Array.isArray(value) ? mapList(value, map)
        : typeof value === 'object' && value !== null ? mapValues(value, map) : null;
    if (next === null) return null;
    mapped[field] = next;
  }
  return mapped;
}

function mapList(list: OrderJson[], map: (value: string) => string | null): OrderJson[] | null {
  const mapped = list.map((item) => mapValues(item, map));
  return mapped.every((item) => item !== null) ? mapped as OrderJson[] : null;
}

export const encryptOrder = (order: OrderJson, hblPublicKey: KeyObject): OrderJson =>
  mapValues(order, (value) => rsaEncrypt(Buffer.from(value, 'utf8'), hblPublicKey).toString('base64'))!;

/** The order JSON in plain text, or null when a value does not decrypt with HBL's key (HBL: 98 DECRYPTION_FAILED). */
export const decryptOrder = (order: OrderJson, hblPrivateKey: KeyObject): OrderJson | null =>
  mapValues(order, (value) => rsaDecrypt(Buffer.from(value, 'base64'), hblPrivateKey)?.toString('utf8') ?? null);

/**
 * HBL's answer to the buyer's return: `RESPONSE_CODE=…&ORDER_REF_NUMBER=…` encrypted block by block with the
 * merchant's public key, the blocks joined and base64-encoded (HBL's samples decrypt it in blocks of the key's size).
 */
export function encryptAnswer(fields: Record<string, string>, merchantPublicKey: KeyObject): string {
  const plain = Buffer.from(new URLSearchParams(fields).toString(), 'utf8');
  const chunk = blockBytes(merchantPublicKey) - PADDING_BYTES;
  const blocks: Buffer[] = [];
  for (let at = 0; at < plain.length; at += chunk) blocks.push(rsaEncrypt(plain.subarray(at, at + chunk), merchantPublicKey));
  return Buffer.concat(blocks).toString('base64');
}

/**
 * The answer's fields, or null when it does not decrypt. A query string turns a raw `+` of the base64 into a space
 * (HBL's PHP sample puts it back the same way), so spaces are read as `+`.
 */
export function decryptAnswer(data: string, merchantPrivateKey: KeyObject): Record<string, string> | null {
  const cipher = Buffer.from(data.replace(/ /g, '+'), 'base64');
  const size = blockBytes(merchantPrivateKey);
  if (cipher.length === 0 || cipher.length % size !== 0) return null;
  const parts: Buffer[] = [];
  for (let at = 0; at < cipher.length; at += size) {
    const part = rsaDecrypt(cipher.subarray(at, at + size), merchantPrivateKey);
    if (!part) return null;
    parts.push(part);
  }
  return Object.fromEntries(new URLSearchParams(Buffer.concat(parts).toString('utf8')));
}
