import type { FlashSaleItem } from '#contracts/catalog';

/** Time left as hh:mm:ss (hours keep counting past 24), or 'EXPIRED' once the end has passed. */
export function formatCountdown(msRemaining: number): string {
  if (!Number.isFinite(msRemaining) || msRemaining <= 0) return 'EXPIRED';
  const totalSeconds = Math.floor(msRemaining / 1000);
  const hours = Math.floor(totalSeconds / 3600);
  const minutes = Math.floor((totalSeconds % 3600) / 60);
  const seconds = totalSeconds % 60;
  return [hours, minutes, seconds].map((part) => String(part).padStart(2, '0')).join(':');
}

export function msUntil(isoTime: string, now: number): number {
  return Date.parse(isoTime) - now;
}

/** Share of the sale's stock already sold, 0–100. */
export function soldPercent({ soldCount, totalStock }: Pick<FlashSaleItem, 'soldCount' | 'totalStock'>): number {
  if (totalStock <= 0) return 100;
  return Math.min(100, Math.max(0, (soldCount / totalStock) * 100));
}

/** How urgent a deal is, as the key of its label. */
export function urgencyLabel(percentSold: number): 'almostSoldOut' | 'sellingFast' | 'limitedQuantity' {
  if (percentSold >= 80) return 'almostSoldOut';
  if (percentSold >= 60) return 'sellingFast';
  return 'limitedQuantity';
}

export type DealState = 'sold-out' | 'ended' | 'available';

export function dealState(item: Pick<FlashSaleItem, 'availableStock' | 'saleEndTime'>, now: number): DealState {
  if (item.availableStock <= 0) return 'sold-out';
  if (formatCountdown(msUntil(item.saleEndTime, now)) === 'EXPIRED') return 'ended';
  return 'available';
}

/** The key of each state's button label. */
export const DEAL_BUTTON_LABELS = { 'sold-out': 'soldOut', ended: 'saleEnded', available: 'grabDeal' } as const satisfies Record<DealState, string>;
