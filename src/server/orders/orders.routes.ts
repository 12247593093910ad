import { asc, desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import * as contracts from '#contracts/orders';
import { currentUser, type RequireUser } from '../auth/guard.ts';
import { orderItems } from '../db/schema/orders.ts';
import { payments } from '../db/schema/payments.ts';
import { users } from '../db/schema/users.ts';
import { sendPrivateAttachment } from '../documents/content-disposition.ts';
import { apiError } from '../lib/errors.ts';
import { route } from '../lib/route.ts';
import { textsFor } from '../lib/texts.ts';
import type { SellerTaxNumbers } from '../lib/pdf-layout.ts';
import { renderInvoice } from './invoice-pdf.ts';
import { promoCodesByOrder } from './order-money.ts';
import { invoiceTermsByOrder } from '../organisations/invoice-terms.ts';
import { purchaseOrdersByOrder } from '../organisation-purchasing/purchase-orders.ts';
import { cancelOrder, type OrderDeps } from './order-transitions.ts';
import { orderView } from './order-view.ts';
import type { CartDeps } from '../cart/cart.service.ts';
import { buyAgain } from './buy-again.ts';
import { refundsByOrder } from '../refunds/refund-views.ts';
import { byId, findReadableOrder, findVisibleOrder, listOrders, trackOrder } from './orders.service.ts';

/**
 * The buyer's orders: every route answers 404 for an order that is not the caller's (staff see all). The invoice is also
 * for the admins, approvers and finance of the organisation the order was placed for.
 */
export function registerOrderRoutes(
  app: FastifyInstance, deps: OrderDeps & CartDeps & { requireUser: RequireUser; seller: SellerTaxNumbers },
): void {
  const signedIn = { preHandler: deps.requireUser() };
  const { db } = deps;

  route(app, contracts.listOrders, async (request) => listOrders(db, currentUser(request).id, request.query), signedIn);

  route(app, contracts.trackOrder, async (request) =>
    ({ order: await trackOrder(db, currentUser(request), request.params.reference) }), signedIn);

  route(app, contracts.cancelOrder, async (request) => {
    const user = currentUser(request);
    const order = await findVisibleOrder(db, user, byId(request.params.id));
    if (order.userId !== user.id || !contracts.BUYER_CANCELLABLE.includes(order.status)) {
      throw apiError(contracts.cancelOrder, 'ILLEGAL_TRANSITION', 409, 'This order can no longer be cancelled.');
    }
    await cancelOrder({ ...deps, log: request.log }, order.id, { by: 'buyer', userId: user.id });
    return { order: await orderView(db, order.id) };
  }, signedIn);

  route(app, contracts.buyAgain, async (request) => buyAgain(deps, currentUser(request), request.params.orderNumber), signedIn);

  app.withTypeProvider<ZodTypeProvider>().get(contracts.INVOICE_ROUTE, {
    ...signedIn,
    schema: { params: contracts.invoiceParams },
  }, async (request, reply) => {
    // The buyer's, staff's, and the organisation's admins', approvers' and finance's when placed for it.
    const order = await findReadableOrder(db, currentUser(request), request.params.id);
    const [lines, [payment], terms, promoCodes, [buyer], purchaseOrders, refunds] = await Promise.all([
      db.select().from(orderItems).where(eq(orderItems.orderId, order.id)).orderBy(asc(orderItems.id)),
      db.select({ method: payments.method }).from(payments).where(eq(payments.orderId, order.id)).orderBy(desc(payments.createdAt)).limit(1),
      invoiceTermsByOrder(db, [order.id]),
      promoCodesByOrder(db, [order.id]),
      db.select({ language: users.language }).from(users).where(eq(users.id, order.userId)),
      purchaseOrdersByOrder(db, [order.id]),
      refundsByOrder(db, [order.id]),
    ]);
    // In the buyer's language, whoever downloads it (staff see every order).
    const pdf = await renderInvoice({
      order, lines, paymentMethod: payment?.method ?? null, invoiceTerms: terms.get(order.id) ?? null,
      promoCode: promoCodes.get(order.id) ?? null, purchaseOrder: purchaseOrders.get(order.id) ?? null, seller: deps.seller,
      refunds: refunds.get(order.id) ?? [],
      texts: textsFor(buyer.language),
    });
    return sendPrivateAttachment(reply, pdf, contracts.invoiceFileName(order.orderNumber));
  });
}
