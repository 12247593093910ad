import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { importCodRemittances, markShipmentRefused, REMITTANCE_OUTCOMES } from '#contracts/cod';
import { CARRIERS, type Carrier } from '#contracts/shipping';
import { currentUser, type RequireUser } from '../auth/guard.ts';
import { apiError, badRequest, notFound } from '../lib/errors.ts';
import { route } from '../lib/route.ts';
import { importRemittanceReport } from './cod-remittance-report.ts';
import { settleRefusedCodShipment, type RefusedDeps } from './cod-refused.ts';

export interface CodRouteDeps extends RefusedDeps {
  requireUser: RequireUser;
}

const REPORT_MAX_BYTES = 5 * 1024 * 1024;
const NO_FILE = 'Choose the courier\'s remittance report (CSV).';

/** The report's bytes and the carrier staff named, if any. */
async function readUpload(request: FastifyRequest): Promise<{ file: Buffer; carrier: Carrier | null }> {
  if (!request.isMultipart()) throw badRequest({ file: [NO_FILE] });
  let file: Buffer | undefined;
  let carrier: Carrier | null = null;
  for await (const part of request.parts()) {
    if (part.type === 'file') {
      if (part.fieldname === 'file' && !file) file = await part.toBuffer();
      else part.file.resume();
      if (part.file.truncated) throw badRequest({ [part.fieldname]: ['The report is larger than 5 MB.'] });
    } else if (part.fieldname === 'carrier' && typeof part.value === 'string' && part.value.trim()) {
      const named = part.value.trim().toLowerCase();
      if (!(CARRIERS as readonly string[]).includes(named)) throw badRequest({ carrier: [`Choose one of: ${CARRIERS.join(', ')}.`] });
      carrier = named as Carrier;
    }
  }
  if (!file) throw badRequest({ file: [NO_FILE] });
  return { file, carrier };
}

/** Staff's side of cash on delivery: couriers' remittance reports, and parcels refused at the door. */
export function registerCodRoutes(app: FastifyInstance, deps: CodRouteDeps): void {
  const staff = { preHandler: deps.requireUser({ staff: true }) };

  // Multipart parsing stays inside this scope, so no other route accepts uploads.
  void app.register(async (scope) => {
    await scope.register(multipart, {
      throwFileSizeLimit: false,
      limits: { fileSize: REPORT_MAX_BYTES, files: 1, fields: 2, fieldSize: 100, parts: 3 },
    });
    route(scope, importCodRemittances, async (request) => {
      const { file, carrier } = await readUpload(request);
      const rows = await importRemittanceReport(deps, file, carrier, currentUser(request));
      const counts = Object.fromEntries(REMITTANCE_OUTCOMES.map((outcome) => [outcome, rows.filter((row) => row.outcome === outcome).length]));
      return { rows, counts: counts as Record<(typeof REMITTANCE_OUTCOMES)[number], number> };
    }, { ...staff, bodyLimit: REPORT_MAX_BYTES + 64 * 1024, audit: 'service' });
  });

  route(app, markShipmentRefused, async (request) => {
    const result = await settleRefusedCodShipment(deps, request.params.id, currentUser(request));
    if (result.outcome === 'not_found') throw notFound('Shipment not found.');
    if (result.outcome === 'not_cod') throw apiError(markShipmentRefused, 'ILLEGAL_TRANSITION', 409, 'This parcel collects no cash on delivery.');
    if (result.outcome === 'paid') {
      throw apiError(markShipmentRefused, 'ILLEGAL_TRANSITION', 409, 'The courier already remitted this parcel\'s cash: it was not refused.');
    }
    return {
      outcome: result.outcome, order_number: result.orderNumber,
      order_cancelled: result.outcome === 'settled' && result.orderCancelled,
      units_returned: result.outcome === 'settled' ? result.unitsReturned : 0,
    };
  }, { ...staff, audit: 'service' });
}
