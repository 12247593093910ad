import type { FastifyInstance } from 'fastify';
import * as contracts from '#contracts/staff-payments';
import type { RequireUser } from '../auth/guard.ts';
import type { Db } from '../db/client.ts';
import { route } from '../lib/route.ts';
import { unsettledPayments } from './unsettled-payments.ts';

export function registerUnsettledPaymentRoutes(app: FastifyInstance, deps: { db: Db; requireUser: RequireUser }): void {
  route(app, contracts.listUnsettledPayments, async () => ({ payments: await unsettledPayments(deps.db) }),
    { preHandler: deps.requireUser({ staff: true }) });
}
