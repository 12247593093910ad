import { eq, isNotNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../db/schema/audit.ts';
import { users } from '../db/schema/users.ts';
import { createTestUser, GOOD_PASSWORD, nextIp } from '../test/auth-fixtures.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const first = { email: 'Founder@Shop.example', first_name: 'Hina', last_name: 'Aslam', password: GOOD_PASSWORD, password_confirm: GOOD_PASSWORD };
const setUp = (payload: object, remoteAddress = nextIp()) => t.app.inject({ method: 'POST', url: '/api/setup/', payload, remoteAddress });
const needed = async () => (await t.app.inject({ method: 'GET', url: '/api/setup/' })).json().needed as boolean;

describe('/api/setup/', () => {
  it('is needed while no staff account exists, whatever buyers there are', async () => {
    await createTestUser(t.database.db, { email: 'buyer@hospital.example' });
    const res = await t.app.inject({ method: 'GET', url: '/api/setup/' });
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.json()).toEqual({ needed: true });
  });

  it('refuses bad input field by field and creates nothing', async () => {
    const res = await setUp({ ...first, email: 'nope', password: 'password', password_confirm: 'other' });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ email: ['Enter a valid email address.'] });
    const weak = await setUp({ ...first, password: 'password', password_confirm: 'other' });
    expect(weak.json().errors).toEqual({ password: ['This password is too common.'], password_confirm: ['Passwords do not match'] });
    const taken = await setUp({ ...first, email: 'buyer@hospital.example' });
    expect(taken.json().errors).toEqual({ email: ['A user with this email already exists.'] });
    expect(await needed()).toBe(true);
  });

  it('creates the verified owner once, signs them in and records it; afterwards 409 ALREADY_SET_UP', async () => {
    const res = await setUp(first);
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body.user).toMatchObject({ email: 'founder@shop.example', staff_role: 'owner', is_verified: true, first_name: 'Hina' });
    const members = await t.app.inject({ method: 'GET', url: '/api/staff/members/', headers: { authorization: `Bearer ${body.token}` } });
    expect(members.statusCode).toBe(200);
    expect(await needed()).toBe(false);
    const [entry] = await t.database.db.select().from(auditLog).where(eq(auditLog.entityId, body.user.id));
    expect(entry).toMatchObject({ action: 'staff.setup', actorEmail: 'founder@shop.example' });

    const again = await setUp({ ...first, email: 'second@shop.example' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'ALREADY_SET_UP' });
  });

  it('makes exactly one owner when two setups race', async () => {
    const race = await createTestApp();
    try {
      const post = (email: string) => race.app.inject({ method: 'POST', url: '/api/setup/', remoteAddress: nextIp(), payload: { ...first, email } });
      const answers = await Promise.all([post('one@shop.example'), post('two@shop.example')]);
      expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409]);
      expect(await race.database.db.select().from(users).where(isNotNull(users.staffRole))).toHaveLength(1);
    } finally {
      await race.close();
    }
  });

  it('is limited per address like sign-in', async () => {
    const address = nextIp();
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) statuses.push((await setUp({ ...first, email: `x${i}@shop.example` }, address)).statusCode);
    expect(statuses.slice(0, 10).every((code) => code === 409)).toBe(true);
    expect(statuses[10]).toBe(429);
  });
});
