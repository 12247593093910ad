import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SearchResponse } from '#contracts/search';
import { nextIp } from '../test/auth-fixtures.ts';
import { insertCatalogue } from '../test/catalog-fixtures.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { rowsOf } from '../db/rows.ts';

/*
 * Semantic search with the embedding model on: product vectors in the database (pgvector on PGlite, real[] and the
 * in-process index on a PostgreSQL without pgvector: TEST_DATABASE_URL=… runs this same file there).
 */
let t: TestApp;
let stateRightAfterStart: string;

const CATALOGUE: { name: string; category: string; type: string; purpose: string }[] = [
  { name: 'Eves Tonsil Snare', category: 'ent', type: 'eves-tonsil-snare', purpose: 'for removing the tonsils by snaring the pedicle' },
  { name: 'Boyle-Davis Mouth Gag', category: 'ent', type: 'boyle-davis-mouth-gag', purpose: 'for holding the mouth open during tonsillectomy' },
  { name: 'Killian Nasal Speculum', category: 'ent', type: 'killian-nasal-speculum', purpose: 'for examining the nasal cavity' },
  { name: 'Satinsky Vena Cava Clamp', category: 'cardiology', type: 'satinsky-clamp', purpose: 'for partial occlusion of the vena cava and aorta in cardiac surgery' },
  { name: 'Cooley Vascular Clamp', category: 'cardiology', type: 'cooley-vascular-clamp', purpose: 'for occluding large blood vessels in cardiovascular surgery' },
  { name: 'Finochietto Rib Spreader', category: 'cardiology', type: 'finochietto-rib-spreader', purpose: 'for spreading the ribs in thoracotomy' },
  { name: 'Kelly Hemostatic Forceps', category: 'general-surgery', type: 'kelly-hemostat', purpose: 'for clamping bleeding vessels' },
  { name: 'Metzenbaum Dissecting Scissors', category: 'general-surgery', type: 'metzenbaum-scissors', purpose: 'for cutting and dissecting delicate tissue' },
  { name: 'Balfour Abdominal Retractor', category: 'general-surgery', type: 'balfour-retractor', purpose: 'for holding the abdominal wall open in laparotomy' },
  { name: 'Locking Compression Plate 3.5 mm', category: 'orthopedics', type: 'locking-compression-plate', purpose: 'for internal fixation of fractures of the forearm and fibula' },
  { name: 'Cortical Bone Screw 3.5 mm', category: 'orthopedics', type: 'cortical-bone-screw', purpose: 'for fixing plates to cortical bone in fracture repair' },
  { name: 'Hohmann Retractor', category: 'orthopedics', type: 'hohmann-retractor', purpose: 'for exposing bone in hip and knee surgery' },
  { name: 'Upper Molar Extraction Forceps', category: 'dental', type: 'upper-molar-extraction-forceps', purpose: 'for extracting upper molars' },
  { name: 'Dental Mouth Mirror', category: 'dental', type: 'dental-mouth-mirror', purpose: 'for indirect vision in dental examination' },
  { name: 'Gracey Curette', category: 'dental', type: 'gracey-curette', purpose: 'for removing calculus below the gum line' },
];

async function search(query: string, extra: Record<string, unknown> = {}): Promise<SearchResponse> {
  const res = await t.app.inject({ method: 'POST', url: '/api/search', payload: { query, ...extra }, remoteAddress: nextIp() });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}
const names = (answer: SearchResponse, n: number) => answer.results.slice(0, n).map((r) => r.name);
const embeddingRows = async () => rowsOf<{ id: number; hash: string; updated: string }>(await t.database.db.execute(
  sql`select product_id as id, content_hash as hash, updated_at::text as updated from product_embeddings order by product_id`));

beforeAll(async () => {
  t = await createTestApp({ env: { SEARCH_EMBEDDINGS: 'on' } });
  stateRightAfterStart = t.app.searchIndex.state;
  // A busy machine must not make a query answer without its vector.
  t.app.searchIndex.queryTimeoutMs = 30_000;
  const { products } = await insertCatalogue(t.database.db, ['ent', 'cardiology', 'general-surgery', 'orthopedics', 'dental'],
    CATALOGUE.map((p) => ({ name: p.name, category: p.category, instrumentType: p.type, priceCents: 5_000 })));
  for (const [i, product] of products.entries()) {
    await t.database.db.execute(sql`update products set short_description = ${`${CATALOGUE[i].name} ${CATALOGUE[i].purpose}.`}
      where id = ${product.id}`);
  }
  await t.app.searchIndex.flush();
}, 120_000);
afterAll(() => t.close());

describe('search embeddings', () => {
  it('start in the background: the app is ready before the model, and search answers meanwhile', () => {
    expect(stateRightAfterStart).toBe('loading');
    expect(t.app.searchIndex.state).toBe('ready');
  });

  it('keep one vector per product in the database, with the content hash, on pgvector where the server has it', async () => {
    const rows = await embeddingRows();
    expect(rows).toHaveLength(CATALOGUE.length);
    for (const row of rows) expect(row.hash).toMatch(/^[0-9a-f]{32}$/);
    const [{ type }] = rowsOf<{ type: string }>(await t.database.db.execute(sql`select format_type(atttypid, atttypmod) as type
      from pg_attribute where attrelid = 'product_embeddings'::regclass and attname = 'embedding'`));
    const [{ has }] = rowsOf<{ has: boolean }>(await t.database.db.execute(
      sql`select exists (select 1 from pg_available_extensions where name = 'vector') as has`));
    expect(type).toBe(has ? 'vector(512)' : 'real[]');
    expect(t.app.searchIndex.mode).toBe(has ? 'pgvector' : 'array');
  });

  it('rank ENT instruments first for "tonsil removal" and cardiovascular clamps for "heart surgery clamp"', async () => {
    expect(names(await search('tonsil removal'), 2).sort()).toEqual(['Boyle-Davis Mouth Gag', 'Eves Tonsil Snare']);
    const heart = await search('heart surgery clamp');
    expect(names(heart, 2).sort()).toEqual(['Cooley Vascular Clamp', 'Satinsky Vena Cava Clamp']);
    expect(heart.results[2].name).toBe('Finochietto Rib Spreader');
  });

  it('find by meaning what no concept term names: "broken leg" finds fracture fixation', async () => {
    const answer = await search('broken leg');
    expect(names(answer, 2).sort()).toEqual(['Cortical Bone Screw 3.5 mm', 'Locking Compression Plate 3.5 mm']);
    expect(answer.results[0].matchType).toBe('semantic');
    const withoutMeaning = await search('broken leg', { includeSemanticSearch: false });
    expect(names(withoutMeaning, 2)).not.toContain('Locking Compression Plate 3.5 mm');
  });

  it('rank by meaning within a specialty: "tooth pulling" puts the extraction forceps above other dental instruments', async () => {
    const answer = await search('tooth pulling');
    expect(answer.results[0]).toMatchObject({ name: 'Upper Molar Extraction Forceps', matchType: 'semantic' });
    const others = answer.results.filter((r) => r.category === 'dental' && r.name !== 'Upper Molar Extraction Forceps');
    for (const other of others) expect(other.relevanceScore).toBeLessThan(answer.results[0].relevanceScore);
  });

  it('are computed again only when a product’s text changes, and for new products', async () => {
    const before = new Map((await embeddingRows()).map((r) => [r.id, r]));
    const [kelly] = rowsOf<{ id: number }>(await t.database.db.execute(sql`select id from products where name = 'Kelly Hemostatic Forceps'`));
    const [mirror] = rowsOf<{ id: number }>(await t.database.db.execute(sql`select id from products where name = 'Dental Mouth Mirror'`));
    await t.database.db.execute(sql`update products set price_cents = 7000, average_rating = 4.5 where id = ${kelly.id}`);
    await t.database.db.execute(sql`update products set short_description = 'Dental mirror for examining teeth.', updated_at = now()
      where id = ${mirror.id}`);
    // Queued again without a change of text: the content hash keeps the vector.
    await t.database.db.execute(sql`insert into product_embedding_queue (product_id) values (${kelly.id}) on conflict do nothing`);
    const [added] = rowsOf<{ id: number }>(await t.database.db.execute(sql`insert into products
      (slug, name, category_id, instrument_type, brand, model_number, price_cents)
      select 'sinskey-hook', 'Sinskey Hook', c.id, 'sinskey-hook', 'Sialkot Surgical', 'T-9000', 3000 from categories c where c.slug = 'ent'
      returning id`));
    await t.app.searchIndex.flush();

    const after = new Map((await embeddingRows()).map((r) => [r.id, r]));
    expect(after.get(kelly.id)).toEqual(before.get(kelly.id));
    expect(after.get(mirror.id)!.hash).not.toBe(before.get(mirror.id)!.hash);
    expect(after.get(added.id)?.hash).toMatch(/^[0-9a-f]{32}$/);
    for (const [id, row] of before) if (id !== mirror.id) expect(after.get(id)).toEqual(row);
  });
});
