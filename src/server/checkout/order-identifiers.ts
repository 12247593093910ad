import { randomBytes } from 'node:crypto';

/** Crockford's base32: no I, L, O or U, so numbers read aloud or typed are not mistaken. */
const CROCKFORD = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/** 256 is a multiple of 32, so masking each random byte keeps the characters uniform. */
const randomBase32 = (length: number): string =>
  Array.from(randomBytes(length), (byte) => CROCKFORD[byte & 31]).join('');

/** e.g. 'SS-7K2M9QXD': 40 random bits, short enough to read over the phone. */
export const newOrderNumber = (): string => `SS-${randomBase32(8)}`;

/** e.g. 'Q-4N8ZC1R6': a quote's number, read the same way as an order's. */
export const newQuoteNumber = (): string => `Q-${randomBase32(8)}`;

/** e.g. 'TXN-4N8ZC1R6W0PJ3HTB': 80 random bits. */
export const newTransactionId = (): string => `TXN-${randomBase32(16)}`;
