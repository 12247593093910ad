import type { ApprovalPending } from '#contracts/payment';
import type { PaymentDeps } from '../checkout/payment-deps.ts';
import type { DbOrTx } from '../db/client.ts';
import { orderRequests } from '../db/schema/organisation-purchasing.ts';
import type { HoldCheck } from '../orders/purchasing-policy.ts';
import { mailRequestWaiting } from './order-request-mail.ts';
import type { OrganisationOrder } from './organisation-order.ts';
import { limitsExceeded } from './spending-limits.service.ts';

export const REQUEST_MESSAGE = 'This order is above a spending limit of your organisation: it waits for an approver. Nothing was charged.';

interface Hold extends HoldCheck {
  order: OrganisationOrder;
}

/**
 * In the checkout's transaction: when the order goes over a limit, a request keeps its lines, totals and details for
 * an approver, the approvers are mailed, and the checkout answers it instead of charging. Stock is not held while it
 * waits: approving takes it then.
 */
export async function holdForApproval(tx: DbOrTx, deps: Pick<PaymentDeps, 'publicUrl'>, hold: Hold): Promise<ApprovalPending | null> {
  const { order, totals, now } = hold;
  const exceeded = await limitsExceeded(tx, order.membership, order.departmentId, totals.grandTotalCents, now);
  if (exceeded.length === 0) return null;
  const [request] = await tx.insert(orderRequests).values({
    organisationId: order.membership.organisationId,
    requestedBy: order.membership.userId,
    departmentId: order.departmentId,
    poNumber: order.poNumber,
    lines: hold.lines.map(({ available: _available, ...line }) => line),
    totals: { ...totals },
    amountCents: totals.grandTotalCents,
    orderDetails: { ...hold.body.orderDetails, currency: hold.body.currency, paymentMethod: hold.body.paymentMethod },
    exceeded,
    idempotencyKey: hold.key,
  }).returning();
  await mailRequestWaiting(tx, deps, request);
  return { success: false, approvalRequired: true, requestId: request.id, message: REQUEST_MESSAGE };
}
