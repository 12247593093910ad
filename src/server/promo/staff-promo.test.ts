import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PromoInput, StaffPromoCode } from '#contracts/promo';
import { auditLog } from '../db/schema/audit.ts';
import { promoCodes } from '../db/schema/promo.ts';
import type { CommerceTestApp } from '../test/commerce-fixtures.ts';
import { buyByCard } from '../test/paid-order-fixture.ts';
import { staffApp } from '../test/staff-app.ts';

type Headers = Record<string, string>;

let t: CommerceTestApp;
let catalogue: Headers;
let buyer: Headers;
let support: Headers;
let kelly: number;

beforeAll(async () => {
  ({ t, kelly, buyer, staff: { catalogue, support } } = await staffApp(['catalogue', 'support']));
});
afterAll(() => t.close());

const URL = '/api/staff/promo-codes/';
const input = (overrides: Partial<PromoInput> = {}): PromoInput => ({
  code: 'eid25', kind: 'percent', value: '12.5', min_subtotal: '50', starts_at: '2026-01-01T00:00:00.000Z',
  expires_at: '2099-01-01T00:00:00.000Z', max_uses: 2, per_user_limit: 1, active: true, ...overrides,
});
const list = async () => (await t.app.inject({ method: 'GET', url: URL, headers: catalogue })).json<{ promo_codes: StaffPromoCode[] }>().promo_codes;
const create = (payload: unknown, headers = catalogue) =>
  t.app.inject({ method: 'POST', url: URL, headers, payload: payload as Record<string, unknown> });
const update = (id: number, payload: unknown, headers = catalogue) =>
  t.app.inject({ method: 'PUT', url: `${URL}${id}/`, headers, payload: payload as Record<string, unknown> });
const codeCount = async () => (await t.database.db.select().from(promoCodes)).length;
const trail = async (id: number) => (await t.database.db.select().from(auditLog).where(eq(auditLog.entityId, String(id))))
  .filter((row) => row.entity === 'promo_code');

/** The buyer applies the code to a cart of `quantity` hemostats and pays. */
async function buyWithCode(code: string, quantity: number) {
  await t.app.inject({ method: 'POST', url: '/api/cart/add-item/', headers: buyer, payload: { product_id: kelly, quantity } });
  const applied = await t.app.inject({ method: 'POST', url: '/api/cart/promo/', headers: buyer, payload: { code } });
  expect(applied.statusCode, applied.body).toBe(200);
  return buyByCard(t, buyer, []);
}

describe('/api/staff/promo-codes/', () => {
  it('is for catalogue staff and the owner, never stored by a browser', async () => {
    expect((await t.app.inject({ method: 'GET', url: URL })).statusCode).toBe(401);
    for (const headers of [buyer, support]) {
      expect((await t.app.inject({ method: 'GET', url: URL, headers })).statusCode).toBe(403);
      expect((await create(input(), headers)).statusCode).toBe(403);
      expect((await update(1, input(), headers)).statusCode).toBe(403);
    }
    const res = await t.app.inject({ method: 'GET', url: URL, headers: catalogue });
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.json().promo_codes.map((p: StaffPromoCode) => p.code).sort()).toEqual(['HOSPITAL50', 'SURGERY15', 'WELCOME10']);
  });

  it('answers 400 per field and writes nothing', async () => {
    const before = await codeCount();
    const res = await create({
      code: 'no spaces', kind: 'half', value: '0', min_subtotal: '-1', starts_at: 'soon', expires_at: 'later',
      max_uses: 0, per_user_limit: 1.5, active: 'yes',
    });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().errors).sort()).toEqual([
      'active', 'code', 'expires_at', 'kind', 'max_uses', 'min_subtotal', 'per_user_limit', 'starts_at', 'value',
    ]);
    expect((await create(input({ value: '100.01' }))).json().errors).toEqual({ value: ['Enter a percentage of at most 100.'] });
    expect((await create(input({ value: '1.234' }))).json().errors).toEqual({ value: ['Enter a price like 12.50.'] });
    expect((await create(input({ expires_at: '2025-12-31T00:00:00.000Z' }))).json().errors)
      .toEqual({ expires_at: ['The end must be after the start.'] });
    expect((await create(input({ code: 'welcome10' }))).json().errors).toEqual({ code: ['Another promo code has this code.'] });
    expect((await create(input({ code: 'X'.repeat(41) }))).json().errors.code).toEqual(['Enter at most 40 characters.']);
    expect((await create({})).statusCode).toBe(400);
    expect(await codeCount()).toBe(before);
    expect((await t.database.db.select().from(auditLog)).length).toBe(0);
  });

  it('creates a code in upper case, as the checkout reads it, and records it', async () => {
    const res = await create(input());
    expect(res.statusCode).toBe(201);
    const created = res.json<StaffPromoCode>();
    expect(created).toMatchObject({
      code: 'EID25', kind: 'percent', value: '12.50', min_subtotal: '50.00', max_uses: 2, per_user_limit: 1, active: true,
      uses: 0, discount_given: '0.00', starts_at: '2026-01-01T00:00:00.000Z', expires_at: '2099-01-01T00:00:00.000Z',
    });
    const [row] = await t.database.db.select().from(promoCodes).where(eq(promoCodes.id, created.id));
    expect(row).toMatchObject({ code: 'EID25', value: 1_250, minSubtotalCents: 5_000 });
    expect(await trail(created.id)).toMatchObject([{ action: 'promo_code.create', actorEmail: 'catalogue@staff.example', after: created }]);

    const fixed = (await create(input({ code: 'flat5', kind: 'fixed', value: '5', min_subtotal: '0', starts_at: null, expires_at: null,
      max_uses: null, per_user_limit: null }))).json<StaffPromoCode>();
    expect(fixed).toMatchObject({ value: '5.00', starts_at: null, expires_at: null, max_uses: null, per_user_limit: null });
    expect((await list())[0].code).toBe('FLAT5');
  });

  it('counts the uses and the discount the orders with the code were given', async () => {
    const [eid] = (await list()).filter((p) => p.code === 'EID25');
    await buyWithCode('eid25', 2);
    const listed = (await list()).find((p) => p.id === eid.id)!;
    // 12.5% of $200.00
    expect(listed).toMatchObject({ uses: 1, discount_given: '25.00' });
  });

  it('will not lower the usage limit below the uses made, and changes nothing then', async () => {
    const eid = (await list()).find((p) => p.code === 'EID25')!;
    const res = await update(eid.id, input({ max_uses: 0 }));
    expect(res.json().errors).toEqual({ max_uses: ['Enter 1 or more, or leave it empty.'] });
    await t.database.db.update(promoCodes).set({ uses: 2 }).where(eq(promoCodes.id, eid.id));
    const below = await update(eid.id, input({ max_uses: 1, value: '50' }));
    expect(below.statusCode).toBe(400);
    expect(below.json().errors).toEqual({ max_uses: ['This code has been used 2 times: enter 2 or more.'] });
    expect((await list()).find((p) => p.id === eid.id)).toMatchObject({ max_uses: 2, value: '12.50' });
    await t.database.db.update(promoCodes).set({ uses: 1 }).where(eq(promoCodes.id, eid.id));
  });

  it('edits a code, records before and after, and checkout follows the change', async () => {
    const eid = (await list()).find((p) => p.code === 'EID25')!;
    expect((await update(eid.id, input({ code: 'flat5' }))).json().errors).toEqual({ code: ['Another promo code has this code.'] });
    expect((await update(9_999, input({ code: 'NEW' }))).statusCode).toBe(404);
    const res = await update(eid.id, input({ code: 'EID30', value: '30', per_user_limit: 3, max_uses: null }));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ code: 'EID30', value: '30.00', per_user_limit: 3, max_uses: null, uses: 1 });
    const [entry] = (await trail(eid.id)).filter((row) => row.action === 'promo_code.update');
    expect(entry.before).toMatchObject({ code: 'EID25', value: '12.50' });
    expect(entry.after).toMatchObject({ code: 'EID30', value: '30.00' });

    await buyWithCode('EID30', 1);
    expect((await list()).find((p) => p.id === eid.id)).toMatchObject({ uses: 2, discount_given: '55.00' });
  });

  it('switches a code off, and the cart no longer takes it', async () => {
    const flat = (await list()).find((p) => p.code === 'FLAT5')!;
    const res = await update(flat.id, { ...input({ code: 'FLAT5', kind: 'fixed', value: '5', max_uses: null, per_user_limit: null }), active: false });
    expect(res.json().active).toBe(false);
    await t.app.inject({ method: 'POST', url: '/api/cart/add-item/', headers: buyer, payload: { product_id: kelly, quantity: 1 } });
    const applied = await t.app.inject({ method: 'POST', url: '/api/cart/promo/', headers: buyer, payload: { code: 'FLAT5' } });
    expect(applied.json().code).toBe('PROMO_NOT_FOUND');
  });
});
