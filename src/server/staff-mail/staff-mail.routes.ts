import type { FastifyInstance } from 'fastify';
import * as contracts from '#contracts/staff-mail';
import { currentUser, type RequireUser } from '../auth/guard.ts';
import type { Db } from '../db/client.ts';
import { route } from '../lib/route.ts';
import { listOutboxMail, resendOutboxMail } from './staff-mail.service.ts';

export function registerStaffMailRoutes(app: FastifyInstance, deps: { db: Db; requireUser: RequireUser }): void {
  const staff = { preHandler: deps.requireUser({ staff: true }) };
  route(app, contracts.listMail, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    return listOutboxMail(deps.db, request.query);
  }, staff);
  route(app, contracts.resendMail, async (request) => {
    const user = currentUser(request);
    return resendOutboxMail(deps.db, { id: user.id, email: user.email }, request.params.id);
  }, { ...staff, audit: 'service' });
}
