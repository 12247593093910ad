import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inventoryItems } from '../db/schema/inventory.ts';
import { products, productVariants } from '../db/schema/catalog.ts';
import { createTestUser } from '../test/auth-fixtures.ts';
import { insertCatalogue } from '../test/catalog-fixtures.ts';
import { createCommerceTestApp, type CommerceTestApp } from '../test/commerce-fixtures.ts';
import { buyByCard } from '../test/paid-order-fixture.ts';

let t: CommerceTestApp;
let ayesha: Record<string, string>;
let bilal: Record<string, string>;
let staff: Record<string, string>;
let orderNumber: string;
let ids: Record<'mayo' | 'kelly' | 'adson' | 'iris' | 'adsonOther', { id: number; variantId: number }>;

beforeAll(async () => {
  t = await createCommerceTestApp();
  const { products: rows } = await insertCatalogue(t.database.db, ['general-surgery'], [
    { name: 'Mayo Scissors', category: 'general-surgery', priceCents: 2_000, stock: 50, instrumentType: 'scissors' },
    { name: 'Kelly Hemostat', category: 'general-surgery', priceCents: 1_800, stock: 50, instrumentType: 'hemostat' },
    { name: 'Adson Forceps', category: 'general-surgery', priceCents: 900, stock: 50, instrumentType: 'forceps', brand: 'Sialkot Surgical' },
    { name: 'Iris Scissors', category: 'general-surgery', priceCents: 1_200, stock: 50, instrumentType: 'iris' },
    { name: 'Adson Forceps, Karl Medics', category: 'general-surgery', priceCents: 950, stock: 30, instrumentType: 'forceps', brand: 'Karl Medics' },
  ]);
  ids = Object.fromEntries(['mayo', 'kelly', 'adson', 'iris', 'adsonOther'].map((key, i) => [key, { id: rows[i].id, variantId: rows[i].variantId }])) as typeof ids;
  ayesha = (await createTestUser(t.database.db, { email: 'ayesha@example.com' })).headers;
  bilal = (await createTestUser(t.database.db, { email: 'bilal@example.com' })).headers;
  staff = (await createTestUser(t.database.db, { email: 'staff@example.com', staffRole: 'owner' })).headers;
  ({ orderNumber } = await buyByCard(t, ayesha, [
    { productId: ids.mayo.id, quantity: 2 }, { productId: ids.kelly.id, quantity: 3 },
    { productId: ids.adson.id, quantity: 1 }, { productId: ids.iris.id, quantity: 4 },
  ]));
});
afterAll(() => t.close());

const buyAgain = (number: string, headers = ayesha) => t.app.inject({ method: 'POST', url: `/api/orders/${number}/buy-again/`, headers });

describe('POST /api/orders/{orderNumber}/buy-again/', () => {
  it('puts the order into the cart at today\'s prices and says what changed, offering an equivalent for what cannot be had', async () => {
    const { db } = t.database;
    await db.update(productVariants).set({ priceCents: 2_100 }).where(eq(productVariants.id, ids.kelly.variantId));
    await db.update(products).set({ status: 'archived' }).where(eq(products.id, ids.adson.id));
    await db.update(inventoryItems).set({ currentStock: 1, reservedStock: 0 }).where(eq(inventoryItems.variantId, ids.iris.variantId));

    const res = await buyAgain(orderNumber.toLowerCase());
    expect(res.statusCode, res.body).toBe(200);
    const { cart, lines } = res.json();
    expect(lines).toEqual([
      expect.objectContaining({ name: 'Mayo Scissors', ordered_quantity: 2, added: 2, outcome: 'added', ordered_price: '20.00', today_price: '20.00', equivalent: null }),
      expect.objectContaining({ name: 'Kelly Hemostat', ordered_quantity: 3, added: 3, outcome: 'added', ordered_price: '18.00', today_price: '21.00' }),
      expect.objectContaining({
        name: 'Adson Forceps', added: 0, outcome: 'discontinued', today_price: null,
        equivalent: expect.objectContaining({ product_id: ids.adsonOther.id, price: '9.50', brand: 'Karl Medics' }),
      }),
      expect.objectContaining({ name: 'Iris Scissors', ordered_quantity: 4, added: 1, outcome: 'partial', today_price: '12.00' }),
    ]);
    // The cart's own answer, priced by the cart.
    expect(cart.items.map((item: { product_id: number; quantity: number; unit_price: string }) => [item.product_id, item.quantity, item.unit_price])).toEqual(
      expect.arrayContaining([[ids.mayo.id, 2, '20.00'], [ids.kelly.id, 3, '21.00'], [ids.iris.id, 1, '12.00']]),
    );
    expect(cart.items).toHaveLength(3);

    const again = (await buyAgain(orderNumber)).json();
    expect(again.lines[3]).toMatchObject({ outcome: 'out_of_stock', added: 0, today_price: null, equivalent: null });
    expect(again.cart.items.find((item: { product_id: number }) => item.product_id === ids.mayo.id).quantity).toBe(4);
  });

  it('answers 404 for another buyer\'s order, for staff, and for an order that does not exist; 401 signed out', async () => {
    expect((await buyAgain(orderNumber, bilal)).statusCode).toBe(404);
    expect((await buyAgain(orderNumber, staff)).statusCode).toBe(404);
    expect((await buyAgain('SS-NOSUCH1')).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'POST', url: `/api/orders/${orderNumber}/buy-again/` })).statusCode).toBe(401);
    const bilalCart = (await t.app.inject({ url: '/api/cart/', headers: bilal })).json();
    expect(bilalCart.items).toEqual([]);
  });
});
