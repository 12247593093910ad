// Fails when the schema in src/server/db/schema/ and the migrations' snapshots disagree: drizzle-kit generate, run on
// a copy of the migrations, must find nothing to write. A schema change therefore comes with its migration and snapshot.
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const migrations = path.join(root, 'src/server/db/migrations');
const copy = mkdtempSync(path.join(tmpdir(), 'schema-drift-'));
try {
  cpSync(migrations, copy, { recursive: true });
  // drizzle-kit reads --out relative to the working directory.
  const run = spawnSync(process.execPath, [path.join(root, 'node_modules/drizzle-kit/bin.cjs'), 'generate', '--dialect=postgresql',
    '--schema=./src/server/db/schema/*.ts', `--out=${path.relative(root, copy)}`], { cwd: root, encoding: 'utf8' });
  if (run.status !== 0) {
    console.error(run.stdout, run.stderr);
    process.exit(1);
  }
  const stored = new Set(readdirSync(migrations));
  const written = readdirSync(copy).filter((name) => !stored.has(name) && name.endsWith('.sql'));
  if (written.length > 0) {
    console.error('The schema and the migrations disagree: `npm run db:generate` would write this migration. Write it (and check its SQL), or change the schema back.\n');
    console.error(readFileSync(path.join(copy, written[0]), 'utf8'));
    process.exit(1);
  }
  console.log('Schema and migrations agree.');
} finally {
  rmSync(copy, { recursive: true, force: true });
}
