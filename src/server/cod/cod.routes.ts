import type { FastifyInstance } from 'fastify';
import { importCodRemittances, markShipmentRefused, REMITTANCE_OUTCOMES } from '#contracts/cod';
import { CARRIERS, type Carrier } from '#contracts/shipping';
import { currentUser, type RequireUser } from '../auth/guard.ts';
import { apiError, badRequest, notFound } from '../lib/errors.ts';
import { route } from '../lib/route.ts';
import { uploadRoute, type UploadForm } from '../lib/upload-form.ts';
import { importRemittanceReport } from './cod-remittance-report.ts';
import { settleRefusedCodShipment, type RefusedDeps } from './cod-refused.ts';

export interface CodRouteDeps extends RefusedDeps {
  requireUser: RequireUser;
}

const REPORT_MAX_BYTES = 5 * 1024 * 1024;
const NO_FILE = 'Choose the courier\'s remittance report (CSV).';

/** The report's bytes and the carrier staff named, if any. */
function reportOf({ fields, files }: UploadForm): { file: Buffer; carrier: Carrier | null } {
  const file = files.file;
  if (!file) throw badRequest({ file: [NO_FILE] });
  if (file.truncated) throw badRequest({ file: ['The report is larger than 5 MB.'] });
  const named = fields.carrier?.trim().toLowerCase() ?? '';
  if (named && !(CARRIERS as readonly string[]).includes(named)) throw badRequest({ carrier: [`Choose one of: ${CARRIERS.join(', ')}.`] });
  return { file: file.content, carrier: (named || null) as Carrier | null };
}

/** Staff's side of cash on delivery: couriers' remittance reports, and parcels refused at the door. */
export function registerCodRoutes(app: FastifyInstance, deps: CodRouteDeps): void {
  const staff = { preHandler: deps.requireUser({ staff: true }) };

  uploadRoute(app, importCodRemittances, staff.preHandler, REPORT_MAX_BYTES, async (request, form) => {
    const { file, carrier } = reportOf(form);
    const rows = await importRemittanceReport(deps, file, carrier, currentUser(request));
    const counts = Object.fromEntries(REMITTANCE_OUTCOMES.map((outcome) => [outcome, rows.filter((row) => row.outcome === outcome).length]));
    return { status: 200, body: { rows, counts: counts as Record<(typeof REMITTANCE_OUTCOMES)[number], number> } };
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
