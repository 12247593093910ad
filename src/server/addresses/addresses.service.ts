import { and, desc, eq, ne } from 'drizzle-orm';
import type { BodyOf } from '#contracts/define';
import type * as contracts from '#contracts/addresses';
import type { Db } from '../db/client.ts';
import { addresses } from '../db/schema/addresses.ts';
import { badRequest, notFound } from '../lib/errors.ts';
import { postalCodeProblem } from '#contracts/postal-codes';

export const ADDRESS_NOT_FOUND = 'Address not found.';

type AddressRow = typeof addresses.$inferSelect;
type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

const view = ({ userId: _userId, createdAt, ...row }: AddressRow): contracts.SavedAddress => ({ ...row, createdAt: createdAt.toISOString() });

export async function listAddresses(db: Db, userId: string): Promise<contracts.SavedAddress[]> {
  const rows = await db.select().from(addresses).where(eq(addresses.userId, userId))
    .orderBy(desc(addresses.isDefaultShipping), desc(addresses.isDefaultBilling), desc(addresses.createdAt));
  return rows.map(view);
}

/** One default per kind: setting a flag on one address clears it on the user's others first. */
async function clearOtherDefaults(tx: Tx, userId: string, keepId: string | null, flags: { shipping?: boolean; billing?: boolean }) {
  const others = and(eq(addresses.userId, userId), keepId ? ne(addresses.id, keepId) : undefined);
  if (flags.shipping) await tx.update(addresses).set({ isDefaultShipping: false }).where(and(others, eq(addresses.isDefaultShipping, true)));
  if (flags.billing) await tx.update(addresses).set({ isDefaultBilling: false }).where(and(others, eq(addresses.isDefaultBilling, true)));
}

export async function createAddress(db: Db, userId: string, body: BodyOf<typeof contracts.createAddress>): Promise<contracts.SavedAddress> {
  return db.transaction(async (tx) => {
    await clearOtherDefaults(tx, userId, null, { shipping: body.isDefaultShipping, billing: body.isDefaultBilling });
    const [row] = await tx.insert(addresses).values({ ...body, userId }).returning();
    return view(row);
  });
}

export async function updateAddress(db: Db, userId: string, id: string, body: BodyOf<typeof contracts.updateAddress>): Promise<contracts.SavedAddress> {
  return db.transaction(async (tx) => {
    const [existing] = await tx.select({ id: addresses.id, country: addresses.country, postalCode: addresses.postalCode }).from(addresses)
      .where(and(eq(addresses.id, id), eq(addresses.userId, userId)));
    if (!existing) throw notFound(ADDRESS_NOT_FOUND);
    const problem = postalCodeProblem(body.country ?? existing.country, body.postalCode ?? existing.postalCode);
    if (problem) throw badRequest({ postalCode: [problem] });
    await clearOtherDefaults(tx, userId, id, { shipping: body.isDefaultShipping, billing: body.isDefaultBilling });
    const [row] = await tx.update(addresses).set(body).where(eq(addresses.id, id)).returning();
    return view(row);
  });
}

export async function deleteAddress(db: Db, userId: string, id: string): Promise<void> {
  const removed = await db.delete(addresses).where(and(eq(addresses.id, id), eq(addresses.userId, userId))).returning({ id: addresses.id });
  if (removed.length === 0) throw notFound(ADDRESS_NOT_FOUND);
}
