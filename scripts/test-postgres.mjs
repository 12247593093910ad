// The API tests again on PostgreSQL with Redis, including the several-process, database-outage and database-restart
// suites, when TEST_PG_URL names a PostgreSQL server (each test file gets a fresh database there; Redis from REDIS_URL,
// by default the machine's); skipped without it.
import { spawnSync } from 'node:child_process';
import path from 'node:path';

const url = process.env.TEST_PG_URL;
if (!url) {
  console.log('PostgreSQL leg skipped: set TEST_PG_URL (and REDIS_URL) to run the API tests, two API processes and the outage test on PostgreSQL.');
  process.exit(0);
}
const root = path.resolve(import.meta.dirname, '..');
/** The suites that start shop processes of their own or cut the database: run one at a time, after the rest. */
const ALONE = ['src/server/scale/', 'src/server/jobs/job-processes.test.ts', 'src/server/catalog-cache/several-processes.test.ts'];

/** Each migration test opens PGlite at a point in history, whichever leg runs it: the PGlite leg has run them. */
const PGLITE_ONLY = ['src/server/db/migrations-*.test.ts'];

const vitest = (...args) => spawnSync(process.execPath, [path.join(root, 'node_modules/vitest/vitest.mjs'), 'run', '--project', 'server', ...args], {
  cwd: root,
  stdio: 'inherit',
  env: { ...process.env, TEST_DATABASE_URL: url, REDIS_URL: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379' },
}).status ?? 1;

const rest = vitest(...[...ALONE, ...PGLITE_ONLY].flatMap((file) => ['--exclude', file.endsWith('/') ? `${file}**` : file]));
const alone = vitest('--maxWorkers', '1', ...ALONE);
process.exit(rest || alone);
