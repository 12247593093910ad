import type { FastifyInstance } from 'fastify';
import * as contracts from '#contracts/flash-sales';
import type { RequireUser } from '../auth/guard.ts';
import type { Db } from '../db/client.ts';
import { route } from '../lib/route.ts';
import { createSale, endSale, listStaffSales, updateSale } from './flash-sales.service.ts';
import type { Contract } from '#contracts/define';
import { audited, rowOf } from '../audit/audited.ts';
import { flashSales } from '../db/schema/catalog.ts';

/** /api/staff/flash-sales/: staff only (403 for anyone else). */
export function registerFlashSaleRoutes(app: FastifyInstance, deps: { db: Db; requireUser: RequireUser }): void {
  const { db } = deps;
  const staff = { preHandler: deps.requireUser({ staff: true }) };

  route(app, contracts.listStaffFlashSales, async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    return { sales: await listStaffSales(db) };
  }, staff);
  const sale = rowOf(db, flashSales, flashSales.id);
  const change = (action: string) => ({
    ...staff, audit: audited<Contract>(db, { action, entity: 'flash_sale', id: (request) => (request.params as { id: number }).id, snapshot: sale }),
  });
  route(app, contracts.createFlashSale, async (request) => createSale(db, request.body), {
    ...staff, audit: audited(db, { action: 'flash_sale.create', entity: 'flash_sale', id: { fromAnswer: (answer: { id: number }) => answer.id }, snapshot: sale }),
  });
  route(app, contracts.updateFlashSale, async (request) => updateSale(db, request.params.id, request.body), change('flash_sale.update'));
  route(app, contracts.endFlashSale, async (request) => ({ sale: await endSale(db, request.params.id) }), change('flash_sale.end'));
}
