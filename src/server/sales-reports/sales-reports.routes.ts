import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import * as contracts from '#contracts/sales-reports';
import { staffAccess } from '#contracts/staff-roles';
import type { RequireUser } from '../auth/guard.ts';
import type { Db } from '../db/client.ts';
import { route } from '../lib/route.ts';
import { salesCsv } from './sales-csv.ts';
import { reportRange, salesReport } from './sales-report.ts';

const noStore = { 'cache-control': 'no-store' };

/** The shop's sales report for the owner and sales, and each of its tables as CSV. */
export function registerSalesReportRoutes(app: FastifyInstance, deps: { db: Db; requireUser: RequireUser }): void {
  const { db } = deps;
  const staff = deps.requireUser({ staff: true });

  route(app, contracts.getSalesReport, async (request, reply) => {
    reply.headers(noStore);
    return salesReport(db, reportRange(request.query));
  }, { preHandler: staff });

  app.withTypeProvider<ZodTypeProvider>().get(contracts.SALES_CSV_ROUTE, {
    // The guard runs before the query is read, as on every staff route: a caller who may not see it learns nothing.
    preValidation: staff,
    config: { staff: staffAccess.reports },
    schema: { querystring: contracts.salesCsvQuery },
  }, async (request, reply) => {
    const { table, ...query } = request.query;
    const range = reportRange(query);
    return reply.headers({
      ...noStore,
      'content-type': 'text/csv; charset=utf-8',
      'content-disposition': `attachment; filename="sales-${table.replace(/_/g, '-')}-${range.from}-to-${range.to}.csv"`,
    }).send(salesCsv(await salesReport(db, range), table));
  });
}
