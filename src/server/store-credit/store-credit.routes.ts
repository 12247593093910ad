import type { FastifyInstance } from 'fastify';
import { getStoreCredit } from '#contracts/returns';
import { currentUser, type RequireUser } from '../auth/guard.ts';
import type { Db } from '../db/client.ts';
import { route } from '../lib/route.ts';
import { storeCreditOf } from './store-credit-view.ts';

export function registerStoreCreditRoutes(app: FastifyInstance, { db, requireUser }: { db: Db; requireUser: RequireUser }): void {
  route(app, getStoreCredit, (request) => storeCreditOf(db, currentUser(request).id), { preHandler: requireUser() });
}
