import type { FastifyInstance, FastifyReply } from 'fastify';
import { searchSetComponents } from '#contracts/instrument-sets';
import * as contracts from '#contracts/staff-products';
import { currentUser, type RequireUser } from '../auth/guard.ts';
import type { Db } from '../db/client.ts';
import { route } from '../lib/route.ts';
import { searchComponentChoices } from '../sets/set-component-search.ts';
import { createProduct, updateProduct } from './product-writer.ts';
import { staffProductView } from './staff-product-view.ts';
import { bulkUpdate, listProducts } from './staff-products.service.ts';

const noStore = (reply: FastifyReply) => reply.header('cache-control', 'no-store');

/** /api/staff/products/: catalogue staff and the owner; every write is audited by the writer in its transaction. */
export function registerStaffProductRoutes(app: FastifyInstance, deps: { db: Db; requireUser: RequireUser }): void {
  const { db } = deps;
  const read = { preHandler: deps.requireUser({ staff: true }) };
  const write = { ...read, audit: 'service' as const };

  route(app, contracts.listStaffProducts, async (request, reply) => {
    noStore(reply);
    return listProducts(db, request.query);
  }, read);
  route(app, contracts.getStaffProduct, async (request, reply) => {
    noStore(reply);
    return staffProductView(db, request.params.id);
  }, read);
  route(app, contracts.createStaffProduct, async (request, reply) => {
    noStore(reply);
    return staffProductView(db, await createProduct(db, currentUser(request), request.body));
  }, write);
  route(app, contracts.updateStaffProduct, async (request, reply) => {
    noStore(reply);
    await updateProduct(db, currentUser(request), request.params.id, request.body);
    return staffProductView(db, request.params.id);
  }, write);
  route(app, searchSetComponents, async (request, reply) => {
    noStore(reply);
    return { results: await searchComponentChoices(db, request.query) };
  }, read);
  route(app, contracts.bulkStaffProducts, async (request, reply) => {
    noStore(reply);
    return bulkUpdate(db, currentUser(request), request.body);
  }, write);
}
