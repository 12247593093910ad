import type { StaffOrderDetail } from '#contracts/staff-order-detail';

/**
 * The place on the order page for changing an order before it ships (its address, a line's quantity, a line removed):
 * the edit panel of src/web/order-edits/ renders here. Until it is plugged in, nothing shows.
 */
export function OrderEditSlot(_props: { detail: StaffOrderDetail }) {
  return null;
}
