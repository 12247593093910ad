import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../db/schema/audit.ts';
import { promoCodes } from '../db/schema/promo.ts';
import { createTestUser } from '../test/auth-fixtures.ts';
import { staffApp, type StaffApp } from '../test/staff-app.ts';

let s: StaffApp<'sales' | 'catalogue' | 'support'>;
let owner: Record<string, string>;
const URL = '/api/staff/cart-reminders/';

beforeAll(async () => {
  s = await staffApp(['sales', 'catalogue', 'support']);
  owner = (await createTestUser(s.t.database.db, { email: 'owner@staff.example', staffRole: 'owner' })).headers;
  await s.t.database.db.insert(promoCodes).values({ code: 'COMEBACK10', kind: 'percent', value: 1_000 });
});
afterAll(() => s.t.close());

const read = (headers: Record<string, string>) => s.t.app.inject({ method: 'GET', url: URL, headers });
const save = (headers: Record<string, string>, payload: object) => s.t.app.inject({ method: 'PUT', url: URL, headers, payload });
const trail = () => s.t.database.db.select().from(auditLog).where(eq(auditLog.entity, 'cart_reminders'));

describe('staff settings for cart reminders', () => {
  it('start on, after 24 hours, with no discount', async () => {
    const res = await read(s.staff.sales);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.json()).toEqual({ enabled: true, idle_hours: 24, promo_code: null });
  });

  it('are for sales and the owner only', async () => {
    for (const headers of [s.staff.catalogue, s.staff.support, s.buyer]) {
      expect((await read(headers)).statusCode).toBe(403);
      expect((await save(headers, { enabled: false, idle_hours: 6, promo_code: null })).statusCode).toBe(403);
    }
    expect((await read({})).statusCode).toBe(401);
    expect((await read(owner)).statusCode).toBe(200);
  });

  it('are saved whole, the promo code named by its code in any case, and audited', async () => {
    const res = await save(s.staff.sales, { enabled: false, idle_hours: 48, promo_code: ' comeback10 ' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ enabled: false, idle_hours: 48, promo_code: 'COMEBACK10' });
    expect((await read(owner)).json()).toEqual({ enabled: false, idle_hours: 48, promo_code: 'COMEBACK10' });
    const [entry] = await trail();
    expect(entry).toMatchObject({
      action: 'cart_reminders.update', entityId: '1', actorEmail: 'sales@staff.example',
      before: { enabled: true, idleHours: 24, promoCodeId: null }, after: { enabled: false, idleHours: 48 },
    });

    expect((await save(owner, { enabled: true, idle_hours: 24, promo_code: '' })).json()).toEqual({ enabled: true, idle_hours: 24, promo_code: null });
  });

  it('refuse a bad period or an unknown code field by field, writing nothing', async () => {
    const before = (await read(owner)).json();
    const entries = (await trail()).length;
    for (const idle_hours of [0, 721, 1.5, '24']) {
      const res = await save(owner, { enabled: true, idle_hours, promo_code: null });
      expect(res.statusCode).toBe(400);
      expect(Object.keys(res.json().errors)).toEqual(['idle_hours']);
      expect(res.json().issues.idle_hours).toEqual([{ key: 'whole_number' }]);
    }
    const unknown = await save(owner, { enabled: true, idle_hours: 12, promo_code: 'NOSUCHCODE' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().errors).toEqual({ promo_code: ['No promo code has this code.'] });
    expect(unknown.json().issues).toEqual({ promo_code: [{ key: 'promo_code_unknown' }] });
    expect((await save(owner, { idle_hours: 12, promo_code: null })).json().errors).toHaveProperty('enabled');
    expect((await read(owner)).json()).toEqual(before);
    expect(await trail()).toHaveLength(entries);
  });
});
