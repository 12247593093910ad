import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.ts';
import { shippingMethods, shippingZones, type WeightBand } from '../db/schema/shipping.ts';

type NewMethod = Omit<typeof shippingMethods.$inferInsert, 'zoneId'>;

/** DHL Express's published steps, 0.5 kg to 30 kg, priced in USD cents per step. */
const dhlBands = (prices: readonly number[]): WeightBand[] =>
  [500, 1_000, 2_000, 5_000, 10_000, 20_000, 30_000].map((upTo, i) => ({ up_to_grams: upTo, price_cents: prices[i] }));

const dhlExpress = (prices: readonly number[], daysMin: number, daysMax: number, freeOverCents: number | null): NewMethod => ({
  name: 'DHL Express Worldwide', carrier: 'dhl_express', serviceCode: 'P', weightBands: dhlBands(prices),
  freeOverCents, daysMin, daysMax,
});

/** Domestic overnight couriers: 0.5, 1, 3, 5, 10 and 25 kg. */
const overnightBands = (prices: readonly number[]): WeightBand[] =>
  [500, 1_000, 3_000, 5_000, 10_000, 25_000].map((upTo, i) => ({ up_to_grams: upTo, price_cents: prices[i] }));

export const DEMO_EXPORT_ZONES: { name: string; countries: string[]; restOfWorld?: boolean; method: NewMethod }[] = [
  {
    name: 'Gulf', countries: ['AE', 'SA', 'QA', 'KW', 'BH', 'OM'],
    method: dhlExpress([3_800, 4_600, 6_200, 10_500, 17_000, 29_000, 40_000], 2, 4, 150_000),
  },
  {
    name: 'Europe',
    countries: ['AT', 'BE', 'CH', 'CZ', 'DE', 'DK', 'ES', 'FI', 'FR', 'GB', 'GR', 'IE', 'IT', 'NL', 'NO', 'PL', 'PT', 'SE'],
    method: dhlExpress([5_200, 6_200, 8_400, 14_000, 23_000, 39_000, 54_000], 3, 5, 200_000),
  },
  {
    name: 'North America', countries: ['US', 'CA'],
    method: dhlExpress([5_800, 7_000, 9_500, 16_000, 26_000, 44_000, 61_000], 3, 6, 200_000),
  },
  {
    name: 'Rest of world', countries: [], restOfWorld: true,
    method: dhlExpress([7_000, 8_500, 11_500, 19_500, 32_000, 54_000, 75_000], 5, 10, null),
  },
];

export const DEMO_PAKISTAN_METHODS: NewMethod[] = [
  {
    name: 'TCS Overnight', carrier: 'tcs', serviceCode: 'O', position: 1, codAllowed: true, codLimitCents: 150_000, codFeeCents: 150,
    daysMin: 1, daysMax: 2, weightBands: overnightBands([400, 600, 1_200, 1_800, 3_200, 7_000]),
  },
  {
    name: 'Leopards Overnight', carrier: 'leopards', serviceCode: 'OVERNIGHT', position: 2, codAllowed: true, codLimitCents: 100_000,
    codFeeCents: 120, daysMin: 1, daysMax: 2, weightBands: overnightBands([350, 550, 1_100, 1_600, 2_900, 6_500]),
  },
];

/**
 * The demo's export zones (zero-rated, DHL Express by weight) and its Pakistan overnight couriers with cash on
 * delivery, beside the standard method every shop's Pakistan zone has from its migration.
 */
export async function seedDemoShippingZones(db: DbOrTx): Promise<void> {
  for (const { method, ...zone } of DEMO_EXPORT_ZONES) {
    const [row] = await db.insert(shippingZones).values({ ...zone, taxBasisPoints: 0 }).returning({ id: shippingZones.id });
    await db.insert(shippingMethods).values({ ...method, zoneId: row.id });
  }
  const [pakistan] = await db.select({ id: shippingZones.id }).from(shippingZones).where(eq(shippingZones.name, 'Pakistan'));
  if (pakistan) await db.insert(shippingMethods).values(DEMO_PAKISTAN_METHODS.map((method) => ({ ...method, zoneId: pakistan.id })));
}
