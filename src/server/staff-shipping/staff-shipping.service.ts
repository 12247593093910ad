import { asc, eq, max, ne, sql } from 'drizzle-orm';
import { centsToDecimal, decimalToCents } from '#contracts/money';
import { countryName } from '#contracts/shipping';
import {
  methodProblems, zoneProblems, type ShippingMethodFields, type ShippingZoneFields, type StaffShippingMethod,
  type StaffShippingZone,
} from '#contracts/staff-shipping';
import { type Actor, recordAudit } from '../audit/audit.ts';
import type { Db, DbOrTx } from '../db/client.ts';
import { shippingMethods, shippingZones } from '../db/schema/shipping.ts';
import { badRequest, notFound, type FieldErrors } from '../lib/errors.ts';

type ZoneRow = typeof shippingZones.$inferSelect;
type MethodRow = typeof shippingMethods.$inferSelect;
type Problem = [field: string, message: string];

const orNull = <T, R>(value: T | null, map: (value: T) => R): R | null => (value === null ? null : map(value));

const methodView = (row: MethodRow): StaffShippingMethod => ({
  id: row.id,
  zone_id: row.zoneId,
  position: row.position,
  name: row.name,
  carrier: row.carrier,
  service_code: row.serviceCode,
  weight_bands: row.weightBands.map((band) => ({ up_to_grams: band.up_to_grams, price: centsToDecimal(band.price_cents) })),
  flat_price: orNull(row.flatPriceCents, centsToDecimal),
  free_over: orNull(row.freeOverCents, centsToDecimal),
  days_min: row.daysMin,
  days_max: row.daysMax,
  cod_allowed: row.codAllowed,
  cod_limit: orNull(row.codLimitCents, centsToDecimal),
  cod_fee: centsToDecimal(row.codFeeCents),
  active: row.active,
});

// Basis points are hundredths of a percent, as cents are of a dollar.
const zoneView = (row: ZoneRow, methods: MethodRow[]): StaffShippingZone => ({
  id: row.id,
  name: row.name,
  countries: row.countries,
  provinces: row.provinces,
  cities: row.cities,
  rest_of_world: row.restOfWorld,
  tax_rate: orNull(row.taxBasisPoints, centsToDecimal),
  methods: methods.filter((method) => method.zoneId === row.id).map(methodView),
});

/** Every zone with its methods, oldest zone first, each zone's methods in their order. */
export async function listShippingZones(db: DbOrTx): Promise<StaffShippingZone[]> {
  const zones = await db.select().from(shippingZones).orderBy(asc(shippingZones.id));
  const methods = await db.select().from(shippingMethods).orderBy(asc(shippingMethods.position), asc(shippingMethods.id));
  return zones.map((zone) => zoneView(zone, methods));
}

async function findZone(db: DbOrTx, id: number): Promise<StaffShippingZone> {
  const [zone] = await db.select().from(shippingZones).where(eq(shippingZones.id, id));
  if (!zone) throw notFound('Shipping zone not found.');
  const methods = await db.select().from(shippingMethods).where(eq(shippingMethods.zoneId, id))
    .orderBy(asc(shippingMethods.position), asc(shippingMethods.id));
  return zoneView(zone, methods);
}

async function findMethod(db: DbOrTx, id: number): Promise<StaffShippingMethod> {
  const [method] = await db.select().from(shippingMethods).where(eq(shippingMethods.id, id));
  if (!method) throw notFound('Shipping method not found.');
  return methodView(method);
}

const refuse = (problems: Problem[]) => {
  if (problems.length === 0) return;
  const errors: FieldErrors = {};
  for (const [field, message] of problems) (errors[field] ??= []).push(message);
  throw badRequest(errors);
};

/** What the zone may not share with the other zones: its name, its countries country-wide, being the rest of the world. */
async function clashes(tx: DbOrTx, zone: ShippingZoneFields, exceptId?: number): Promise<Problem[]> {
  const others = await tx.select().from(shippingZones).where(exceptId === undefined ? undefined : ne(shippingZones.id, exceptId))
    .orderBy(asc(shippingZones.id));
  const problems: Problem[] = [];
  if (others.some((other) => other.name.toLowerCase() === zone.name.toLowerCase())) problems.push(['name', 'Another zone has this name.']);
  const countryWide = (z: { provinces: string[]; cities: string[] }) => z.provinces.length === 0 && z.cities.length === 0;
  if (countryWide(zone)) {
    for (const country of zone.countries) {
      const other = others.find((row) => countryWide(row) && row.countries.includes(country));
      if (other) problems.push(['countries', `${countryName(country) ?? country} is already in the zone ${other.name}.`]);
    }
  }
  const world = others.find((row) => row.restOfWorld);
  if (zone.rest_of_world && world) problems.push(['rest_of_world', `The zone ${world.name} already covers the rest of the world.`]);
  return problems;
}

const zoneColumns = (zone: ShippingZoneFields) => ({
  name: zone.name,
  countries: zone.countries,
  provinces: zone.provinces,
  cities: zone.cities,
  restOfWorld: zone.rest_of_world,
  taxBasisPoints: orNull(zone.tax_rate, decimalToCents),
});

/** The zone's fields as a request gives them back. */
const zoneFields = (zone: StaffShippingZone): ShippingZoneFields => ({
  name: zone.name, countries: zone.countries, provinces: zone.provinces, cities: zone.cities, rest_of_world: zone.rest_of_world,
  tax_rate: zone.tax_rate,
});

const ZONE = 'shipping_zone';
const METHOD = 'shipping_method';

/** Zones are checked and written one at a time, so two writes cannot both take a country or the rest of the world. */
const lockZones = (tx: DbOrTx) => tx.execute(sql`LOCK TABLE shipping_zones IN SHARE ROW EXCLUSIVE MODE`);

export async function createShippingZone(db: Db, actor: Actor, input: ShippingZoneFields): Promise<StaffShippingZone> {
  return db.transaction(async (tx) => {
    await lockZones(tx);
    refuse(await clashes(tx, input));
    const [row] = await tx.insert(shippingZones).values(zoneColumns(input)).returning({ id: shippingZones.id });
    const zone = await findZone(tx, row.id);
    await recordAudit(tx, actor, { action: 'shipping_zone.create', entity: ZONE, entityId: row.id, after: zone });
    return zone;
  });
}

export async function updateShippingZone(db: Db, actor: Actor, id: number, patch: Partial<ShippingZoneFields>): Promise<StaffShippingZone> {
  return db.transaction(async (tx) => {
    await lockZones(tx);
    const before = await findZone(tx, id);
    const zone = { ...zoneFields(before), ...definedOf(patch) };
    refuse(zoneProblems(zone));
    refuse(await clashes(tx, zone, id));
    await tx.update(shippingZones).set({ ...zoneColumns(zone), updatedAt: new Date() }).where(eq(shippingZones.id, id));
    const after = await findZone(tx, id);
    await recordAudit(tx, actor, { action: 'shipping_zone.update', entity: ZONE, entityId: id, before, after });
    return after;
  });
}

/** The zone and its methods go; orders that used them keep the method's name, their method set to null by the database. */
export async function deleteShippingZone(db: Db, actor: Actor, id: number): Promise<{ detail: string }> {
  return db.transaction(async (tx) => {
    const before = await findZone(tx, id);
    await tx.delete(shippingZones).where(eq(shippingZones.id, id));
    await recordAudit(tx, actor, { action: 'shipping_zone.delete', entity: ZONE, entityId: id, before });
    return { detail: `The zone ${before.name} was deleted.` };
  });
}

const methodColumns = (method: ShippingMethodFields) => ({
  name: method.name,
  carrier: method.carrier,
  serviceCode: method.service_code,
  weightBands: method.weight_bands.map((band) => ({ up_to_grams: band.up_to_grams, price_cents: decimalToCents(band.price) })),
  flatPriceCents: orNull(method.flat_price, decimalToCents),
  freeOverCents: orNull(method.free_over, decimalToCents),
  daysMin: method.days_min,
  daysMax: method.days_max,
  codAllowed: method.cod_allowed,
  codLimitCents: orNull(method.cod_limit, decimalToCents),
  codFeeCents: decimalToCents(method.cod_fee),
  active: method.active,
});

/** A patch's given fields: a field left out (undefined) keeps the stored value. */
const definedOf = <T extends object>(patch: T): Partial<T> =>
  Object.fromEntries(Object.entries(patch).filter(([, value]) => value !== undefined)) as Partial<T>;

export async function createShippingMethod(db: Db, actor: Actor, zoneId: number, input: ShippingMethodFields): Promise<StaffShippingMethod> {
  return db.transaction(async (tx) => {
    await findZone(tx, zoneId);
    const [last] = await tx.select({ position: max(shippingMethods.position) }).from(shippingMethods).where(eq(shippingMethods.zoneId, zoneId));
    const position = input.position ?? (last?.position ?? 0) + 1;
    const [row] = await tx.insert(shippingMethods).values({ ...methodColumns(input), zoneId, position }).returning({ id: shippingMethods.id });
    const method = await findMethod(tx, row.id);
    await recordAudit(tx, actor, { action: 'shipping_method.create', entity: METHOD, entityId: row.id, after: method });
    return method;
  });
}

export async function updateShippingMethod(db: Db, actor: Actor, id: number, patch: Partial<ShippingMethodFields>): Promise<StaffShippingMethod> {
  return db.transaction(async (tx) => {
    await tx.select({ id: shippingMethods.id }).from(shippingMethods).where(eq(shippingMethods.id, id)).for('update');
    const before = await findMethod(tx, id);
    const method: ShippingMethodFields = { ...before, ...definedOf(patch) };
    refuse(methodProblems(method));
    await tx.update(shippingMethods).set({ ...methodColumns(method), position: method.position ?? before.position, updatedAt: new Date() })
      .where(eq(shippingMethods.id, id));
    const after = await findMethod(tx, id);
    await recordAudit(tx, actor, { action: 'shipping_method.update', entity: METHOD, entityId: id, before, after });
    return after;
  });
}

/** Orders that used the method keep its name, their method set to null by the database. */
export async function deleteShippingMethod(db: Db, actor: Actor, id: number): Promise<{ detail: string }> {
  return db.transaction(async (tx) => {
    const before = await findMethod(tx, id);
    await tx.delete(shippingMethods).where(eq(shippingMethods.id, id));
    await recordAudit(tx, actor, { action: 'shipping_method.delete', entity: METHOD, entityId: id, before });
    return { detail: `The method ${before.name} was deleted.` };
  });
}
