import { centsToNumber } from '#contracts/money';
import type { orderItems } from '../db/schema/orders.ts';

type Row = Pick<typeof orderItems.$inferSelect, 'unitPriceCents' | 'saleQuantity' | 'saleUnitPriceCents'>;
type Charged = Row & Pick<typeof orderItems.$inferSelect, 'lineTotalCents'>;

/** The sale price of a line a flash sale priced only in part ("9 at $29.99, the rest at $44.64"); null otherwise. */
export const splitSalePriceCents = (row: Row & { quantity: number }): number | null =>
  row.saleQuantity > 0 && row.saleQuantity < row.quantity ? row.saleUnitPriceCents : null;

/** An order line's charged prices as orders and payment results answer them (orderLinePrice). */
export const orderLinePrice = (row: Charged) => ({
  price: centsToNumber(row.unitPriceCents),
  saleQuantity: row.saleQuantity,
  salePrice: row.saleUnitPriceCents === null ? null : centsToNumber(row.saleUnitPriceCents),
  lineTotal: centsToNumber(row.lineTotalCents),
});
