import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HttpError } from '../lib/errors.ts';
import { createAccessTokens } from '../auth/tokens.ts';
import { createTestApp, TEST_JWT_SECRET, type TestApp } from '../test/test-app.ts';
import { insertCatalogue, insertUser } from '../test/catalog-fixtures.ts';
import { insertOrder } from '../test/order-fixtures.ts';
import { ALREADY_REVIEWED, NOT_A_BUYER, authorName, createReview, hasBought } from './reviews.service.ts';

let t: TestApp;
let scissorsId: number;
let forcepsId: number;
const buyers: { id: string; headers: { authorization: string } }[] = [];
let browser: { id: string; headers: { authorization: string } };

const signedIn = async (email: string, firstName: string, lastName: string) => {
  const user = await insertUser(t.database.db, { email, firstName, lastName });
  return { id: user.id, headers: { authorization: `Bearer ${await createAccessTokens(TEST_JWT_SECRET).sign(user.id, 0)}` } };
};
const review = (rating: number, title = 'Sharp and well balanced') =>
  ({ rating, title, body: 'Cuts cleanly through fascia; the ring handles are comfortable.' });
const statusOf = async (promise: Promise<unknown>) => promise.then(() => 200, (error: HttpError) => [error.status, error.detail]);

beforeAll(async () => {
  t = await createTestApp();
  const { products } = await insertCatalogue(t.database.db, ['general-surgery'], [
    { name: 'Mayo Scissors', category: 'general-surgery', priceCents: 2_000 },
    { name: 'Adson Forceps', category: 'general-surgery', priceCents: 1_000 },
  ]);
  [scissorsId, forcepsId] = products.map((p) => p.id);
  for (const [email, first, last] of [['ayesha@example.com', 'Ayesha', 'khan'], ['bilal@example.com', 'Bilal', 'Ahmed'], ['sara@example.com', 'Sara', 'Malik']]) {
    const buyer = await signedIn(email, first, last);
    await insertOrder(t.database.db, buyer.id, [{ productId: scissorsId }]);
    buyers.push(buyer);
  }
  browser = await signedIn('browser@example.com', 'Omar', 'Farooq');
  await insertOrder(t.database.db, browser.id, [{ productId: forcepsId }]);
  await insertOrder(t.database.db, browser.id, [{ productId: scissorsId }], 'failed');
});
afterAll(() => t.close());

describe('reviews service', () => {
  it('knows who bought what from paid orders only', async () => {
    expect(await hasBought(t.database.db, buyers[0].id, scissorsId)).toBe(true);
    expect(await hasBought(t.database.db, browser.id, scissorsId)).toBe(false);
    expect(await hasBought(t.database.db, browser.id, forcepsId)).toBe(true);
  });

  it('keeps average_rating and review_count true on every review', async () => {
    const db = t.database.db;
    const first = await createReview(db, { ...review(5), productId: scissorsId, userId: buyers[0].id });
    expect(first).toMatchObject({ rating: 5, author: 'Ayesha K.', verified_purchase: true });
    await createReview(db, { ...review(4), productId: scissorsId, userId: buyers[1].id });
    const product = (await t.app.inject('/api/products/mayo-scissors/')).json();
    expect(product).toMatchObject({ average_rating: 4.5, review_count: 2 });
    expect(await statusOf(createReview(db, { ...review(1), productId: scissorsId, userId: buyers[0].id }))).toEqual([409, ALREADY_REVIEWED]);
    expect(await statusOf(createReview(db, { ...review(1), productId: scissorsId, userId: browser.id }))).toEqual([403, NOT_A_BUYER]);
    expect((await t.app.inject('/api/products/?search=mayo')).json().results[0]).toMatchObject({ average_rating: 4.5, review_count: 2 });
  });

  it('names authors by first name and last initial', () => {
    expect(authorName('Ayesha', 'khan')).toBe('Ayesha K.');
    expect(authorName('Ayesha', '')).toBe('Ayesha');
  });
});

describe('POST /api/products/{slug}/reviews/', () => {
  const post = (slug: string, body: unknown, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'POST', url: `/api/products/${slug}/reviews/`, payload: body as object, headers });

  it('takes one review from a buyer and returns its text as plain text', async () => {
    const res = await post('mayo-scissors', { ...review(2, '<b>Too stiff</b>') }, buyers[2].headers);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ rating: 2, title: '<b>Too stiff</b>', author: 'Sara M.', verified_purchase: true });
    expect((await t.app.inject('/api/products/mayo-scissors/')).json()).toMatchObject({ average_rating: 3.67, review_count: 3 });
    const again = await post('mayo-scissors', review(3), buyers[2].headers);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ detail: ALREADY_REVIEWED, code: 'ALREADY_REVIEWED' });
  });

  it('refuses the signed out (401), non-buyers (403) and unknown products (404)', async () => {
    expect((await post('mayo-scissors', review(5))).statusCode).toBe(401);
    const stranger = await post('mayo-scissors', review(5), browser.headers);
    expect(stranger.statusCode).toBe(403);
    expect(stranger.json()).toEqual({ detail: NOT_A_BUYER });
    expect((await post('no-such-product', review(5), browser.headers)).statusCode).toBe(404);
  });

  it('answers bad fields with 400 per field and writes nothing', async () => {
    const res = await post('adson-forceps', { rating: 6, title: 'x'.repeat(121), body: 'short' }, browser.headers);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({
      rating: ['Choose a rating from 1 to 5.'],
      title: ['Enter at most 120 characters.'],
      body: ['Enter at least 10 characters.'],
    });
    const missing = await post('adson-forceps', {}, browser.headers);
    expect(Object.keys(missing.json().errors).sort()).toEqual(['body', 'rating', 'title']);
    expect((await t.app.inject('/api/products/adson-forceps/reviews/')).json().count).toBe(0);
  });
});

describe('GET /api/products/{slug}/reviews/', () => {
  it('pages reviews newest first with the product\'s rating', async () => {
    const res = await t.app.inject('/api/products/mayo-scissors/reviews/?page_size=2');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      count: 3, average_rating: 3.67, review_count: 3,
      next: '/api/products/mayo-scissors/reviews/?page=2&page_size=2', previous: null,
    });
    expect(body.results.map((r: { author: string }) => r.author)).toEqual(['Sara M.', 'Bilal A.']);
    const last = (await t.app.inject('/api/products/mayo-scissors/reviews/?page=2&page_size=2')).json();
    expect(last.results.map((r: { author: string }) => r.author)).toEqual(['Ayesha K.']);
    expect(last.next).toBeNull();
  });

  it('answers unknown products with 404 and bad pages with 400', async () => {
    const missing = await t.app.inject('/api/products/no-such-product/reviews/');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ detail: 'Product not found.' });
    expect((await t.app.inject('/api/products/mayo-scissors/reviews/?page=0')).statusCode).toBe(400);
  });
});
