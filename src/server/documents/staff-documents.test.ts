import PDFDocument from 'pdfkit';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DOCUMENT_MAX_BYTES, DOCUMENT_NOT_PDF, DOCUMENT_TOO_LARGE, FILE_MISSING } from '#contracts/staff-media';
import { createTestUser } from '../test/auth-fixtures.ts';
import { insertCatalogue } from '../test/catalog-fixtures.ts';
import { multipart, type Part } from '../test/multipart-body.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { isPdf } from './staff-documents.service.ts';

let t: TestApp;
let staff: Record<string, string>;
let productId: number;
let pdf: Buffer;

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

function makePdf(text: string): Promise<Buffer> {
  return new Promise((resolve) => {
    const document = new PDFDocument();
    const chunks: Buffer[] = [];
    document.on('data', (chunk: Buffer) => chunks.push(chunk));
    document.on('end', () => resolve(Buffer.concat(chunks)));
    document.text(text);
    document.end();
  });
}

async function upload(parts: Part[], headers = staff, id = productId) {
  const { payload, contentType } = multipart(parts);
  return t.app.inject({ method: 'POST', url: `/api/staff/products/${id}/documents/`, headers: { ...headers, 'content-type': contentType }, payload });
}
const fields = (values: Record<string, string>): Part[] => Object.entries(values).map(([name, value]) => ({ name, value }));
const filePart = (content: Buffer, filename = 'certificate.pdf'): Part => ({ name: 'file', value: content, filename, contentType: 'application/pdf' });
const staffList = async () => (await t.app.inject({ url: `/api/staff/products/${productId}/documents/`, headers: staff })).json().documents;
const storefront = async () => (await t.app.inject('/api/products/debakey-forceps/')).json().documents;

beforeAll(async () => {
  t = await createTestApp();
  const { products } = await insertCatalogue(t.database.db, ['cardiology'], [{ name: 'DeBakey Forceps', category: 'cardiology', priceCents: 4_000 }]);
  productId = products[0].id;
  staff = (await createTestUser(t.database.db, { email: 'catalogue@sialkot.example', staffRole: 'catalogue' })).headers;
  pdf = await makePdf('CE certificate, first issue');
});
afterAll(() => t.close());

describe('isPdf', () => {
  it('takes a PDF by its header and its trailer, whatever it is called', async () => {
    expect(isPdf(pdf)).toBe(true);
    expect(isPdf(Buffer.from('%PDF-1.7\nno trailer at all\n'))).toBe(false);
    expect(isPdf(Buffer.from('%PDF-1.7\nstartxref\n999999\n%%EOF\n'))).toBe(false);
    expect(isPdf(Buffer.from('a letter, not a PDF\nstartxref\n1\n%%EOF\n'))).toBe(false);
    expect(isPdf(await sharp({ create: { width: 10, height: 10, channels: 3, background: '#fff' } }).png().toBuffer())).toBe(false);
  });
});

describe('POST /api/staff/products/{id}/documents/', () => {
  it('adds a certificate the storefront lists at once, and records it', async () => {
    const res = await upload([...fields({ name: 'Certificate – CE', kind: 'certificate', issued_on: day(-10), expires_on: day(700) }), filePart(pdf)]);
    expect(res.statusCode).toBe(201);
    expect(res.json().document).toMatchObject({
      name: 'Certificate – CE', kind: 'certificate', version: 1, series: 'certificate-ce', status: 'current',
      issued_on: day(-10), expires_on: day(700), size_bytes: pdf.length, url: '/api/documents/certificate-ce/download/',
    });
    expect((await storefront()).map((d: { name: string; status: string }) => [d.name, d.status])).toEqual([['Certificate – CE', 'current']]);
    const download = await t.app.inject('/api/documents/certificate-ce/download/');
    expect(download.rawPayload.equals(pdf)).toBe(true);
    const [entry] = (await t.app.inject({ url: `/api/staff/audit/?entity=product&id=${productId}`, headers: staff })).json().results;
    expect(entry).toMatchObject({ action: 'product.document.add', actor: { email: 'catalogue@sialkot.example' }, after: { series: 'certificate-ce', version: 1 } });
  });

  it('adds the next version of a series (an empty version is the next one), which supersedes the one before on the storefront', async () => {
    const second = await makePdf('CE certificate, second issue');
    const res = await upload([...fields({ name: 'Certificate – CE', kind: 'certificate', supersedes: 'certificate-ce', version: '', issued_on: day(-1) }), filePart(second)]);
    expect(res.statusCode).toBe(201);
    expect(res.json().document).toMatchObject({ version: 2, series: 'certificate-ce', url: '/api/documents/certificate-ce-v2/download/' });
    const [current] = await storefront();
    expect(current).toMatchObject({ version: 2, status: 'current' });
    expect(current.previous_versions).toMatchObject([{ version: 1, status: 'superseded' }]);
    expect((await staffList()).map((d: { version: number; status: string }) => [d.version, d.status])).toEqual([[2, 'current'], [1, 'superseded']]);
  });

  it('shows a version issued later to staff as scheduled, and not yet on the storefront', async () => {
    const res = await upload([...fields({ name: 'Certificate – CE', kind: 'certificate', supersedes: 'certificate-ce', version: '5', issued_on: day(30) }), filePart(pdf)]);
    expect(res.json().document).toMatchObject({ version: 5, status: 'scheduled' });
    expect((await storefront())[0].version).toBe(2);
  });

  it('refuses a version that is not above the series\' highest, and a series of another product', async () => {
    const low = await upload([...fields({ name: 'Certificate – CE', kind: 'certificate', supersedes: 'certificate-ce', version: '3' }), filePart(pdf)]);
    expect(low.statusCode).toBe(400);
    expect(low.json().errors).toEqual({ version: ['Enter a version above 5.'] });
    const unknown = await upload([...fields({ name: 'IFU', kind: 'ifu', supersedes: 'ifu-someone-else' }), filePart(pdf)]);
    expect(unknown.json().errors).toEqual({ supersedes: ['Choose one of this product\'s documents.'] });
  });

  it('takes only a PDF by its content, and says what is wrong with each field', async () => {
    const before = (await staffList()).length;
    const text = await upload([...fields({ name: 'IFU', kind: 'ifu' }), filePart(Buffer.from('not a pdf at all'))]);
    expect(text.statusCode).toBe(400);
    expect(text.json().errors).toEqual({ file: [DOCUMENT_NOT_PDF] });
    const png = await sharp({ create: { width: 10, height: 10, channels: 3, background: '#fff' } }).png().toBuffer();
    expect((await upload([...fields({ name: 'IFU', kind: 'ifu' }), filePart(png, 'ifu.pdf')])).json().errors).toEqual({ file: [DOCUMENT_NOT_PDF] });

    const bad = await upload(fields({ name: ' ', kind: 'brochure', version: '0', issued_on: '2026-02-30', expires_on: 'soon' }));
    expect(Object.keys(bad.json().errors).sort()).toEqual(['expires_on', 'file', 'issued_on', 'kind', 'name', 'version']);
    expect(bad.json().errors.file).toEqual([FILE_MISSING]);
    const backwards = await upload([...fields({ name: 'IFU', kind: 'ifu', issued_on: day(0), expires_on: day(-5) }), filePart(pdf)]);
    expect(backwards.json().errors).toEqual({ expires_on: ['The expiry day must come after the issue day.'] });
    expect((await staffList()).length).toBe(before);
  });

  it('refuses a file over 20 MB', async () => {
    const big = Buffer.concat([pdf, Buffer.alloc(DOCUMENT_MAX_BYTES, 0x20)]);
    const res = await upload([...fields({ name: 'IFU', kind: 'ifu' }), filePart(big)]);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ file: [DOCUMENT_TOO_LARGE] });
  });

  it('is for catalogue staff and the owner only', async () => {
    const support = await createTestUser(t.database.db, { email: 'support@sialkot.example', staffRole: 'support' });
    expect((await upload([...fields({ name: 'IFU', kind: 'ifu' }), filePart(pdf)], support.headers)).statusCode).toBe(403);
    expect((await t.app.inject({ url: `/api/staff/products/${productId}/documents/`, headers: support.headers })).statusCode).toBe(403);
    expect((await upload([...fields({ name: 'IFU', kind: 'ifu' }), filePart(pdf)], staff, 999_999)).statusCode).toBe(404);
  });
});

describe('DELETE /api/staff/products/{id}/documents/{documentId}/', () => {
  it('unlinks one version from the product and records it; the file stays downloadable', async () => {
    const [latest] = await staffList();
    const res = await t.app.inject({ method: 'DELETE', url: `/api/staff/products/${productId}/documents/${latest.id}/`, headers: staff });
    expect(res.statusCode).toBe(200);
    expect(res.json().documents.map((d: { id: number }) => d.id)).not.toContain(latest.id);
    const [entry] = (await t.app.inject({ url: `/api/staff/audit/?entity=product&id=${productId}`, headers: staff })).json().results;
    expect(entry).toMatchObject({ action: 'product.document.remove', before: { id: latest.id }, after: null });
    expect((await t.app.inject(latest.url)).statusCode).toBe(200);
    const again = await t.app.inject({ method: 'DELETE', url: `/api/staff/products/${productId}/documents/${latest.id}/`, headers: staff });
    expect(again.statusCode).toBe(404);
  });
});
