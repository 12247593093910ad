import { parseGs1 } from '#contracts/gs1';
import type { ReceivedLot } from './lot-ledger.ts';

/** The lot a checked GS1 code (see checkReceivedGs1) describes. */
export function receivedLot(gs1: string): ReceivedLot {
  const parsed = parseGs1(gs1);
  if (!parsed.ok || !parsed.data.lot) throw new RangeError('receivedLot needs a checked GS1 code with a lot');
  const { gtin, lot, expiry, serial } = parsed.data;
  return { lotNumber: lot, expiryDate: expiry ?? null, gtin: gtin ?? null, serials: serial ? [serial] : [] };
}

/** How a received lot reads in the movement history when staff give no reason. */
export const lotLabel = (lot: ReceivedLot) =>
  `Lot ${lot.lotNumber}${lot.expiryDate ? `, expiry ${lot.expiryDate}` : ''}${lot.serials?.length ? `, serial ${lot.serials.join(', ')}` : ''}`;
