import type { SetBlocked } from '#contracts/set-sales';
import type { DbOrTx } from '../db/client.ts';
import { contentsPriceDeltaCents, type SetContents } from './set-choice.ts';
import { contentsAvailable, contentsBlocked, setsNow } from './set-components-now.ts';
import { standardComponents } from './set-composition.ts';

/** What a line of a set carries beside its variant: what one set holds, its customisation's key, and what blocks it. */
export interface SetPart {
  /** [{ variant_id, quantity }] per set; null for a line that is not a set. */
  setContents: SetContents | null;
  /** '' for the standard set and for anything else. */
  configurationKey: string;
  /** Why the set cannot be sold now; null when it can (or the line is not a set). */
  setBlocked: SetBlocked | null;
}

interface LineIn {
  variantId: number;
  quantity: number;
  unitPriceCents: number;
  listPriceCents?: number;
  originalPriceCents?: number | null;
  salePriceCents?: number | null;
  available: number;
  /** False when the set's own product or variant is off sale. */
  onSale: boolean;
  /** A customised set's contents as the buyer chose them (cart_items.set_components); null or absent for the standard set. */
  chosenContents?: SetContents | null;
  configurationKey?: string;
}

/**
 * Lines already at the buyer's unit prices, with each set line made of its components: priced for its customisation
 * (the one price rule of a customised set: contentsPriceDeltaCents), available as many times as its chosen components
 * make (none when one is archived or recalled, or the set no longer holds a chosen component).
 */
export async function withSetContents<L extends LineIn>(db: DbOrTx, lines: L[]): Promise<(Omit<L, 'chosenContents' | 'onSale'> & SetPart)[]> {
  const { compositions, components } = await setsNow(db, lines.map((line) => line.variantId));
  return lines.map(({ chosenContents, onSale, ...line }) => {
    const rows = compositions.get(line.variantId);
    if (!rows) return { ...line, setContents: null, configurationKey: line.configurationKey ?? '', setBlocked: null };
    const contents = chosenContents?.length ? chosenContents : standardComponents(rows);
    const stillHeld = contents.every((part) => rows.some((row) => row.componentVariantId === part.variant_id));
    const listPrices = new Map([...components.values()].map((component) => [component.variantId, component.listPriceCents]));
    const delta = chosenContents?.length ? contentsPriceDeltaCents(rows, contents, listPrices) : 0;
    const moved = (cents: number) => Math.max(cents + delta, 0);
    return {
      ...line,
      unitPriceCents: moved(line.unitPriceCents),
      ...(line.listPriceCents === undefined ? {} : { listPriceCents: moved(line.listPriceCents) }),
      ...(line.salePriceCents == null ? {} : { salePriceCents: moved(line.salePriceCents) }),
      ...(delta !== 0 && line.originalPriceCents !== undefined ? { originalPriceCents: null } : {}),
      available: onSale && stillHeld ? contentsAvailable(contents, components) : 0,
      setContents: contents,
      configurationKey: line.configurationKey ?? '',
      setBlocked: contentsBlocked(contents, components),
    };
  });
}
