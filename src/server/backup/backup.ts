import { cp, mkdir, mkdtemp, open, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import postgres from 'postgres';
import { openPglite } from '../db/client.ts';
import { refuseWhileHeld } from './data-dir-lock.ts';
import { runTool } from './run-tool.ts';
import { queryOf, tableCounts } from './table-counts.ts';

export interface BackupTarget {
  DATABASE_URL?: string;
  DATA_DIR: string;
}

export interface BackupManifest {
  format: 1;
  database: 'postgres' | 'pglite';
  createdAt: string;
  version: string;
  /** Rows in every table when the snapshot was taken: a restore is checked against them. */
  tables: Record<string, number>;
}

export const MANIFEST = 'manifest.json';
export const POSTGRES_DUMP = 'database.dump';
export const PGLITE_DUMP = 'pglite.tar';
/** Uploaded files kept outside the database (photos and documents are in it). */
export const FILE_FOLDERS = ['licences'];

/**
 * Writes one .tar.gz: the database (pg_dump's custom format, or PGlite's data directory), the uploaded files and a
 * manifest. The database is dumped first, from one snapshot; files are copied after, so every file a row names is in.
 */
export async function createBackup(target: BackupTarget, file: string, version: string): Promise<BackupManifest> {
  const stage = await mkdtemp(path.join(tmpdir(), 'shop-backup-'));
  try {
    const manifest: BackupManifest = {
      format: 1, database: target.DATABASE_URL ? 'postgres' : 'pglite', createdAt: new Date().toISOString(), version, tables: {},
    };
    if (target.DATABASE_URL) {
      // The counts and pg_dump read the same snapshot, exported by this transaction while it stays open.
      const client = postgres(target.DATABASE_URL, { max: 1, onnotice: () => {} });
      try {
        await client.begin('isolation level repeatable read read only', async (tx) => {
          const [{ snapshot }] = await tx<{ snapshot: string }[]>`select pg_export_snapshot() as snapshot`;
          manifest.tables = await tableCounts((text) => tx.unsafe(text));
          await runTool('pg_dump', [
            '--format=custom', '--no-owner', '--no-privileges', `--snapshot=${snapshot}`,
            `--file=${path.join(stage, POSTGRES_DUMP)}`, target.DATABASE_URL!,
          ]);
        });
      } finally {
        await client.end({ timeout: 5 });
      }
    } else {
      refuseWhileHeld(target.DATA_DIR, 'backing it up');
      const database = await openPglite(path.join(target.DATA_DIR, 'pglite'));
      try {
        manifest.tables = await tableCounts(queryOf(database));
        const dump = await (database.db as unknown as { $client: PGlite }).$client.dumpDataDir('none');
        await writeFile(path.join(stage, PGLITE_DUMP), Buffer.from(await dump.arrayBuffer()));
      } finally {
        await database.close();
      }
    }
    for (const folder of FILE_FOLDERS) {
      const from = path.join(target.DATA_DIR, folder);
      if (await exists(from)) await cp(from, path.join(stage, folder), { recursive: true });
    }
    await writeFile(path.join(stage, MANIFEST), JSON.stringify(manifest, null, 2));
    await mkdir(path.dirname(path.resolve(file)), { recursive: true });
    // The archive holds password hashes and buyers' addresses: its owner's alone before its first byte is written
    // (an earlier file of that name keeps its mode when opened, hence the chmod).
    const archive = await open(path.resolve(file), 'w', 0o600);
    try {
      await archive.chmod(0o600);
      await runTool('tar', ['-czf', '-', '-C', stage, '.'], archive.fd);
    } finally {
      await archive.close();
    }
    return manifest;
  } finally {
    await rm(stage, { recursive: true, force: true });
  }
}

export async function exists(file: string): Promise<boolean> {
  return stat(file).then(() => true, () => false);
}
