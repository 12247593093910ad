import type { FastifyInstance } from 'fastify';
import * as contracts from '#contracts/staff-orders';
import { currentUser, type RequireUser } from '../auth/guard.ts';
import { route } from '../lib/route.ts';
import { addTrackingEvent, cancelOrder, changeStatus, type OrderDeps } from './order-transitions.ts';
import { orderView } from './order-view.ts';
import { listOrders } from './orders.service.ts';
import type { Contract } from '#contracts/define';
import { audited, rowOf } from '../audit/audited.ts';
import { orders } from '../db/schema/orders.ts';
import { checkIdempotencyKey } from '../checkout/idempotency.ts';
import { decimalToCents } from '#contracts/money';
import { refundOrder } from '../refunds/refunds.service.ts';
import { refundView } from '../refunds/refund-views.ts';
import { staffOrderFilters } from '../staff-orders/staff-order-filters.ts';

/** Fulfilment for staff: list every order, move it along, add tracking updates, cancel it, refund it (shipping: shipments). */
export function registerStaffOrderRoutes(app: FastifyInstance, deps: OrderDeps & { requireUser: RequireUser }): void {
  const staff = { preHandler: deps.requireUser({ staff: true }) };
  const { db } = deps;
  const order = (action: string) => audited<Contract>(db, {
    action, entity: 'order', id: (request) => (request.params as { id: string }).id, snapshot: rowOf(db, orders, orders.id, String),
  });

  route(app, contracts.listStaffOrders, async (request) =>
    listOrders(db, null, { ...request.query, search: undefined }, staffOrderFilters(request.query)), staff);

  route(app, contracts.advanceOrder, async (request) => {
    const { status, description, location } = request.body;
    const scoped = { ...deps, log: request.log };
    const userId = currentUser(request).id;
    if (status === 'cancelled') await cancelOrder(scoped, request.params.id, { by: 'staff', reason: description, userId });
    else await changeStatus(scoped, request.params.id, { to: status, description, location, userId });
    return { order: await orderView(db, request.params.id) };
  }, { ...staff, audit: order('order.status') });

  route(app, contracts.addTrackingEvent, async (request) => {
    await addTrackingEvent(deps, request.params.id, request.body);
    return { order: await orderView(db, request.params.id) };
  }, { ...staff, audit: order('order.tracking') });

  route(app, contracts.staffCancelOrder, async (request) => {
    await cancelOrder({ ...deps, log: request.log }, request.params.id, { by: 'staff', reason: request.body.reason, userId: currentUser(request).id });
    return { order: await orderView(db, request.params.id) };
  }, { ...staff, audit: order('order.cancel') });

  route(app, contracts.createRefund, async (request) => {
    const user = currentUser(request);
    const { amount, reason, reference } = request.body;
    const refund = await refundOrder({ ...deps, log: request.log }, request.params.id, {
      usdCents: decimalToCents(amount), reason, reference, idempotencyKey: checkIdempotencyKey(request.headers['idempotency-key']), userId: user.id,
    }, user);
    return { refund: refundView(refund), order: await orderView(db, request.params.id) };
  }, { ...staff, audit: 'service' });
}
