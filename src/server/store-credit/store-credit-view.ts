import { desc, eq } from 'drizzle-orm';
import { centsToDecimal } from '#contracts/money';
import type { getStoreCredit } from '#contracts/returns';
import type { z } from 'zod';
import type { Db } from '../db/client.ts';
import { orders } from '../db/schema/orders.ts';
import { organisations } from '../db/schema/organisations.ts';
import { creditNotes, returns, storeCreditAccounts, storeCreditEntries } from '../db/schema/returns.ts';
import { creditNoteRef } from '../credit-notes/credit-note-views.ts';
import { membershipOf } from '../organisation-members/membership.ts';
import type { CreditOwner } from './store-credit-ledger.ts';
import { creditBalance } from './store-credit-payer.ts';

type StoreCredit = z.infer<typeof getStoreCredit.response>;

/** The owner's balance and entries, newest first, with the order, RMA and credit note each names; nothing is written. */
async function accountView(db: Db, owner: CreditOwner): Promise<Pick<StoreCredit, 'balance' | 'entries'>> {
  const rows = await db.select({
    amountCents: storeCreditEntries.amountCents, kind: storeCreditEntries.kind, createdAt: storeCreditEntries.createdAt,
    orderNumber: orders.orderNumber, rma: returns.rma, creditNote: creditNotes.number,
  }).from(storeCreditEntries)
    .innerJoin(storeCreditAccounts, eq(storeCreditAccounts.id, storeCreditEntries.accountId))
    .leftJoin(orders, eq(orders.id, storeCreditEntries.orderId))
    .leftJoin(returns, eq(returns.id, storeCreditEntries.returnId))
    .leftJoin(creditNotes, eq(creditNotes.id, storeCreditEntries.creditNoteId))
    .where('userId' in owner ? eq(storeCreditAccounts.userId, owner.userId) : eq(storeCreditAccounts.organisationId, owner.organisationId))
    .orderBy(desc(storeCreditEntries.createdAt), desc(storeCreditEntries.id));
  return {
    balance: centsToDecimal(await creditBalance(db, owner)),
    entries: rows.map((row) => ({
      amount: centsToDecimal(row.amountCents),
      kind: row.kind,
      order_number: row.orderNumber,
      rma: row.rma,
      credit_note: row.creditNote === null ? null : creditNoteRef(row.creditNote),
      created_at: row.createdAt.toISOString(),
    })),
  };
}

/** GET /api/profile/store-credit/: the caller's own credit, and their organisation's when they are one of its members. */
export async function storeCreditOf(db: Db, userId: string): Promise<StoreCredit> {
  const membership = await membershipOf(db, userId);
  const organisation = membership
    ? (await db.select({ name: organisations.name }).from(organisations).where(eq(organisations.id, membership.organisationId)))[0]
    : null;
  return {
    ...await accountView(db, { userId }),
    organisation: membership && organisation
      ? { name: organisation.name, ...await accountView(db, { organisationId: membership.organisationId }) }
      : null,
  };
}
