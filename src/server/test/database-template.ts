import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import postgres from 'postgres';
import { openPglite, openPostgres } from '../db/client.ts';

/**
 * Vitest global setup for the server tests: migrates one database, so that each test file copies it instead of
 * creating and migrating its own (about five seconds each, on either engine).
 * - PGlite: a dump each file loads (about half a second), its path in PGLITE_TEMPLATE.
 * - PostgreSQL (TEST_DATABASE_URL): a template database each file's database is created from, named in PG_TEMPLATE_DB.
 */
export default async function setup(): Promise<() => Promise<void>> {
  const url = process.env.TEST_DATABASE_URL;
  return url ? postgresTemplate(url) : pgliteTemplate();
}

async function pgliteTemplate() {
  const folder = mkdtempSync(path.join(tmpdir(), 'shop-pglite-template-'));
  const database = await openPglite();
  await database.migrate();
  const dump = await (database.db as unknown as { $client: PGlite }).$client.dumpDataDir('none');
  await database.close();
  const file = path.join(folder, 'migrated.tar');
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  process.env.PGLITE_TEMPLATE = file;
  return async () => rmSync(folder, { recursive: true, force: true });
}

async function postgresTemplate(url: string) {
  const name = `shop_template_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  const admin = postgres(url, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database "${name}"`);
  const templateUrl = new URL(url);
  templateUrl.pathname = `/${name}`;
  // Closed before any copy: PostgreSQL copies a template only while nobody is connected to it.
  const database = await openPostgres(templateUrl.toString(), { max: 1 });
  await database.migrate();
  await database.close();
  process.env.PG_TEMPLATE_DB = name;
  return async () => {
    await admin.unsafe(`drop database if exists "${name}" with (force)`);
    await admin.end({ timeout: 5 });
  };
}
