import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProductDetail } from '#contracts/catalog';
import { gtinCheckDigit } from '#contracts/gs1';
import { products } from '../db/schema/catalog.ts';
import { setComponents } from '../db/schema/instrument-sets.ts';
import { variantRegulatory } from '../db/schema/regulatory.ts';
import { createTestUser } from '../test/auth-fixtures.ts';
import { insertCatalogue, insertDocument } from '../test/catalog-fixtures.ts';
import { createCommerceTestApp, type CommerceTestApp } from '../test/commerce-fixtures.ts';
import { pdfText } from '../test/pdf-text.ts';

const gtin13 = (first12: string) => `${first12}${gtinCheckDigit(first12)}`;
const SET_GTIN = gtin13('890123450001');
const MAYO_GTIN = gtin13('890123450002');
const KELLY_GTIN = gtin13('890123450003');
const MARKED_DI = gtin13('890123459999');

let t: CommerceTestApp;
let buyer: Record<string, string>;
let owner: Record<string, string>;
let catalogue: Record<string, string>;
let fulfilment: Record<string, string>;
const ids = { mayo: 0, kelly: 0, kellyCurved: 0, set: 0, setProduct: 0, draft: 0, draftVariant: 0, tray: 0 };

beforeAll(async () => {
  t = await createCommerceTestApp();
  const { db } = t.database;
  const { products: rows } = await insertCatalogue(db, ['general-surgery'], [
    { name: 'Mayo Scissors', category: 'general-surgery', priceCents: 2_000, stock: 30, variants: [{ options: {}, modelNumber: 'SS-101', gtin: MAYO_GTIN }] },
    {
      name: 'Kelly Hemostat', category: 'general-surgery', priceCents: 1_500, stock: 30,
      options: [{ name: 'Tip', values: ['Straight', 'Curved'] }],
      variants: [
        { options: { Tip: 'Straight' }, modelNumber: 'KH-14S', gtin: KELLY_GTIN },
        { options: { Tip: 'Curved' }, modelNumber: 'KH-14C' },
      ],
    },
    { name: 'Instrument Tray', category: 'general-surgery', priceCents: 4_000, stock: 10, variants: [{ options: {}, modelNumber: 'TR-40' }] },
    { name: 'Basic Laparotomy Set', category: 'general-surgery', priceCents: 90_000, variants: [{ options: {}, modelNumber: 'SET-LAP-40', gtin: SET_GTIN }] },
    { name: 'Draft Set', category: 'general-surgery', priceCents: 10_000 },
  ]);
  [ids.mayo, ids.kelly, ids.tray, ids.set, ids.draftVariant] = rows.map((row) => row.variantId);
  ids.kellyCurved = rows[1].variants[1].id;
  ids.setProduct = rows[3].id;
  ids.draft = rows[4].id;
  await db.update(products).set({ status: 'draft' }).where(eq(products.id, ids.draft));
  await db.insert(setComponents).values([
    { setVariantId: ids.set, componentVariantId: ids.mayo, quantity: 2, position: 0 },
    { setVariantId: ids.set, componentVariantId: ids.kelly, quantity: 6, role: 'optional', position: 1 },
    { setVariantId: ids.set, componentVariantId: ids.kellyCurved, quantity: 6, role: 'alternative', replacesVariantId: ids.kelly, position: 2 },
    { setVariantId: ids.set, componentVariantId: ids.tray, quantity: 1, isContainer: true, position: 3 },
    { setVariantId: ids.draftVariant, componentVariantId: ids.mayo, quantity: 1 },
  ]);

  const pdf = Buffer.from('%PDF-1.4\n%%EOF\n');
  const doc = await insertDocument(db, { slug: 'doc-mayo', name: 'EU Declaration of Conformity', content: pdf, kind: 'certificate', issuedOn: '2025-01-10' }, [rows[0].id]);
  // A renewed version of the declaration, and a certificate whose next version is not issued yet.
  await insertDocument(db, {
    slug: 'doc-mayo-v2', name: 'EU Declaration of Conformity', content: pdf, kind: 'certificate', series: 'doc-mayo', version: 2, issuedOn: '2026-02-01',
  }, [rows[0].id]);
  const certificate = await insertDocument(db, {
    slug: 'nb-cert', name: 'Notified Body Certificate', content: pdf, kind: 'certificate', issuedOn: '2024-05-01', expiresOn: '2029-05-01',
  }, [rows[0].id]);
  await insertDocument(db, {
    slug: 'nb-cert-v2', name: 'Notified Body Certificate', content: pdf, kind: 'certificate', series: 'nb-cert', version: 2, issuedOn: '2099-01-01',
  }, [rows[0].id]);
  await db.insert(variantRegulatory).values([
    {
      variantId: ids.mayo, gmdnCode: '44901', sterility: 'sterilise_before_use', use: 'reusable', mriSafety: 'mr_unsafe', containsLatex: false,
      directMarkingDi: MARKED_DI, eifuUrl: 'https://ifu.example/mayo', eifuVersion: '3.1', conformityDocumentId: doc.id, certificateDocumentId: certificate.id,
    },
    { variantId: ids.set, sterility: 'sterile', use: 'single_use', eifuUrl: '=HYPERLINK("http://evil.example")', eifuVersion: '1' },
  ]);

  buyer = (await createTestUser(db, { email: 'buyer@example.com' })).headers;
  owner = (await createTestUser(db, { email: 'owner@staff.example', staffRole: 'owner' })).headers;
  catalogue = (await createTestUser(db, { email: 'catalogue@staff.example', staffRole: 'catalogue' })).headers;
  fulfilment = (await createTestUser(db, { email: 'fulfilment@staff.example', staffRole: 'fulfilment' })).headers;
});
afterAll(() => t.close());

const detail = async (slug: string, headers: Record<string, string> = {}) => {
  const response = await t.app.inject({ url: `/api/products/${slug}/`, headers });
  expect(response.statusCode).toBe(200);
  return { body: response.json<ProductDetail>(), etag: response.headers.etag as string };
};

describe('regulatory data on the product page', () => {
  it('gives each variant its data in full, with the current version of each document', async () => {
    const { body } = await detail('mayo-scissors');
    expect(body.variants[0].regulatory).toEqual({
      gmdn_code: '44901', sterility: 'sterilise_before_use', use: 'reusable', mri_safety: 'mr_unsafe', contains_latex: false,
      udi_di: MAYO_GTIN, direct_marking_di: MARKED_DI, eifu: { url: 'https://ifu.example/mayo', version: '3.1' },
      declaration_of_conformity: { name: 'EU Declaration of Conformity', url: '/api/documents/doc-mayo-v2/download/', version: 2, expires_on: null },
      notified_body_certificate: { name: 'Notified Body Certificate', url: '/api/documents/nb-cert/download/', version: 1, expires_on: '2029-05-01' },
    });
    expect(body.variants[0].contents_sheet).toBeNull();
  });

  it('is null for a variant without data, and a set carries its contents sheet address', async () => {
    expect((await detail('kelly-hemostat')).body.variants.map((variant) => variant.regulatory)).toEqual([null, null]);
    const set = (await detail('basic-laparotomy-set')).body.variants[0];
    expect(set.contents_sheet).toBe(`/api/products/basic-laparotomy-set/contents-sheet.pdf?variant=${ids.set}`);
    expect(set.regulatory).toMatchObject({ sterility: 'sterile', use: 'single_use', udi_di: SET_GTIN, mri_safety: 'not_evaluated', contains_latex: null });
  });

  it('the same for a signed-in buyer, and a visitor sees staff changes once the product is saved (a new ETag)', async () => {
    expect((await detail('kelly-hemostat', buyer)).body.variants[0].regulatory).toBeNull();
    const before = await detail('kelly-hemostat');
    // As the editor saves it: the variant's row and the product's own in one transaction.
    await t.database.db.transaction(async (tx) => {
      await tx.insert(variantRegulatory).values({ variantId: ids.kelly, gmdnCode: '12345', use: 'reusable' });
      await tx.update(products).set({ updatedAt: new Date() }).where(eq(products.slug, 'kelly-hemostat'));
    });
    const after = await detail('kelly-hemostat');
    expect(after.body.variants[0].regulatory).toMatchObject({ gmdn_code: '12345', use: 'reusable', udi_di: KELLY_GTIN });
    expect(after.etag).not.toBe(before.etag);
  });
});

const HEADER = [
  'Product', 'Variant', 'Product Status', 'GUDID Primary DI Number', 'GUDID Issuing Agency', 'GUDID Brand Name', 'GUDID Version or Model',
  'GUDID Catalog Number', 'GUDID Company Name', 'GUDID GMDN Code', 'GUDID Kit', 'GUDID For Single-Use', 'GUDID Device Packaged as Sterile',
  'GUDID Requires Sterilization Prior to Use', 'GUDID MRI Safety Status', 'GUDID Device labeled as containing natural rubber latex or dry natural rubber',
  'GUDID DM DI Different from Primary DI', 'GUDID DM DI Number', 'EUDAMED Basic UDI-DI', 'EUDAMED UDI-DI Issuing Entity', 'EUDAMED UDI-DI',
  'EUDAMED Trade Name', 'EUDAMED Reference or Catalogue Number', 'EUDAMED Nomenclature Code (EMDN)', 'EUDAMED Labelled as Single Use',
  'EUDAMED Device Labelled Sterile', 'EUDAMED Need for Sterilisation Before Use', 'EUDAMED Containing Latex',
  'EUDAMED URL for Electronic Instructions for Use', 'eIFU Version', 'Declaration of Conformity', 'Notified Body Certificate', 'Certificate Expires On',
];

describe('GET /api/staff/regulatory/export.csv', () => {
  const url = '/api/staff/regulatory/export.csv';

  it('gives one row per active variant under GUDID and EUDAMED columns, leaving what the shop does not hold empty', async () => {
    const response = await t.app.inject({ url, headers: catalogue });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['cache-control']).toBe('private, no-store');
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename="regulatory-\d{4}-\d{2}-\d{2}\.csv"$/);
    const lines = response.body.trimEnd().split('\r\n');
    expect(lines[0]).toBe(HEADER.map((column) => (column.includes(',') ? `"${column}"` : column)).join(','));
    expect(lines).toHaveLength(1 + 6);
    const byModel = new Map(lines.slice(1).map((line) => [line.split(',')[6], line]));
    expect(byModel.get('SS-101')).toBe([
      'Mayo Scissors', '', 'active', `0${MAYO_GTIN}`, 'GS1', 'Sialkot Surgical', 'SS-101', 'SS-101', 'Sialkot Surgical', '44901', 'No', 'No', 'No', 'Yes',
      'MR Unsafe', 'No', 'Yes', MARKED_DI, '', 'GS1', `0${MAYO_GTIN}`, 'Mayo Scissors', 'SS-101', '', 'No', 'No', 'Yes', 'No',
      'https://ifu.example/mayo', '3.1', 'http://shop.test/api/documents/doc-mayo-v2/download/', 'http://shop.test/api/documents/nb-cert/download/', '2029-05-01',
    ].join(','));
    // A kit, sterile and single use; a formula in a value is kept as text.
    expect(byModel.get('SET-LAP-40')).toBe([
      'Basic Laparotomy Set', '', 'active', `0${SET_GTIN}`, 'GS1', 'Sialkot Surgical', 'SET-LAP-40', 'SET-LAP-40', 'Sialkot Surgical', '', 'Yes', 'Yes', 'Yes', 'No',
      'Labeling does not contain MRI Safety Information', '', '', '', '', 'GS1', `0${SET_GTIN}`, 'Basic Laparotomy Set', 'SET-LAP-40', '', 'Yes', 'Yes', 'No', '',
      `"'=HYPERLINK(""http://evil.example"")"`, '1', '', '', '',
    ].join(','));
    // Nothing recorded and no GTIN: only what the catalogue itself says.
    expect(byModel.get('KH-14C')).toBe([
      'Kelly Hemostat', 'Curved', 'active', '', '', 'Sialkot Surgical', 'KH-14C', 'KH-14C', 'Sialkot Surgical', '', 'No', '', '', '', '', '', '', '',
      '', '', '', 'Kelly Hemostat', 'KH-14C', '', '', '', '', '', '', '', '', '', '',
    ].join(','));
    expect(byModel.get(`T-1004`)).toContain('Draft Set,,draft,');
  });

  it('is for the owner and catalogue staff only', async () => {
    expect((await t.app.inject({ url, headers: owner })).statusCode).toBe(200);
    expect((await t.app.inject({ url, headers: fulfilment })).statusCode).toBe(403);
    const refused = await t.app.inject({ url, headers: buyer });
    expect(refused.statusCode).toBe(403);
    expect(refused.body).not.toContain('Mayo');
    expect((await t.app.inject({ url })).statusCode).toBe(401);
  });
});

describe('GET /api/products/{slug}/contents-sheet.pdf', () => {
  const sheet = (query: string, headers: Record<string, string> = {}, slug = 'basic-laparotomy-set') =>
    t.app.inject({ url: `/api/products/${slug}/contents-sheet.pdf?${query}`, headers });

  it('lists the set with its UDI-DI, then each component with its own, and the procedure-pack note', async () => {
    const response = await sheet(`variant=${ids.set}`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toContain('inline; filename="contents-sheet-SET-LAP-40.pdf"');
    expect(response.headers.vary).toBe('Accept-Language');
    expect(response.headers['content-language']).toBe('en');
    const text = await pdfText(response.rawPayload);
    for (const expected of [
      'SET CONTENTS SHEET', 'Catalogue number: SET-LAP-40', `UDI-DI (GTIN): ${SET_GTIN}`, 'Basic Laparotomy Set', 'Brand: Sialkot Surgical',
      // 2 scissors and 6 hemostats (optional, in the standard set) and the tray; the alternative is not counted.
      'Instruments in the standard set: 9',
      'EU MDR Article 22', 'each component keeps its own UDI',
      'Catalogue no.', 'Component', 'Size', 'Qty', 'UDI-DI (GTIN)', 'In the set',
      'SS-101', 'Mayo Scissors', MAYO_GTIN, 'Standard',
      'KH-14S', 'Kelly Hemostat', 'Straight', KELLY_GTIN, 'Optional',
      'KH-14C', 'Curved', 'Not assigned', 'Swap for KH-14S',
      'TR-40', 'Instrument Tray', 'Tray or container',
    ]) {
      expect(text).toContain(expected);
    }
    expect(text.indexOf('SS-101')).toBeLessThan(text.indexOf('KH-14S'));
    expect(text.indexOf('KH-14C')).toBeLessThan(text.indexOf('TR-40'));
  });

  it('is in Arabic for ?lang=ar and in Urdu when the browser asks for it, numbers kept as they are', async () => {
    const arabic = await pdfText((await sheet(`variant=${ids.set}&lang=ar`, { 'accept-language': 'en' })).rawPayload);
    for (const expected of ['قائمة محتويات الطقم', 'رقم الكتالوج', 'SET-LAP-40', SET_GTIN, 'المكونات', 'أساسي', 'صينية أو حاوية', 'Mayo Scissors', MAYO_GTIN]) {
      expect(arabic).toContain(expected);
    }
    expect(arabic).not.toContain('SET CONTENTS SHEET');
    const response = await sheet(`variant=${ids.set}`, { 'accept-language': 'fr-FR, ur;q=0.8, en;q=0.5' });
    expect(response.headers['content-language']).toBe('ur');
    const urdu = await pdfText(response.rawPayload);
    for (const expected of ['سیٹ کے اجزا کی فہرست', 'کیٹلاگ نمبر', 'پروسیجر پیک', 'KH-14S']) expect(urdu).toContain(expected);
  });

  it('is 404 for a variant that is not a set, not this product\'s, or of a product not on sale', async () => {
    expect((await sheet(`variant=${ids.mayo}`)).statusCode).toBe(404);
    expect((await sheet(`variant=${ids.set}`, {}, 'mayo-scissors')).statusCode).toBe(404);
    expect((await sheet(`variant=${ids.draftVariant}`, {}, 'draft-set')).statusCode).toBe(404);
    expect((await sheet(`variant=${ids.set}`, {}, 'no-such-set')).statusCode).toBe(404);
  });

  it('answers 400 naming the field for a variant that is not a number or a language the shop does not have', async () => {
    const response = await sheet('variant=abc&lang=fr');
    expect(response.statusCode).toBe(400);
    const body = response.json<{ errors: Record<string, string[]> }>();
    expect(Object.keys(body.errors).sort()).toEqual(['lang', 'variant']);
    expect((await sheet('')).statusCode).toBe(400);
  });
});
