import { staffAccess } from '#contracts/staff-roles';
import type { FastifyInstance } from 'fastify';
import * as contracts from '#contracts/inventory';
import type { RequireUser } from '../auth/guard.ts';
import { currentUser } from '../auth/guard.ts';
import { findLiveStock } from '../catalog/live-stock.service.ts';
import { notFound } from '../lib/errors.ts';
import { route } from '../lib/route.ts';
import { inventoryCsv } from './inventory-report.ts';
import {
  allItems, listChoices, listItems, listMovements, overview, recordMovement, setThreshold, type InventoryDeps,
} from './inventory.service.ts';
import { acknowledgeAlert, listOpenAlerts } from './stock-alerts.service.ts';
import type { Contract } from '#contracts/define';
import { audited, rowOf, type AuditedWrite } from '../audit/audited.ts';
import { inventoryAlerts } from '../db/schema/inventory-alerts.ts';
import { stockOf } from './stock-snapshot.ts';

/** Staff and superusers only, every route; the public live stream is in stock-stream.routes.ts. */
export function registerInventoryRoutes(app: FastifyInstance, deps: InventoryDeps & { requireUser: RequireUser }) {
  const { db } = deps;
  const staff = { preHandler: deps.requireUser({ staff: true }) };
  const noStore = { 'cache-control': 'no-store' };
  const stock = (action: AuditedWrite<Contract>['action']) => audited<Contract>(db, {
    action, entity: 'product_stock', id: (request) => (request.params as { id: number }).id, snapshot: stockOf(db),
  });

  route(app, contracts.getInventoryStatus, async (request, reply) => {
    reply.headers(noStore);
    const status = await findLiveStock(db, { productId: request.params.id });
    if (!status) throw notFound('Inventory item not found.');
    return status;
  }, staff);

  route(app, contracts.listInventoryItems, async (request, reply) => {
    reply.headers(noStore);
    return listItems(db, request.query);
  }, staff);

  route(app, contracts.listInventoryChoices, async (request, reply) => {
    reply.headers(noStore);
    return { items: await listChoices(db, request.query.search) };
  }, staff);

  route(app, contracts.listProductMovements, async (request, reply) => {
    reply.headers(noStore);
    return listMovements(db, request.query, request.params.id);
  }, staff);

  route(app, contracts.listMovements, async (request, reply) => {
    reply.headers(noStore);
    return listMovements(db, request.query);
  }, staff);

  route(app, contracts.createMovement, async (request) => {
    const body = request.body as typeof request.body & { kind: contracts.ManualMovementKind };
    return recordMovement(deps, request.params.id, body, currentUser(request).id);
  }, { ...staff, audit: stock((request) => `stock.${(request.body as contracts.CreateMovementBody).kind}`) });

  route(app, contracts.updateThreshold, async (request) =>
    setThreshold(deps, request.params.id, request.body), { ...staff, audit: stock('stock.threshold') });

  route(app, contracts.getInventoryOverview, async (_request, reply) => {
    reply.headers(noStore);
    return overview(db);
  }, staff);

  route(app, contracts.listAlerts, async (_request, reply) => {
    reply.headers(noStore);
    return { alerts: await listOpenAlerts(db) };
  }, staff);

  route(app, contracts.acknowledgeAlert, async (request) =>
    acknowledgeAlert(db, request.params.id, currentUser(request).id), {
    ...staff,
    audit: audited(db, { action: 'stock.alert.acknowledge', entity: 'inventory_alert', id: (request) => request.params.id,
      snapshot: rowOf(db, inventoryAlerts, inventoryAlerts.id) }),
  });

  app.get(contracts.INVENTORY_REPORT_PATH, { ...staff, config: { staff: staffAccess.fulfilment } }, async (_request, reply) => {
    const day = new Date().toISOString().slice(0, 10);
    reply.headers({
      ...noStore,
      'content-type': 'text/csv; charset=utf-8',
      'content-disposition': `attachment; filename="inventory-${day}.csv"`,
    });
    return inventoryCsv(await allItems(db));
  });
}
