import { defineConfig, devices } from '@playwright/test';

const port = Number(process.env.E2E_PORT ?? 3999);
// Workers load this file again in their own processes: they inherit the runner's folder through the environment.
const dataDir = process.env.E2E_DATA_DIR ?? `/tmp/shop-e2e-${process.pid}`;
process.env.E2E_DATA_DIR = dataDir;

/** The superuser the e2e server ensures at start (ADMIN_EMAIL / ADMIN_PASSWORD), for staff journeys. */
export const E2E_ADMIN = { email: 'staff@sialkotsurgical.example', password: 'Forceps-Ledger-2026!' } as const;

const desktop = { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 } };
// A phone's layout, touch and user agent; painted at one device pixel per CSS pixel, as software rendering on a
// two-core runner paints a 2.6× screen several times more slowly and the layout is the same.
const phone = { ...devices['Pixel 7'], viewport: { width: 390, height: 844 }, deviceScaleFactor: 1 };

/**
 * The journeys `npm test` also runs at a phone's width: where a phone's layout differs (menus, drawers, filters, the
 * size picker, the chat panel), a buyer's checkout and return, and a hospital's procurement,
 * private-label and set journeys. Every other journey runs at 1280 px only: the two widths run the same server code,
 * and every journey at both widths took longer than the rest of `npm test` together. E2E_PHONE=all
 * (`npm run test:e2e:all`) takes every journey through both widths.
 */
const PHONE_JOURNEYS = [
  'shell', 'catalog', 'variants', 'chat', 'checkout', 'returns', 'punchout', 'quick-order', 'order-guides',
  'standing-orders', 'contract-prices', 'set-compose', 'private-label', 'regulatory',
];
/** Desktop journeys run by a second desktop shop, so that the three runs share the two workers about evenly. */
const SECOND_DESKTOP = [
  'routes', 'private-label', 'organisation-members', 'plurals', 'languages', 'returns', 'checkout', 'sales-reports',
  'flash-sales', 'quotes', 'wishlist', 'accounts', 'punchout',
];
const specs = (names: string[]) => names.map((name) => `**/${name}.spec.ts`);

/**
 * Each run has its own shop (port and data folder) and one worker: runs go side by side without sharing a database,
 * and within one run the journeys go one after another as a single shop's staff and buyers would. Journeys tell the
 * phone's run by its name, `mobile`.
 */
const runs = [
  { name: 'desktop', device: desktop, port, journeys: { testIgnore: specs(SECOND_DESKTOP) } },
  { name: 'desktop-2', device: desktop, port: port + 2, journeys: { testMatch: specs(SECOND_DESKTOP) } },
  { name: 'mobile', device: phone, port: port + 1, journeys: process.env.E2E_PHONE === 'all' ? {} : { testMatch: specs(PHONE_JOURNEYS) } },
];

/** The data folder of a run's shop: its database and the mail it writes to files. */
export const shopFolder = (project: string) => `${dataDir}/${project}`;

export default defineConfig({
  testDir: 'tests/e2e',
  outputDir: 'test-results/e2e',
  fullyParallel: false,
  workers: 2,
  retries: 0,
  reporter: [['list']],
  // A journey on a busy two-core runner (two browsers at a time, three shops and their databases): the longest (a cart
  // filled, a promo, checkout, the result, the invoice and the order page) took 35 s on an idle runner and more than 60
  // on a loaded one. Each step still waits at most expect's timeout.
  timeout: 120_000,
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
  projects: runs.map(({ name, device, port, journeys }) => ({
    name, workers: 1, use: { ...device, baseURL: `http://127.0.0.1:${port}` }, ...journeys,
  })),
  webServer: runs.map(({ name, port }) => ({
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
