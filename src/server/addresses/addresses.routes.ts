import type { FastifyInstance } from 'fastify';
import * as contracts from '#contracts/addresses';
import { currentUser, type RequireUser } from '../auth/guard.ts';
import type { Db } from '../db/client.ts';
import { route } from '../lib/route.ts';
import * as service from './addresses.service.ts';

export function registerAddressRoutes(app: FastifyInstance, { db, requireUser }: { db: Db; requireUser: RequireUser }): void {
  const signedIn = { preHandler: requireUser() };
  route(app, contracts.listAddresses, async (request) => ({ addresses: await service.listAddresses(db, currentUser(request).id) }), signedIn);
  route(app, contracts.createAddress, async (request) => service.createAddress(db, currentUser(request).id, request.body), signedIn);
  route(app, contracts.updateAddress, async (request) =>
    service.updateAddress(db, currentUser(request).id, request.params.id, request.body), signedIn);
  route(app, contracts.deleteAddress, async (request) => {
    await service.deleteAddress(db, currentUser(request).id, request.params.id);
    return { detail: 'Address removed.' };
  }, signedIn);
}
