// `npm run restore FILE`: restores a backup into an empty DATA_DIR (embedded) or an empty database (DATABASE_URL).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { restoreBackup } from '../src/server/backup/restore.ts';
import { loadConfig } from '../src/server/config.ts';

const root = path.resolve(import.meta.dirname, '..');
const { version } = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as { version: string };
const file = process.argv[2];
if (!file) {
  console.error('Usage: npm run restore FILE (into the empty DATA_DIR, or the empty database named by DATABASE_URL)');
  process.exit(1);
}
try {
  const manifest = await restoreBackup(loadConfig(process.env, version), file);
  console.log(`Restored the backup of ${manifest.createdAt}: every table's row count matches it.`);
} catch (err) {
  console.error(`Restore failed: ${(err as Error).message}`);
  process.exit(1);
}
