import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SearchResponse, SuggestionsResponse } from '#contracts/search';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { insertCatalogue } from '../test/catalog-fixtures.ts';
import { createTestUser, nextIp } from '../test/auth-fixtures.ts';
import { HISTORY_PER_USER, recordSearch } from './search-history.ts';
import { rowsOf } from '../db/rows.ts';
import { searchProducts } from './search.service.ts';
import type { SemanticIndex } from './embeddings/semantic-index.ts';

let t: TestApp;
let modelNumber: string;

beforeAll(async () => {
  t = await createTestApp();
  const { products } = await insertCatalogue(t.database.db, ['general-surgery', 'cardiology', 'ent', 'dental', 'sterilization'], [
    { name: 'Metzenbaum Dissecting Scissors, Curved 14 cm', category: 'general-surgery', instrumentType: 'metzenbaum-scissors', priceCents: 2_450,
      features: ['Tungsten carbide inserts for a lasting edge'] },
    { name: 'Mayo Dissecting Scissors', category: 'general-surgery', instrumentType: 'mayo-scissors', priceCents: 1_900 },
    { name: 'Satinsky Vena Cava Clamp', category: 'cardiology', instrumentType: 'satinsky-clamp', priceCents: 9_800 },
    { name: 'Cooley Vascular Clamp', category: 'cardiology', instrumentType: 'cooley-vascular-clamp', priceCents: 8_700 },
    { name: 'Eves Tonsil Snare', category: 'ent', instrumentType: 'eves-tonsil-snare', priceCents: 5_400 },
    { name: 'Boyle-Davis Mouth Gag', category: 'ent', instrumentType: 'boyle-davis-mouth-gag', priceCents: 12_000,
      specifications: { Material: 'Stainless steel' } },
    { name: 'Coupland Elevator', category: 'dental', instrumentType: 'coupland-elevator', priceCents: 1_500 },
    ...Array.from({ length: 24 }, (_, i) => ({ name: `Kelly Hemostatic Forceps ${i + 1}`, category: 'general-surgery',
      instrumentType: 'kelly-hemostat', priceCents: 1_000 + i })),
    { name: 'Benchtop Autoclave, Class B', category: 'sterilization', instrumentType: 'benchtop-autoclave-class-b', priceCents: 320_000 },
    // Instruments whose texts mention autoclaving, as most reusable instruments' do.
    ...Array.from({ length: 3 }, (_, i) => ({ name: `Gillies Skin Hook ${i + 1}`, category: 'general-surgery', instrumentType: 'gillies-skin-hook',
      priceCents: 1_200, features: ['Reusable through repeated autoclave cycles.'], specifications: { Sterilization: 'Autoclavable up to 134 °C' } })),
  ]);
  modelNumber = products[3].modelNumber;
});
afterAll(() => t.close());

async function search(body: Record<string, unknown>, headers: Record<string, string> = {}) {
  return t.app.inject({ method: 'POST', url: '/api/search', payload: body, headers, remoteAddress: nextIp() });
}
async function results(query: string, extra: Record<string, unknown> = {}): Promise<SearchResponse> {
  const res = await search({ query, ...extra });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}
async function suggestions(query: string, headers: Record<string, string> = {}): Promise<SuggestionsResponse> {
  const res = await t.app.inject({ method: 'POST', url: '/api/search/suggestions', payload: { query }, headers, remoteAddress: nextIp() });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

describe('POST /api/search', () => {
  it('puts the product whose model number is the query first, with score 1', async () => {
    const answer = await results(modelNumber.toLowerCase());
    expect(answer.results[0]).toMatchObject({ name: 'Cooley Vascular Clamp', matchType: 'exact', relevanceScore: 1, modelNumber });
    expect(answer.results[0].brand).toBeTruthy();
  });

  it('finds a misspelt name through trigram similarity', async () => {
    const answer = await results('metzenbam sissors');
    expect(answer.results[0]).toMatchObject({ name: 'Metzenbaum Dissecting Scissors, Curved 14 cm', matchType: 'fuzzy', price: 24.5 });
    expect(answer.results[0].highlights[0]).toContain('<mark>Metzenbaum</mark>');
  });

  it('finds instruments by meaning through the concept map', async () => {
    const heart = await results('heart surgery clamp');
    expect(heart.results.slice(0, 2).map((r) => r.name).sort()).toEqual(['Cooley Vascular Clamp', 'Satinsky Vena Cava Clamp']);
    const tonsil = await results('tonsil removal');
    expect(tonsil.results.map((r) => r.name)).toEqual(expect.arrayContaining(['Eves Tonsil Snare', 'Boyle-Davis Mouth Gag']));
    expect(tonsil.results.find((r) => r.name === 'Boyle-Davis Mouth Gag')?.matchType).toBe('semantic');
    const withoutSemantic = await results('tonsil removal', { includeSemanticSearch: false });
    expect(withoutSemantic.results.map((r) => r.name)).not.toContain('Boyle-Davis Mouth Gag');
  });

  it('matches words of features and specifications through the full-text document', async () => {
    const carbide = await results('carbide');
    expect(carbide.results.map((r) => r.name)).toEqual(['Metzenbaum Dissecting Scissors, Curved 14 cm']);
    expect(carbide.results[0].highlights.join(' ')).not.toContain('<script');
    const steel = await results('stainless steel');
    expect(steel.results[0].name).toBe('Boyle-Davis Mouth Gag');
  });

  it('finds a catalogue number typed without its hyphen, or with a space for it', async () => {
    expect(modelNumber).toMatch(/^[A-Z]+-\d+$/);
    for (const typed of [modelNumber.replace('-', ''), modelNumber.replace('-', ' ').toLowerCase()]) {
      const answer = await results(typed);
      expect(answer.results[0], typed).toMatchObject({ name: 'Cooley Vascular Clamp', matchType: 'exact', relevanceScore: 1, modelNumber });
      expect(answer.results[0].variantId).not.toBeNull();
    }
  });

  it('labels a name typed whole, without its punctuation or in another order, exact rather than a similar spelling', async () => {
    for (const [typed, name] of [
      ['metzenbaum dissecting scissors curved 14 cm', 'Metzenbaum Dissecting Scissors, Curved 14 cm'],
      ['dissecting scissors metzenbaum', 'Metzenbaum Dissecting Scissors, Curved 14 cm'],
      ['benchtop autoclave class b', 'Benchtop Autoclave, Class B'],
    ]) {
      expect((await results(typed)).results[0], typed).toMatchObject({ name, matchType: 'exact' });
    }
    expect((await results('metzenbam sissors')).results[0].matchType).toBe('fuzzy');
  });

  it('leaves out products that only mention the word in their texts when others are what it names', async () => {
    const autoclave = await results('autoclave');
    expect(autoclave.results.map((r) => r.name)).toEqual(['Benchtop Autoclave, Class B']);
    expect(autoclave.total).toBe(1);
    // With nothing named so, the mentions are the results.
    const cycles = await results('cycles');
    expect(cycles.results.map((r) => r.name).sort()).toEqual(['Gillies Skin Hook 1', 'Gillies Skin Hook 2', 'Gillies Skin Hook 3']);
    expect(cycles.total).toBe(3);
  });

  it('escapes HTML in highlights before marking', async () => {
    const answer = await results('<script>alert(1)</script> scissors');
    expect(answer.results.length).toBeGreaterThan(0);
    for (const fragment of answer.results.flatMap((r) => r.highlights)) {
      expect(fragment.replace(/<\/?mark>/g, '')).not.toMatch(/[<>]/);
    }
    expect(answer.query).toBe('<script>alert(1)</script> scissors');
  });

  it('answers 400 for blank and oversized queries and caps maxResults at 20', async () => {
    const blank = await search({ query: '   ' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().errors.query).toEqual(['Enter something to search for.']);
    expect((await search({ query: 'x'.repeat(201) })).statusCode).toBe(400);
    expect((await search({ query: 'kelly', maxResults: 21 })).statusCode).toBe(400);
    const all = await results('kelly hemostatic forceps');
    expect(all.results).toHaveLength(20);
    expect(all.total).toBe(24);
    expect((await results('kelly', { maxResults: 3 })).results).toHaveLength(3);
    for (const r of all.results) expect(r.relevanceScore).toBeGreaterThanOrEqual(0);
  });

  it("keeps a visitor's answer until a catalogue write changes it: a renamed product is found by its new name at once", async () => {
    expect((await results('coupland')).results.map((r) => r.name)).toEqual(['Coupland Elevator']);
    expect((await suggestions('coupla')).suggestions.map((s) => s.text)).toContain('Coupland Elevator');
    await t.database.db.execute(sql`update products set name = 'Coupland Root Elevator' where name = 'Coupland Elevator'`);
    try {
      expect((await results('coupland')).results.map((r) => r.name)).toEqual(['Coupland Root Elevator']);
      expect((await suggestions('coupla')).suggestions.map((s) => s.text)).toContain('Coupland Root Elevator');
    } finally {
      await t.database.db.execute(sql`update products set name = 'Coupland Elevator' where name = 'Coupland Root Elevator'`);
    }
  });

  it('does not keep an answer found without the query\'s meaning while the model is ready', async () => {
    const late = { state: 'ready', lookup: async () => undefined } as unknown as SemanticIndex;
    const body = { query: 'coupland', maxResults: 20, includeSemanticSearch: true };
    expect((await searchProducts(t.database.db, body, late)).complete).toBe(false);
    expect((await searchProducts(t.database.db, { ...body, includeSemanticSearch: false }, late)).complete).toBe(true);
  });
});

describe('rate limits', () => {
  it('allows each address 60 searches a minute', async () => {
    const send = () => t.app.inject({ method: 'POST', url: '/api/search', payload: { query: 'kelly' }, remoteAddress: '10.8.8.8' });
    for (let i = 0; i < 60; i += 1) expect((await send()).statusCode).toBe(200);
    expect((await send()).statusCode).toBe(429);
  });
});

describe('POST /api/search/suggestions', () => {
  it('offers categories, intents and products with confidence 0–1, at most 6, ranked', async () => {
    const { suggestions: list } = await suggestions('card');
    expect(list.length).toBeLessThanOrEqual(6);
    expect(list.find((s) => s.type === 'category')?.text).toBe('cardiology');
    for (const s of list) expect(s.confidence).toBeGreaterThanOrEqual(0);
    for (const s of list) expect(s.confidence).toBeLessThanOrEqual(1);
    expect(list.map((s) => s.confidence)).toEqual([...list.map((s) => s.confidence)].sort((a, b) => b - a));

    const tonsil = await suggestions('tonsil');
    expect(tonsil.suggestions.map((s) => s.type)).toEqual(expect.arrayContaining(['intent', 'product']));
    const fuzzy = await suggestions('metzenbam');
    expect(fuzzy.suggestions[0]).toMatchObject({ type: 'product', text: 'Metzenbaum Dissecting Scissors, Curved 14 cm' });
  });

  it("offers 'recent' searches only to the user who made them", async () => {
    const owner = await createTestUser(t.database.db, { email: 'searcher@example.com' });
    const other = await createTestUser(t.database.db, { email: 'other@example.com' });
    expect((await search({ query: 'satinsky vena cava' }, owner.headers)).statusCode).toBe(200);
    const mine = await suggestions('satins', owner.headers);
    expect(mine.suggestions[0]).toMatchObject({ type: 'recent', text: 'satinsky vena cava' });
    for (const headers of [other.headers, {}]) {
      const theirs = await suggestions('satins', headers);
      expect(theirs.suggestions.map((s) => s.type)).not.toContain('recent');
    }
  });

  it('answers 401 to a bad token on search and suggestions, so the storefront refreshes the session', async () => {
    const authorization = 'Bearer not-a-token';
    expect((await search({ query: 'kelly' }, { authorization })).statusCode).toBe(401);
    const res = await t.app.inject({ method: 'POST', url: '/api/search/suggestions', payload: { query: 'kel' }, headers: { authorization }, remoteAddress: nextIp() });
    expect(res.statusCode).toBe(401);
  });

  it(`keeps each user's newest ${HISTORY_PER_USER} distinct searches and prunes the rest on write`, async () => {
    const busy = await createTestUser(t.database.db, { email: 'busy@example.com' });
    const quiet = await createTestUser(t.database.db, { email: 'quiet@example.com' });
    await recordSearch(t.database.db, quiet.user.id, 'kelly forceps');
    for (let i = 1; i <= HISTORY_PER_USER + 5; i++) await recordSearch(t.database.db, busy.user.id, `query ${i}`);
    expect((await search({ query: 'Query 30' }, busy.headers)).statusCode).toBe(200);
    const history = (userId: string) => t.database.db.execute(sql`select query from search_history where user_id = ${userId}::uuid
      order by created_at desc, id desc`).then((r) => rowsOf<{ query: string }>(r).map((row) => row.query));
    const kept = await history(busy.user.id);
    expect(kept).toHaveLength(HISTORY_PER_USER);
    // The repeat moved to the top once; the oldest fell off.
    expect(kept[0]).toBe('Query 30');
    expect(kept.filter((q) => q.toLowerCase() === 'query 30')).toHaveLength(1);
    expect(kept).not.toContain('query 1');
    expect(kept).not.toContain('query 5');
    expect(kept.at(-1)).toBe('query 6');
    expect(await history(quiet.user.id)).toEqual(['kelly forceps']);
    expect((await suggestions('query 5', busy.headers)).suggestions.map((s) => s.text)).toContain('query 55');
  });
});
