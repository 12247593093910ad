import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { stockNotifications } from '../db/schema/stock-notifications.ts';
import { receive, writeOff } from '../inventory/stock-ledger.ts';
import { createTestUser } from '../test/auth-fixtures.ts';
import { insertCatalogue } from '../test/catalog-fixtures.ts';
import { createCommerceTestApp, paymentBody, type CommerceTestApp } from '../test/commerce-fixtures.ts';
import { createGatedCardProvider } from '../test/gated-provider.ts';

const gate = createGatedCardProvider();
let t: CommerceTestApp;
const users: Record<'ayesha' | 'bilal' | 'sana', Record<string, string>> = { ayesha: {}, bilal: {}, sana: {} };
let ids: { satinsky: number; kelly: number; debakey: number; lastOne: number; mayo: number };
/** Variant ids: Satinsky's only one, and Mayo Scissors' by length. */
let variants: { satinsky: number; mayo14: number; mayo18: number; mayo20: number };

beforeAll(async () => {
  t = await createCommerceTestApp({ providers: { credit_card: gate.provider } });
  const { products } = await insertCatalogue(t.database.db, ['cardiology'], [
    { name: 'Satinsky Clamp', category: 'cardiology', priceCents: 18_950, stock: 0 },
    { name: 'Kelly Hemostat', category: 'cardiology', priceCents: 1_800, stock: 5 },
    { name: 'DeBakey Forceps', category: 'cardiology', priceCents: 6_500, stock: 2, reserved: 2 },
    { name: 'Last Retractor', category: 'cardiology', priceCents: 9_000, stock: 1 },
    {
      name: 'Mayo Scissors', category: 'cardiology', priceCents: 1_500,
      options: [{ name: 'Length', values: ['14 cm', '18 cm', '20 cm'] }],
      variants: [{ options: { Length: '14 cm' }, stock: 0 }, { options: { Length: '18 cm' }, stock: 0 }, { options: { Length: '20 cm' }, stock: 3 }],
    },
  ]);
  ids = { satinsky: products[0].id, kelly: products[1].id, debakey: products[2].id, lastOne: products[3].id, mayo: products[4].id };
  const [mayo14, mayo18, mayo20] = products[4].variants.map((variant) => variant.id);
  variants = { satinsky: products[0].variantId, mayo14, mayo18, mayo20 };
  for (const name of ['ayesha', 'bilal', 'sana'] as const) {
    users[name] = (await createTestUser(t.database.db, { email: `${name}@example.com` })).headers;
  }
});
afterAll(() => t.close());
beforeEach(() => {
  t.mailer.sent.length = 0;
});

/** Stock received outside a request, and what its commit sets off followed through and mailed. */
const restock = async (variantId: number, quantity: number) => {
  await receive(t.database.db, { variantId, quantity });
  await t.stockCommits.settled();
  await t.drainMail();
};

const call = (method: 'GET' | 'POST' | 'DELETE', productId: number | string, headers: Record<string, string> = users.ayesha, variantId?: number | string) =>
  t.app.inject({ method, url: `/api/products/${productId}/notify/${variantId === undefined ? '' : `?variant_id=${variantId}`}`, headers });

describe('Notify When Available', () => {
  it('needs a signed-in user', async () => {
    for (const method of ['GET', 'POST', 'DELETE'] as const) expect((await call(method, ids.satinsky, {})).statusCode).toBe(401);
  });

  it('refuses products in stock, unknown products and bad ids', async () => {
    const inStock = await call('POST', ids.kelly);
    expect(inStock.statusCode).toBe(400);
    expect(inStock.json()).toEqual({ detail: 'This product is in stock.', code: 'IN_STOCK' });
    expect((await call('POST', 999_999)).json()).toEqual({ detail: 'Product not found.' });
    expect((await call('POST', 'abc')).statusCode).toBe(400);
  });

  it('subscribes idempotently on an out-of-stock product, and unsubscribes', async () => {
    expect((await call('GET', ids.satinsky)).json()).toEqual({ product_id: ids.satinsky, variant_id: null, subscribed: false });
    for (let i = 0; i < 2; i++) {
      const res = await call('POST', ids.satinsky);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ product_id: ids.satinsky, variant_id: variants.satinsky, subscribed: true });
    }
    expect(await t.database.db.select().from(stockNotifications).where(eq(stockNotifications.variantId, variants.satinsky))).toHaveLength(1);
    expect((await call('GET', ids.satinsky)).json().subscribed).toBe(true);
    expect((await call('DELETE', ids.satinsky)).json()).toEqual({ product_id: ids.satinsky, variant_id: null, subscribed: false });
    expect((await call('DELETE', ids.satinsky)).statusCode).toBe(200);
  });

  it('counts reserved units: a product fully reserved is out of stock', async () => {
    expect((await call('POST', ids.debakey)).json().subscribed).toBe(true);
  });

  it('mails each subscriber once when the product is back in stock', async () => {
    await call('POST', ids.satinsky, users.ayesha);
    await call('POST', ids.satinsky, users.bilal);
    await call('POST', ids.satinsky, users.sana);
    await call('DELETE', ids.satinsky, users.sana);
    expect(t.mailer.sent).toEqual([]);

    await restock(variants.satinsky, 3);
    expect(t.mailer.sent.map((m) => m.to).sort()).toEqual(['ayesha@example.com', 'bilal@example.com']);
    const mail = t.mailer.lastTo('ayesha@example.com')!;
    expect(mail.subject).toBe('Sialkot Surgical: Satinsky Clamp is back in stock');
    expect(mail.link).toBe('http://shop.test/products/satinsky-clamp');
    expect(mail.text).toContain('http://shop.test/products/satinsky-clamp');

    await restock(variants.satinsky, 1);
    expect(t.mailer.sent).toHaveLength(2);
    expect((await call('GET', ids.satinsky)).json().subscribed).toBe(false);
    const rows = await t.database.db.select().from(stockNotifications).where(eq(stockNotifications.variantId, variants.satinsky));
    expect(rows.every((row) => row.notifiedAt !== null)).toBe(true);

    await writeOff(t.database.db, { variantId: variants.satinsky, quantity: 4 });
    expect((await call('POST', ids.satinsky)).json().subscribed).toBe(true);
  });

  it('waits for one variant: restocking another variant of the product mails nobody', async () => {
    const omar = (await createTestUser(t.database.db, { email: 'omar@example.com' })).headers;
    const subscribed = await call('POST', ids.mayo, omar, variants.mayo18);
    expect(subscribed.json()).toEqual({ product_id: ids.mayo, variant_id: variants.mayo18, subscribed: true });
    expect((await call('GET', ids.mayo, omar, variants.mayo18)).json().subscribed).toBe(true);
    expect((await call('GET', ids.mayo, omar, variants.mayo14)).json().subscribed).toBe(false);
    expect((await call('GET', ids.mayo, omar)).json()).toEqual({ product_id: ids.mayo, variant_id: null, subscribed: true });

    await restock(variants.mayo14, 2);
    expect(t.mailer.sent).toEqual([]);

    await restock(variants.mayo18, 2);
    expect(t.mailer.sent.map((m) => [m.to, m.subject])).toEqual([['omar@example.com', 'Sialkot Surgical: Mayo Scissors (18 cm) is back in stock']]);
    expect((await call('GET', ids.mayo, omar)).json().subscribed).toBe(false);
  });

  it('refuses an in-stock variant, an unchosen variant and another product\'s variant, writing nothing', async () => {
    const zara = await createTestUser(t.database.db, { email: 'zara@example.com' });
    const inStock = await call('POST', ids.mayo, zara.headers, variants.mayo20);
    expect(inStock.json()).toEqual({ detail: 'This product is in stock.', code: 'IN_STOCK' });
    const unchosen = await call('POST', ids.mayo, zara.headers);
    expect(unchosen.statusCode).toBe(400);
    expect(unchosen.json().errors).toEqual({ variant_id: ['Choose Length.'] });
    const foreign = await call('POST', ids.satinsky, zara.headers, variants.mayo18);
    expect(foreign.json().errors).toEqual({ variant_id: ["This size or version is not one of this product's."] });
    expect((await call('POST', ids.mayo, zara.headers, 'abc')).json().errors).toEqual({ variant_id: ['Enter a variant id.'] });
    expect(await t.database.db.select().from(stockNotifications).where(eq(stockNotifications.userId, zara.user.id))).toEqual([]);
  });

  it('unsubscribes from one variant, or from every variant of the product when none is named', async () => {
    const noor = (await createTestUser(t.database.db, { email: 'noor@example.com' })).headers;
    await writeOff(t.database.db, { variantId: variants.mayo14, quantity: 2 });
    await writeOff(t.database.db, { variantId: variants.mayo18, quantity: 2 });
    await call('POST', ids.mayo, noor, variants.mayo14);
    await call('POST', ids.mayo, noor, variants.mayo18);
    expect((await call('DELETE', ids.mayo, noor, variants.mayo14)).json()).toEqual({ product_id: ids.mayo, variant_id: variants.mayo14, subscribed: false });
    expect((await call('GET', ids.mayo, noor, variants.mayo18)).json().subscribed).toBe(true);
    expect((await call('DELETE', ids.mayo, noor)).json().subscribed).toBe(false);
    expect((await call('GET', ids.mayo, noor)).json().subscribed).toBe(false);
  });

  it('mails subscribers when a declined payment releases the last unit', async () => {
    await t.app.inject({ method: 'POST', url: '/api/cart/add-item/', headers: users.ayesha, payload: { product_id: ids.lastOne, quantity: 1 } });
    const cart = (await t.app.inject({ method: 'GET', url: '/api/cart/', headers: users.ayesha })).json();
    const paying = t.app.inject({
      method: 'POST', url: '/api/payment/process', headers: { ...users.ayesha, 'idempotency-key': 'last-one' },
      payload: paymentBody('credit_card', Number(cart.grand_total)),
    });
    await gate.started();
    expect((await call('POST', ids.lastOne, users.bilal)).json().subscribed).toBe(true);
    gate.answer({ status: 'failed', reference: '', message: 'Payment declined: your card was declined.', reason: 'card_declined' });
    expect((await paying).statusCode).toBe(402);
    expect(t.mailer.sent.map((m) => [m.to, m.subject])).toEqual([['bilal@example.com', 'Sialkot Surgical: Last Retractor is back in stock']]);
  });
});
