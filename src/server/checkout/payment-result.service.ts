import { and, asc, eq } from 'drizzle-orm';
import { paysLater, type PaymentResult } from '#contracts/payment';
import { centsToNumber } from '#contracts/money';
import type { Db } from '../db/client.ts';
import { invoiceTermsByOrder } from '../organisations/invoice-terms.ts';
import { orderItems, orders } from '../db/schema/orders.ts';
import { payments } from '../db/schema/payments.ts';
import { notFound } from '../lib/errors.ts';
import { orderCharges, promoCodesByOrder } from '../orders/order-money.ts';
import { orderLinePrice } from '../orders/order-line-price.ts';
import { PAYMENT_SUCCESS_MESSAGE, unpaidOrderMessage } from './payment-flow.service.ts';

type PaymentStatus = (typeof payments.status.enumValues)[number];

const MESSAGES: Record<PaymentStatus, string> = {
  pending: 'Payment is being processed.',
  requires_action: 'Payment is waiting for you to approve it.',
  succeeded: PAYMENT_SUCCESS_MESSAGE,
  failed: 'Payment failed',
  cancelled: 'Payment cancelled.',
  refunded: 'Payment refunded.',
};

/** The spec's payment result, for the payment's owner only: anyone else gets the same 404 as an unknown id. */
export async function paymentResult(db: Db, userId: string, transactionId: string): Promise<PaymentResult> {
  const [row] = await db.select({ payment: payments, order: orders }).from(payments)
    .innerJoin(orders, eq(orders.id, payments.orderId))
    .where(and(eq(payments.transactionId, transactionId), eq(payments.userId, userId)));
  if (!row) throw notFound('Payment not found.');
  const { payment, order } = row;
  const [items, promoCodes] = await Promise.all([
    db.select({
      name: orderItems.name, quantity: orderItems.quantity, unitPriceCents: orderItems.unitPriceCents,
      saleQuantity: orderItems.saleQuantity, saleUnitPriceCents: orderItems.saleUnitPriceCents, lineTotalCents: orderItems.lineTotalCents,
    })
      .from(orderItems).where(eq(orderItems.orderId, order.id)).orderBy(asc(orderItems.id)),
    promoCodesByOrder(db, [order.id]),
  ]);
  // An order on payment terms or cash on delivery is placed without a charge: it succeeded once confirmed, while its
  // invoice is open or its cash not yet collected.
  const onTerms = paysLater(payment.method) && order.status !== 'cancelled';
  const invoice = (await invoiceTermsByOrder(db, [order.id])).get(order.id) ?? null;
  return {
    success: payment.status === 'succeeded' || onTerms,
    transactionId: payment.transactionId,
    orderId: order.id,
    orderNumber: order.orderNumber,
    status: payment.status,
    amount: centsToNumber(payment.amountMinor),
    fee: centsToNumber(payment.feeMinor),
    ...orderCharges(order, promoCodes.get(order.id) ?? null),
    paymentMethod: payment.method,
    message: onTerms ? unpaidOrderMessage(payment.method, payment)!
      : payment.status === 'failed' && payment.failureMessage ? payment.failureMessage : MESSAGES[payment.status],
    approveOnPhone: payment.status === 'pending' && payment.walletMasked !== null,
    invoiceTerms: invoice,
    orderDetails: {
      items: items.map((item) => ({ name: item.name, quantity: item.quantity, ...orderLinePrice(item) })),
      shippingAddress: {
        name: `${order.firstName} ${order.lastName}`,
        address: [order.company, order.address, `${order.city} ${order.postalCode}`].filter(Boolean).join(', '),
      },
      estimatedDelivery: order.estimatedDelivery ?? '',
    },
  };
}
