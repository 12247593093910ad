import { eq } from 'drizzle-orm';
import type { DepartmentAddress, PurchaseOrder } from '#contracts/organisation-purchasing';
import type { OrderParty, StaffOrderDetail } from '#contracts/staff-order-detail';
import type { Db } from '../db/client.ts';
import { organisationOrders } from '../db/schema/organisation-purchasing.ts';
import { organisations } from '../db/schema/organisations.ts';
import { punchoutOrderRequests } from '../db/schema/punchout.ts';
import type { OrderRow } from '../orders/order-view.ts';

type Parties = Pick<StaffOrderDetail, 'buyer' | 'organisation' | 'ship_to' | 'bill_to'>;

const party = (address: DepartmentAddress): OrderParty => ({
  name: `${address.firstName} ${address.lastName}`.trim(),
  first_name: address.firstName,
  last_name: address.lastName,
  company: address.company,
  address: address.address,
  city: address.city,
  postal_code: address.postalCode,
  country: address.country,
  phone: address.phone,
  email: address.email,
});

/** The same address with every field but the country left out. */
const withoutPersonal = (address: OrderParty): OrderParty => ({
  name: null, first_name: null, last_name: null, company: null, address: null, city: null, postal_code: null, country: address.country, phone: null, email: null,
});

/**
 * Who bought the order, for whom and where it goes: the buyer, the organisation it was placed for (with its department
 * and PO number), the ship-to, and the bill-to (the purchase order's when a procurement system sent one, else the
 * department's billing address, else the ship-to). Without
 * `personal`, names, emails, phones and addresses are null.
 */
export async function orderParties(db: Db, row: OrderRow, purchaseOrder: PurchaseOrder | null, personal: boolean): Promise<Parties> {
  const [organisation] = purchaseOrder
    ? await db.select({ name: organisations.name }).from(organisationOrders)
      .innerJoin(organisations, eq(organisations.id, organisationOrders.organisationId)).where(eq(organisationOrders.orderId, row.id))
    : [];
  const [received] = purchaseOrder
    ? await db.select({ billTo: punchoutOrderRequests.billTo }).from(punchoutOrderRequests).where(eq(punchoutOrderRequests.orderId, row.id))
    : [];
  const source = received?.billTo ? 'purchase_order' : purchaseOrder?.billTo ? 'department' : 'ship_to';
  const shipTo = party(row);
  const billTo = received?.billTo ? party(received.billTo) : purchaseOrder?.billTo ? party(purchaseOrder.billTo) : shipTo;
  const shown = (address: OrderParty) => (personal ? address : withoutPersonal(address));
  return {
    buyer: personal
      ? { name: shipTo.name, email: row.email, phone: row.phone }
      : { name: null, email: null, phone: null },
    organisation: purchaseOrder && organisation ? {
      name: organisation.name, department: purchaseOrder.department, cost_centre: purchaseOrder.costCentre, po_number: purchaseOrder.poNumber,
    } : null,
    ship_to: shown(shipTo),
    bill_to: { ...shown(billTo), source },
  };
}
