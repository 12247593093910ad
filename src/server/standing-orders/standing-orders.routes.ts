import type { FastifyInstance } from 'fastify';
import * as contracts from '#contracts/standing-orders';
import { currentUser, type RequireUser } from '../auth/guard.ts';
import type { Db } from '../db/client.ts';
import { route } from '../lib/route.ts';
import * as standing from './standing-orders.service.ts';

export function registerStandingOrderRoutes(app: FastifyInstance, deps: { db: Db; requireUser: RequireUser }): void {
  const { db } = deps;
  const signedIn = { preHandler: deps.requireUser() };
  route(app, contracts.getStandingOrder, async (request) =>
    standing.readStandingOrder(db, currentUser(request).id, request.params.id), signedIn);
  route(app, contracts.putStandingOrder, async (request) => ({
    standing_order: await standing.saveStandingOrder(db, currentUser(request).id, request.params.id, request.body),
  }), signedIn);
  route(app, contracts.deleteStandingOrder, async (request) => {
    await standing.stopStandingOrder(db, currentUser(request).id, request.params.id);
    return { detail: 'Standing order stopped.' };
  }, signedIn);
  route(app, contracts.skipStandingOrderRun, async (request) =>
    standing.skipNextRun(db, currentUser(request).id, request.params.id, request.body.skip), signedIn);
  route(app, contracts.listStandingOrderRuns, async (request) => ({
    runs: await standing.listRuns(db, currentUser(request).id, request.params.id),
  }), signedIn);
}
