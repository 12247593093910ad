import { and, asc, eq, gte, inArray, isNull, sql } from 'drizzle-orm';
import { gtinCheckDigit } from '#contracts/gs1';
import type { DbOrTx } from '../db/client.ts';
import { products, productVariants } from '../db/schema/catalog.ts';
import { inventoryItems } from '../db/schema/inventory.ts';
import { productHandling, stockLots } from '../db/schema/lots.ts';

type Flags = { sterile?: boolean; singleUse?: boolean; latexFree?: boolean; coldChain?: boolean };

const IMPLANT: Flags = { sterile: true, singleUse: true, latexFree: true };
const CONSUMABLE: Flags = { singleUse: true, latexFree: true };
const LATEX_FREE: Flags = { latexFree: true };

/**
 * Handling flags of the demo instrument types: implants ship sterile and are single use; indicator tape, pouches
 * and test packs are single-use consumables; stethoscopes and blood-pressure cuffs are made without latex. Stainless
 * hand instruments carry no flags (supplied non-sterile, reusable). Migration 0012 sets the same on older databases.
 */
export const HANDLING_BY_TYPE: Record<string, Flags> = {
  'locking-compression-plate': IMPLANT,
  'cortical-bone-screw': IMPLANT,
  'cancellous-bone-screw': IMPLANT,
  'steam-indicator-tape': CONSUMABLE,
  'self-sealing-sterilization-pouches': CONSUMABLE,
  'bowie-dick-test-pack': CONSUMABLE,
  'cardiology-stethoscope': LATEX_FREE,
  'dual-head-stethoscope': LATEX_FREE,
  'aneroid-sphygmomanometer': LATEX_FREE,
  'automatic-blood-pressure-monitor': LATEX_FREE,
};

/** Types whose units carry an expiry date: sterile implants and the single-use consumables. */
const DATED_TYPES = Object.entries(HANDLING_BY_TYPE).filter(([, flags]) => flags.singleUse).map(([type]) => type);

/** Days from the seed time to each demo lot's expiry: three within the 90-day alert window, three beyond it. */
const EXPIRY_OFFSETS_DAYS = [21, 48, 83, 150, 400, 730];
const DAY_MS = 86_400_000;

/** A GTIN-14 under the GS1 Pakistan prefix (896) for the n-th demo trade item. */
export const demoGtin = (n: number) => {
  const first13 = `0896123${String(n).padStart(6, '0')}`;
  return `${first13}${gtinCheckDigit(first13)}`;
};

/**
 * The demo catalogue's handling flags, and dated lots for a few products: half the opening stock of the first
 * variants of dated types moves into a lot expiring a fixed number of days after the seed time.
 */
export async function seedDemoLots(db: DbOrTx, now: Date): Promise<void> {
  const flagged = await db.select({ id: products.id, type: products.instrumentType }).from(products)
    .where(inArray(products.instrumentType, Object.keys(HANDLING_BY_TYPE)));
  if (flagged.length) {
    await db.insert(productHandling).values(flagged.map((row) => ({ productId: row.id, ...HANDLING_BY_TYPE[row.type] })));
  }
  const dated = await db.select({ id: productVariants.id, stock: inventoryItems.currentStock }).from(productVariants)
    .innerJoin(products, eq(products.id, productVariants.productId))
    .innerJoin(inventoryItems, eq(inventoryItems.variantId, productVariants.id))
    .where(and(inArray(products.instrumentType, DATED_TYPES), gte(inventoryItems.currentStock, 4)))
    .orderBy(asc(productVariants.modelNumber)).limit(EXPIRY_OFFSETS_DAYS.length);
  for (const [i, variant] of dated.entries()) {
    const expiry = new Date(now.getTime() + EXPIRY_OFFSETS_DAYS[i] * DAY_MS).toISOString().slice(0, 10);
    const units = Math.floor(variant.stock / 2);
    await db.update(stockLots).set({ currentStock: sql`${stockLots.currentStock} - ${units}` })
      .where(and(eq(stockLots.variantId, variant.id), isNull(stockLots.lotNumber)));
    await db.insert(stockLots).values({
      variantId: variant.id,
      lotNumber: `L${expiry.slice(2, 4)}${expiry.slice(5, 7)}-${String(i + 1).padStart(3, '0')}`,
      expiryDate: expiry,
      gtin: demoGtin(i + 1),
      currentStock: units,
      receivedAt: now,
    });
  }
}
