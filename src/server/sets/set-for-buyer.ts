import { eq } from 'drizzle-orm';
import type { SetBlocked, SetChoice } from '#contracts/set-sales';
import type { DbOrTx } from '../db/client.ts';
import { users } from '../db/schema/users.ts';
import { badRequest, type HttpError } from '../lib/errors.ts';
import { resolveSetChoice, type SetContents } from './set-choice.ts';
import { contentsAvailable, contentsBlocked, setsNow } from './set-components-now.ts';

export interface SetForBuyer {
  contents: SetContents;
  /** '' for the standard set. */
  key: string;
  available: number;
  blocked: SetBlocked | null;
}

const hasChoice = (choice: SetChoice | undefined): choice is SetChoice =>
  !!choice && (choice.remove.length > 0 || choice.add.length > 0 || choice.swap.length > 0);

/**
 * The set a buyer asks for: the standard set, or their customisation of it within its rules (business accounts only).
 * Null for a variant that is not a set; a customisation of one is a 400 on set_choice, a customisation by an
 * individual account a 403 SET_NOT_CUSTOMISABLE (raised by `notCustomisable`, for the calling route's contract).
 */
export async function setForBuyer(
  db: DbOrTx, userId: string, variantId: number, choice: SetChoice | undefined, notCustomisable: () => HttpError,
): Promise<SetForBuyer | null> {
  const { compositions, components } = await setsNow(db, [variantId]);
  const rows = compositions.get(variantId);
  if (!rows) {
    if (hasChoice(choice)) throw badRequest({ set_choice: ['This product is not a set, so nothing in it can be changed.'] });
    return null;
  }
  if (hasChoice(choice)) {
    const [user] = await db.select({ accountType: users.accountType }).from(users).where(eq(users.id, userId));
    if (user?.accountType !== 'business') throw notCustomisable();
  }
  const resolved = resolveSetChoice(rows, choice ?? { remove: [], add: [], swap: [] });
  if ('problems' in resolved) throw badRequest(resolved.problems);
  const blocked = contentsBlocked(resolved.contents, components);
  return { ...resolved, available: contentsAvailable(resolved.contents, components), blocked };
}
