import { cp, mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import postgres from 'postgres';
import { openPglite } from '../db/client.ts';
import { exists, FILE_FOLDERS, MANIFEST, PGLITE_DUMP, POSTGRES_DUMP, type BackupManifest, type BackupTarget } from './backup.ts';
import { refuseWhileHeld } from './data-dir-lock.ts';
import { runTool } from './run-tool.ts';
import { queryOf, tableCounts } from './table-counts.ts';

/**
 * Restores a backup into an empty database (DATABASE_URL) or an empty DATA_DIR, with its uploaded files, then checks
 * every table's row count against the manifest. Nothing is written unless every destination is empty.
 */
export async function restoreBackup(target: BackupTarget, file: string): Promise<BackupManifest> {
  const stage = await mkdtemp(path.join(tmpdir(), 'shop-restore-'));
  try {
    await runTool('tar', ['-xzf', path.resolve(file), '-C', stage]);
    const manifest = JSON.parse(await readFile(path.join(stage, MANIFEST), 'utf8')) as BackupManifest;
    if (manifest.format !== 1) throw new Error(`${file} is not a backup of this shop (no manifest of format 1).`);

    for (const folder of FILE_FOLDERS) await refuseNonEmptyFolder(path.join(target.DATA_DIR, folder));
    let restored: Record<string, number>;
    if (manifest.database === 'postgres') {
      if (!target.DATABASE_URL) throw new Error('This backup is of a PostgreSQL database: set DATABASE_URL to an empty database to restore it into.');
      restored = await restorePostgres(target.DATABASE_URL, path.join(stage, POSTGRES_DUMP));
    } else {
      if (target.DATABASE_URL) throw new Error('This backup is of the embedded database: unset DATABASE_URL and set DATA_DIR to an empty folder.');
      refuseWhileHeld(target.DATA_DIR, 'restoring into it');
      const folder = path.join(target.DATA_DIR, 'pglite');
      await refuseNonEmptyFolder(folder);
      const database = await openPglite(folder, new Blob([await readFile(path.join(stage, PGLITE_DUMP))]));
      try {
        restored = await tableCounts(queryOf(database));
      } finally {
        await database.close();
      }
    }
    for (const folder of FILE_FOLDERS) {
      const from = path.join(stage, folder);
      if (await exists(from)) await cp(from, path.join(target.DATA_DIR, folder), { recursive: true });
    }
    const differing = Object.keys({ ...manifest.tables, ...restored })
      .filter((table) => manifest.tables[table] !== restored[table])
      .map((table) => `${table}: ${manifest.tables[table] ?? 'absent'} in the backup, ${restored[table] ?? 'absent'} restored`);
    if (differing.length > 0) throw new Error(`The restored database differs from the backup:\n${differing.join('\n')}`);
    return manifest;
  } finally {
    await rm(stage, { recursive: true, force: true });
  }
}

async function refuseNonEmptyFolder(folder: string) {
  const entries = await readdir(folder).catch(() => []);
  if (entries.length > 0) throw new Error(`${folder} is not empty: restore into an empty DATA_DIR.`);
}

async function restorePostgres(url: string, dump: string): Promise<Record<string, number>> {
  const client = postgres(url, { max: 1, onnotice: () => {} });
  try {
    const [{ tables }] = await client<{ tables: number }[]>`
      select count(*)::int as tables from information_schema.tables where table_schema not in ('pg_catalog', 'information_schema')`;
    if (tables > 0) throw new Error('The database named by DATABASE_URL is not empty: restore into a new, empty database.');
    await runTool('pg_restore', ['--no-owner', '--no-privileges', '--exit-on-error', '--single-transaction', `--dbname=${url}`, dump]);
    return await tableCounts((text) => client.unsafe(text));
  } finally {
    await client.end({ timeout: 5 });
  }
}
