import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { registerAccount, signIn, staffSession, type Session } from './support/session.ts';

/**
 * Every route of the shop (the spec's route table and the account and staff pages added since; routes with an id
 * are reached from their lists in the feature journeys), signed out and as each kind of user, at the project's width (390 and 1280 px): no console
 * error or failed request (the fixture), no serious or critical axe violation, and, with ROUTE_SCREENSHOTS=1, a
 * screenshot of each under test-results/routes/<width>/<role>/. Phones go through every route as a visitor and as a
 * business buyer; the individual buyer and staff, whose pages are the same components, at 1280 px.
 */
const ROLES = ['signed-out', 'individual', 'business', 'staff'] as const;
type Role = (typeof ROLES)[number];
const PHONE_ROLES: readonly Role[] = ['signed-out', 'business'];
const SCREENSHOTS = process.env.ROUTE_SCREENSHOTS === '1';

/**
 * `answers`: the API call whose refusal the page is built to show (an unknown share or order, a spent token, no
 * organisation), which Chromium logs as a failed resource. Only that call, with that status, is excused.
 */
const ROUTES: { name: string; path: string; answers?: { api: string; status: number } }[] = [
  { name: 'home', path: '/' },
  { name: 'products', path: '/products' },
  { name: 'products-by-category', path: '/products?category=general-surgery' },
  { name: 'product', path: '/products/{product}' },
  { name: 'categories', path: '/categories' },
  { name: 'category', path: '/categories/general-surgery' },
  { name: 'search', path: '/search?q=metzenbaum' },
  { name: 'inventory', path: '/inventory' },
  { name: 'cart', path: '/cart' },
  { name: 'checkout', path: '/checkout' },
  { name: 'orders', path: '/orders' },
  { name: 'profile', path: '/profile' },
  { name: 'profile-settings', path: '/profile/settings' },
  { name: 'wishlist', path: '/wishlist' },
  { name: 'shared-wishlist-unknown', path: '/wishlist/shared/not-a-real-share', answers: { api: '/api/wishlist/shared/', status: 404 } },
  { name: 'payment-result', path: '/payment/result?orderId=ORD-UNKNOWN&status=success', answers: { api: '/api/payment/verify/', status: 404 } },
  { name: 'login', path: '/login' },
  { name: 'register', path: '/register' },
  { name: 'forgot-password', path: '/forgot-password' },
  { name: 'reset-password', path: '/reset-password?token=not-a-real-token' },
  { name: 'verify-email', path: '/verify-email?token=not-a-real-token', answers: { api: '/api/auth/verify-email/', status: 400 } },
  { name: 'account', path: '/account' },
  { name: 'quote-request', path: '/quotes/new' },
  { name: 'my-quotes', path: '/profile/quotes' },
  { name: 'my-licences', path: '/profile/licences' },
  { name: 'reorder-lists', path: '/profile/reorder-lists' },
  { name: 'organisation', path: '/profile/organisation', answers: { api: '/api/organisation/members/', status: 404 } },
  { name: 'organisation-join-unknown', path: '/organisation/join?token=not-a-real-token' },
  { name: 'staff-orders', path: '/staff/orders' },
  { name: 'staff-quotes', path: '/staff/quotes' },
  { name: 'staff-organisations', path: '/staff/organisations' },
  { name: 'staff-licences', path: '/staff/licences' },
  { name: 'staff-recalls', path: '/staff/recalls' },
  { name: 'staff-flash-sales', path: '/staff/flash-sales' },
  { name: 'staff-products', path: '/staff/products' },
  { name: 'staff-product-new', path: '/staff/products/new' },
  { name: 'staff-product-import', path: '/staff/products/import' },
  { name: 'staff-categories', path: '/staff/categories' },
  { name: 'staff-promo-codes', path: '/staff/promo-codes' },
  { name: 'staff-exchange-rates', path: '/staff/exchange-rates' },
  { name: 'staff-members', path: '/staff/members' },
  { name: 'staff-audit', path: '/staff/audit' },
  { name: 'staff-mail', path: '/staff/mail' },
  { name: 'setup', path: '/setup' },
  { name: 'about', path: '/about' },
  { name: 'contact', path: '/contact' },
  { name: 'not-found', path: '/no-such-page' },
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
    test.skip(testInfo.project.name === 'mobile' && !PHONE_ROLES.includes(role), 'this role goes through the routes at 1280 px');
    test.setTimeout(ROUTES.length * 15_000);
    const session = await sessionFor(role, request, testInfo);
    if (session) await signIn(page, session);
    const product = (await (await request.get('/api/products/?page_size=1')).json()).results[0].slug as string;
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
    for (const route of ROUTES) {
      await page.goto(route.path.replace('{product}', product));
      await settled(page);
      // A route that sends this visitor on to a page already checked (most often sign-in) is that page again.
      const landed = new URL(page.url()).pathname;
      if (landed !== new URL(route.path.replace('{product}', product), page.url()).pathname && checked.has(landed)) continue;
      checked.add(landed);
      if (SCREENSHOTS) await page.screenshot({ path: path.join(screenshotRoot, String(width), role, `${route.name}.png`), fullPage: true });
      // A toast caught while it fades in or out is half transparent and fails contrast for that instant only.
      const { violations } = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
        .exclude('[data-sonner-toaster]').analyze();
      for (const v of violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')) {
        problems.push(`${route.path}: ${v.id} (${v.impact}) ${v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(', ')}`);
      }
    }
    expect(problems).toEqual([]);
  });
}
