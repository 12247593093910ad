import postgres from 'postgres';
import { ensureCommerceDefaults } from '../checkout/commerce-defaults.ts';
import { openPostgres, type Database } from '../db/client.ts';
import { createTestUser } from '../test/auth-fixtures.ts';
import { insertCatalogue } from '../test/catalog-fixtures.ts';
import { startPostgresCluster, type PostgresCluster } from './postgres-cluster.ts';

/** A PostgreSQL cluster of the test's own, with a migrated shop database: one Kelly Hemostat in stock and its buyers. */
export interface ShopCluster {
  cluster: PostgresCluster;
  /** The shop database's address, for the API processes. */
  url: string;
  productId: number;
  variantId: number;
  /** Each buyer's authorization headers. */
  buyers: Record<string, string>[];
  /** A connection of the test's own for set-up and checks, closed again before the server may be stopped. */
  withDatabase<T>(work: (database: Database) => Promise<T>): Promise<T>;
}

export async function startShopCluster(bin: string, { stock, buyers: count }: { stock: number; buyers: number }): Promise<ShopCluster> {
  const cluster = await startPostgresCluster(bin);
  const admin = postgres(cluster.url, { max: 1, onnotice: () => {} });
  await admin`create database shop`;
  await admin.end();
  const url = cluster.url.replace(/\/postgres$/, '/shop');
  async function withDatabase<T>(work: (database: Database) => Promise<T>): Promise<T> {
    const database = await openPostgres(url, { max: 2 });
    try {
      return await work(database);
    } finally {
      await database.close();
    }
  }
  return withDatabase(async (database) => {
    await database.migrate();
    await ensureCommerceDefaults(database.db);
    const { products: [product] } = await insertCatalogue(database.db, ['general-surgery'], [
      { name: 'Kelly Hemostat', category: 'general-surgery', priceCents: 1_800, stock },
    ]);
    const buyers: Record<string, string>[] = [];
    for (let i = 0; i < count; i++) buyers.push((await createTestUser(database.db, { email: `buyer${i}@example.com` })).headers);
    return { cluster, url, productId: product.id, variantId: product.variantId, buyers, withDatabase };
  });
}
