import type { Db } from '../db/client.ts';
import { orderItems, orders } from '../db/schema/orders.ts';

let sequence = 0;

/** An order placed directly in the database, for tests about what buyers bought; `variantId` for lines that moved stock. */
export async function insertOrder(
  db: Db,
  userId: string,
  lines: { productId: number; variantId?: number; variantLabel?: string; quantity?: number; unitPriceCents?: number }[],
  paymentStatus: 'paid' | 'failed' | 'refunded' = 'paid',
) {
  const items = lines.map((line) => ({ ...line, quantity: line.quantity ?? 1, unitPriceCents: line.unitPriceCents ?? 1_000 }));
  const total = items.reduce((sum, line) => sum + line.quantity * line.unitPriceCents, 0);
  const [order] = await db.insert(orders).values({
    orderNumber: `SS-TEST${String(++sequence).padStart(4, '0')}`,
    userId,
    status: paymentStatus === 'paid' ? 'confirmed' : 'cancelled',
    currency: 'USD',
    exchangeRate: '278.50',
    subtotalCents: total,
    totalCents: total,
    totalChargedMinor: total,
    email: 'buyer@example.com',
    firstName: 'Test',
    lastName: 'Buyer',
    address: '1 Hospital Road',
    city: 'Lahore',
    postalCode: '54000',
    phone: '03001234567',
    paymentStatus,
  }).returning();
  await db.insert(orderItems).values(items.map((line) => ({
    orderId: order.id,
    productId: line.productId,
    variantId: line.variantId ?? null,
    variantLabel: line.variantLabel ?? '',
    name: `Product ${line.productId}`,
    modelNumber: `M-${line.productId}`,
    categoryName: 'Test',
    unitPriceCents: line.unitPriceCents,
    quantity: line.quantity,
    lineTotalCents: line.unitPriceCents * line.quantity,
  })));
  return order;
}
