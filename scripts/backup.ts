// `npm run backup [FILE]`: a consistent snapshot of the database and the uploaded files, as one .tar.gz.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { createBackup } from '../src/server/backup/backup.ts';
import { loadConfig } from '../src/server/config.ts';

const root = path.resolve(import.meta.dirname, '..');
const { version } = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as { version: string };
const config = loadConfig(process.env, version);
const stamp = new Date().toISOString().replace(/[-:]/g, '').replace(/\..*/, '').replace('T', '-');
const file = process.argv[2] ?? path.join('backups', `shop-${stamp}.tar.gz`);
try {
  const manifest = await createBackup(config, file, version);
  const rows = Object.values(manifest.tables).reduce((sum, n) => sum + n, 0);
  console.log(`Backed up the ${manifest.database} database (${Object.keys(manifest.tables).length} tables, ${rows} rows) and uploaded files to ${file}`);
} catch (err) {
  console.error(`Backup failed: ${(err as Error).message}`);
  process.exit(1);
}
