import type { StaffOrderDetail } from '#contracts/staff-order-detail';
import { OrderEditPanel } from '../order-edits/order-edit-panel.tsx';

/**
 * Changing the order before it ships (its address, a line's quantity, a line removed), for the roles that may while
 * nothing is booked to ship; the panel's edits refresh the page's order.
 */
export function OrderEditSlot({ detail }: { detail: StaffOrderDetail }) {
  const { order, lines, ship_to: shipTo, actions } = detail;
  if (!actions.edit) return null;
  return (
    <OrderEditPanel
      orderId={order.id}
      editable
      lines={lines.map((line) => ({ order_item_id: line.id, name: line.name, variant_label: line.variantLabel, quantity: line.quantity }))}
      address={{
        firstName: shipTo.first_name ?? '', lastName: shipTo.last_name ?? '', company: shipTo.company ?? '', address: shipTo.address ?? '',
        city: shipTo.city ?? '', postalCode: shipTo.postal_code ?? '', country: shipTo.country, phone: shipTo.phone ?? '',
      }}
    />
  );
}
