import { and, eq, inArray, notExists, or } from 'drizzle-orm';
import { prepared, type DbOrTx } from '../db/client.ts';
import { organisationMembers } from '../db/schema/organisation-members.ts';
import { storeCreditAccounts, storeCreditEntries } from '../db/schema/returns.ts';
import { joinedBy, membershipOf } from '../organisation-members/membership.ts';
import { creditOwnerOfOrder, moveCredit, type CreditEntry, type CreditOwner } from './store-credit-ledger.ts';

/** Whose credit a checkout spends: a member orders for the organisation and spends its credit, anyone else their own. */
export async function creditPayerOf(db: DbOrTx, userId: string): Promise<CreditOwner> {
  const membership = await membershipOf(db, userId);
  return membership ? { organisationId: membership.organisationId } : { userId };
}

/** The owner's balance in USD cents, 0 without an account (none is made); `lock` holds the row until the transaction ends. */
export async function creditBalance(db: DbOrTx, owner: CreditOwner, lock = false): Promise<number> {
  const query = db.select({ balanceCents: storeCreditAccounts.balanceCents }).from(storeCreditAccounts)
    .where('userId' in owner ? eq(storeCreditAccounts.userId, owner.userId) : eq(storeCreditAccounts.organisationId, owner.organisationId));
  const [row] = await (lock ? query.for('update') : query);
  return row?.balanceCents ?? 0;
}

/** creditBalance() of creditPayerOf(), in one statement: what the buyer's cart shows they may spend. */
export async function buyersCreditBalance(db: DbOrTx, userId: string): Promise<number> {
  const organisation = db.select({ id: organisationMembers.organisationId }).from(organisationMembers).where(joinedBy(userId));
  const [row] = await prepared(db.select({ balanceCents: storeCreditAccounts.balanceCents }).from(storeCreditAccounts)
    .where(or(inArray(storeCreditAccounts.organisationId, organisation), and(eq(storeCreditAccounts.userId, userId), notExists(organisation)))),
  'buyers_credit_balance');
  return row?.balanceCents ?? 0;
}

/**
 * How an order total (USD cents, before any card fee) is paid when the buyer uses their credit: as much as the balance
 * covers, and the rest through the payment method. The cart's answer and the placed order both split it here.
 */
export function creditSplit(totalCents: number, balanceCents: number): { creditCents: number; restCents: number } {
  const creditCents = Math.max(Math.min(balanceCents, totalCents), 0);
  return { creditCents, restCents: totalCents - creditCents };
}

/** Takes an order's credit part from its payer's account, in the placing transaction: null when the balance no longer covers it. */
export const spendOnOrder = (tx: DbOrTx, owner: CreditOwner, orderId: string, cents: number) =>
  moveCredit(tx, owner, -cents, { kind: 'spent', orderId });

/**
 * The credit an order still spends: what it spent, less what went back (released, or an edit's adjustment).
 */
async function creditHeldBy(tx: DbOrTx, orderId: string): Promise<number> {
  const entries = await tx.select({ kind: storeCreditEntries.kind, amountCents: storeCreditEntries.amountCents }).from(storeCreditEntries)
    .where(and(eq(storeCreditEntries.orderId, orderId), inArray(storeCreditEntries.kind, ['spent', 'released', 'adjustment'])));
  return -entries.reduce((sum, entry) => sum + entry.amountCents, 0);
}

/**
 * Gives back the credit an order still spends, once, when the order is released (cancelled, declined, or its
 * reservation run out) inside the releasing transaction. Answers the cents given back (0 when it spent none or had
 * them back).
 */
export async function releaseOrderCredit(tx: DbOrTx, orderId: string): Promise<number> {
  const held = await creditHeldBy(tx, orderId);
  if (held <= 0) return 0;
  await moveCredit(tx, await creditOwnerOfOrder(tx, orderId), held, { kind: 'released', orderId });
  return held;
}

/**
 * Gives `cents` of the credit an order spent back to its payer, as an adjustment, when staff make the order smaller
 * before it ships: the order then spends less, and a later release gives back only the rest.
 */
export async function lowerOrderCredit(tx: DbOrTx, orderId: string, cents: number, createdBy: string) {
  if (cents <= 0 || cents > await creditHeldBy(tx, orderId)) throw new RangeError(`An order gives back credit it spent, got ${cents}`);
  return moveCredit(tx, await creditOwnerOfOrder(tx, orderId), cents, { kind: 'adjustment', orderId, createdBy });
}

/**
 * Credits `cents` of an order back to the account that paid it (the organisation's for an organisation's order), as a
 * return's refund of the part paid with store credit; `entry` names the return, credit note and staff member.
 */
export async function refundToStoreCredit(tx: DbOrTx, orderId: string, cents: number, entry: Omit<CreditEntry, 'kind' | 'orderId'>) {
  if (cents <= 0) throw new RangeError(`A refund to store credit credits, got ${cents}`);
  return moveCredit(tx, await creditOwnerOfOrder(tx, orderId), cents, { ...entry, kind: 'return', orderId });
}
