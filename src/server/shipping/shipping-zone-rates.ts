import { asc } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.ts';
import { shippingMethods, shippingZones } from '../db/schema/shipping.ts';
import type { ShippingZoneRates } from './shipping-quote.ts';

/** Every zone with its methods, in the order staff made them. */
export async function shippingZoneRates(db: DbOrTx): Promise<ShippingZoneRates[]> {
  const zones = await db.select().from(shippingZones).orderBy(asc(shippingZones.id));
  const methods = await db.select().from(shippingMethods).orderBy(asc(shippingMethods.position), asc(shippingMethods.id));
  return zones.map((zone) => ({ ...zone, methods: methods.filter((method) => method.zoneId === zone.id) }));
}
