import { and, desc, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import {
  markInvoicePaid as markInvoicePaidContract, TERMS_DAYS, type InvoiceTerms, type TermsInvoice,
} from '#contracts/organisations';
import { processPayment } from '#contracts/payment';
import { acceptQuote } from '#contracts/quotes';
import type { Order } from '#contracts/orders';
import { centsToDecimal, centsToNumber } from '#contracts/money';
import type { Db, DbOrTx } from '../db/client.ts';
import { orders } from '../db/schema/orders.ts';
import { orderEvents } from '../db/schema/order-events.ts';
import { orderInvoices, organisations } from '../db/schema/organisations.ts';
import { payments } from '../db/schema/payments.ts';
import { apiError, notFound } from '../lib/errors.ts';
import { membershipOf } from '../organisation-members/membership.ts';
import { shopEvent, type OrderEventText } from '../orders/order-event-text.ts';

export const NOT_ON_TERMS = 'Pay by invoice is for verified organisations approved for payment terms.';

/** The routes that place an order, on terms among other ways. */
const PAYING = [processPayment, acceptQuote] as const;

const isoDate = (date: Date) => date.toISOString().slice(0, 10);

/** The order date plus the terms' days, as an ISO date. */
export function dueDateFor(terms: InvoiceTerms, orderedAt: Date): string {
  return isoDate(new Date(orderedAt.getTime() + TERMS_DAYS[terms] * 86_400_000));
}

/** What an organisation owes now: its unpaid invoice orders that were not cancelled, in USD cents. */
export async function creditUsedCents(db: Db, organisationId: string): Promise<number> {
  const [row] = await db.select({ used: sql<number>`coalesce(sum(${orderInvoices.amountCents}), 0)::int` })
    .from(orderInvoices).innerJoin(orders, eq(orders.id, orderInvoices.orderId))
    .where(and(eq(orderInvoices.organisationId, organisationId), isNull(orderInvoices.paidAt), ne(orders.status, 'cancelled')));
  return Number(row.used);
}

export interface InvoiceApproval {
  organisationId: string;
  terms: InvoiceTerms;
  dueDate: string;
  amountCents: number;
}

/**
 * Inside the transaction that places an order paid by invoice: the organisation the buyer is a member of must be verified and on
 * terms, and its unpaid invoices plus this order must stay within its credit limit. The organisation row stays
 * locked until the transaction ends, so two orders cannot both spend the same credit.
 */
export async function approveInvoice(tx: DbOrTx, userId: string, amountCents: number, now: Date): Promise<InvoiceApproval> {
  const membership = await membershipOf(tx, userId);
  const [organisation] = membership
    ? await tx.select().from(organisations).where(eq(organisations.id, membership.organisationId)).for('update')
    : [];
  if (!organisation || organisation.status !== 'verified' || organisation.paymentTerms === 'none' || organisation.creditLimitCents <= 0) {
    throw apiError(PAYING, 'INVOICE_NOT_ALLOWED', 403, NOT_ON_TERMS);
  }
  const available = organisation.creditLimitCents - await creditUsedCents(tx, organisation.id);
  if (amountCents > available) {
    throw apiError(PAYING, 'CREDIT_LIMIT_EXCEEDED', 409,
      `This order (${centsToDecimal(amountCents)} USD) exceeds your available credit of ${centsToDecimal(Math.max(available, 0))} USD. `
        + 'Pay part of your open invoices, choose another payment method, or ask your account manager about your credit limit.',
      { amount: centsToNumber(amountCents), available: centsToNumber(Math.max(available, 0)) },
    );
  }
  return { organisationId: organisation.id, terms: organisation.paymentTerms, dueDate: dueDateFor(organisation.paymentTerms, now), amountCents };
}

/** Records the invoice of an order placed on terms, in the placing transaction. */
export async function openInvoice(tx: DbOrTx, orderId: string, approval: InvoiceApproval): Promise<void> {
  await tx.insert(orderInvoices).values({
    orderId, organisationId: approval.organisationId, paymentTerms: approval.terms, amountCents: approval.amountCents, dueDate: approval.dueDate,
  });
}

/** The timeline entry of an order confirmed on terms. */
export async function invoiceConfirmationEvent(tx: DbOrTx, orderId: string): Promise<OrderEventText> {
  const [invoice] = await tx.select().from(orderInvoices).where(eq(orderInvoices.orderId, orderId));
  return invoice ? shopEvent('confirmed_on_terms', { terms: invoice.paymentTerms, dueDate: invoice.dueDate }) : shopEvent('confirmed');
}

/** Each order's terms for the order view; orders not paid by invoice are left out. */
export async function invoiceTermsByOrder(db: Db, orderIds: string[]): Promise<Map<string, NonNullable<Order['invoiceTerms']>>> {
  if (orderIds.length === 0) return new Map();
  const rows = await db.select().from(orderInvoices).where(inArray(orderInvoices.orderId, orderIds));
  return new Map(rows.map((row) => [row.orderId, {
    terms: row.paymentTerms, dueDate: row.dueDate, paidAt: row.paidAt?.toISOString() ?? null,
  }]));
}

type InvoiceRow = typeof orderInvoices.$inferSelect & { orderNumber: string; orderStatus: (typeof orders.status.enumValues)[number] };

function termsInvoiceView(row: InvoiceRow, now = new Date()): TermsInvoice {
  return {
    order_id: row.orderId,
    order_number: row.orderNumber,
    order_status: row.orderStatus,
    amount: centsToDecimal(row.amountCents),
    payment_terms: row.paymentTerms,
    due_date: row.dueDate,
    paid_at: row.paidAt?.toISOString() ?? null,
    overdue: row.paidAt === null && row.orderStatus !== 'cancelled' && row.dueDate < isoDate(now),
  };
}

const invoiceColumns = { invoice: orderInvoices, orderNumber: orders.orderNumber, orderStatus: orders.status };

export async function organisationInvoices(db: Db, organisationId: string): Promise<TermsInvoice[]> {
  const rows = await db.select(invoiceColumns).from(orderInvoices).innerJoin(orders, eq(orders.id, orderInvoices.orderId))
    .where(eq(orderInvoices.organisationId, organisationId)).orderBy(desc(orderInvoices.createdAt));
  return rows.map((row) => termsInvoiceView({ ...row.invoice, orderNumber: row.orderNumber, orderStatus: row.orderStatus }));
}

/** Staff record the payment of an invoice order: awaiting payment → paid. */
export async function markInvoicePaid(db: Db, orderId: string, staffId: string): Promise<TermsInvoice> {
  const now = new Date();
  await db.transaction(async (tx) => {
    const [row] = await tx.select(invoiceColumns).from(orderInvoices).innerJoin(orders, eq(orders.id, orderInvoices.orderId))
      .where(eq(orderInvoices.orderId, orderId)).for('update');
    if (!row) throw notFound('Invoice not found.');
    if (row.invoice.paidAt) throw apiError(markInvoicePaidContract, 'ALREADY_PAID', 409, 'This invoice is already paid.');
    if (row.orderStatus === 'cancelled') {
      throw apiError(markInvoicePaidContract, 'ORDER_CANCELLED', 409, 'This order was cancelled: there is nothing to pay.');
    }
    await tx.update(orderInvoices).set({ paidAt: now, paidBy: staffId }).where(eq(orderInvoices.orderId, orderId));
    await tx.update(orders).set({ paymentStatus: 'paid', updatedAt: now }).where(eq(orders.id, orderId));
    await tx.update(payments).set({ status: 'succeeded', updatedAt: now })
      .where(and(eq(payments.orderId, orderId), eq(payments.method, 'invoice'), eq(payments.status, 'pending')));
    await tx.insert(orderEvents).values({ orderId, status: row.orderStatus, ...shopEvent('invoice_paid') });
  });
  const [row] = await db.select(invoiceColumns).from(orderInvoices).innerJoin(orders, eq(orders.id, orderInvoices.orderId))
    .where(eq(orderInvoices.orderId, orderId));
  return termsInvoiceView({ ...row.invoice, orderNumber: row.orderNumber, orderStatus: row.orderStatus });
}
