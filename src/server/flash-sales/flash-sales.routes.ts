import type { FastifyInstance } from 'fastify';
import * as contracts from '#contracts/flash-sales';
import type { RequireUser } from '../auth/guard.ts';
import type { Db } from '../db/client.ts';
import { route } from '../lib/route.ts';
import { createSale, endSale, listStaffSales, updateSale } from './flash-sales.service.ts';

/** /api/staff/flash-sales/: staff only (403 for anyone else). */
export function registerFlashSaleRoutes(app: FastifyInstance, deps: { db: Db; requireUser: RequireUser }): void {
  const { db } = deps;
  const staff = { preHandler: deps.requireUser({ staff: true }) };

  route(app, contracts.listStaffFlashSales, async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    return { sales: await listStaffSales(db) };
  }, staff);
  route(app, contracts.createFlashSale, async (request) => createSale(db, request.body), staff);
  route(app, contracts.updateFlashSale, async (request) => updateSale(db, request.params.id, request.body), staff);
  route(app, contracts.endFlashSale, async (request) => ({ sale: await endSale(db, request.params.id) }), staff);
}
