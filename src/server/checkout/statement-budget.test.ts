import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestUser } from '../test/auth-fixtures.ts';
import { insertCatalogue } from '../test/catalog-fixtures.ts';
import { createCommerceTestApp, paymentBody, type CommerceTestApp } from '../test/commerce-fixtures.ts';

/**
 * Statements a buyer's request sends to the database (every one a round trip, parsed and planned there): a change that
 * adds some fails here before it costs the shop under load. The budgets are what the routes take today; lower them
 * as the routes get cheaper. Adding to the cart asks whether the variant is a set (one statement). A search after a write
 * (the cart's stock changes are catalogue writes) is found afresh: its query, the visitor's prices, and the catalogue's
 * next sale start or end, read once per write for every answer the shop keeps.
 */
const BUDGET = { addToCart: 15, removeFromCart: 6, checkout: 53, search: 6 };

let t: CommerceTestApp;
const statements: string[] = [];
let buyer: Record<string, string>;
let line: { product_id: number; variant_id: number; quantity: number };
let key = 0;

/** The outbox worker's polls and the job scheduler's claims run beside requests: they are not the request's. */
const ofRequest = () => statements.filter((statement) => !statement.includes('mail_outbox') && !statement.includes('job_runs'));

/** The statements `request` sends. */
async function statementsOf(request: () => Promise<unknown>): Promise<string[]> {
  statements.length = 0;
  await request();
  return ofRequest();
}

beforeAll(async () => {
  t = await createCommerceTestApp({ observer: { onQuery: (statement) => statements.push(statement) } });
  const { products } = await insertCatalogue(t.database.db, ['general-surgery'], [
    { name: 'Kelly Hemostat', category: 'general-surgery', priceCents: 1_800, stock: 1_000 },
    { name: 'Mayo Scissors', category: 'general-surgery', priceCents: 12_950, stock: 1_000 },
  ]);
  line = { product_id: products[0].id, variant_id: products[0].variantId, quantity: 1 };
  buyer = (await createTestUser(t.database.db, { email: 'budget@example.com' })).headers;
});
afterAll(() => t.close());

const add = () => t.app.inject({ method: 'POST', url: '/api/cart/add-item/', headers: buyer, payload: line });
const remove = (id: number) => t.app.inject({ method: 'DELETE', url: `/api/cart/items/${id}/`, headers: buyer });
const search = () => t.app.inject({ method: 'POST', url: '/api/search', payload: { query: 'kelly hemostat', maxResults: 20 } });
async function checkout() {
  await add();
  const total = Number((await t.app.inject({ url: '/api/cart/', headers: buyer })).json().grand_total);
  statements.length = 0;
  const paid = await t.app.inject({
    method: 'POST', url: '/api/payment/process', headers: { ...buyer, 'idempotency-key': `budget-${++key}` }, payload: paymentBody('credit_card', total),
  });
  expect(paid.statusCode, paid.body).toBe(201);
}

describe('statements per request', () => {
  it('stay within their budgets for add to cart, remove, checkout and search', async () => {
    // Once each first, so that what the shop caches is filled.
    const first = await add();
    expect(first.statusCode, first.body).toBe(200);
    const id = first.json().items[0].id;
    await remove(id);
    await search();
    await checkout();

    const added = await statementsOf(add);
    const itemId = (await t.app.inject({ url: '/api/cart/', headers: buyer })).json().items[0].id;
    const removed = await statementsOf(() => remove(itemId));
    const searched = await statementsOf(search);
    // Asked again with nothing written between, a visitor's search is answered from what the shop kept.
    expect(await statementsOf(search)).toEqual([]);
    await checkout();
    const paid = ofRequest();
    const counts = { addToCart: added.length, removeFromCart: removed.length, checkout: paid.length, search: searched.length };
    expect(counts.addToCart).toBeLessThanOrEqual(BUDGET.addToCart);
    expect(counts.removeFromCart).toBeLessThanOrEqual(BUDGET.removeFromCart);
    expect(counts.checkout).toBeLessThanOrEqual(BUDGET.checkout);
    expect(counts.search).toBeLessThanOrEqual(BUDGET.search);
  });
});
