import pino from 'pino';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';
import { verifyPassword } from './auth/passwords.ts';
import { createTestDatabase } from './test/test-database.ts';
import type { Database } from './db/client.ts';
import { categories, products, productVariants } from './db/schema/catalog.ts';
import { users } from './db/schema/users.ts';
import { exchangeRates } from './db/schema/payments.ts';
import { promoCodes } from './db/schema/promo.ts';
import { shippingZones } from './db/schema/shipping.ts';
import { prepareDatabase } from './startup.ts';

const log = pino({ level: 'silent' });
let database: Database;

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

const productCount = async () => (await database.db.select({ n: count() }).from(products))[0].n;
const variantCount = async () => (await database.db.select({ n: count() }).from(productVariants))[0].n;
const zoneNames = async () => (await database.db.select({ name: shippingZones.name }).from(shippingZones).orderBy(shippingZones.id)).map((z) => z.name);

describe('prepareDatabase', () => {
  it('leaves the database empty with SEED=none: no catalogue, no accounts, no demo promo codes, only the exchange rates and the Pakistan zone', async () => {
    await prepareDatabase(database, loadConfig({ SEED: 'none' }), log);
    expect(await productCount()).toBe(0);
    expect(await database.db.select().from(users)).toEqual([]);
    expect(await database.db.select().from(promoCodes)).toEqual([]);
    expect(await database.db.select().from(exchangeRates)).toHaveLength(2);
    expect(await zoneNames()).toEqual(['Pakistan']);
  });

  it('seeds the demo catalogue once, and a second start reuses it', async () => {
    await prepareDatabase(database, loadConfig({}), log);
    const seeded = await productCount();
    expect(await variantCount()).toBeGreaterThanOrEqual(1200);
    const slugs = (await database.db.select({ slug: categories.slug }).from(categories)).map((c) => c.slug);
    expect(slugs).toEqual(expect.arrayContaining(['cardiology', 'neurosurgery', 'orthopedics', 'general-surgery']));
    expect(slugs.length).toBeGreaterThanOrEqual(10);
    expect(await zoneNames()).toEqual(['Pakistan', 'Gulf', 'Europe', 'North America', 'Rest of world']);
    await prepareDatabase(database, loadConfig({}), log);
    expect(await productCount()).toBe(seeded);
    expect(await zoneNames()).toHaveLength(5);
  }, 120_000); // seeding 1,200 variants twice on a busy two-core machine

  it('ensures a verified superuser, and updates its password when the configuration changes', async () => {
    const env = { SEED: 'none', ADMIN_EMAIL: 'Admin@Example.com', ADMIN_PASSWORD: 'first-password' };
    await prepareDatabase(database, loadConfig(env), log);
    await prepareDatabase(database, loadConfig({ ...env, ADMIN_PASSWORD: 'second-password' }), log);
    const admins = await database.db.select().from(users).where(eq(users.email, 'admin@example.com'));
    expect(admins).toHaveLength(1);
    expect(admins[0]).toMatchObject({ isVerified: true, staffRole: 'owner', isSuperuser: true });
    expect(await verifyPassword(admins[0].passwordHash, 'second-password')).toBe(true);
  });
});
