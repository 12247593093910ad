import { z } from 'zod';

/** A decimal amount on the wire, e.g. "129.50". */
export const decimalString = z.string().regex(/^-?\d+\.\d{2}$/);
