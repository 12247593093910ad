import { sql } from 'drizzle-orm';

/**
 * Units sold at a sale's price: the sale units of order lines it priced (order_items.flash_sale_id) in orders that are paid,
 * or confirmed on invoice terms and still open. Cancelled, refunded and pending orders do not count. Written for a
 * select from flash_sales.
 */
export const soldUnits = sql<number>`(select coalesce(sum(oi.sale_quantity), 0)::int
  from order_items oi join orders o on o.id = oi.order_id
  where oi.flash_sale_id = "flash_sales"."id"
    and (o.payment_status = 'paid' or (o.payment_status = 'awaiting_payment' and o.status <> 'cancelled')))`;

export interface SaleCounts {
  soldCount: number;
  availableStock: number;
  totalStock: number;
}

/**
 * The counts a flash sale shows: sold from order lines, left = what remains of the allocation, never more than the
 * product's available stock (a sale without an allocation: the available stock), total = sold + left.
 */
export function saleCounts(sale: { units: number | null; claimedUnits: number }, sold: number, productAvailable: number): SaleCounts {
  const stock = Math.max(0, productAvailable);
  const availableStock = sale.units === null ? stock : Math.max(0, Math.min(sale.units - sale.claimedUnits, stock));
  return { soldCount: sold, availableStock, totalStock: sold + availableStock };
}
