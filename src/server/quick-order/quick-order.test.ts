import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cartItems, carts } from '../db/schema/cart.ts';
import { products as productTable, productVariants } from '../db/schema/catalog.ts';
import { createTestUser } from '../test/auth-fixtures.ts';
import { insertCatalogue } from '../test/catalog-fixtures.ts';
import { createCommerceTestApp, type CommerceTestApp } from '../test/commerce-fixtures.ts';

let t: CommerceTestApp;
let headers: Record<string, string>;
let userId: string;
const id: Record<string, number> = {};

const item = (name: string, modelNumber: string, stock: number, extra: object = {}) => ({
  name, category: 'general-surgery', brand: name.split(' ').at(-1), instrumentType: 'mayo-scissors', priceCents: 1_500, stock,
  specifications: { Length: '14 cm' }, variants: [{ options: {}, modelNumber }], ...extra,
});

beforeAll(async () => {
  t = await createCommerceTestApp();
  const { db } = t.database;
  const { products } = await insertCatalogue(db, ['general-surgery'], [
    item('Mayo Scissors Apex', 'SS-101', 50),
    item('Mayo Scissors Zenith', 'SS-102', 3),
    item('Mayo Scissors Orion', 'SS-103', 0),
    item('Mayo Scissors Crest', 'SS-104', 20, { isActive: false }),
    item('Mayo Scissors Vega', 'SS-105', 8),
    item('Controlled Forceps Apex', 'CF-201', 10, { instrumentType: 'controlled' }),
  ]);
  for (const product of products) id[product.name] = product.id;
  await db.update(productTable).set({ restricted: true }).where(eq(productTable.id, id['Controlled Forceps Apex']));
  const buyer = await createTestUser(db, { email: 'quick@example.com', accountType: 'business' });
  headers = buyer.headers;
  userId = buyer.user.id;
});
afterAll(() => t.close());

const order = (text: unknown, as = headers) => t.app.inject({ method: 'POST', url: '/api/quick-order/', headers: as, payload: { text } });
const cartOf = () => t.database.db.select({ quantity: cartItems.quantity, productId: productTable.id }).from(cartItems)
  .innerJoin(carts, eq(carts.id, cartItems.cartId))
  .innerJoin(productVariants, eq(productVariants.id, cartItems.variantId))
  .innerJoin(productTable, eq(productTable.id, productVariants.productId))
  .where(eq(carts.userId, userId));

describe('POST /api/quick-order/', () => {
  it('refuses an empty text, a header alone and too many lines with a 400, adding nothing', async () => {
    for (const text of ['', '  \n\n', 'catalogue_number,quantity', Array.from({ length: 501 }, () => 'SS-101,1').join('\n')]) {
      const answer = await order(text);
      expect(answer.statusCode).toBe(400);
      expect(Object.keys(answer.json().errors)).toEqual(['text']);
    }
    expect((await order('')).json().errors.text).toEqual(['Paste at least one line: a catalogue number and a quantity.']);
    expect((await order(undefined)).statusCode).toBe(400);
    expect(await cartOf()).toEqual([]);
  });

  it('answers 401 signed out', async () => {
    expect((await t.app.inject({ method: 'POST', url: '/api/quick-order/', payload: { text: 'SS-101,1' } })).statusCode).toBe(401);
  });

  it('adds the good lines through the cart and tells each bad line why', async () => {
    const answer = await order([
      'catalogue_number,quantity',
      ' ss-101 , 4',
      'SS-102\t5',
      'NOPE-1;2',
      'SS-104 3',
      'SS-103,1',
      'CF-201,1',
      'SS-105,two',
      'SS-101;6',
    ].join('\n'));
    expect(answer.statusCode, answer.body).toBe(200);
    const { lines, cart } = answer.json();
    expect(lines.map((line: { line: number; catalogue_number: string; quantity: number; outcome: string; added: number; available?: number }) =>
      [line.line, line.catalogue_number, line.quantity, line.outcome, line.added, line.available])).toEqual([
      [2, 'ss-101', 4, 'added', 4, undefined],
      [3, 'SS-102', 5, 'partial', 3, 3],
      [4, 'NOPE-1', 2, 'unknown', 0, undefined],
      [5, 'SS-104', 3, 'discontinued', 0, undefined],
      [6, 'SS-103', 1, 'out_of_stock', 0, undefined],
      [7, 'CF-201', 1, 'licence_required', 0, undefined],
      [8, 'SS-105', 0, 'invalid', 0, undefined],
      [9, 'SS-101', 6, 'added', 6, undefined],
    ]);
    expect(lines[0]).toMatchObject({
      input: 'ss-101 , 4', message: '4 × Mayo Scissors Apex added to the cart.',
      product: { id: id['Mayo Scissors Apex'], slug: 'mayo-scissors-apex', name: 'Mayo Scissors Apex', variant_label: '' }, equivalents: [],
    });
    expect(lines[1].message).toBe('Only 3 of Mayo Scissors Zenith available: 3 of 5 added to the cart.');
    expect(lines[2]).toMatchObject({ message: 'No product has the catalogue number NOPE-1.', equivalents: [] });
    expect(lines[2].product).toBeUndefined();
    // Equivalents: in stock, same kind and size, another brand, closest in price first.
    expect(lines[3].equivalents.map((e: { name: string }) => e.name)).toEqual(['Mayo Scissors Apex', 'Mayo Scissors Zenith', 'Mayo Scissors Vega']);
    expect(lines[3].message).toBe('Mayo Scissors Crest is no longer sold.');
    expect(lines[4].equivalents.map((e: { name: string }) => e.name)).toEqual(['Mayo Scissors Apex', 'Mayo Scissors Zenith', 'Mayo Scissors Vega']);
    expect(lines[5].message).toBe('A verified licence is required to buy Controlled Forceps Apex. Upload your licence under Profile → Licences.');
    expect(lines[6].message).toBe('The quantity must be a whole number.');
    // The same catalogue number twice adds up; nothing of the bad lines reaches the cart.
    expect(cart.items.map((i: { product_id: number; quantity: number }) => [i.product_id, i.quantity]))
      .toEqual([[id['Mayo Scissors Apex'], 10], [id['Mayo Scissors Zenith'], 3]]);
    expect((await cartOf()).map((row) => [row.productId, row.quantity]).sort()).toEqual([[id['Mayo Scissors Apex'], 10], [id['Mayo Scissors Zenith'], 3]].sort());
  });

  it('tops up to what is left when the cart already holds the stock', async () => {
    const { lines } = (await order('SS-102,2')).json();
    expect(lines[0]).toMatchObject({ outcome: 'partial', added: 0, available: 3 });
  });

  it('refuses a restricted product to an individual account', async () => {
    const person = await createTestUser(t.database.db, { email: 'individual@example.com' });
    const { lines, cart } = (await order('CF-201,1\nSS-105,1', person.headers)).json();
    expect(lines.map((line: { outcome: string }) => line.outcome)).toEqual(['licence_required', 'added']);
    expect(lines[0].message).toBe('Controlled Forceps Apex: sold only to business accounts holding a verified licence.');
    expect(cart.items.map((i: { product_id: number }) => i.product_id)).toEqual([id['Mayo Scissors Vega']]);
    const held = await t.database.db.select().from(cartItems).innerJoin(carts, eq(carts.id, cartItems.cartId))
      .where(inArray(carts.userId, [person.user.id]));
    expect(held).toHaveLength(1);
  });
});
