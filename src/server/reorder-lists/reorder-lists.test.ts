import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reorderListItems } from '../db/schema/reorder-lists.ts';
import { createTestUser } from '../test/auth-fixtures.ts';
import { insertCatalogue } from '../test/catalog-fixtures.ts';
import { createCommerceTestApp, type CommerceTestApp } from '../test/commerce-fixtures.ts';
import { quantityNeeded } from './reorder.ts';

let t: CommerceTestApp;
let ayesha: Record<string, string>;
let bilal: Record<string, string>;
const id: Record<string, number> = {};
/** Variant ids by product name and option value ('Metzenbaum Scissors 18 cm'). */
const variant: Record<string, number> = {};

const byLength = (name: string, brand: string, lengths: [string, number, number][], instrumentType = 'test-rongeur') => ({
  name, category: 'general-surgery', brand, instrumentType, priceCents: lengths[0][1],
  options: [{ name: 'Length', values: lengths.map(([length]) => length) }],
  variants: lengths.map(([length, priceCents, stock]) => ({ options: { Length: length }, priceCents, stock })),
});

const osteotome = (name: string, brand: string, width: string, stock: number, priceCents = 5_000, length = '22.5 cm') => ({
  name, category: 'orthopedics', brand, instrumentType: 'lambotte-osteotome', priceCents, stock,
  specifications: { Material: 'AISI 420', 'Blade width': width, Length: length },
});

beforeAll(async () => {
  t = await createCommerceTestApp();
  const { products } = await insertCatalogue(t.database.db, ['orthopedics', 'general-surgery'], [
    osteotome('Osteotome 10 mm Zenith', 'Zenith', '10 mm', 0),
    osteotome('Osteotome 10 mm Apex', 'Apex', '10 mm', 4, 5_500),
    osteotome('Osteotome 10 mm Orion', 'Orion', '10 mm', 9, 9_000),
    osteotome('Osteotome 10 mm Zenith Second', 'ZENITH', '10 mm', 7),
    osteotome('Osteotome 15 mm Apex', 'Apex', '15 mm', 9),
    osteotome('Osteotome 10 mm Sold Out', 'Crest', '10 mm', 0),
    { name: 'Mayo Scissors 14 cm', category: 'general-surgery', brand: 'Apex', instrumentType: 'mayo-scissors', priceCents: 1_500, stock: 3,
      specifications: { Length: '14 cm' } },
    { name: 'Kelly Hemostat', category: 'general-surgery', brand: 'Apex', instrumentType: 'kelly-hemostat', priceCents: 1_200, stock: 100 },
    { name: 'Adson Forceps', category: 'general-surgery', brand: 'Apex', instrumentType: 'adson', priceCents: 800, stock: 100 },
    byLength('Metzenbaum Scissors', 'Apex', [['14 cm', 1_600, 5], ['18 cm', 2_400, 2]], 'metzenbaum-scissors'),
    byLength('Rongeur Zenith', 'Zenith', [['14 cm', 3_000, 0], ['18 cm', 3_500, 3]]),
    byLength('Rongeur Apex', 'Apex', [['14 cm', 3_100, 4], ['18 cm', 3_600, 5]]),
    { name: 'Rongeur Crest', category: 'general-surgery', brand: 'Crest', instrumentType: 'test-rongeur', priceCents: 4_000, stock: 2,
      specifications: { Length: '14 cm' } },
  ]);
  for (const product of products) {
    id[product.name] = product.id;
    for (const v of product.variants) variant[[product.name, ...Object.values(v.options)].join(' ')] = v.id;
  }
  ayesha = (await createTestUser(t.database.db, { email: 'ayesha@example.com', accountType: 'business' })).headers;
  bilal = (await createTestUser(t.database.db, { email: 'bilal@example.com' })).headers;
});
afterAll(() => t.close());

const call = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object, headers = ayesha) =>
  t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });

async function newList(name: string, items: [string, number][], headers = ayesha) {
  const { list } = (await call('POST', '/api/reorder-lists', { name }, headers)).json();
  let latest = list;
  for (const [product, par] of items) {
    latest = (await call('POST', `/api/reorder-lists/${list.id}/items`, { product_id: id[product], par_level: par }, headers)).json().list;
  }
  return latest;
}
const itemOf = (list: { items: { id: number; name: string }[] }, name: string) => list.items.find((item) => item.name === name)!;

describe('quantityNeeded', () => {
  it('is par minus on hand, never below zero', () => {
    expect([quantityNeeded(10, 3), quantityNeeded(10, 10), quantityNeeded(10, 14), quantityNeeded(5, 0)]).toEqual([7, 0, 0, 5]);
  });
});

describe('reorder lists', () => {
  it('keeps named lists per buyer, refusing duplicate names and bad par levels', async () => {
    const list = await newList('Theatre 2', [['Kelly Hemostat', 10]]);
    expect(list).toMatchObject({ name: 'Theatre 2', item_count: 1, items: [{ name: 'Kelly Hemostat', par_level: 10, last_on_hand: null, in_stock: true }] });
    const twin = await call('POST', '/api/reorder-lists', { name: ' theatre 2 ' });
    expect(twin.statusCode).toBe(400);
    expect(twin.json().errors).toEqual({ name: ['You already have a list with this name.'] });
    const badPar = await call('POST', `/api/reorder-lists/${list.id}/items`, { product_id: id['Adson Forceps'], par_level: 0 });
    expect(badPar.json().errors).toEqual({ par_level: ['The par level must be at least 1.'] });
    expect((await call('POST', '/api/reorder-lists', { name: '' })).json().errors).toEqual({ name: ['Enter a name for the list.'] });
    // Adding again sets the par level.
    const again = (await call('POST', `/api/reorder-lists/${list.id}/items`, { product_id: id['Kelly Hemostat'], par_level: 12 })).json().list;
    expect(again.items).toHaveLength(1);
    expect(again.items[0].par_level).toBe(12);
    expect((await call('GET', '/api/reorder-lists')).json().lists).toMatchObject([{ name: 'Theatre 2', item_count: 1 }]);
  });

  it("hides another buyer's list behind 404s", async () => {
    const list = await newList('Ward 5', [['Kelly Hemostat', 5]]);
    const item = list.items[0].id;
    for (const [method, url, payload] of [
      ['GET', `/api/reorder-lists/${list.id}`], ['PATCH', `/api/reorder-lists/${list.id}`, { name: 'Mine' }],
      ['DELETE', `/api/reorder-lists/${list.id}`], ['POST', `/api/reorder-lists/${list.id}/items`, { product_id: id['Adson Forceps'], par_level: 2 }],
      ['PATCH', `/api/reorder-lists/${list.id}/items/${item}`, { par_level: 3 }], ['DELETE', `/api/reorder-lists/${list.id}/items/${item}`],
      ['POST', `/api/reorder-lists/${list.id}/items/${item}/swap`, { product_id: id['Adson Forceps'] }],
      ['POST', `/api/reorder-lists/${list.id}/reorder`, { counts: [] }],
    ] as const) {
      const response = await call(method, url, payload, bilal);
      expect(response.statusCode, `${method} ${url}`).toBe(404);
      expect(response.json()).toEqual({ detail: 'Reorder list not found.' });
    }
    expect((await call('GET', '/api/reorder-lists', undefined, bilal)).json().lists).toEqual([]);
    expect((await call('GET', `/api/reorder-lists/${list.id}`)).json().list.items[0].par_level).toBe(5);
    expect((await call('GET', '/api/reorder-lists', undefined, {})).statusCode).toBe(401);
  });

  it('puts par minus on hand into the cart, skipping items at par, and tops up rather than doubles', async () => {
    const list = await newList('Clinic', [['Kelly Hemostat', 10], ['Adson Forceps', 6], ['Mayo Scissors 14 cm', 8]]);
    const missing = await call('POST', `/api/reorder-lists/${list.id}/reorder`, { counts: [{ item_id: itemOf(list, 'Kelly Hemostat').id, on_hand: 3 }] });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors).toEqual({
      [`counts.${itemOf(list, 'Adson Forceps').id}`]: ['Enter what is on hand of Adson Forceps.'],
      [`counts.${itemOf(list, 'Mayo Scissors 14 cm').id}`]: ['Enter what is on hand of Mayo Scissors 14 cm.'],
    });
    const negative = await call('POST', `/api/reorder-lists/${list.id}/reorder`, { counts: [{ item_id: itemOf(list, 'Kelly Hemostat').id, on_hand: -1 }] });
    expect(negative.json().errors).toEqual({ 'counts.0.on_hand': ['On hand cannot be negative.'] });
    expect((await call('GET', `/api/reorder-lists/${list.id}`)).json().list.items.every((item: { last_on_hand: null }) => item.last_on_hand === null)).toBe(true);

    const counts = [
      { item_id: itemOf(list, 'Kelly Hemostat').id, on_hand: 3 },
      { item_id: itemOf(list, 'Adson Forceps').id, on_hand: 6 },
      { item_id: itemOf(list, 'Mayo Scissors 14 cm').id, on_hand: 1 },
    ];
    const done = (await call('POST', `/api/reorder-lists/${list.id}/reorder`, { counts })).json();
    const withoutIds = (line: object) => ({ ...line, item_id: undefined, product_id: undefined, variant_id: undefined });
    expect(done.lines.map(withoutIds)).toEqual([
      { name: 'Kelly Hemostat', variant_label: '', needed: 7, added: 7, outcome: 'added' },
      { name: 'Adson Forceps', variant_label: '', needed: 0, added: 0, outcome: 'at_par' },
      // Only 3 in stock: what there is goes in.
      { name: 'Mayo Scissors 14 cm', variant_label: '', needed: 7, added: 3, outcome: 'partial' },
    ].map(withoutIds));
    expect(done.cart.items.map((item: { product_name: string; quantity: number }) => [item.product_name, item.quantity]))
      .toEqual([['Kelly Hemostat', 7], ['Mayo Scissors 14 cm', 3]]);
    expect(itemOf(done.list, 'Kelly Hemostat')).toMatchObject({ last_on_hand: 3 });

    // Accepting the last counts: the cart already holds what is needed, so nothing is added twice.
    const repeat = (await call('POST', `/api/reorder-lists/${list.id}/reorder`, {})).json();
    expect(repeat.lines.map((line: { outcome: string; added: number }) => [line.outcome, line.added]))
      .toEqual([['in_cart', 0], ['at_par', 0], ['partial', 0]]);
    expect(repeat.cart.items.map((item: { quantity: number }) => item.quantity)).toEqual([7, 3]);

    // A new count tops the line up to the new need.
    const more = (await call('POST', `/api/reorder-lists/${list.id}/reorder`, { counts: [{ item_id: itemOf(list, 'Kelly Hemostat').id, on_hand: 0 }] })).json();
    expect(more.lines[0]).toMatchObject({ needed: 10, added: 3, outcome: 'added' });
    expect(more.cart.items[0].quantity).toBe(10);
    const unknown = await call('POST', `/api/reorder-lists/${list.id}/reorder`, { counts: [{ item_id: 999999, on_hand: 1 }] });
    expect(unknown.json().errors).toEqual({ 'counts.999999': ['This item is not on the list.'] });
  });

  it('offers in-stock equivalents of the same type and size from other brands, and swaps one in', async () => {
    const list = await newList('Ortho set', [['Osteotome 10 mm Zenith', 4]]);
    const [item] = list.items;
    expect(item).toMatchObject({ in_stock: false, available_stock: 0 });
    // Same type and blade width, other brand (case-insensitively), in stock; closest in price first.
    expect(item.equivalents.map((e: { name: string }) => e.name)).toEqual(['Osteotome 10 mm Apex', 'Osteotome 10 mm Orion']);
    expect(item.equivalents[0]).toMatchObject({ brand: 'Apex', price: '55.00', available_stock: 4 });

    const reorder = (await call('POST', `/api/reorder-lists/${list.id}/reorder`, { counts: [{ item_id: item.id, on_hand: 1 }] })).json();
    expect(reorder.lines[0]).toMatchObject({ needed: 3, added: 0, outcome: 'out_of_stock' });

    const wrong = await call('POST', `/api/reorder-lists/${list.id}/items/${item.id}/swap`, { product_id: id['Osteotome 15 mm Apex'] });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errors).toEqual({ product_id: ['Choose one of the in-stock equivalents offered for this item.'] });
    const soldOut = await call('POST', `/api/reorder-lists/${list.id}/items/${item.id}/swap`, { product_id: id['Osteotome 10 mm Sold Out'] });
    expect(soldOut.statusCode).toBe(400);

    const swapped = (await call('POST', `/api/reorder-lists/${list.id}/items/${item.id}/swap`, { product_id: id['Osteotome 10 mm Apex'] })).json().list;
    expect(swapped.items[0]).toMatchObject({ id: item.id, name: 'Osteotome 10 mm Apex', par_level: 4, last_on_hand: 1, in_stock: true, equivalents: [] });
    const after = (await call('POST', `/api/reorder-lists/${list.id}/reorder`, {})).json();
    expect(after.lines[0]).toMatchObject({ needed: 3, added: 3, outcome: 'added' });
  });

  it('renames, changes par levels, removes items and deletes lists', async () => {
    const list = await newList('Old name', [['Kelly Hemostat', 2], ['Adson Forceps', 2]]);
    expect((await call('PATCH', `/api/reorder-lists/${list.id}`, { name: 'New name' })).json().list.name).toBe('New name');
    const par = (await call('PATCH', `/api/reorder-lists/${list.id}/items/${list.items[0].id}`, { par_level: 9 })).json().list;
    expect(par.items[0].par_level).toBe(9);
    const removed = (await call('DELETE', `/api/reorder-lists/${list.id}/items/${list.items[1].id}`)).json().list;
    expect(removed.items.map((i: { name: string }) => i.name)).toEqual(['Kelly Hemostat']);
    expect((await call('DELETE', `/api/reorder-lists/${list.id}/items/${list.items[1].id}`)).json()).toEqual({ detail: 'Item not found on this list.' });
    expect((await call('DELETE', `/api/reorder-lists/${list.id}`)).statusCode).toBe(200);
    expect((await call('GET', `/api/reorder-lists/${list.id}`)).statusCode).toBe(404);
  });
});

describe('reorder list variants', () => {
  it('keeps one item per variant with its label, price and stock, and puts each variant in the cart', async () => {
    const { list } = (await call('POST', '/api/reorder-lists', { name: 'Scissors by length' })).json();
    const add = (payload: object) => call('POST', `/api/reorder-lists/${list.id}/items`, payload);
    expect((await add({ product_id: id['Metzenbaum Scissors'], variant_id: variant['Metzenbaum Scissors 18 cm'], par_level: 4 })).statusCode).toBe(200);
    const both = (await add({ product_id: id['Metzenbaum Scissors'], variant_id: variant['Metzenbaum Scissors 14 cm'], par_level: 6 })).json().list;
    expect(both.items).toMatchObject([
      { product_id: id['Metzenbaum Scissors'], variant_id: variant['Metzenbaum Scissors 18 cm'], variant_label: '18 cm', price: '24.00', model_number: expect.stringMatching(/-2$/), available_stock: 2, par_level: 4 },
      { product_id: id['Metzenbaum Scissors'], variant_id: variant['Metzenbaum Scissors 14 cm'], variant_label: '14 cm', price: '16.00', available_stock: 5, par_level: 6 },
    ]);
    const counts = both.items.map((item: { id: number }) => ({ item_id: item.id, on_hand: 1 }));
    const done = (await call('POST', `/api/reorder-lists/${list.id}/reorder`, { counts })).json();
    expect(done.lines.map((line: { variant_label: string; added: number; outcome: string }) => [line.variant_label, line.added, line.outcome]))
      .toEqual([['18 cm', 2, 'partial'], ['14 cm', 5, 'added']]);
    const metzenbaum = done.cart.items.filter((item: { product_id: number }) => item.product_id === id['Metzenbaum Scissors']);
    expect(metzenbaum.map((item: { variant_id: number; quantity: number }) => [item.variant_id, item.quantity]).sort())
      .toEqual([[variant['Metzenbaum Scissors 14 cm'], 5], [variant['Metzenbaum Scissors 18 cm'], 2]].sort());
  });

  it('refuses a product with several variants when none is chosen, and another product\'s variant, writing nothing', async () => {
    const { list } = (await call('POST', '/api/reorder-lists', { name: 'Unchosen' })).json();
    const unchosen = await call('POST', `/api/reorder-lists/${list.id}/items`, { product_id: id['Metzenbaum Scissors'], par_level: 3 });
    expect(unchosen.statusCode).toBe(400);
    expect(unchosen.json().errors).toEqual({ variant_id: ['Choose Length.'] });
    const foreign = await call('POST', `/api/reorder-lists/${list.id}/items`, {
      product_id: id['Kelly Hemostat'], variant_id: variant['Metzenbaum Scissors 14 cm'], par_level: 3,
    });
    expect(foreign.json().errors).toEqual({ variant_id: ["This size or version is not one of this product's."] });
    expect(await t.database.db.select().from(reorderListItems).where(eq(reorderListItems.listId, list.id))).toEqual([]);
  });

  it("offers equivalents of the variant's own size and swaps in the chosen variant", async () => {
    const { list } = (await call('POST', '/api/reorder-lists', { name: 'Rongeurs' })).json();
    const item = (await call('POST', `/api/reorder-lists/${list.id}/items`, {
      product_id: id['Rongeur Zenith'], variant_id: variant['Rongeur Zenith 14 cm'], par_level: 2,
    })).json().list.items[0];
    expect(item).toMatchObject({ variant_label: '14 cm', in_stock: false });
    // 14 cm only: Apex's 14 cm (an option value) and Crest's plain product (a 14 cm specification), not Apex's 18 cm.
    expect(item.equivalents.map((e: { name: string; variant_id: number; variant_label: string; price: string }) => [e.name, e.variant_id, e.variant_label, e.price]))
      .toEqual([['Rongeur Apex', variant['Rongeur Apex 14 cm'], '14 cm', '31.00'], ['Rongeur Crest', variant['Rongeur Crest'], '', '40.00']]);

    const swap = (payload: object) => call('POST', `/api/reorder-lists/${list.id}/items/${item.id}/swap`, payload);
    expect((await swap({ product_id: id['Rongeur Apex'] })).json().errors).toEqual({ variant_id: ['Choose Length.'] });
    expect((await swap({ product_id: id['Rongeur Apex'], variant_id: variant['Rongeur Apex 18 cm'] })).json().errors)
      .toEqual({ variant_id: ['Choose one of the in-stock equivalents offered for this item.'] });
    const swapped = (await swap({ product_id: id['Rongeur Apex'], variant_id: variant['Rongeur Apex 14 cm'] })).json().list;
    expect(swapped.items[0]).toMatchObject({ id: item.id, variant_id: variant['Rongeur Apex 14 cm'], variant_label: '14 cm', in_stock: true });
    // A plain equivalent needs no variant named.
    const back = (await call('POST', `/api/reorder-lists/${list.id}/items`, {
      product_id: id['Rongeur Zenith'], variant_id: variant['Rongeur Zenith 14 cm'], par_level: 2,
    })).json().list.items.find((i: { variant_id: number }) => i.variant_id === variant['Rongeur Zenith 14 cm']);
    expect((await call('POST', `/api/reorder-lists/${list.id}/items/${back.id}/swap`, { product_id: id['Rongeur Crest'] })).json().list.items
      .map((i: { name: string }) => i.name)).toEqual(['Rongeur Apex', 'Rongeur Crest']);
  });
});
