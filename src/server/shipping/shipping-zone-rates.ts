import { asc, eq } from 'drizzle-orm';
import { prepared, type DbOrTx } from '../db/client.ts';
import { shippingMethods, shippingZones } from '../db/schema/shipping.ts';
import type { ShippingZoneRates } from './shipping-quote.ts';

/** Every zone with its methods, in the order staff made them: one statement, a zone without methods read with none. */
export async function shippingZoneRates(db: DbOrTx): Promise<ShippingZoneRates[]> {
  const rows = await prepared(db.select({ zone: shippingZones, method: shippingMethods }).from(shippingZones)
    .leftJoin(shippingMethods, eq(shippingMethods.zoneId, shippingZones.id))
    .orderBy(asc(shippingZones.id), asc(shippingMethods.position), asc(shippingMethods.id)), 'shipping_zone_rates');
  const zones = new Map<number, ShippingZoneRates>();
  for (const { zone, method } of rows) {
    const rates = zones.get(zone.id) ?? { ...zone, methods: [] };
    if (method) rates.methods.push(method);
    zones.set(zone.id, rates);
  }
  return [...zones.values()];
}
