import { percentOfMinor } from '#contracts/money';

/**
 * The deposit of a request's quoted grand total, in US cents: its deposit percent of it, half up to the cent. Null
 * when nothing is split (no percent, or one that takes all of it): the whole total is paid on approval. What the
 * buyer is shown and what approving charges both come from here.
 */
export function depositCents(grandTotalCents: number, depositPercent: number | null): number | null {
  if (depositPercent === null) return null;
  const deposit = percentOfMinor(grandTotalCents, depositPercent);
  return deposit > 0 && deposit < grandTotalCents ? deposit : null;
}
