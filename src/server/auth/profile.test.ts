import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestUser } from '../test/auth-fixtures.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';

let t: TestApp;
let headers: { authorization: string };
beforeAll(async () => {
  t = await createTestApp();
  ({ headers } = await createTestUser(t.database.db, { email: 'dr.fatima@example.com' }));
});
afterAll(() => t.close());

const put = (payload: object, auth = headers) =>
  t.app.inject({ method: 'PUT', url: '/api/auth/profile/', payload, headers: auth });

describe('PUT /api/auth/profile/', () => {
  it('updates names, profile and preferences, merging notification switches', async () => {
    const res = await put({
      first_name: 'Fatima',
      last_name: 'Zahra',
      profile: { phone: '+92 321 7654321', specialty: 'neurosurgery', address: '12 Mall Road, Lahore' },
      preferences: { language: 'ur', currency: 'USD', notifications: { sms: true } },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      first_name: 'Fatima', last_name: 'Zahra',
      profile: { phone: '+92 321 7654321', specialty: 'neurosurgery', address: '12 Mall Road, Lahore' },
      preferences: { language: 'ur', currency: 'USD', notifications: { email: true, sms: true, push: false, cartReminders: true } },
    });
    const me = await t.app.inject({ url: '/api/auth/me/', headers });
    expect(me.json()).toEqual(res.json());
  });

  it('leaves out fields untouched and never changes the email', async () => {
    const res = await put({ email: 'someone.else@example.com', last_name: 'Ali' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ email: 'dr.fatima@example.com', first_name: 'Fatima', last_name: 'Ali' });
  });

  it.each([
    [{ profile: { phone: 'not a phone' } }, { 'profile.phone': ['Enter a valid phone number.'] }],
    [{ profile: { specialty: 'dentistry' } }, { 'profile.specialty': ['Choose cardiology, neurosurgery, orthopedics, general or other.'] }],
    [{ preferences: { language: 'fr' } }, { 'preferences.language': ['Choose en, ur or ar.'] }],
    [{ first_name: '' }, { first_name: ['This field is required.'] }],
  ])('refuses %j and changes nothing', async (payload, errors) => {
    const before = (await t.app.inject({ url: '/api/auth/me/', headers })).json();
    const res = await put(payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual(errors);
    expect((await t.app.inject({ url: '/api/auth/me/', headers })).json()).toEqual(before);
  });

  it('needs a signed-in user', async () => {
    const res = await t.app.inject({ method: 'PUT', url: '/api/auth/profile/', payload: { first_name: 'X' } });
    expect(res.statusCode).toBe(401);
  });
});
