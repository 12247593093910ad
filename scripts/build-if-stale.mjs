import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { spawnSync } from 'node:child_process';

const root = path.resolve(import.meta.dirname, '..');
const built = path.join(root, 'dist/web/index.html');
const serverBuild = path.join(root, 'dist/ssr/render-page.js');
const sources = ['src/web', 'src/contracts', 'vite.config.ts', 'package-lock.json'].map((p) => path.join(root, p));

function newestMtime(target) {
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(stat.mtimeMs, ...readdirSync(target).map((name) => newestMtime(path.join(target, name))));
}

const fresh = (file) => existsSync(file) && statSync(file).mtimeMs >= Math.max(...sources.filter(existsSync).map(newestMtime));

function viteBuild(...args) {
  const result = spawnSync(process.execPath, [path.join(root, 'node_modules/vite/bin/vite.js'), 'build', ...args, '--logLevel', 'warn'], {
    cwd: root,
    stdio: 'inherit',
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

/**
 * Builds the storefront when it has never been built or a source is newer than the build: the browser's bundle, then
 * the server build that renders the public pages.
 */
export function buildStorefrontIfStale() {
  if (fresh(built) && fresh(serverBuild)) return;
  console.log('Building the storefront…');
  viteBuild();
  viteBuild('--ssr');
}
