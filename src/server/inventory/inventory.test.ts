import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stockNotifications } from '../db/schema/stock-notifications.ts';
import { createTestUser } from '../test/auth-fixtures.ts';
import { insertCatalogue } from '../test/catalog-fixtures.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { defaultLowStockThreshold } from './low-stock-threshold.ts';
import { receive, release, reserve, sellReserved } from './stock-ledger.ts';

let t: TestApp;
let staff: Record<string, string>;
let superuser: Record<string, string>;
let customer: Record<string, string>;
let customerId: string;
type Name = 'mayo' | 'kelly' | 'adson' | 'cardiac' | 'bulldog' | 'spare';
const id = {} as Record<Name, number>;
/** Each product's only variant. */
const variant = {} as Record<Name, number>;

/*
 * Hand-computed fixture (available = current − reserved; low = 0 < available ≤ threshold):
 *   Mayo Scissors        $15.00 × 20, threshold 5  → in stock,      value  300.00
 *   Kelly Hemostat       $18.50 ×  3, threshold 5  → low,           value   55.50
 *   Adson Forceps        $12.00 ×  0               → out,           value    0.00
 *   Cardiac Retractor    $99.99 ×  8, 8 reserved   → out,           value  799.92
 *   Bulldog Clamp         $7.25 ×  6, 1 reserved   → low (5 ≤ 5),   value   43.50
 *   Spare Blade Handle    $2.00 × 40, threshold 10 → in stock,      value   80.00
 * Totals: 6 products, 2 low, 2 out, $1,278.92.
 */
beforeAll(async () => {
  t = await createTestApp();
  const { products } = await insertCatalogue(t.database.db, ['general-surgery', 'cardiology'], [
    { name: 'Mayo Scissors', category: 'general-surgery', priceCents: 1_500, stock: 20 },
    { name: 'Kelly Hemostat', category: 'general-surgery', priceCents: 1_850, stock: 3 },
    { name: 'Adson Forceps', category: 'general-surgery', priceCents: 1_200, stock: 0 },
    { name: 'Cardiac Retractor, "Large"', category: 'cardiology', priceCents: 9_999, stock: 8, reserved: 8 },
    { name: 'Bulldog Clamp', category: 'cardiology', brand: '=Evil Brand', priceCents: 725, stock: 6, reserved: 1 },
    { name: 'Spare Blade Handle', category: 'general-surgery', priceCents: 200, stock: 40, lowStockThreshold: 10 },
  ]);
  [id.mayo, id.kelly, id.adson, id.cardiac, id.bulldog, id.spare] = products.map((p) => p.id);
  [variant.mayo, variant.kelly, variant.adson, variant.cardiac, variant.bulldog, variant.spare] = products.map((p) => p.variantId);
  staff = (await createTestUser(t.database.db, { email: 'staff@example.com', staffRole: 'owner' })).headers;
  superuser = (await createTestUser(t.database.db, { email: 'root@example.com', isSuperuser: true })).headers;
  const buyer = await createTestUser(t.database.db, { email: 'buyer@example.com' });
  customer = buyer.headers;
  customerId = buyer.user.id;
});
afterAll(() => t.close());

type Method = 'GET' | 'POST' | 'PATCH';
const call = (method: Method, url: string, headers: Record<string, string> = staff, payload?: object) =>
  t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
const movement = (productId: number, payload: object, headers = staff) =>
  call('POST', `/api/inventory/${productId}/movements/create/`, headers, payload);

describe('overview', () => {
  it('matches the hand-computed fixture', async () => {
    const res = await call('GET', '/api/inventory/overview/');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ totalProducts: 6, lowStockItems: 2, outOfStock: 2, totalStockValue: '1278.92' });
  });
});

describe('permissions', () => {
  it('answers 401 signed out, 403 to customers and 2xx to staff and superusers on every inventory route', async () => {
    const alerts = (await call('GET', '/api/inventory/alerts/')).json().alerts as { id: number }[];
    const routes: [Method, string, object?][] = [
      ['GET', `/api/inventory/${id.mayo}/status/`],
      ['GET', '/api/inventory/items/?page=1&per_page=20'],
      ['GET', '/api/inventory/list/'],
      ['GET', `/api/inventory/${id.mayo}/movements/`],
      ['GET', '/api/inventory/movements/'],
      ['POST', `/api/inventory/${id.spare}/movements/create/`, { kind: 'receive', quantity: 1, reason: 'Permission check' }],
      ['PATCH', `/api/inventory/${id.spare}/threshold/`, { lowStockThreshold: 10 }],
      ['GET', '/api/inventory/overview/'],
      ['GET', '/api/inventory/alerts/'],
      ['POST', `/api/inventory/alerts/${alerts[0].id}/acknowledge/`],
      ['GET', '/api/inventory/report.csv'],
    ];
    for (const [method, url, body] of routes) {
      expect((await call(method, url, {}, body)).statusCode, `${method} ${url} signed out`).toBe(401);
      const forbidden = await call(method, url, customer, body);
      expect(forbidden.statusCode, `${method} ${url} customer`).toBe(403);
      expect(forbidden.json()).toMatchObject({ code: 'STAFF_ONLY' });
      for (const headers of [staff, superuser]) {
        const res = await call(method, url, headers, body);
        expect([200, 201], `${method} ${url}: ${res.body}`).toContain(res.statusCode);
      }
    }
    // The two receives above; undo them so the other figures stay hand-computable.
    await movement(id.spare, { kind: 'adjust', quantity: -2, reason: 'Undo permission checks' });
  });
});

describe('status and items', () => {
  it('gives the live stock status by product id', async () => {
    const res = await call('GET', `/api/inventory/${id.bulldog}/status/`);
    expect(res.json()).toMatchObject({
      productId: id.bulldog, currentStock: 6, reservedStock: 1, availableStock: 5, lowStockThreshold: 5, isFlashSale: false,
    });
    expect((await call('GET', '/api/inventory/999999/status/')).statusCode).toBe(404);
  });

  it('counts demand once per checkout: sales plus units still held', async () => {
    const db = t.database.db;
    await reserve(db, { variantId: variant.mayo, quantity: 3 });
    await sellReserved(db, { variantId: variant.mayo, quantity: 3 });
    await reserve(db, { variantId: variant.mayo, quantity: 2 });
    const status = (await call('GET', `/api/inventory/${id.mayo}/status/`)).json();
    expect(status).toMatchObject({ currentStock: 17, reservedStock: 2, availableStock: 15, totalDemand: 5 });
    await receive(db, { variantId: variant.mayo, quantity: 3 });
    await release(db, { variantId: variant.mayo, quantity: 2 });
    expect((await call('GET', `/api/inventory/${id.mayo}/status/`)).json()).toMatchObject({ currentStock: 20, totalDemand: 3 });
  });

  it('lists items with the spec fields, pagination, search and status filter', async () => {
    const res = await call('GET', '/api/inventory/items/?page=1&per_page=4');
    const body = res.json();
    expect(body.pagination).toEqual({ totalItems: 6, page: 1, perPage: 4, totalPages: 2 });
    expect(body.items.map((i: { productName: string }) => i.productName)).toEqual([
      'Adson Forceps', 'Bulldog Clamp', 'Cardiac Retractor, "Large"', 'Kelly Hemostat',
    ]);
    expect(body.items[1]).toMatchObject({
      productId: id.bulldog, variantId: variant.bulldog, variantLabel: '', productModel: 'T-1004', productSlug: 'bulldog-clamp', productBrand: '=Evil Brand', productCategory: 'cardiology',
      availableStock: 5, totalStock: 6, reservedStock: 1, lowStockThreshold: 5, isInStock: true, isLowStock: true,
      hasDjangoProduct: true, stockValue: '43.50',
    });
    const page2 = (await call('GET', '/api/inventory/items/?page=2&per_page=4')).json();
    expect(page2.items).toHaveLength(2);

    const names = async (query: string) =>
      (await call('GET', `/api/inventory/items/?${query}`)).json().items.map((i: { productName: string }) => i.productName);
    expect(await names('status=out_of_stock')).toEqual(['Adson Forceps', 'Cardiac Retractor, "Large"']);
    expect(await names('status=low_stock')).toEqual(['Bulldog Clamp', 'Kelly Hemostat']);
    expect(await names('status=in_stock')).toEqual(['Mayo Scissors', 'Spare Blade Handle']);
    expect(await names('search=kelly')).toEqual(['Kelly Hemostat']);
    expect(await names('search=evil')).toEqual(['Bulldog Clamp']);
    expect(await names('search=T-1005')).toEqual(['Spare Blade Handle']);
    expect(await names('search=100%25')).toEqual([]);
    expect((await call('GET', '/api/inventory/items/?per_page=101')).statusCode).toBe(400);
    expect((await call('GET', '/api/inventory/items/?status=lots')).statusCode).toBe(400);
  });

  it('offers a short product list for picking, out of stock first', async () => {
    const items = (await call('GET', '/api/inventory/list/?search=a')).json().items as { productName: string; availableStock: number }[];
    expect(items[0].availableStock).toBe(0);
    expect(items.map((i) => i.productName)).toContain('Mayo Scissors');
  });
});

describe('movements', () => {
  it('records a receive with the user and reason, and lists it newest first', async () => {
    const res = await movement(id.kelly, { kind: 'receive', quantity: 10, reason: 'Delivery from Sialkot' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      movement: { productId: id.kelly, variantId: variant.kelly, variantLabel: '', productName: 'Kelly Hemostat', kind: 'receive', quantity: 10, reason: 'Delivery from Sialkot', user: 'Test User' },
      item: { totalStock: 13, availableStock: 13, isLowStock: false },
    });
    await movement(id.kelly, { kind: 'damage', quantity: 2, reason: 'Bent tips' });
    const list = (await call('GET', `/api/inventory/${id.kelly}/movements/`)).json();
    expect(list.movements.map((m: { kind: string; quantity: number }) => [m.kind, m.quantity])).toEqual([['damage', -2], ['receive', 10]]);
    expect(list.pagination).toMatchObject({ totalItems: 2, page: 1, perPage: 20, totalPages: 1 });
    const all = (await call('GET', '/api/inventory/movements/?kind=damage')).json();
    expect(all.movements).toHaveLength(1);
    expect((await call('GET', '/api/inventory/999999/movements/')).statusCode).toBe(404);
  });

  it('refuses a change below zero with 409, writing nothing', async () => {
    const before = (await call('GET', `/api/inventory/${id.cardiac}/movements/`)).json().pagination.totalItems;
    const res = await movement(id.cardiac, { kind: 'damage', quantity: 1, reason: 'Dropped' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'INSUFFICIENT_STOCK', params: { reason: 'lots' } });
    expect((await movement(id.adson, { kind: 'adjust', quantity: -1, reason: 'Count' })).statusCode).toBe(409);
    expect((await call('GET', `/api/inventory/${id.cardiac}/movements/`)).json().pagination.totalItems).toBe(before);
    expect((await movement(999_999, { kind: 'receive', quantity: 1 })).statusCode).toBe(404);
  });

  it('answers 400 for bad quantities, missing reasons and checkout-only kinds', async () => {
    const bad = [
      [{ kind: 'receive', quantity: 0 }, 'quantity'],
      [{ kind: 'receive', quantity: -3 }, 'quantity'],
      [{ kind: 'receive', quantity: 1.5 }, 'quantity'],
      [{ kind: 'receive', quantity: '4' }, 'quantity'],
      [{ kind: 'receive', quantity: 2_000_000 }, 'quantity'],
      [{ kind: 'adjust', quantity: 0, reason: 'Count' }, 'quantity'],
      [{ kind: 'adjust', quantity: 2 }, 'reason'],
      [{ kind: 'damage', quantity: 1, reason: '   ' }, 'reason'],
      [{ kind: 'return', quantity: 1, reason: 'x'.repeat(501) }, 'reason'],
      [{ kind: 'sale', quantity: 1 }, 'kind'],
      [{ kind: 'reserve', quantity: 1 }, 'kind'],
      [{ kind: 'steal', quantity: 1 }, 'kind'],
    ] as const;
    for (const [payload, field] of bad) {
      const res = await movement(id.mayo, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(Object.keys(res.json().errors), JSON.stringify(payload)).toContain(field);
    }
  });

  it('mails those waiting when a receive brings an out-of-stock product back', async () => {
    await t.database.db.insert(stockNotifications).values({ userId: customerId, variantId: variant.adson });
    t.mailer.sent.length = 0;
    await movement(id.adson, { kind: 'receive', quantity: 4, reason: 'Delivery' });
    expect(t.mailer.sent.map((m) => m.to)).toEqual(['buyer@example.com']);
    await movement(id.adson, { kind: 'adjust', quantity: -4, reason: 'Wrong delivery' });
  });
});

describe('threshold', () => {
  it('defaults to the larger of 5 and 10% of the initial stock', () => {
    expect(defaultLowStockThreshold(0)).toBe(5);
    expect(defaultLowStockThreshold(50)).toBe(5);
    expect(defaultLowStockThreshold(51)).toBe(6);
    expect(defaultLowStockThreshold(200)).toBe(20);
    expect(defaultLowStockThreshold(1234)).toBe(124);
  });

  it('is changed by PATCH within 0..100000, moving the item between statuses', async () => {
    const res = await call('PATCH', `/api/inventory/${id.spare}/threshold/`, staff, { lowStockThreshold: 40 });
    expect(res.json()).toMatchObject({ lowStockThreshold: 40, isLowStock: true });
    for (const value of [-1, 100_001, 2.5, '7']) {
      expect((await call('PATCH', `/api/inventory/${id.spare}/threshold/`, staff, { lowStockThreshold: value })).statusCode).toBe(400);
    }
    expect((await call('PATCH', '/api/inventory/999999/threshold/', staff, { lowStockThreshold: 3 })).statusCode).toBe(404);
    await call('PATCH', `/api/inventory/${id.spare}/threshold/`, staff, { lowStockThreshold: 10 });
  });
});

describe('alerts', () => {
  type Alert = { id: number; productId: number; kind: string; acknowledged: boolean };
  const openAlerts = async () => (await call('GET', '/api/inventory/alerts/')).json().alerts as Alert[];

  it('open for low and out-of-stock products, can be acknowledged, and resolve when stock recovers', async () => {
    const alerts = await openAlerts();
    const byProduct = new Map(alerts.map((a) => [a.productId, a]));
    expect(byProduct.get(id.adson)?.kind).toBe('out');
    expect(byProduct.get(id.cardiac)?.kind).toBe('out');
    expect(byProduct.get(id.bulldog)?.kind).toBe('low');
    expect(byProduct.has(id.mayo)).toBe(false);
    expect(alerts.slice(0, 2).map((a) => a.kind)).toEqual(['out', 'out']);

    const bulldog = byProduct.get(id.bulldog)!;
    const acknowledged = await call('POST', `/api/inventory/alerts/${bulldog.id}/acknowledge/`);
    expect(acknowledged.json()).toMatchObject({ id: bulldog.id, acknowledged: true });
    expect((await openAlerts()).find((a) => a.id === bulldog.id)?.acknowledged).toBe(true);

    // Low → out is a new, unacknowledged alert; back above the threshold resolves it.
    await movement(id.bulldog, { kind: 'damage', quantity: 5, reason: 'Recall' });
    const out = (await openAlerts()).find((a) => a.productId === id.bulldog)!;
    expect(out).toMatchObject({ kind: 'out', acknowledged: false });
    expect(out.id).not.toBe(bulldog.id);
    await movement(id.bulldog, { kind: 'receive', quantity: 20, reason: 'Restock' });
    expect((await openAlerts()).some((a) => a.productId === id.bulldog)).toBe(false);
    expect((await call('POST', `/api/inventory/alerts/${out.id}/acknowledge/`)).statusCode).toBe(404);

    // Crossing down to the threshold opens a low alert right after the movement.
    await movement(id.mayo, { kind: 'adjust', quantity: -15, reason: 'Stock count' });
    expect((await openAlerts()).find((a) => a.productId === id.mayo)?.kind).toBe('low');
    await movement(id.mayo, { kind: 'adjust', quantity: 15, reason: 'Found the box' });
  });
});

describe('report.csv', () => {
  it('is a quoted CSV attachment with one row per variant', async () => {
    const res = await call('GET', '/api/inventory/report.csv');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="inventory-\d{4}-\d{2}-\d{2}\.csv"$/);
    const lines = res.body.split('\r\n');
    expect(lines[0]).toBe('Product,Variant,Model,Brand,Category,Current,Reserved,Available,Threshold,Status,Unit price (USD),Stock value (USD)');
    expect(lines).toHaveLength(8);
    expect(lines[7]).toBe('');
    expect(lines).toContain('"Cardiac Retractor, ""Large""",,T-1003,Sialkot Surgical,cardiology,8,8,0,5,Out of Stock,99.99,799.92');
    expect(lines).toContain("Bulldog Clamp,,T-1004,'=Evil Brand,cardiology,21,1,20,5,In Stock,7.25,152.25");
    expect(lines).toContain('Mayo Scissors,,T-1000,Sialkot Surgical,general surgery,20,0,20,5,In Stock,15.00,300.00');
  });
});
