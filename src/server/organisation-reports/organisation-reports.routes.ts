import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { stringify } from 'csv-stringify/sync';
import * as contracts from '#contracts/organisation-reports';
import { currentUser, type RequireUser } from '../auth/guard.ts';
import type { Db } from '../db/client.ts';
import { route } from '../lib/route.ts';
import { requireMembership } from '../organisation-members/organisation-members.service.ts';
import { ordersAcrossMembers, ordersForCsv, spendByMonth } from './organisation-reports.service.ts';

/** The organisation's orders across members, its spend by month and department, and the finance CSV. */
export function registerOrganisationReportRoutes(app: FastifyInstance, deps: { db: Db; requireUser: RequireUser }): void {
  const { db } = deps;
  const signedIn = { preHandler: deps.requireUser() };
  const member = (request: FastifyRequest) => requireMembership(db, currentUser(request).id);

  route(app, contracts.listOrganisationOrders, async (request) => ordersAcrossMembers(db, await member(request), request.query.page), signedIn);
  route(app, contracts.spendReport, async (request) => spendByMonth(db, await member(request), request.query), signedIn);
  app.withTypeProvider<ZodTypeProvider>().get(contracts.ORDERS_CSV_ROUTE, {
    preValidation: signedIn.preHandler,
    schema: { querystring: contracts.ordersCsvQuery },
  }, async (request, reply) => {
    const rows = await ordersForCsv(db, await member(request), request.query);
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', 'attachment; filename="organisation-orders.csv"')
      .send(stringify([[...contracts.ORDERS_CSV_COLUMNS], ...rows]));
  });
}
