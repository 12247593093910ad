import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import * as contracts from '#contracts/shipments';
import { currentUser, type RequireUser } from '../auth/guard.ts';
import { audited, rowOf } from '../audit/audited.ts';
import { orders } from '../db/schema/orders.ts';
import { sendPrivateAttachment } from '../documents/content-disposition.ts';
import { route } from '../lib/route.ts';
import { orderView } from '../orders/order-view.ts';
import { bookShipment, type ShipmentDeps } from './book-shipment.ts';
import { shipmentDocument } from './shipment-documents.ts';
import { refreshTracking, type TrackingDeps } from './shipment-tracking.ts';

/** Staff ship an order's lines, print a shipment's documents and read its carrier's tracking now. */
export function registerShipmentRoutes(app: FastifyInstance, deps: ShipmentDeps & TrackingDeps & { requireUser: RequireUser }): void {
  const staff = { preHandler: deps.requireUser({ staff: true }) };
  const { db } = deps;

  route(app, contracts.createShipment, async (request) => {
    const shipmentId = await bookShipment(deps, request.log, request.params.id, request.body, currentUser(request).id);
    const order = await orderView(db, request.params.id);
    return { shipment: order.shipments.find((shipment) => shipment.id === shipmentId)!, order };
  }, {
    ...staff,
    audit: audited(db, { action: 'order.ship', entity: 'order', id: (request) => request.params.id, snapshot: rowOf(db, orders, orders.id, String) }),
  });

  route(app, contracts.refreshShipmentTracking, async (request) => {
    const orderId = await refreshTracking(deps, request.params.id);
    return { order: await orderView(db, orderId) };
  }, {
    ...staff,
    audit: audited(db, {
      action: 'order.tracking_refresh', entity: 'order', id: { fromAnswer: (answer: { order: { id: string } }) => answer.order.id },
      snapshot: rowOf(db, orders, orders.id, String),
    }),
  });

  app.withTypeProvider<ZodTypeProvider>().get(contracts.SHIPMENT_DOCUMENT_ROUTE, {
    ...staff,
    config: { staff: contracts.createShipment.staff },
    schema: { params: contracts.shipmentDocumentParams },
  }, async (request, reply) => {
    const { pdf, fileName } = await shipmentDocument(db, deps.shipper, request.params.id, request.params.document);
    return sendPrivateAttachment(reply, pdf, fileName);
  });
}
