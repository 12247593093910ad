import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from './test/free-port.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** Sends the signal; false when there is no such process (any longer). */
const signal = (pid: number, name: NodeJS.Signals | 0) => {
  try {
    return process.kill(pid, name);
  } catch {
    return false;
  }
};

// `npm start` stopped as the README says, twice on one DATA_DIR (the second start finds it migrated). It runs on the
// embedded database, whose DATA_DIR lock tells when the shutdown is over, so once: not again in the PostgreSQL leg.
// It builds the storefront first when the build is missing or stale.
const dataDir = mkdtempSync(path.join(tmpdir(), 'shop-npm-start-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe.skipIf(process.env.TEST_DATABASE_URL)('npm start', () => {
  it.each([
    ['SIGTERM to the pid of npm', (npm: number) => signal(npm, 'SIGTERM')],
    // A terminal signals every process of the foreground group, and npm passes its signal on to the shop as well.
    ['Ctrl-C in its terminal', (npm: number) => signal(-npm, 'SIGINT')],
  ])('stops the shop, after its shutdown, on %s', async (_, stop) => {
    const port = await freePort();
    const npm = spawn('npm', ['start'], {
      cwd: root,
      // Its own process group, as a terminal gives a command.
      detached: true,
      // As a shell gives it: not the test runner's NODE_ENV=test, with which the storefront would build for tests.
      env: {
        PATH: process.env.PATH, HOME: process.env.HOME ?? tmpdir(),
        PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, SEED: 'none', LOG_LEVEL: 'warn', SEARCH_EMBEDDINGS: 'off',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    npm.stdout.on('data', (chunk) => { output += chunk; });
    npm.stderr.on('data', (chunk) => { output += chunk; });
    const ended = once(npm, 'exit');
    const lock = path.join(dataDir, 'shop.pid');
    let shop = 0;
    try {
      // A build and a first migration take minutes on a busy machine.
      await Promise.race([
        expect.poll(() => fetch(`http://127.0.0.1:${port}/api/health`).then((res) => res.status, () => 0),
          { timeout: 300_000, interval: 500 }).toBe(200),
        ended.then(() => { throw new Error(`npm start ended before it served:\n${output}`); }),
      ]);
      // The shop's own process holds DATA_DIR while it runs, and lets it go only at the end of its shutdown.
      shop = Number(readFileSync(lock, 'utf8'));
      stop(npm.pid!);
      await ended;
      expect(signal(shop, 0), output).toBe(false);
      expect(existsSync(lock), output).toBe(false);
    } finally {
      signal(-npm.pid!, 'SIGKILL');
      if (shop) signal(shop, 'SIGKILL');
    }
  }, 330_000);
});
