import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerErrorHandler } from '../lib/error-handler.ts';
import { IMAGE_VIEWS, INSTRUMENT_FAMILIES, categoryImageUrl, instrumentImageUrl } from './instrument-families.ts';
import { registerMediaRoutes } from './media.routes.ts';

let app: FastifyInstance;

beforeAll(async () => {
  app = Fastify();
  registerErrorHandler(app);
  registerMediaRoutes(app);
  await app.ready();
});

afterAll(async () => {
  await app.close();
});

function expectCleanSvg(body: string): void {
  expect(body.startsWith('<svg')).toBe(true);
  expect(body).toMatch(/viewBox="0 0 \d+ \d+"/);
  expect(body).toContain('role="img"');
  expect(body).not.toMatch(/<script|<foreignObject|<image|<text|on[a-z]+=/i);
  expect(body.replaceAll('xmlns="http://www.w3.org/2000/svg"', '')).not.toMatch(/https?:|href=/i);
  expect(body).not.toMatch(/NaN|undefined/);
}

describe('instrument images', () => {
  it.each(INSTRUMENT_FAMILIES)('draws every view of %s', async (family) => {
    for (const view of IMAGE_VIEWS) {
      const res = await app.inject({ method: 'GET', url: instrumentImageUrl(family, 'standard-pattern', view) });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('image/svg+xml; charset=utf-8');
      expect(res.headers['cache-control']).toBe('public, max-age=86400');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expectCleanSvg(res.body);
    }
  });

  it('draws types of one family differently and the same type identically', async () => {
    const get = async (slug: string) => (await app.inject({ url: instrumentImageUrl('scissors', slug, 1) })).body;
    const mayo = await get('mayo-scissors');
    expect(await get('metzenbaum-scissors')).not.toBe(mayo);
    expect(await get('mayo-scissors')).toBe(mayo);
  });

  it.each([
    '/media/instruments/scissors/../../x',
    '/media/instruments/scissors/mayo-7.svg',
    '/media/instruments/scissors/mayo-0.svg',
    '/media/instruments/scissors/mayo.svg',
    '/media/instruments/scissors/Mayo-1.svg',
    '/media/instruments/scissors/mayo-1.png',
    '/media/instruments/scissors/-1.svg',
    '/media/instruments/spoon/mayo-1.svg',
    '/media/instruments/scissors',
  ])('answers %s with a JSON 404', async (url) => {
    const res = await app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ detail: 'Not found.' });
  });
});

describe('category images', () => {
  it.each(['cardiology', 'neurosurgery', 'orthopedics', 'general-surgery', 'sterilization', 'some-new-category'])('draws %s', async (slug) => {
    const res = await app.inject({ method: 'GET', url: categoryImageUrl(slug) });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/svg+xml; charset=utf-8');
    expectCleanSvg(res.body);
    expect(res.body).toContain('viewBox="0 0 800 500"');
  });

  it('gives each known category its own colour', async () => {
    const cardiology = (await app.inject({ url: categoryImageUrl('cardiology') })).body;
    const neurosurgery = (await app.inject({ url: categoryImageUrl('neurosurgery') })).body;
    expect(cardiology).toContain('hsl(352');
    expect(neurosurgery).toContain('hsl(266');
  });

  it.each(['/media/categories/Cardiology.svg', '/media/categories/cardiology.png', '/media/categories/..%2Fx.svg', '/media/categories/a/b.svg'])(
    'answers %s with a JSON 404',
    async (url) => {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ detail: 'Not found.' });
    },
  );
});
