// `npm run test:e2e`: build the storefront if needed, then run the Playwright journeys in Debian's Chromium.
import { existsSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { buildStorefrontIfStale } from './build-if-stale.mjs';

const root = path.resolve(import.meta.dirname, '..');
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (!existsSync(chromium)) {
  console.error(`Chromium is missing at ${chromium}: install it with "apt-get install -y chromium" (or set CHROMIUM_PATH).`);
  process.exit(1);
}
buildStorefrontIfStale();
const result = spawnSync(process.execPath, [path.join(root, 'node_modules/@playwright/test/cli.js'), 'test', ...process.argv.slice(2)], {
  cwd: root,
  stdio: 'inherit',
  env: { ...process.env, CHROMIUM_PATH: chromium },
});
process.exit(result.status ?? 1);
