import type { FastifyInstance } from 'fastify';
import * as contracts from '#contracts/recalls';
import { currentUser, type RequireUser } from '../auth/guard.ts';
import { route } from '../lib/route.ts';
import * as recalls from './recalls.service.ts';
import { audited, rowOf } from '../audit/audited.ts';
import { recallNotices, recalls as recallsTable } from '../db/schema/recalls.ts';

export function registerRecallRoutes(app: FastifyInstance, deps: recalls.RecallDeps & { requireUser: RequireUser }): void {
  const { db } = deps;
  const staff = { preHandler: deps.requireUser({ staff: true }) };
  const signedIn = { preHandler: deps.requireUser() };
  const noStore = { 'cache-control': 'no-store' };

  const recall = rowOf(db, recallsTable, recallsTable.id);
  route(app, contracts.openRecall, async (request) => recalls.openRecall(deps, request.body, currentUser(request).id), {
    ...staff, audit: audited(db, { action: 'recall.open', entity: 'recall', id: { fromAnswer: (answer: { id: number }) => answer.id }, snapshot: recall }),
  });
  route(app, contracts.listRecalls, async (_request, reply) => {
    reply.headers(noStore);
    return { recalls: await recalls.listRecalls(db) };
  }, staff);
  route(app, contracts.getRecall, async (request, reply) => {
    reply.headers(noStore);
    return recalls.getRecall(db, request.params.id);
  }, staff);
  route(app, contracts.markReturnReceived, async (request) =>
    recalls.markReturnReceived(db, request.params.id, request.params.noticeId, currentUser(request).id), {
    ...staff,
    audit: audited(db, { action: 'recall.return_received', entity: 'recall_notice', id: (request) => request.params.noticeId,
      snapshot: rowOf(db, recallNotices, recallNotices.id) }),
  });

  route(app, contracts.listMyRecallNotices, async (request, reply) => {
    reply.headers(noStore);
    return { notices: await recalls.listBuyerNotices(db, currentUser(request).id) };
  }, signedIn);
  route(app, contracts.acknowledgeRecallNotice, async (request) =>
    recalls.acknowledgeNotice(db, currentUser(request).id, request.params.id), signedIn);
}
