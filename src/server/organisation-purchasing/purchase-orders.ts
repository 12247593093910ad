import { eq, inArray } from 'drizzle-orm';
import type { PurchaseOrder } from '#contracts/organisation-purchasing';
import type { DbOrTx } from '../db/client.ts';
import { organisationDepartments, organisationOrders } from '../db/schema/organisation-purchasing.ts';

/** Each order placed for an organisation, with its PO number, department and bill-to; other orders are left out. */
export async function purchaseOrdersByOrder(db: DbOrTx, orderIds: string[]): Promise<Map<string, PurchaseOrder>> {
  if (orderIds.length === 0) return new Map();
  const rows = await db.select({ link: organisationOrders, department: organisationDepartments }).from(organisationOrders)
    .leftJoin(organisationDepartments, eq(organisationDepartments.id, organisationOrders.departmentId))
    .where(inArray(organisationOrders.orderId, orderIds));
  return new Map(rows.map(({ link, department }) => [link.orderId, {
    poNumber: link.poNumber,
    department: department?.name ?? null,
    costCentre: department?.costCentre ?? '',
    billTo: department?.billTo ?? null,
  }]));
}
