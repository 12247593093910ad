import { asc, eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { orders } from '../db/schema/orders.ts';
import { orderInvoices, organisationPrices, organisations } from '../db/schema/organisations.ts';

/** An organisation as the audit trail keeps it: its row (status, terms, credit, manager) and its price list. */
export const organisationWithPrices = (db: Db) => async (id: string) => {
  const [organisation] = await db.select().from(organisations).where(eq(organisations.id, id));
  if (!organisation) return undefined;
  const prices = await db.select().from(organisationPrices).where(eq(organisationPrices.organisationId, id)).orderBy(asc(organisationPrices.id));
  return { ...organisation, prices };
};

/** An invoice as the audit trail keeps it: what is owed for which order, by when, and when it was paid. */
export const invoiceOf = (db: Db) => async (orderId: string) => {
  const [invoice] = await db.select({
    orderNumber: orders.orderNumber, organisationId: orderInvoices.organisationId, paymentTerms: orderInvoices.paymentTerms,
    amountCents: orderInvoices.amountCents, dueDate: orderInvoices.dueDate, paidAt: orderInvoices.paidAt, paidBy: orderInvoices.paidBy,
  }).from(orderInvoices).innerJoin(orders, eq(orders.id, orderInvoices.orderId)).where(eq(orderInvoices.orderId, orderId));
  return invoice;
};
