import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPglite, openPostgres, type Database } from '../db/client.ts';
import { stockLots } from '../db/schema/lots.ts';
import { insertCatalogue, insertUser } from '../test/catalog-fixtures.ts';
import { insertOrder } from '../test/order-fixtures.ts';
import { createBackup } from './backup.ts';
import { holdDataDir } from './data-dir-lock.ts';
import { restoreBackup } from './restore.ts';
import { queryOf, tableCounts } from './table-counts.ts';

const pgUrl = process.env.TEST_DATABASE_URL;
const work = mkdtempSync(path.join(tmpdir(), 'shop-backup-test-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** A fingerprint of the rows that hold money and stock: equal only if every row came back as it was. */
async function checksums(database: Database) {
  const query = queryOf(database);
  const sums: Record<string, unknown> = {};
  for (const table of ['orders', 'order_items', 'inventory_items', 'stock_lots']) {
    const [row] = await query(`select md5(coalesce(string_agg(t::text, '|' order by t::text), '')) as sum from ${table} t`);
    sums[table] = row!.sum;
  }
  return sums;
}

async function fill(database: Database, dataDir: string) {
  const { products } = await insertCatalogue(database.db, ['general-surgery'], [
    { name: 'Mayo Scissors', category: 'general-surgery', priceCents: 2_000, stock: 7 },
    { name: 'Kocher Clamp', category: 'general-surgery', priceCents: 900, stock: 3 },
  ]);
  await database.db.insert(stockLots).values([
    { variantId: products[0].variantId, lotNumber: 'L-2026-01', expiryDate: '2030-01-31', currentStock: 7 },
    { variantId: products[1].variantId, lotNumber: 'L-2026-02', currentStock: 3 },
  ]);
  const buyer = await insertUser(database.db, { email: 'buyer@example.com', firstName: 'Amna', lastName: 'Khan' });
  await insertOrder(database.db, buyer.id, [{ productId: products[0].id, variantId: products[0].variantId, quantity: 2, unitPriceCents: 2_000 }]);
  mkdirSync(path.join(dataDir, 'licences'), { recursive: true });
  writeFileSync(path.join(dataDir, 'licences', 'drap-licence.pdf'), '%PDF-1.4 licence');
}

describe.skipIf(pgUrl)('backup and restore of the embedded database', () => {
  const source = path.join(work, 'source');
  const target = path.join(work, 'target');
  const file = path.join(work, 'shop.tar.gz');
  let before: { counts: Record<string, number>; sums: Record<string, unknown> };

  beforeAll(async () => {
    const template = process.env.PGLITE_TEMPLATE!;
    const database = await openPglite(path.join(source, 'pglite'), new Blob([readFileSync(template)]));
    await fill(database, source);
    before = { counts: await tableCounts(queryOf(database)), sums: await checksums(database) };
    await database.close();
  });

  it('restores into a fresh DATA_DIR every row of every table, and the uploaded files', async () => {
    const manifest = await createBackup({ DATA_DIR: source }, file, 'test');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(manifest.tables).toEqual(before.counts);
    expect(manifest.tables['public.orders']).toBe(1);

    await restoreBackup({ DATA_DIR: target }, file);
    const restored = await openPglite(path.join(target, 'pglite'));
    try {
      expect(await tableCounts(queryOf(restored))).toEqual(before.counts);
      expect(await checksums(restored)).toEqual(before.sums);
    } finally {
      await restored.close();
    }
    expect(readFileSync(path.join(target, 'licences', 'drap-licence.pdf'), 'utf8')).toBe('%PDF-1.4 licence');
  });

  it('writes the archive readable by its owner alone (it holds password hashes), over an earlier file too', async () => {
    const earlier = path.join(work, 'earlier.tar.gz');
    writeFileSync(earlier, 'an older backup', { mode: 0o644 });
    await createBackup({ DATA_DIR: source }, earlier, 'test');
    expect(statSync(earlier).mode & 0o777).toBe(0o600);
  });

  it('refuses to restore over a shop, and to open files a running shop holds', async () => {
    await expect(restoreBackup({ DATA_DIR: target }, file)).rejects.toThrow(/not empty/);
    const release = holdDataDir(source);
    // This process stands in for the shop: the lock names another one.
    writeFileSync(path.join(source, 'shop.pid'), String(process.ppid));
    try {
      await expect(createBackup({ DATA_DIR: source }, path.join(work, 'other.tar.gz'), 'test')).rejects.toThrow(/is running on/);
    } finally {
      release();
    }
  });
});

describe.skipIf(!pgUrl)('backup and restore on PostgreSQL', () => {
  const name = `shop_restore_${Date.now().toString(36)}`;
  const admin = postgres(pgUrl ?? 'postgres://unused', { max: 1, onnotice: () => {} });
  const targetUrl = () => Object.assign(new URL(pgUrl!), { pathname: `/${name}` }).toString();
  let source: Database & { url?: string };

  beforeAll(async () => {
    const { createTestDatabase } = await import('../test/test-database.ts');
    source = await createTestDatabase();
    await fill(source, path.join(work, 'pg-source'));
    await admin.unsafe(`create database "${name}"`);
  });
  afterAll(async () => {
    await source.close();
    await admin.unsafe(`drop database if exists "${name}" with (force)`);
    await admin.end({ timeout: 5 });
  });

  it('restores pg_dump\'s snapshot into an empty database: every table\'s rows, orders, stock and lots alike', async () => {
    const file = path.join(work, 'pg.tar.gz');
    const counts = await tableCounts(queryOf(source));
    const sums = await checksums(source);
    await createBackup({ DATABASE_URL: source.url, DATA_DIR: path.join(work, 'pg-source') }, file, 'test');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    await restoreBackup({ DATABASE_URL: targetUrl(), DATA_DIR: path.join(work, 'pg-target') }, file);

    const restored = await openPostgres(targetUrl(), { max: 1 });
    try {
      expect(await tableCounts(queryOf(restored))).toEqual(counts);
      expect(await checksums(restored)).toEqual(sums);
    } finally {
      await restored.close();
    }
    await expect(restoreBackup({ DATABASE_URL: targetUrl(), DATA_DIR: path.join(work, 'pg-other') }, file)).rejects.toThrow(/not empty/);
  });
});
