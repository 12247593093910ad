import type { OrderActions, StaffOrderLine } from '#contracts/staff-order-detail';
import type { Order } from '#contracts/orders';
import { addOrderNote } from '#contracts/staff-order-detail';
import { createRefund, staffCancelOrder } from '#contracts/staff-orders';
import { createShipment } from '#contracts/shipments';
import { EDITABLE_ORDER_STATUSES, editOrder } from '#contracts/order-edits';
import { staffMayUse, type StaffRole } from '#contracts/staff-roles';
import { NEXT_STATUSES } from '../orders/order-transitions.ts';
import { SHIPPABLE } from '../shipments/book-shipment.ts';

/** What a staff member in `role` may do with the order as it stands: each the route's own roles and the order's state allow. */
export function orderActions(role: StaffRole | null, order: Pick<Order, 'status' | 'refundable' | 'shipments'>, lines: StaffOrderLine[]): OrderActions {
  const may = (contract: { staff: readonly StaffRole[] }) => staffMayUse(role, contract.staff);
  return {
    ship: may(createShipment) && (SHIPPABLE as readonly string[]).includes(order.status)
      && lines.some((line) => line.shipped_quantity < line.quantity),
    refund: may(createRefund) && Number(order.refundable) > 0,
    cancel: may(staffCancelOrder) && NEXT_STATUSES[order.status].includes('cancelled'),
    print_slip: may(createShipment) && order.shipments.some((shipment) => shipment.status !== 'cancelled'),
    add_note: may(addOrderNote),
    edit: may(editOrder) && (EDITABLE_ORDER_STATUSES as readonly string[]).includes(order.status)
      && order.shipments.every((shipment) => shipment.status === 'cancelled'),
  };
}
