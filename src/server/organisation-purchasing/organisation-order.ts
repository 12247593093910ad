import { eq } from 'drizzle-orm';
import {
  approveRequest, DEPARTMENT_REQUIRED, NOT_DEPARTMENT_ADDRESS, NOT_YOUR_DEPARTMENT, payRequest, PO_REQUIRED, type DepartmentAddress,
} from '#contracts/organisation-purchasing';
import { processPayment, type ProcessPaymentInput } from '#contracts/payment';
import { acceptQuote } from '#contracts/quotes';
import type { DbOrTx } from '../db/client.ts';
import { organisationOrders } from '../db/schema/organisation-purchasing.ts';
import { organisations } from '../db/schema/organisations.ts';
import { apiError, badRequest } from '../lib/errors.ts';
import { membershipOf, type Membership } from '../organisation-members/membership.ts';
import { departmentsOf } from './departments.service.ts';

export interface OrganisationOrder {
  membership: Membership & { userId: string };
  departmentId: number | null;
  poNumber: string;
}

/** Every route whose order is placed through the payment flow: the cart, an accepted quote, an approved request. */
const PLACING = [processPayment, acceptQuote, payRequest, approveRequest] as const;
export const FINANCE_DOES_NOT_ORDER = "Finance members read the organisation's orders and invoices; they do not place orders.";

const norm = (value: string) => value.trim().replace(/\s+/g, ' ').toLowerCase();
/** True when the two are the same delivery address, whatever their case and spacing. */
export const sameAddress = (a: DepartmentAddress, b: ProcessPaymentInput['orderDetails']['shippingAddress']) =>
  norm(a.address) === norm(b.address) && norm(a.city) === norm(b.city) && norm(a.postalCode) === norm(b.postalCode);

/**
 * Who an order is placed for. A member of an organisation orders for it: for one of their departments when they have
 * any (delivered to one of its addresses), with a purchase-order number where the organisation or the department
 * requires one. Null for everyone else, whose order is their own; a department they cannot name is refused. Finance
 * members read orders and record none: their order is refused (403 ORGANISATION_ROLE) before anything is written.
 */
export async function organisationOrderOf(
  tx: DbOrTx, userId: string, details: ProcessPaymentInput['orderDetails'],
): Promise<OrganisationOrder | null> {
  const membership = await membershipOf(tx, userId);
  if (!membership) {
    if (details.departmentId !== undefined) throw badRequest({ 'orderDetails.departmentId': [NOT_YOUR_DEPARTMENT] });
    return null;
  }
  if (membership.role === 'finance') throw apiError(PLACING, 'ORGANISATION_ROLE', 403, FINANCE_DOES_NOT_ORDER);
  const departments = await departmentsOf(tx, membership.memberId);
  const errors: Record<string, string[]> = {};
  const department = details.departmentId === undefined ? undefined : departments.find((row) => row.id === details.departmentId);
  if (details.departmentId !== undefined && !department) errors['orderDetails.departmentId'] = [NOT_YOUR_DEPARTMENT];
  if (details.departmentId === undefined && departments.length > 0) errors['orderDetails.departmentId'] = [DEPARTMENT_REQUIRED];
  if (department && !department.shipTo.some((address) => sameAddress(address, details.shippingAddress))) {
    errors['orderDetails.shippingAddress'] = [NOT_DEPARTMENT_ADDRESS];
  }
  const [organisation] = await tx.select({ poRequired: organisations.poRequired }).from(organisations)
    .where(eq(organisations.id, membership.organisationId));
  if ((organisation.poRequired || department?.poRequired) && !details.poNumber) errors['orderDetails.poNumber'] = [PO_REQUIRED];
  if (Object.keys(errors).length > 0) throw badRequest(errors);
  return { membership: { ...membership, userId }, departmentId: department?.id ?? null, poNumber: details.poNumber };
}

/** Records, in the placing transaction, that the order was placed for the organisation. */
export async function recordOrganisationOrder(tx: DbOrTx, orderId: string, order: OrganisationOrder): Promise<void> {
  await tx.insert(organisationOrders).values({
    orderId, organisationId: order.membership.organisationId, departmentId: order.departmentId, poNumber: order.poNumber,
  });
}
