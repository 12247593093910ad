import { and, desc, eq, inArray } from 'drizzle-orm';
import { addCartItem } from '#contracts/cart';
import type { BlockReason, LicenceGate } from '#contracts/licences';
import { processPayment } from '#contracts/payment';
import { acceptQuote } from '#contracts/quotes';
import { reorderFromList } from '#contracts/reorder-lists';
import type { Db } from '../db/client.ts';
import { categories, products } from '../db/schema/catalog.ts';
import { licenceBlocks, licences } from '../db/schema/licences.ts';
import { organisationMembers } from '../db/schema/organisation-members.ts';
import { users } from '../db/schema/users.ts';
import { apiError, declaredCode, HttpError } from '../lib/errors.ts';
import { joinedMembers, membershipOf } from '../organisation-members/membership.ts';
import { isExpired, isValidLicence, type LicenceRow } from './licence-view.ts';
import { productRestricted } from './restricted-product.ts';

interface Standing {
  reason: BlockReason | null;
  /** The licence the reason is about: the valid one, the pending one, the expired one. */
  licence: LicenceRow | null;
}

/**
 * What the account may buy from restricted categories today. A member of an organisation buys on the licences of
 * every member, which stay the organisation's.
 */
export async function licenceStanding(db: Db, userId: string, now: Date): Promise<Standing> {
  const [[user], membership] = await Promise.all([
    db.select({ accountType: users.accountType }).from(users).where(eq(users.id, userId)),
    membershipOf(db, userId),
  ]);
  if (user?.accountType !== 'business' && !membership) return { reason: 'business_only', licence: null };
  const holders = membership
    ? inArray(licences.userId, db.select({ id: organisationMembers.userId }).from(organisationMembers).where(joinedMembers(membership.organisationId)))
    : eq(licences.userId, userId);
  const rows = await db.select().from(licences).where(holders)
    .orderBy(desc(licences.expiresOn), desc(licences.id));
  const valid = rows.find((row) => isValidLicence(row, now));
  if (valid) return { reason: null, licence: valid };
  const pending = rows.find((row) => row.status === 'pending' && !isExpired(row, now));
  if (pending) return { reason: 'unverified', licence: pending };
  const expired = rows.find((row) => row.status === 'verified');
  if (expired) return { reason: 'expired', licence: expired };
  return { reason: 'no_licence', licence: null };
}

interface RestrictedLine {
  productId: number;
  name: string;
  categoryId: number;
  category: string;
}

async function restrictedLines(db: Db, productIds: number[]): Promise<RestrictedLine[]> {
  if (productIds.length === 0) return [];
  return db.select({ productId: products.id, name: products.name, categoryId: categories.id, category: categories.name })
    .from(products).innerJoin(categories, eq(categories.id, products.categoryId))
    .where(and(inArray(products.id, productIds), productRestricted))
    .orderBy(products.id);
}

export function blockMessage(reason: BlockReason, lines: Pick<RestrictedLine, 'name'>[], licence: LicenceRow | null): string {
  const names = lines.map((line) => line.name).join(', ');
  switch (reason) {
    case 'business_only':
      return `${names}: sold only to business accounts holding a verified licence.`;
    case 'no_licence':
      return `A verified licence is required to buy ${names}. Upload your licence under Profile → Licences.`;
    case 'unverified':
      return `Your licence is awaiting verification by our staff. You can buy ${names} once it is verified.`;
    case 'expired':
      return `Your licence expired on ${licence?.expiresOn}. Upload a current licence to buy ${names}.`;
  }
}

export interface GateCheck {
  gate: LicenceGate;
  blocked: RestrictedLine[];
  licenceId: number | null;
}

/** Which of these products the buyer may not buy now, and the message checkout refuses them with. */
export async function checkLicenceGate(db: Db, userId: string, productIds: number[], now: Date): Promise<GateCheck> {
  const standing = await licenceStanding(db, userId, now);
  const blocked = standing.reason ? await restrictedLines(db, productIds) : [];
  const gate: LicenceGate = {
    can_buy_restricted: standing.reason === null,
    reason: standing.reason,
    blocked_items: blocked.map((line) => ({ product_id: line.productId, name: line.name, category: line.category })),
    licence_expires_on: standing.reason === 'expired' ? standing.licence?.expiresOn ?? null : null,
    message: standing.reason && blocked.length ? blockMessage(standing.reason, blocked, standing.licence) : null,
  };
  return { gate, blocked, licenceId: standing.licence?.id ?? null };
}

/**
 * Add to Cart: an individual account never may add a restricted product (403 LICENCE_REQUIRED, nothing added); a
 * business account may, and the cart line then says what is missing while checkout holds it back.
 */
export async function assertMayAddToCart(db: Db, userId: string, product: { name: string; restricted: boolean }, now: Date): Promise<void> {
  if (!product.restricted) return;
  const { reason } = await licenceStanding(db, userId, now);
  if (reason === 'business_only') throw apiError([addCartItem, reorderFromList], 'LICENCE_REQUIRED', 403, blockMessage(reason, [product], null));
}

/** Checkout's refusal; it carries what has to be logged once the checkout transaction has rolled back. */
export class LicenceBlockError extends HttpError {
  constructor(readonly userId: string, readonly check: GateCheck) {
    super(403, check.gate.message ?? '', undefined, declaredCode([processPayment, acceptQuote], 'LICENCE_REQUIRED'));
  }
}

/** Throws LicenceBlockError when any of these products needs a licence the buyer does not hold. */
export async function assertLicenceGate(db: Db, userId: string, productIds: number[], now: Date): Promise<void> {
  const check = await checkLicenceGate(db, userId, productIds, now);
  if (check.blocked.length) throw new LicenceBlockError(userId, check);
}

/** Records each line of a refused checkout; other errors pass untouched. */
export async function logLicenceBlock(db: Db, error: unknown): Promise<void> {
  if (!(error instanceof LicenceBlockError)) return;
  const { gate, blocked, licenceId } = error.check;
  await db.insert(licenceBlocks).values(blocked.map((line) => ({
    userId: error.userId, productId: line.productId, categoryId: line.categoryId, reason: gate.reason!, licenceId,
  })));
}
