import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertCatalogue, insertDocument } from '../test/catalog-fixtures.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';

let t: TestApp;
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
const pdf = (text: string) => Buffer.from(`%PDF-1.4 ${text}`);

beforeAll(async () => {
  t = await createTestApp();
  const { products } = await insertCatalogue(t.database.db, ['cardiology'], [
    { name: 'Satinsky Clamp', category: 'cardiology', priceCents: 18_000 },
  ]);
  const productId = products[0].id;
  const ids = [productId];
  await insertDocument(t.database.db, { slug: 'ifu-satinsky-r2', name: 'IFU – Satinsky', content: pdf('r2'), series: 'ifu-satinsky', version: 2, issuedOn: day(-400) }, ids);
  await insertDocument(t.database.db, { slug: 'ifu-satinsky', name: 'IFU – Satinsky', content: pdf('r1'), series: 'ifu-satinsky', version: 1, issuedOn: day(-900) }, ids);
  await insertDocument(t.database.db, {
    slug: 'ifu-satinsky-r3', name: 'IFU – Satinsky', content: pdf('r3'), series: 'ifu-satinsky', version: 3, issuedOn: day(30),
  }, ids);
  await insertDocument(t.database.db, {
    slug: 'certificate-ce', name: 'Certificate – CE', kind: 'certificate', content: pdf('ce2'), series: 'certificate-ce', version: 2,
    issuedOn: day(-100), expiresOn: day(1000),
  }, ids);
  await insertDocument(t.database.db, {
    slug: 'certificate-ce-previous', name: 'Certificate – CE', kind: 'certificate', content: pdf('ce1'), series: 'certificate-ce', version: 1,
    issuedOn: day(-1900), expiresOn: day(-101),
  }, ids);
  await insertDocument(t.database.db, {
    slug: 'certificate-iso', name: 'Certificate – ISO 9001', kind: 'certificate', content: pdf('iso'), series: 'certificate-iso', version: 1,
    issuedOn: day(-1200), expiresOn: day(-1),
  }, ids);
});
afterAll(() => t.close());

describe('product documents', () => {
  it('lists the current version of each with its dates, older versions after it, and expired ones never as current', async () => {
    const { documents } = (await t.app.inject({ url: '/api/products/satinsky-clamp/' })).json();
    expect(documents.map((d: { url: string; version: number; status: string }) => [d.url, d.version, d.status])).toEqual([
      ['/api/documents/ifu-satinsky-r2/download/', 2, 'current'],
      ['/api/documents/certificate-ce/download/', 2, 'current'],
      ['/api/documents/certificate-iso/download/', 1, 'expired'],
    ]);
    expect(documents[0]).toMatchObject({ kind: 'ifu', issued_on: day(-400), expires_on: null, type: 'PDF' });
    // The revision issued in the future is not shown yet.
    expect(documents[0].previous_versions.map((d: { version: number; status: string }) => [d.version, d.status])).toEqual([[1, 'superseded']]);
    expect(documents[1]).toMatchObject({ issued_on: day(-100), expires_on: day(1000) });
    expect(documents[1].previous_versions).toMatchObject([{ version: 1, status: 'expired', expires_on: day(-101), url: '/api/documents/certificate-ce-previous/download/' }]);
    expect(documents[2].previous_versions).toEqual([]);
    const old = await t.app.inject({ url: documents[1].previous_versions[0].url });
    expect(old.statusCode).toBe(200);
    expect(old.body).toBe('%PDF-1.4 ce1');
  });
});
