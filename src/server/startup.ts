import { count, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config.ts';
import type { Database } from './db/client.ts';
import { products } from './db/schema/catalog.ts';
import { seedDemoSets } from './seed/demo-sets.ts';
import { seedDemoCatalogue } from './seed/demo-catalogue.ts';
import { seedDemoShippingZones } from './seed/shipping-zones.ts';
import { ensureSuperuser } from './auth/ensure-superuser.ts';
import { ensureCommerceDefaults } from './checkout/commerce-defaults.ts';
import { fillDemoCategoryTranslations } from './catalog/category-translations.ts';

const SEED_LOCK = 7_270_736_902;

/**
 * Migrates, seeds the demo catalogue and shipping zones into an empty database, inserts the exchange rates checkout needs when there are
 * none (whatever SEED says) and the demo promo codes (not with SEED=none, which starts without demo data), gives the
 * demo categories their Urdu and Arabic texts where a database seeded earlier has none, and ensures the configured
 * superuser.
 */
export async function prepareDatabase(database: Database, config: Config, log: FastifyBaseLogger): Promise<void> {
  await database.migrate();
  if (config.SEED === 'demo') {
    const seeded = await database.db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK})`);
      const [{ n }] = await tx.select({ n: count() }).from(products);
      if (n > 0) return false;
      const started = performance.now();
      const summary = await seedDemoCatalogue(tx);
      await seedDemoSets(tx, new Date());
      await seedDemoShippingZones(tx);
      log.info({ ...summary, ms: Math.round(performance.now() - started) }, 'seeded the demo catalogue');
      return true;
    });
    // PGlite runs no autovacuum: without fresh statistics and visibility maps, counts scan whole tables.
    if (seeded) await database.db.execute(sql`vacuum analyze`);
  }
  await ensureCommerceDefaults(database.db, new Date(), { withDemoPromoCodes: config.SEED === 'demo' });
  await fillDemoCategoryTranslations(database.db);
  if (config.ADMIN_EMAIL && config.ADMIN_PASSWORD) {
    await ensureSuperuser(database.db, config.ADMIN_EMAIL, config.ADMIN_PASSWORD);
    log.info({ email: config.ADMIN_EMAIL }, 'superuser ensured');
  }
}
