import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSeoApp } from '../test/seo-app.ts';

let seo: Awaited<ReturnType<typeof createSeoApp>>;
let robots: string;

beforeAll(async () => {
  seo = await createSeoApp();
  const res = await seo.app.inject('/robots.txt');
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
  expect(res.headers['cache-control']).toBe('public, max-age=3600');
  robots = res.body;
});
afterAll(() => seo.close());

/** A crawler's reading (RFC 9309): the longest matching rule decides, and an allowance wins a tie. */
function allowed(path: string): boolean {
  const rules = robots.split('\n').map((line) => /^(Allow|Disallow): (\S+)$/.exec(line)).filter((m) => m !== null)
    .filter(([, , prefix]) => path.startsWith(prefix))
    .sort((a, b) => b[2].length - a[2].length || (a[1] === 'Allow' ? -1 : 1));
  return rules.length === 0 || rules[0][1] === 'Allow';
}

describe('GET /robots.txt', () => {
  it('speaks to every crawler and names the sitemap at the public address', () => {
    expect(robots.split('\n')[0]).toBe('User-agent: *');
    expect(robots).toContain('\nSitemap: http://shop.test/sitemap.xml\n');
  });

  it.each([
    '/', '/products', '/products/mayo-scissors', '/products/mayo-scissors?lang=ar', '/categories', '/categories/dental?lang=ur',
    '/about', '/contact', '/media/test/mayo-scissors.svg',
  ])('lets crawlers reach %s, public', (path) => {
    expect(allowed(path)).toBe(true);
  });

  it.each([
    '/cart', '/checkout', '/payment/result?order=1', '/account', '/profile/settings', '/profile/quotes/3', '/orders',
    '/wishlist', '/quotes/new', '/login', '/register', '/forgot-password', '/reset-password?token=x', '/staff/products',
    '/staff/invite?token=x', '/setup', '/inventory', '/api/cart/', '/api/auth/login/', '/api/staff/products/', '/api/orders/',
    '/api/products/mayo-scissors/',
  ])('keeps crawlers out of %s', (path) => {
    expect(allowed(path)).toBe(false);
  });
});
