import { centsToNumber } from '#contracts/money';
import type { Random } from './random.ts';
import { defaultLowStockThreshold } from '../inventory/low-stock-threshold.ts';

export interface OpeningStock {
  initial: number;
  current: number;
  lowStockThreshold: number;
}

function initialStock(priceCents: number, random: Random): number {
  const usd = centsToNumber(priceCents);
  if (usd < 30) return random.int(80, 400);
  if (usd < 100) return random.int(40, 200);
  if (usd < 500) return random.int(15, 80);
  if (usd < 2000) return random.int(8, 30);
  return random.int(6, 15);
}

/** About 8% sold out, 12% low (at or under the threshold), the rest healthy. */
export function openingStock(priceCents: number, random: Random): OpeningStock {
  const initial = initialStock(priceCents, random);
  const lowStockThreshold = defaultLowStockThreshold(initial);
  const roll = random.float();
  const current = roll < 0.08 ? 0
    : roll < 0.2 ? random.int(1, lowStockThreshold)
      : random.int(lowStockThreshold + 1, initial);
  return { initial, current, lowStockThreshold };
}
