import { test as base, expect, type Page, type Response } from '@playwright/test';

/** A page's own address, not an API call, a file or a photo. */
const isPage = (url: string) => !/^\/(api|assets|media)\//.test(new URL(url).pathname) && !/\.\w+$/.test(new URL(url).pathname);

/** Pages of a journey run with JavaScript off: nothing hydrates there. */
const withoutScripts = new WeakSet<Page>();

/**
 * A server-rendered page shows its buttons before its code has loaded, and a click then does nothing: every page's
 * goto, reload and goBack (in every context a journey opens) waits until the app has hydrated.
 */
function waitForHydration(page: Page): void {
  const prototype = Object.getPrototypeOf(page) as Record<string, unknown>;
  if (prototype.waitsForHydration) return;
  for (const method of ['goto', 'reload', 'goBack'] as const) {
    const navigate = prototype[method] as (this: Page, ...args: unknown[]) => Promise<Response | null>;
    prototype[method] = async function (this: Page, ...args: unknown[]) {
      const answer = await navigate.apply(this, args);
      const html = (answer?.headers()['content-type'] ?? 'text/html').startsWith('text/html');
      // The sandbox's gateway pages are the gateways', not the storefront's.
      const storefront = !new URL(this.url()).pathname.startsWith('/sandbox/');
      if (html && storefront && !withoutScripts.has(this)) await this.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
      return answer;
    };
  }
  prototype.waitsForHydration = true;
}

/** Every journey fails on a console error, a failed request or a Content-Security-Policy violation. */
export const test = base.extend<{ pageErrors: string[]; closeExtraContexts: void }>({
  // A journey's second and third browser contexts (staff, a colleague) would otherwise stay open, polling and
  // streaming, for every later journey of the worker.
  closeExtraContexts: [async ({ browser, context }, use) => {
    const before = new Set(browser.contexts());
    await use();
    await Promise.all(browser.contexts().filter((other) => other !== context && !before.has(other)).map((other) => other.close()));
  }, { auto: true }],
  pageErrors: [async ({ page, javaScriptEnabled }, use) => {
    waitForHydration(page);
    if (!javaScriptEnabled) withoutScripts.add(page);
    const errors: string[] = [];
    page.on('console', (message) => {
      // A page that is not there answers 404 as a crawler must see it; the browser logs that, and the page is fine.
      if (message.type() === 'error' && !(/^Failed to load resource: .* 404/.test(message.text()) && isPage(message.location().url))) {
        errors.push(`console: ${message.text()}`);
      }
    });
    page.on('pageerror', (error) => errors.push(`page: ${error.message}`));
    page.on('requestfailed', (request) => {
      // With JavaScript off, Chromium refuses the page's module preloads as a policy would.
      if (withoutScripts.has(page) && request.failure()?.errorText === 'csp' && request.url().endsWith('.js')) return;
      if (request.failure()?.errorText !== 'net::ERR_ABORTED') errors.push(`request: ${request.url()} ${request.failure()?.errorText}`);
    });
    // The browser reports a CSP violation as an event, not a console error (a script that probes eval and catches the
    // refusal logs nothing).
    await page.exposeFunction('reportCspViolation', (violation: string) => errors.push(`csp: ${violation}`));
    await page.addInitScript(() => document.addEventListener('securitypolicyviolation', (event) =>
      (window as unknown as { reportCspViolation(v: string): void })
        .reportCspViolation(`${event.violatedDirective} ${event.blockedURI} at ${event.sourceFile}:${event.lineNumber}`)));
    await use(errors);
    expect(errors).toEqual([]);
  }, { auto: true }],
});

export { expect };
