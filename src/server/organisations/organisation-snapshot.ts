import { asc, eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { organisationPrices, organisations } from '../db/schema/organisations.ts';

/** An organisation as the audit trail keeps it: its row (status, terms, credit, manager) and its price list. */
export const organisationWithPrices = (db: Db) => async (id: string) => {
  const [organisation] = await db.select().from(organisations).where(eq(organisations.id, id));
  if (!organisation) return undefined;
  const prices = await db.select().from(organisationPrices).where(eq(organisationPrices.organisationId, id)).orderBy(asc(organisationPrices.id));
  return { ...organisation, prices };
};
