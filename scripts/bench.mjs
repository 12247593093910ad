// Runs every benchmark in bench/ one after another: node scripts/bench.mjs [name-filter]
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildStorefrontIfStale } from './build-if-stale.mjs';

const root = path.join(path.dirname(fileURLToPath(import.meta.url)), '..');
const filter = process.argv[2] ?? '';
// The load and page benchmarks serve the built storefront.
buildStorefrontIfStale();
const files = readdirSync(path.join(root, 'bench')).filter((file) => file.endsWith('.ts') && file.includes(filter)).sort();

for (const file of files) {
  console.log(`\n== bench/${file}`);
  const { status } = spawnSync(process.execPath, ['--import', 'tsx', path.join('bench', file)], { cwd: root, stdio: 'inherit' });
  if (status !== 0) process.exit(status ?? 1);
}
