import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { wishlistItems } from '../db/schema/wishlist.ts';
import { createTestUser } from '../test/auth-fixtures.ts';
import { insertCatalogue } from '../test/catalog-fixtures.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';

let t: TestApp;
let ayesha: Record<string, string>;
let bilal: Record<string, string>;
let ids: { satinsky: number; kelly: number; retired: number; mayo: number; mayo14: number; mayo18: number; mayo18Plain: number };

beforeAll(async () => {
  t = await createTestApp();
  const { products } = await insertCatalogue(t.database.db, ['cardiology'], [
    { name: 'Satinsky Clamp', category: 'cardiology', priceCents: 18_950, originalPriceCents: 21_000, stock: 0, rating: 4.5 },
    { name: 'Kelly Hemostat', category: 'cardiology', priceCents: 1_800, stock: 5 },
    { name: 'Retired Scissors', category: 'cardiology', priceCents: 900, isActive: false },
    {
      name: 'Mayo Scissors', category: 'cardiology', priceCents: 1_500,
      options: [{ name: 'Length', values: ['14 cm', '18 cm'] }, { name: 'Tip', values: ['Straight', 'Curved'] }],
      variants: [
        { options: { Length: '14 cm', Tip: 'Straight' }, priceCents: 1_500, stock: 4 },
        { options: { Length: '18 cm', Tip: 'Curved' }, priceCents: 2_250, stock: 0 },
        { options: { Length: '18 cm', Tip: 'Straight' }, priceCents: 2_100, stock: 2 },
      ],
    },
  ]);
  const [mayo14, mayo18, mayo18Plain] = products[3].variants.map((variant) => variant.id);
  ids = { satinsky: products[0].id, kelly: products[1].id, retired: products[2].id, mayo: products[3].id, mayo14, mayo18, mayo18Plain };
  ayesha = (await createTestUser(t.database.db, { email: 'ayesha@example.com' })).headers;
  bilal = (await createTestUser(t.database.db, { email: 'bilal@example.com' })).headers;
});
afterAll(() => t.close());

const call = (method: 'GET' | 'POST' | 'DELETE', url: string, headers: Record<string, string> = ayesha, payload?: object) =>
  t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });

describe('wishlist', () => {
  it('needs a signed-in user', async () => {
    for (const [method, url] of [
      ['GET', '/api/wishlist'], ['POST', `/api/wishlist/${ids.kelly}`], ['DELETE', `/api/wishlist/${ids.kelly}`],
      ['DELETE', '/api/wishlist/item/1'], ['POST', '/api/wishlist/share/'], ['DELETE', '/api/wishlist/share/'],
      ['GET', '/api/wishlist/share/'],
    ] as const) expect((await call(method, url, {})).statusCode, `${method} ${url}`).toBe(401);
  });

  it('takes every product field from the catalogue, whatever the client sends, and keeps one item per product', async () => {
    const forged = { name: 'Cheap', price: 1, originalPrice: 2, image: 'x.png', category: 'free', rating: 5, inStock: true };
    const first = await call('POST', `/api/wishlist/${ids.satinsky}`, ayesha, forged);
    expect(first.statusCode).toBe(200);
    expect(first.json().item).toMatchObject({
      productId: ids.satinsky, variant_label: '', slug: 'satinsky-clamp', name: 'Satinsky Clamp', price: 189.5, originalPrice: 210,
      image: '/media/test/satinsky-clamp.svg', category: 'cardiology', rating: 4.5, inStock: false,
    });
    const again = await call('POST', `/api/wishlist/${ids.satinsky}`);
    expect(again.json().item.id).toBe(first.json().item.id);
    await call('POST', `/api/wishlist/${ids.kelly}`);
    const { items } = (await call('GET', '/api/wishlist')).json();
    expect(items.map((item: { name: string }) => item.name)).toEqual(['Kelly Hemostat', 'Satinsky Clamp']);
    expect(items[0]).toMatchObject({ price: 18, originalPrice: null, inStock: true });
    expect(Date.parse(items[0].addedAt)).not.toBeNaN();
  });

  it('refuses unknown and withdrawn products', async () => {
    expect((await call('POST', '/api/wishlist/999999')).json()).toEqual({ detail: 'Product not found.' });
    expect((await call('POST', `/api/wishlist/${ids.retired}`)).statusCode).toBe(404);
    expect((await call('POST', '/api/wishlist/abc')).statusCode).toBe(400);
  });

  it('keeps each list to its owner', async () => {
    const { items } = (await call('GET', '/api/wishlist')).json();
    expect((await call('GET', '/api/wishlist', bilal)).json()).toEqual({ items: [] });
    expect((await call('DELETE', `/api/wishlist/item/${items[0].id}`, bilal)).statusCode).toBe(404);
    expect((await call('GET', '/api/wishlist')).json().items).toHaveLength(2);
  });

  it('removes by item id and by product id, idempotently by product', async () => {
    const { items } = (await call('GET', '/api/wishlist')).json();
    expect((await call('DELETE', `/api/wishlist/item/${items[0].id}`)).statusCode).toBe(200);
    expect((await call('DELETE', `/api/wishlist/item/${items[0].id}`)).statusCode).toBe(404);
    expect((await call('DELETE', `/api/wishlist/${ids.satinsky}`)).statusCode).toBe(200);
    expect((await call('DELETE', `/api/wishlist/${ids.satinsky}`)).statusCode).toBe(200);
    expect((await call('GET', '/api/wishlist')).json()).toEqual({ items: [] });
  });
});

describe('wishlist variants', () => {
  const mayoIds = async (headers: Record<string, string>) => (await call('GET', '/api/wishlist', headers)).json().items
    .filter((item: { productId: number }) => item.productId === ids.mayo)
    .map((item: { variant_id: number; variant_label: string }) => [item.variant_id, item.variant_label]);

  it('saves the chosen variant with its label, price and stock, and the first variant when none is chosen', async () => {
    const sana = (await createTestUser(t.database.db, { email: 'sana@example.com' })).headers;
    const chosen = await call('POST', `/api/wishlist/${ids.mayo}?variant_id=${ids.mayo18}`, sana);
    expect(chosen.statusCode).toBe(200);
    expect(chosen.json().item).toMatchObject({
      productId: ids.mayo, variant_id: ids.mayo18, variant_label: '18 cm · Curved', name: 'Mayo Scissors', price: 22.5, inStock: false,
    });
    // A heart on a product card names no variant: the first one is saved, beside the chosen one.
    const card = (await call('POST', `/api/wishlist/${ids.mayo}`, sana)).json().item;
    expect(card).toMatchObject({ variant_id: ids.mayo14, variant_label: '14 cm · Straight', price: 15, inStock: true });
    expect(await mayoIds(sana)).toEqual([[ids.mayo14, '14 cm · Straight'], [ids.mayo18, '18 cm · Curved']]);

    const { shareId } = (await call('POST', '/api/wishlist/share/', sana)).json();
    const shared = (await call('GET', `/api/wishlist/shared/${shareId}`, {})).json().items;
    expect(shared.map((item: { variant_label: string }) => item.variant_label)).toEqual(['14 cm · Straight', '18 cm · Curved']);

    // Removing by product id takes every saved variant of it.
    expect((await call('DELETE', `/api/wishlist/${ids.mayo}`, sana)).statusCode).toBe(200);
    expect(await mayoIds(sana)).toEqual([]);
  });

  it("refuses another product's variant and a bad variant id, writing nothing", async () => {
    const omar = await createTestUser(t.database.db, { email: 'omar@example.com' });
    const foreign = await call('POST', `/api/wishlist/${ids.kelly}?variant_id=${ids.mayo18Plain}`, omar.headers);
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().errors).toEqual({ variant_id: ["This size or version is not one of this product's."] });
    const bad = await call('POST', `/api/wishlist/${ids.mayo}?variant_id=abc`, omar.headers);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual({ variant_id: ['Enter a variant id.'] });
    expect(await t.database.db.select().from(wishlistItems).where(eq(wishlistItems.userId, omar.user.id))).toEqual([]);
  });
});

describe('shared wishlist', () => {
  it('gives one unguessable link until it is revoked, readable signed out', async () => {
    await call('POST', `/api/wishlist/${ids.kelly}`, bilal);
    expect((await call('GET', '/api/wishlist/share/', bilal)).json()).toEqual({ share: null });
    const first = (await call('POST', '/api/wishlist/share/', bilal)).json();
    expect(first.shareId).toMatch(/^[A-Za-z0-9_-]{22,}$/);
    expect(first.url).toBe(`/wishlist/shared/${first.shareId}`);
    expect((await call('POST', '/api/wishlist/share/', bilal)).json()).toEqual(first);
    expect((await call('GET', '/api/wishlist/share/', bilal)).json()).toEqual({ share: first });

    const shared = await call('GET', `/api/wishlist/shared/${first.shareId}`, {});
    expect(shared.statusCode).toBe(200);
    expect(shared.json()).toMatchObject({ ownerFirstName: 'Test', items: [{ name: 'Kelly Hemostat', price: 18 }] });
    expect((await call('GET', '/api/wishlist/shared/not-a-real-share-id-000', {})).statusCode).toBe(404);

    expect((await call('DELETE', '/api/wishlist/share/', bilal)).statusCode).toBe(200);
    expect((await call('GET', `/api/wishlist/shared/${first.shareId}`, {})).json()).toEqual({ detail: 'Shared wishlist not found.' });
    const next = (await call('POST', '/api/wishlist/share/', bilal)).json();
    expect(next.shareId).not.toBe(first.shareId);
  });

  it("changes only the caller's own list and link: removing a product or stopping sharing leaves others alone", async () => {
    await call('POST', `/api/wishlist/${ids.kelly}`, ayesha);
    const ayeshaShare = (await call('POST', '/api/wishlist/share/', ayesha)).json();
    const bilalShare = (await call('GET', '/api/wishlist/share/', bilal)).json().share;

    expect((await call('DELETE', `/api/wishlist/${ids.kelly}`, bilal)).statusCode).toBe(200);
    expect((await call('DELETE', '/api/wishlist/share/', bilal)).statusCode).toBe(200);

    expect((await call('GET', '/api/wishlist', ayesha)).json().items.map((item: { name: string }) => item.name)).toEqual(['Kelly Hemostat']);
    expect((await call('GET', '/api/wishlist/share/', ayesha)).json()).toEqual({ share: ayeshaShare });
    const shared = (await call('GET', `/api/wishlist/shared/${ayeshaShare.shareId}`, {})).json();
    expect(shared).toEqual({ ownerFirstName: 'Test', items: [expect.objectContaining({ name: 'Kelly Hemostat' })] });
    expect((await call('GET', `/api/wishlist/shared/${bilalShare.shareId}`, {})).statusCode).toBe(404);
  });

  it('shows the list as it is now, not as it was when shared', async () => {
    const { shareId } = (await call('POST', '/api/wishlist/share/', ayesha)).json();
    await call('POST', `/api/wishlist/${ids.satinsky}`, ayesha);
    const names = async () => (await call('GET', `/api/wishlist/shared/${shareId}`, {})).json().items.map((item: { name: string }) => item.name);
    expect(await names()).toEqual(['Satinsky Clamp', 'Kelly Hemostat']);
    await call('DELETE', `/api/wishlist/${ids.kelly}`, ayesha);
    expect(await names()).toEqual(['Satinsky Clamp']);
  });
});
