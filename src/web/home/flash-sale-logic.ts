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

export function urgencyLabel(percentSold: number): string {
  if (percentSold >= 80) return 'Almost sold out!';
  if (percentSold >= 60) return 'Selling fast!';
  return 'Limited quantity!';
}

export type DealState = 'sold-out' | 'ended' | 'available';

export function dealState(item: Pick<FlashSaleItem, 'availableStock' | 'saleEndTime'>, now: number): DealState {
  if (item.availableStock <= 0) return 'sold-out';
  if (formatCountdown(msUntil(item.saleEndTime, now)) === 'EXPIRED') return 'ended';
  return 'available';
}

export const DEAL_BUTTON_LABELS: Record<DealState, string> = {
  'sold-out': 'Sold Out',
  ended: 'Sale Ended',
  available: 'Grab Deal Now',
};
