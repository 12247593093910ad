import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app.ts';

let t: TestApp;
const webRoot = mkdtempSync(path.join(tmpdir(), 'storefront-'));

beforeAll(async () => {
  mkdirSync(path.join(webRoot, 'assets'));
  writeFileSync(path.join(webRoot, 'index.html'), '<!doctype html><title>shop</title><div id="root"></div>');
  writeFileSync(path.join(webRoot, 'assets', 'main-Ab12Cd.js'), 'console.log("shop")');
  writeFileSync(path.join(webRoot, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  t = await createTestApp({ webRoot });
});
afterAll(async () => {
  await t.close();
  rmSync(webRoot, { recursive: true, force: true });
});

describe('storefront serving', () => {
  it('caches hashed assets for a year', async () => {
    const res = await t.app.inject('/assets/main-Ab12Cd.js');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('answers every page path with the storefront, never cached, under a content security policy that allows no inline script but by its hash', async () => {
    for (const url of ['/', '/products/metzenbaum-scissors', '/no/such/page?x=1']) {
      const res = await t.app.inject(url);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.headers['content-security-policy']).toMatch(/script-src 'self'( 'sha256-[A-Za-z0-9+/]+=*')*(;|$)/);
      expect(res.body).toContain('<div id="root">');
    }
  });

  it('serves other static files', async () => {
    const res = await t.app.inject('/favicon.svg');
    expect(res.statusCode).toBe(200);
  });

  it('answers unknown API paths and missing files with a JSON 404', async () => {
    for (const url of ['/api/nope', '/api/', '/assets/missing.js', '/media/nothing']) {
      const res = await t.app.inject(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.json()).toEqual({ detail: 'Not found.' });
    }
  });
});
