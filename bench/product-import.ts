import { categories } from '../src/server/db/schema/catalog.ts';
import { csvOf } from '../src/server/staff-products/product-csv-fixtures.ts';
import { importProductCsv } from '../src/server/staff-products/product-csv-import.ts';
import { parseProductCsv } from '../src/server/staff-products/product-csv-parse.ts';
import { createTestUser } from '../src/server/test/auth-fixtures.ts';
import { createTestDatabase } from '../src/server/test/test-database.ts';
import { createTestMailer } from '../src/server/test/test-mailer.ts';
import type { CsvRecord } from '../src/server/staff-products/product-csv-columns.ts';

/**
 * A 10,000-row product CSV (2,500 products of 4 lengths each, every variant with a stock count) imported into a fresh
 * in-memory PGlite database, then imported again (everything unchanged). BENCH_PRODUCTS=500 imports fewer.
 */
const PRODUCTS = Number(process.env.BENCH_PRODUCTS ?? 2_500);
const LENGTHS = ['12 cm', '14 cm', '16 cm', '18 cm'];

const rows: CsvRecord[] = [];
for (let p = 0; p < PRODUCTS; p += 1) {
  const handle = `bench-forceps-${p}`;
  LENGTHS.forEach((length, v) => rows.push({
    Handle: handle,
    ...(v === 0 ? {
      Title: `Bench Forceps ${p}`, 'Body (HTML)': '<p>Serrated jaws, <strong>German</strong> steel.</p>', Vendor: 'Sialkot Surgical',
      Type: 'forceps', Category: p % 2 ? 'general-surgery' : 'dental', Status: 'active', 'Option1 Name': 'Length',
      Certifications: 'CE', Sterile: 'FALSE',
    } : {}),
    'Option1 Value': length,
    'Variant SKU': `BF-${p}-${v}`,
    'Variant Price': `${10 + v}.50`,
    'Variant Inventory Qty': String(5 + v),
  }));
}
const csv = csvOf(rows);

const database = await createTestDatabase();
const { db } = database;
await db.insert(categories).values([{ slug: 'general-surgery', name: 'General surgery' }, { slug: 'dental', name: 'Dental' }]);
const { user } = await createTestUser(db, { email: 'catalogue@example.com', staffRole: 'catalogue' });
const deps = { db, mailer: createTestMailer(), publicUrl: 'http://shop.test', log: console };
const options = { dryRun: false, images: { fetchImage: () => Promise.reject(new Error('no images in this file')) } };

async function timed(label: string) {
  const started = performance.now();
  const result = await importProductCsv(deps, { id: user.id, email: user.email }, await parseProductCsv(csv), options);
  const seconds = (performance.now() - started) / 1000;
  console.log(`${label}: ${seconds.toFixed(1)} s — products ${JSON.stringify(result.products)}, variants ${JSON.stringify(result.variants)}, `
    + `${result.errors.length} errors`);
}

console.log(`${rows.length.toLocaleString('en')} rows, ${(csv.length / 1024 / 1024).toFixed(1)} MB`);
await timed('first import');
await timed('same file again');
await database.close();
