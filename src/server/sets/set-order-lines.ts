import type { SetBlocked } from '#contracts/set-sales';
import type { DbOrTx } from '../db/client.ts';
import type { OrderSetComponent } from '../db/schema/orders.ts';
import { apiError } from '../lib/errors.ts';
import { contentsBlocked, setsNow } from './set-components-now.ts';
import { standardComponents } from './set-composition.ts';
import type { SetContents } from './set-choice.ts';
import { processPayment } from '#contracts/payment';
import { acceptQuote } from '#contracts/quotes';

/** What placing an order knows of a line that may be a set: its variant, and the contents the buyer chose if customised. */
interface LineToPlace {
  variantId: number;
  setContents?: SetContents | null;
}

/** A set line as it is placed: what one set holds and the snapshot kept on the order line. */
export interface PlacedSet {
  contents: SetContents;
  snapshot: OrderSetComponent[];
  blocked: SetBlocked | null;
}

/**
 * For each line in turn, its set as sold (null for a line that is not a set): the contents the line carries, else the
 * standard set for a source that priced it without them (a quote), with the components' names as they are now.
 */
export async function setsToPlace(tx: DbOrTx, lines: readonly LineToPlace[]): Promise<(PlacedSet | null)[]> {
  const { compositions, components } = await setsNow(tx, lines.map((line) => line.variantId));
  return lines.map((line) => {
    const rows = compositions.get(line.variantId);
    if (!rows) return null;
    const contents = line.setContents?.length ? line.setContents : standardComponents(rows);
    const snapshot = contents.map((part) => {
      const component = components.get(part.variant_id);
      return {
        variant_id: part.variant_id, product_id: component?.productId ?? 0, name: component?.name ?? '',
        variant_label: component?.variantLabel ?? '', model_number: component?.modelNumber ?? '', quantity: part.quantity,
      };
    });
    return { contents, snapshot, blocked: contentsBlocked(contents, components) };
  });
}

/** Why a set cannot be sold, in English, and the params its translations need. */
export const setUnavailableText = (name: string, blocked: SetBlocked) => ({
  detail: `${name} cannot be sold now: its component ${blocked.component_name} is ${blocked.reason === 'recalled' ? 'under recall' : 'archived'}.`,
  params: { name, component: blocked.component_name, reason: blocked.reason },
});

/** Checkout refuses a set whose component is archived or recalled, naming it. */
export function setUnavailable(name: string, blocked: SetBlocked) {
  const { detail, params } = setUnavailableText(name, blocked);
  return apiError([processPayment, acceptQuote], 'SET_UNAVAILABLE', 409, detail, params);
}
