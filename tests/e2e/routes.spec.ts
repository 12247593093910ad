import path from 'node:path';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { axeViolations } from './support/axe.ts';
import { paidOrder } from './support/paid-order.ts';
import { registerAccount, SCREENSHOTS, signIn, staffSession, type Session } from './support/session.ts';

/**
 * Every route of the shop (the spec's route table and the account and staff pages added since; most routes with an id
 * are reached from their lists in the feature journeys, a staff order page with an order paid for here), at the project's width (390 and 1280 px), as each kind of
 * user the route shows a page of its own: no console error or failed request (the fixture), no serious or critical
 * axe violation, and, with E2E_SCREENSHOTS=1, a screenshot of each under test-results/routes/<width>/<role>/.
 * A route is not gone through by those it only sends elsewhere (an account page signs a visitor in first, a staff
 * page sends a buyer home); the guards that do so have tests of their own. Every role goes through the home and
 * product pages, which carry its own header and prices.
 */
const ROLES = ['signed-out', 'individual', 'business', 'staff'] as const;
type Role = (typeof ROLES)[number];
const VISITOR: readonly Role[] = ['signed-out'];
const BUYERS: readonly Role[] = ['individual', 'business'];
const STAFF: readonly Role[] = ['staff'];

/**
 * `answers`: the API call whose refusal the page is built to show (an unknown share or order, a spent token, no
 * organisation), which Chromium logs as a failed resource. Only that call, with that status, is excused.
 */
const ROUTES: { name: string; path: string; for: readonly Role[]; answers?: { api: string; status: number }; landsOn?: string }[] = [
  { name: 'home', path: '/', for: ROLES },
  { name: 'products', path: '/products', for: ['signed-out', 'business'] },
  { name: 'products-by-category', path: '/products?category=general-surgery', for: VISITOR },
  { name: 'product', path: '/products/{product}', for: ROLES },
  { name: 'categories', path: '/categories', for: VISITOR },
  { name: 'category', path: '/categories/general-surgery', for: VISITOR },
  { name: 'search', path: '/search?q=metzenbaum', for: ['signed-out', 'business'] },
  { name: 'inventory', path: '/inventory', for: STAFF },
  { name: 'cart', path: '/cart', for: ['signed-out', ...BUYERS] },
  { name: 'checkout', path: '/checkout', for: BUYERS },
  { name: 'orders', path: '/orders', for: BUYERS },
  { name: 'profile', path: '/profile', for: BUYERS, landsOn: '/profile/settings' },
  { name: 'profile-settings', path: '/profile/settings', for: [...BUYERS, 'staff'] },
  { name: 'wishlist', path: '/wishlist', for: BUYERS },
  { name: 'shared-wishlist-unknown', path: '/wishlist/shared/not-a-real-share', for: VISITOR, answers: { api: '/api/wishlist/shared/', status: 404 } },
  { name: 'payment-result', path: '/payment/result?orderId=ORD-UNKNOWN&status=success', for: ['individual'], answers: { api: '/api/payment/verify/', status: 404 } },
  { name: 'login', path: '/login', for: VISITOR },
  { name: 'register', path: '/register', for: VISITOR },
  { name: 'forgot-password', path: '/forgot-password', for: VISITOR },
  { name: 'reset-password', path: '/reset-password?token=not-a-real-token', for: VISITOR },
  { name: 'verify-email', path: '/verify-email?token=not-a-real-token', for: VISITOR, answers: { api: '/api/auth/verify-email/', status: 400 } },
  { name: 'account', path: '/account', for: BUYERS },
  { name: 'quote-request', path: '/quotes/new', for: BUYERS },
  { name: 'my-quotes', path: '/profile/quotes', for: BUYERS },
  { name: 'my-licences', path: '/profile/licences', for: BUYERS },
  { name: 'reorder-lists', path: '/profile/reorder-lists', for: BUYERS },
  { name: 'organisation', path: '/profile/organisation', for: BUYERS, answers: { api: '/api/organisation/members/', status: 404 } },
  { name: 'organisation-join-unknown', path: '/organisation/join?token=not-a-real-token', for: ['signed-out', 'business'] },
  { name: 'staff-orders', path: '/staff/orders', for: STAFF },
  { name: 'staff-order', path: '/staff/orders/{order}', for: STAFF },
  { name: 'staff-quotes', path: '/staff/quotes', for: STAFF },
  { name: 'staff-customers', path: '/staff/customers', for: STAFF },
  { name: 'staff-organisations', path: '/staff/organisations', for: STAFF },
  { name: 'staff-licences', path: '/staff/licences', for: STAFF },
  { name: 'staff-recalls', path: '/staff/recalls', for: STAFF },
  { name: 'staff-flash-sales', path: '/staff/flash-sales', for: STAFF },
  { name: 'staff-products', path: '/staff/products', for: STAFF },
  { name: 'staff-product-new', path: '/staff/products/new', for: STAFF },
  { name: 'staff-product-import', path: '/staff/products/import', for: STAFF },
  { name: 'staff-categories', path: '/staff/categories', for: STAFF },
  { name: 'staff-promo-codes', path: '/staff/promo-codes', for: STAFF },
  { name: 'staff-exchange-rates', path: '/staff/exchange-rates', for: STAFF },
  { name: 'staff-members', path: '/staff/members', for: STAFF },
  { name: 'staff-reports', path: '/staff/reports', for: STAFF },
  { name: 'staff-audit', path: '/staff/audit', for: STAFF },
  { name: 'staff-mail', path: '/staff/mail', for: STAFF },
  { name: 'staff-cart-reminders', path: '/staff/cart-reminders', for: STAFF },
  { name: 'setup', path: '/setup', for: VISITOR },
  { name: 'about', path: '/about', for: ['signed-out', 'individual'] },
  { name: 'contact', path: '/contact', for: ['signed-out', 'individual'] },
  { name: 'not-found', path: '/no-such-page', for: ['signed-out', 'staff'] },
];

const screenshotRoot = path.resolve('test-results/routes');

async function settled(page: Page) {
  // Every page names itself in a heading: a lazy page still loading (or waiting for the account) has none yet.
  await expect(page.locator('main h1').first()).toBeVisible();
  await expect(page.getByRole('progressbar', { name: 'Loading page' })).toHaveCount(0);
  await page.waitForFunction(() => !document.querySelector('[aria-busy="true"], .animate-pulse'), undefined, { timeout: 15_000 });
}

async function sessionFor(role: Role, request: Parameters<typeof registerAccount>[0], testInfo: Parameters<typeof registerAccount>[1]): Promise<Session | null> {
  if (role === 'signed-out') return null;
  if (role === 'staff') return staffSession(request);
  return (await registerAccount(request, testInfo, role)).session;
}

test.afterAll(() => {
  if (SCREENSHOTS) console.log(`Route screenshots: ${screenshotRoot}/<width>/<role>/<route>.png`);
});

for (const role of ROLES) {
  test(`every route, ${role}: renders without errors and passes axe`, async ({ page, request, pageErrors }, testInfo) => {
    const routes = ROUTES.filter((route) => route.for.includes(role));
    test.setTimeout(routes.length * 15_000);
    const session = await sessionFor(role, request, testInfo);
    if (session) await signIn(page, session);
    const product = (await (await request.get('/api/products/?page_size=1')).json()).results[0].slug as string;
    // A page of one order is gone through with an order a buyer has just paid for.
    const order = routes.some((route) => route.path.includes('{order}')) ? (await paidOrder(request, testInfo)).orderNumber : '';
    const filled = (route: string) => route.replace('{product}', product).replace('{order}', order);
    const width = page.viewportSize()!.width;
    const problems: string[] = [];
    const checked = new Set<string>();
    // Runs after the fixture's listener, whenever the refusal's log line arrives (at times after the page has settled).
    const refusals = ROUTES.flatMap((route) => route.answers ?? []);
    page.on('console', (message) => {
      const text = `console: ${message.text()}`;
      const from = new URL(message.location().url).pathname;
      const excused = refusals.some(({ api, status }) => from.startsWith(api)
        && text.startsWith(`console: Failed to load resource: the server responded with a status of ${status}`));
      const at = excused ? pageErrors.lastIndexOf(text) : -1;
      if (at >= 0) pageErrors.splice(at, 1);
    });
    for (const route of routes) {
      await page.goto(filled(route.path));
      await settled(page);
      const landed = new URL(page.url());
      const expected = route.landsOn ?? new URL(filled(route.path), landed).pathname;
      if (landed.pathname !== expected) {
        problems.push(`${route.path}: sent on to ${landed.pathname}`);
        continue;
      }
      // A route that leads on to a page already gone through is that page again.
      if (checked.has(landed.pathname + landed.search)) continue;
      checked.add(landed.pathname + landed.search);
      if (SCREENSHOTS) await page.screenshot({ path: path.join(screenshotRoot, String(width), role, `${route.name}.png`), fullPage: true });
      // A toast caught while it fades in or out is half transparent and fails contrast for that instant only.
      const violations = await axeViolations(page, '[data-sonner-toaster]');
      for (const v of violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')) {
        problems.push(`${route.path}: ${v.id} (${v.impact}) ${v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(', ')}`);
      }
    }
    expect(problems).toEqual([]);
  });
}
