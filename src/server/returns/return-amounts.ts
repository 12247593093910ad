import type { ReturnReason } from '#contracts/returns';
import type { orderItems, orders } from '../db/schema/orders.ts';
import type { CreditNoteLine } from '../db/schema/returns.ts';
import type { Policy } from './return-policy.ts';

type OrderRow = typeof orders.$inferSelect;
type OrderItemRow = typeof orderItems.$inferSelect;

export interface ReturnedUnits {
  item: OrderItemRow;
  quantity: number;
  reason: ReturnReason;
}

export interface ReturnAmounts {
  /** Each line's share of what the order charged for it, after the order's discount. */
  lines: CreditNoteLine[];
  linesCents: number;
  /** The order's tax on those lines. */
  taxCents: number;
  /** Kept back by the policy: the restocking fee on "no longer needed" lines, the return shipping the buyer pays. */
  feesCents: number;
  /** What goes back: lines + tax − fees, never below zero. */
  totalCents: number;
}

const share = (whole: number, part: number, of: number) => (of === 0 ? 0 : Math.round((whole * part) / of));

/**
 * What returning `units` gives back, in US cents: each unit at what its line charged per unit, less its share of the
 * order's discount, with its share of the order's tax (tax was charged on the discounted subtotal), less the policy's
 * fees. A recall's units carry no fee.
 */
export function returnAmounts(order: OrderRow, units: ReturnedUnits[], policy: Policy): ReturnAmounts {
  const lines = units.map(({ item, quantity }) => {
    const value = share(item.lineTotalCents, quantity, item.quantity);
    return {
      orderItemId: item.id, name: item.name, variantLabel: item.variantLabel, modelNumber: item.modelNumber, quantity,
      unitPriceCents: share(item.lineTotalCents, 1, item.quantity),
      totalCents: value - share(order.discountCents, value, order.subtotalCents),
    };
  });
  const linesCents = lines.reduce((sum, line) => sum + line.totalCents, 0);
  const taxCents = share(order.taxCents, linesCents, order.subtotalCents - order.discountCents);
  const restocking = units.reduce((sum, unit, index) =>
    sum + (unit.reason === 'no_longer_needed' ? share(lines[index].totalCents, policy.restockingFeePercent, 100) : 0), 0);
  // A recall's units come back at the shop's cost, whatever the policy says.
  const shipping = units.some((unit) => unit.reason !== 'recall' && policy.shippingPaidBy[unit.reason] === 'buyer') ? policy.returnShippingFeeCents : 0;
  const feesCents = Math.min(restocking + shipping, linesCents + taxCents);
  return { lines, linesCents, taxCents, feesCents, totalCents: linesCents + taxCents - feesCents };
}
