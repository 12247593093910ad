import type { FastifyInstance } from 'fastify';
import * as contracts from '#contracts/stock-notifications';
import { currentUser, type RequireUser } from '../auth/guard.ts';
import type { Db } from '../db/client.ts';
import { route } from '../lib/route.ts';
import { subscribe, subscriptionStatus, unsubscribe } from './stock-notifications.service.ts';

export function registerStockNotificationRoutes(app: FastifyInstance, { db, requireUser }: { db: Db; requireUser: RequireUser }): void {
  const signedIn = { preHandler: requireUser() };
  route(app, contracts.getStockNotification, async (request) =>
    subscriptionStatus(db, currentUser(request).id, request.params.id, request.query.variant_id), signedIn);
  route(app, contracts.subscribeStockNotification, async (request) =>
    subscribe(db, currentUser(request).id, request.params.id, request.query.variant_id), signedIn);
  route(app, contracts.unsubscribeStockNotification, async (request) =>
    unsubscribe(db, currentUser(request).id, request.params.id, request.query.variant_id), signedIn);
}
