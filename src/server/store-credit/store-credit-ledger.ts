import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.ts';
import { organisationOrders } from '../db/schema/organisation-purchasing.ts';
import { orders } from '../db/schema/orders.ts';
import { storeCreditAccounts, storeCreditEntries } from '../db/schema/returns.ts';

/** Whose credit: a buyer's own, or an organisation's, shared by its members. */
export type CreditOwner = { userId: string } | { organisationId: string };

type EntryKind = (typeof storeCreditEntries.kind.enumValues)[number];

export interface CreditEntry {
  kind: EntryKind;
  orderId?: string | null;
  returnId?: number | null;
  creditNoteId?: number | null;
  createdBy?: string | null;
}

const ownerColumn = (owner: CreditOwner) =>
  ('userId' in owner ? eq(storeCreditAccounts.userId, owner.userId) : eq(storeCreditAccounts.organisationId, owner.organisationId));

/** The owner's account, made when missing, locked for the caller's transaction. */
export async function lockAccount(tx: DbOrTx, owner: CreditOwner) {
  await tx.insert(storeCreditAccounts).values('userId' in owner ? { userId: owner.userId } : { organisationId: owner.organisationId })
    .onConflictDoNothing();
  const [account] = await tx.select().from(storeCreditAccounts).where(ownerColumn(owner)).for('update');
  return account;
}

/** The credit of the account an order was paid from: its organisation's when placed for one, else its buyer's. */
export async function creditOwnerOfOrder(tx: DbOrTx, orderId: string): Promise<CreditOwner> {
  const [row] = await tx.select({ userId: orders.userId, organisationId: organisationOrders.organisationId }).from(orders)
    .leftJoin(organisationOrders, eq(organisationOrders.orderId, orders.id)).where(eq(orders.id, orderId));
  return row.organisationId ? { organisationId: row.organisationId } : { userId: row.userId };
}

/**
 * Moves `cents` (signed: positive credits, negative spends) on the owner's account and records the entry, inside
 * `tx`. A spend beyond the balance is refused: answers null and writes nothing.
 */
export async function moveCredit(tx: DbOrTx, owner: CreditOwner, cents: number, entry: CreditEntry) {
  if (!Number.isInteger(cents) || cents === 0) throw new RangeError(`Store credit moves by whole non-zero cents, got ${cents}`);
  const account = await lockAccount(tx, owner);
  const [updated] = await tx.update(storeCreditAccounts).set({ balanceCents: sql`${storeCreditAccounts.balanceCents} + ${cents}` })
    .where(and(eq(storeCreditAccounts.id, account.id), sql`${storeCreditAccounts.balanceCents} + ${cents} >= 0`))
    .returning({ balanceCents: storeCreditAccounts.balanceCents });
  if (!updated) return null;
  const [row] = await tx.insert(storeCreditEntries).values({
    accountId: account.id, amountCents: cents, kind: entry.kind, orderId: entry.orderId ?? null, returnId: entry.returnId ?? null,
    creditNoteId: entry.creditNoteId ?? null, createdBy: entry.createdBy ?? null,
  }).returning();
  return { entry: row, balanceCents: updated.balanceCents };
}
