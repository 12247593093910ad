import type { FastifyInstance } from 'fastify';
import * as contracts from '#contracts/audit';
import { currentUser, type RequireUser } from '../auth/guard.ts';
import type { Db } from '../db/client.ts';
import { route } from '../lib/route.ts';
import { listAuditEntries } from './audit.service.ts';

export function registerAuditRoutes(app: FastifyInstance, deps: { db: Db; requireUser: RequireUser }): void {
  route(app, contracts.listAudit, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    return listAuditEntries(deps.db, currentUser(request), request.query);
  }, { preHandler: deps.requireUser({ staff: true }) });
}
