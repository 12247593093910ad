import { and, asc, eq, isNotNull, notInArray, sql } from 'drizzle-orm';
import { codRemittances, shipments } from '../db/schema/shipments.ts';
import { CARRIER_IDS, type Carrier, type CarrierId } from '../shipping/carriers/carrier.ts';
import { recordCodRemittance, type RemittanceDeps } from './cod-remittance.ts';

export interface RemittanceJobDeps extends RemittanceDeps {
  /** The carriers of SHIPPING_MODE; those with a remittance API are asked. */
  carriers: Partial<Record<CarrierId, Carrier>>;
}

/** How many consignments one call to a carrier asks about (Leopards takes a comma-separated list). */
const BATCH = 50;

/**
 * Asks each carrier that reports remittances by API about its open cash-on-delivery consignments (not yet remitted,
 * neither cancelled nor returned) and records each one it says is paid, through the same path as staff's imports.
 * Answers how many were recorded; a carrier that fails is logged and asked again next time.
 */
export async function collectCodRemittances(deps: RemittanceJobDeps): Promise<number> {
  let recorded = 0;
  for (const id of CARRIER_IDS) {
    const carrier = deps.carriers[id];
    if (!carrier?.remittances) continue;
    const open = await deps.db.select({ trackingNumber: shipments.trackingNumber }).from(shipments)
      .leftJoin(codRemittances, and(eq(codRemittances.carrier, shipments.carrier), eq(codRemittances.trackingNumber, shipments.trackingNumber)))
      .where(and(eq(shipments.carrier, id), isNotNull(shipments.codAmountMinor), notInArray(shipments.status, ['cancelled', 'returned']),
        sql`${codRemittances.id} IS NULL`))
      .orderBy(asc(shipments.createdAt));
    for (let start = 0; start < open.length; start += BATCH) {
      const batch = open.slice(start, start + BATCH).map((row) => row.trackingNumber);
      const answers = await carrier.remittances(batch).catch((error: unknown) => {
        deps.log.warn({ err: error, carrier: id }, 'COD remittance status not fetched');
        return null;
      });
      if (!answers) break;
      for (const answer of answers) {
        if (answer.status !== 'paid' || !batch.includes(answer.trackingNumber)) continue;
        const result = await recordCodRemittance(deps, {
          carrier: id, trackingNumber: answer.trackingNumber, amountMinor: answer.amount.amountMinor, currency: answer.amount.currency,
          paymentReference: answer.paymentReference ?? '', paidOn: /^\d{4}-\d{2}-\d{2}$/.test(answer.paidOn ?? '') ? answer.paidOn! : null,
        }, null);
        if (result.outcome === 'paid') recorded++;
      }
    }
  }
  if (recorded > 0) deps.log.info({ recorded }, 'COD remittances recorded');
  return recorded;
}
