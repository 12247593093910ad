import { z } from 'zod';

/**
 * A lot the line's units were reserved and shipped from: the serial numbers of its units held for the order, and the
 * UDI of each serialised unit, or of the lot, where the lot has a GTIN.
 */
export const lineLot = z.object({
  lot_number: z.string().nullable(),
  expiry_date: z.string().nullable(),
  quantity: z.number().int(),
  serials: z.array(z.string()),
  udis: z.array(z.string()),
});
export type LineLot = z.infer<typeof lineLot>;
