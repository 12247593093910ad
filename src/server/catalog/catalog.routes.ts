import type { FastifyInstance } from 'fastify';
import * as contracts from '#contracts/catalog';
import type { Db } from '../db/client.ts';
import { route } from '../lib/route.ts';
import { listActiveFlashSales, listCategories, listProducts } from './catalog.service.ts';

export function registerCatalogRoutes(app: FastifyInstance, db: Db): void {
  route(app, contracts.listProducts, async (request) => listProducts(db, request.query));
  route(app, contracts.listCategories, async () => listCategories(db));
  route(app, contracts.listFlashSales, async () => ({ items: await listActiveFlashSales(db) }));
}
