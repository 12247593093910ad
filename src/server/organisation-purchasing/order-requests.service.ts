import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { CheckoutMethod, PaymentSuccess, PaymentWaiting, ProcessPaymentInput, paymentOnlyBody } from '#contracts/payment';
import { centsToDecimal, centsToNumber, usdCentsToPkrMinor } from '#contracts/money';
import {
  approveRequest as approveContract, rejectRequest as rejectContract, type ExceededLimit, type OrderRequest, type OrderRequestStatus,
} from '#contracts/organisation-purchasing';
import type { OrganisationRole } from '#contracts/organisation-members';
import type { PaymentDeps } from '../checkout/payment-deps.ts';
import { processPayment } from '../checkout/payment-flow.service.ts';
import type { OrderLine, OrderSource } from '../orders/order-source.ts';
import type { Db, DbOrTx } from '../db/client.ts';
import { orderRequests, organisationDepartments } from '../db/schema/organisation-purchasing.ts';
import { orders } from '../db/schema/orders.ts';
import { users } from '../db/schema/users.ts';
import { apiError, notFound } from '../lib/errors.ts';
import { usdToPkrRate } from '../pricing/exchange-rates.ts';
import type { Membership } from '../organisation-members/membership.ts';
import { mailRequestApproved, mailRequestDecided } from './order-request-mail.ts';
import { awaitsPayment, keptSalePart, refuseUnlessPayable, requestSource } from './request-order-source.ts';

export type OrderRequestRow = typeof orderRequests.$inferSelect;
/** A line as the request keeps it: what checkout priced, without the stock figure of that moment. */
export type RequestLine = Omit<OrderLine, 'available'>;

/** What checkout kept on the request: the order's details, its currency, and how the buyer chose to pay. */
type KeptDetails = ProcessPaymentInput['orderDetails'] & { currency: 'PKR' | 'USD'; paymentMethod?: CheckoutMethod };
/** Requests kept before the method was recorded were placed by invoice. */
const methodOf = (row: OrderRequestRow): CheckoutMethod => (row.orderDetails as KeptDetails).paymentMethod ?? 'invoice';

const fullName = (user: { firstName: string; lastName: string; email: string }) => `${user.firstName} ${user.lastName}`.trim() || user.email;
export const deciders: readonly OrganisationRole[] = ['approver', 'admin'];

async function views(db: DbOrTx, rows: OrderRequestRow[], viewer: Membership & { userId: string }): Promise<OrderRequest[]> {
  if (rows.length === 0) return [];
  const people = [...new Set(rows.flatMap((row) => [row.requestedBy, row.decidedBy].filter((id): id is string => id !== null)))];
  const departmentIds = [...new Set(rows.map((row) => row.departmentId).filter((id): id is number => id !== null))];
  const orderIds = rows.map((row) => row.orderId).filter((id): id is string => id !== null);
  const [userRows, departmentRows, orderRows, rate] = await Promise.all([
    db.select({ id: users.id, email: users.email, firstName: users.firstName, lastName: users.lastName }).from(users).where(inArray(users.id, people)),
    departmentIds.length ? db.select().from(organisationDepartments).where(inArray(organisationDepartments.id, departmentIds)) : [],
    orderIds.length ? db.select({ id: orders.id, orderNumber: orders.orderNumber, status: orders.status }).from(orders).where(inArray(orders.id, orderIds)) : [],
    usdToPkrRate(db),
  ]);
  const person = new Map(userRows.map((row) => [row.id, row]));
  const department = new Map(departmentRows.map((row) => [row.id, row]));
  const placed = new Map(orderRows.map((row) => [row.id, row]));
  return rows.map((row) => {
    const requester = person.get(row.requestedBy)!;
    const dept = row.departmentId === null ? undefined : department.get(row.departmentId);
    const decider = row.decidedBy ? person.get(row.decidedBy) : undefined;
    const order = row.orderId ? placed.get(row.orderId) : undefined;
    return {
      id: row.id,
      status: row.status,
      requested_by: { id: requester.id, name: fullName(requester), email: requester.email },
      department: dept ? { id: dept.id, name: dept.name, cost_centre: dept.costCentre } : null,
      po_number: row.poNumber,
      amount: centsToDecimal(row.amountCents),
      amount_pkr: centsToDecimal(usdCentsToPkrMinor(row.amountCents, rate.stored)),
      lines: (row.lines as RequestLine[]).map((line) => {
        const sale = keptSalePart(line);
        return {
          name: line.name, variant_label: line.variantLabel, model_number: line.modelNumber, quantity: line.quantity,
          unit_price: centsToDecimal(line.unitPriceCents),
          sale_quantity: sale.saleQuantity,
          sale_price: sale.salePriceCents === null ? null : centsToDecimal(sale.salePriceCents),
        };
      }),
      exceeded: row.exceeded as ExceededLimit[],
      reason: row.reason,
      decided_by: decider ? fullName(decider) : null,
      decided_at: row.decidedAt?.toISOString() ?? null,
      order_number: order && order.status !== 'cancelled' ? order.orderNumber : null,
      created_at: row.createdAt.toISOString(),
      payment_method: methodOf(row),
      can_decide: row.status === 'pending' && deciders.includes(viewer.role) && row.requestedBy !== viewer.userId,
      can_pay: awaitsPayment(row, order?.status ?? null) && row.requestedBy === viewer.userId,
    };
  });
}

/** Approvers and admins see every request of the organisation, waiting ones first; the others their own. */
export async function listRequests(db: Db, viewer: Membership & { userId: string }, status?: OrderRequestStatus) {
  const rows = await db.select().from(orderRequests).where(and(
    eq(orderRequests.organisationId, viewer.organisationId),
    deciders.includes(viewer.role) ? undefined : eq(orderRequests.requestedBy, viewer.userId),
    status ? eq(orderRequests.status, status) : undefined,
  )).orderBy(asc(sql`case when ${orderRequests.status} = 'pending' then 0 else 1 end`), desc(orderRequests.createdAt)).limit(200);
  return { your_role: viewer.role, requests: await views(db, rows, viewer) };
}

const RAISED = [approveContract, rejectContract] as const;

/** The request, for someone who may decide it now: an approver or admin of its organisation who did not ask for it. */
export async function decidable(tx: DbOrTx, viewer: Membership & { userId: string }, id: number, lock = false): Promise<OrderRequestRow> {
  const query = tx.select().from(orderRequests).where(and(eq(orderRequests.id, id), eq(orderRequests.organisationId, viewer.organisationId)));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw notFound('Unknown request.');
  if (!deciders.includes(viewer.role)) throw apiError(RAISED, 'ORGANISATION_ROLE', 403, 'Only an approver or an admin of your organisation can decide requests.');
  if (row.requestedBy === viewer.userId) throw apiError(RAISED, 'SELF_APPROVAL', 403, 'Someone else has to decide your own request.');
  if (row.status !== 'pending') throw apiError(RAISED, 'ILLEGAL_TRANSITION', 409, `This request was already ${row.status}.`);
  return row;
}

/** The order's details as the request keeps them, without what checkout kept beside them. */
function detailsOf(row: OrderRequestRow): ProcessPaymentInput['orderDetails'] {
  const { currency: _currency, paymentMethod: _method, ...details } = row.orderDetails as KeptDetails;
  return details;
}

/** The payment call approving makes for the buyer: by invoice, in the currency they chose, for the total they saw. */
export async function invoiceBodyFor(db: Db, row: OrderRequestRow): Promise<ProcessPaymentInput> {
  const { currency } = row.orderDetails as KeptDetails;
  const details = detailsOf(row);
  const minor = currency === 'USD' ? row.amountCents : usdCentsToPkrMinor(row.amountCents, (await usdToPkrRate(db)).stored);
  return { paymentMethod: 'invoice', currency, paymentData: {}, amount: centsToNumber(minor), use_store_credit: false, orderDetails: details };
}

export async function requestView(db: DbOrTx, viewer: Membership & { userId: string }, id: number): Promise<OrderRequest> {
  const [row] = await db.select().from(orderRequests).where(eq(orderRequests.id, id));
  return (await views(db, [row], viewer))[0];
}

/** An approved request's order: its source has no hold, since the organisation approved it already. */
async function placeApproved(
  deps: PaymentDeps, userId: string, keyHeader: string | string[] | undefined, body: ProcessPaymentInput, source: OrderSource,
): Promise<PaymentSuccess | PaymentWaiting> {
  const outcome = await processPayment(deps, userId, keyHeader, body, source);
  if ('approvalRequired' in outcome) throw new Error(`${source.scope ?? 'an order'} was held for approval without a hold`);
  return outcome;
}

/** Rejects a waiting request with its reason, which the buyer is mailed. */
export async function rejectRequest(db: Db, deps: Pick<PaymentDeps, 'publicUrl'>, viewer: Membership & { userId: string }, id: number, reason: string) {
  await db.transaction(async (tx) => {
    await decidable(tx, viewer, id, true);
    const [row] = await tx.update(orderRequests).set({ status: 'rejected', reason, decidedBy: viewer.userId, decidedAt: new Date() })
      .where(eq(orderRequests.id, id)).returning();
    await mailRequestDecided(tx, deps, row);
  });
  return requestView(db, viewer, id);
}

/**
 * Approves a waiting request. One the buyer chose to pay by invoice is placed for them on the organisation's terms;
 * the key is the request's own, so two approvers at once place it once (the second gets the first's answer or
 * PAYMENT_IN_PROGRESS). One to be paid by card or wallet is approved, and the buyer is mailed to pay it.
 */
export async function approveRequest(deps: PaymentDeps, viewer: Membership & { userId: string }, id: number): Promise<OrderRequest> {
  const row = await decidable(deps.db, viewer, id);
  if (methodOf(row) === 'invoice') {
    await placeApproved(deps, row.requestedBy, `organisation-request-${row.id}`, await invoiceBodyFor(deps.db, row), requestSource(row.id, { approverId: viewer.userId }));
  } else {
    await deps.db.transaction(async (tx) => {
      await decidable(tx, viewer, id, true);
      const [approved] = await tx.update(orderRequests).set({ status: 'approved', decidedBy: viewer.userId, decidedAt: new Date() })
        .where(eq(orderRequests.id, id)).returning();
      await mailRequestApproved(tx, deps, approved);
    });
  }
  return requestView(deps.db, viewer, id);
}

/**
 * The buyer pays their approved request: for its lines and total, delivered where it says, by the method they choose
 * now. Someone else's request is unknown to them, and so is their own once they no longer belong to its organisation
 * (removed, or gone to another): an approval is the organisation's, for its member.
 */
export async function payRequest(
  deps: PaymentDeps, payer: Membership & { userId: string }, id: number, keyHeader: string | string[] | undefined,
  body: z.output<typeof paymentOnlyBody>,
): Promise<PaymentSuccess | PaymentWaiting> {
  const [row] = await deps.db.select().from(orderRequests).where(and(
    eq(orderRequests.id, id), eq(orderRequests.organisationId, payer.organisationId), eq(orderRequests.requestedBy, payer.userId),
  ));
  if (!row) throw notFound('Unknown request.');
  // One not approved is refused before its details are checked. Whether an approved one is paid already is checked
  // with the request locked, after the idempotency key, so that a retry of a paid attempt gets its answer again.
  if (row.status !== 'approved') await refuseUnlessPayable(deps.db, row);
  return placeApproved(deps, payer.userId, keyHeader, { ...body, orderDetails: detailsOf(row) } as ProcessPaymentInput, requestSource(row.id, 'buyer pays'));
}
