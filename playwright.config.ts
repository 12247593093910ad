import { defineConfig, devices } from '@playwright/test';

const port = Number(process.env.E2E_PORT ?? 3999);
// Workers load this file again in their own processes: they inherit the runner's folder through the environment.
const dataDir = process.env.E2E_DATA_DIR ?? `/tmp/shop-e2e-${process.pid}`;
process.env.E2E_DATA_DIR = dataDir;

/** The superuser the e2e server ensures at start (ADMIN_EMAIL / ADMIN_PASSWORD), for staff journeys. */
export const E2E_ADMIN = { email: 'staff@sialkotsurgical.example', password: 'Forceps-Ledger-2026!' } as const;

/**
 * Each width has its own shop (port and data folder) and one worker: the two widths run side by side without sharing
 * a database, and within one width the journeys run one after another as a single shop's staff and buyers would.
 */
const widths = [
  { name: 'desktop', device: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 } }, port },
  // A phone's layout, touch and user agent; painted at one device pixel per CSS pixel, as software rendering on a
  // two-core runner paints a 2.6× screen several times more slowly and the layout is the same.
  { name: 'mobile', device: { ...devices['Pixel 7'], viewport: { width: 390, height: 844 }, deviceScaleFactor: 1 }, port: port + 1 },
] as const;

/** The data folder of a width's shop: its database and the mail it writes to files. */
export const shopFolder = (project: string) => `${dataDir}/${project}`;

export default defineConfig({
  testDir: 'tests/e2e',
  outputDir: 'test-results/e2e',
  fullyParallel: false,
  workers: widths.length,
  retries: 0,
  reporter: [['list']],
  // A journey on a busy two-core runner (two browsers, two shops and their databases): twice the default.
  timeout: 60_000,
  // A screen opened for the first time fetches its code and text catalogues: on a busy two-core runner, more than 5 s.
  expect: { timeout: 15_000 },
  use: {
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run'],
    },
  },
  projects: widths.map(({ name, device, port }) => ({ name, workers: 1, use: { ...device, baseURL: `http://127.0.0.1:${port}` } })),
  webServer: widths.map(({ name, port }) => ({
    command: `rm -rf ${shopFolder(name)} && node --import tsx src/server/main.ts`,
    url: `http://127.0.0.1:${port}/api/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    env: { PORT: String(port), HOST: '127.0.0.1', PUBLIC_URL: `http://127.0.0.1:${port}`, DATA_DIR: shopFolder(name), LOG_LEVEL: 'warn', SEED: 'demo',
      ADMIN_EMAIL: E2E_ADMIN.email, ADMIN_PASSWORD: E2E_ADMIN.password,
      // Journeys register many accounts from one address; the limits themselves are covered by API tests.
      RATE_LIMIT_ALLOWLIST: '127.0.0.1',
      // No journey needs search vectors; indexing the demo catalogue would take CPU from the browsers.
      SEARCH_EMBEDDINGS: 'off' },
  })),
});
