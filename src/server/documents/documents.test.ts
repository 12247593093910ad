import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { insertCatalogue, insertDocument } from '../test/catalog-fixtures.ts';

let t: TestApp;
const pdf = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(5_000, 0x20), Buffer.from('\n%%EOF\n')]);

beforeAll(async () => {
  t = await createTestApp();
  const { products } = await insertCatalogue(t.database.db, ['general-surgery'], [
    { name: 'Kelly Hemostat', category: 'general-surgery', priceCents: 1_500 },
  ]);
  await insertDocument(t.database.db, { slug: 'ifu-kelly-hemostat', name: 'Instructions for Use – Kelly "Hemostat"', content: pdf }, [products[0].id]);
});
afterAll(() => t.close());

describe('GET /api/documents/{slug}/download/', () => {
  it('downloads the url given on the product with type, name and size', async () => {
    const [document] = (await t.app.inject('/api/products/kelly-hemostat/')).json().documents;
    expect(document).toMatchObject({ type: 'PDF', size: '4.9 KB', size_bytes: pdf.length });
    const res = await t.app.inject(document.url);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(Number(res.headers['content-length'])).toBe(pdf.length);
    expect(res.headers['content-disposition']).toBe(
      'attachment; filename="Instructions for Use - Kelly _Hemostat_.pdf"; '
      + "filename*=UTF-8''Instructions%20for%20Use%20%E2%80%93%20Kelly%20%22Hemostat%22.pdf",
    );
    expect(res.rawPayload.equals(pdf)).toBe(true);
  });

  it('is not recompressed for clients that accept gzip', async () => {
    const res = await t.app.inject({ url: '/api/documents/ifu-kelly-hemostat/download/', headers: { 'accept-encoding': 'gzip' } });
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(Number(res.headers['content-length'])).toBe(pdf.length);
  });

  it('answers an unknown document with 404 JSON', async () => {
    const res = await t.app.inject('/api/documents/no-such-document/download/');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ detail: 'Document not found.' });
  });
});
