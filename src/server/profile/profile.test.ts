import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GOOD_PASSWORD, businessRegistration, createTestUser, individualRegistration, nextIp } from '../test/auth-fixtures.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const NEW_PASSWORD = 'Retractor-Hook-77';

const PHONE_SAFARI = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';
const DESKTOP_FIREFOX = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:125.0) Gecko/20100101 Firefox/125.0';

async function signIn(email: string, password = GOOD_PASSWORD, userAgent?: string) {
  const res = await t.app.inject({
    method: 'POST', url: '/api/auth/login/', payload: { email, password }, remoteAddress: nextIp(),
    headers: userAgent ? { 'user-agent': userAgent } : {},
  });
  expect(res.statusCode).toBe(200);
  const { token, refreshToken } = res.json();
  return { refreshToken, headers: { authorization: `Bearer ${token}`, 'x-refresh-token': refreshToken } };
}

const refreshWith = (refresh: string) => t.app.inject({ method: 'POST', url: '/api/auth/refresh/', payload: { refresh } });
const changePassword = (headers: Record<string, string>, payload: object) =>
  t.app.inject({ method: 'POST', url: '/api/auth/change-password/', headers, payload, remoteAddress: nextIp() });

describe('change password', () => {
  it('needs a signed-in user', async () => {
    const body = { current_password: GOOD_PASSWORD, new_password: NEW_PASSWORD, new_password_confirm: NEW_PASSWORD };
    expect((await changePassword({}, body)).statusCode).toBe(401);
  });

  it('checks the current password, the password rules and the confirmation, per field', async () => {
    const { headers } = await createTestUser(t.database.db, { email: 'rules@example.com' });
    const missing = await changePassword(headers, {});
    expect(missing.statusCode).toBe(400);
    expect(Object.keys(missing.json().errors).sort()).toEqual(['current_password', 'new_password', 'new_password_confirm']);

    const wrong = await changePassword(headers, { current_password: 'not-it', new_password: '12345678', new_password_confirm: 'x' });
    expect(wrong.json().errors).toEqual({
      current_password: ['Your current password is incorrect.'],
      new_password: ['This password is entirely numeric.'],
      new_password_confirm: ['Passwords do not match'],
    });
    expect(wrong.json().issues.current_password).toEqual([{ key: 'current_password_wrong' }]);
    const same = await changePassword(headers, { current_password: GOOD_PASSWORD, new_password: GOOD_PASSWORD, new_password_confirm: GOOD_PASSWORD });
    expect(same.json().errors).toEqual({ new_password: ['The new password must differ from the current one.'] });
    expect(same.json().issues).toEqual({ new_password: [{ key: 'password_unchanged' }] });
    const short = await changePassword(headers, { current_password: GOOD_PASSWORD, new_password: 'Ab1!', new_password_confirm: 'Ab1!' });
    expect(short.json().errors.new_password).toEqual(['Password must be at least 8 characters long']);
  });

  it('changes the password and signs out every other session, keeping this one', async () => {
    await createTestUser(t.database.db, { email: 'sessions@example.com' });
    const here = await signIn('sessions@example.com');
    const elsewhere = await signIn('sessions@example.com');
    const res = await changePassword(here.headers, {
      current_password: GOOD_PASSWORD, new_password: NEW_PASSWORD, new_password_confirm: NEW_PASSWORD,
    });
    expect(res.statusCode).toBe(200);
    expect((await refreshWith(elsewhere.refreshToken)).statusCode).toBe(401);
    expect((await refreshWith(here.refreshToken)).statusCode).toBe(200);

    const oldLogin = await t.app.inject({
      method: 'POST', url: '/api/auth/login/', payload: { email: 'sessions@example.com', password: GOOD_PASSWORD }, remoteAddress: nextIp(),
    });
    expect(oldLogin.statusCode).toBe(401);
    await signIn('sessions@example.com', NEW_PASSWORD);
  });
});

describe('sessions', () => {
  it('lists the active sign-ins, marks the current one, and signs one out', async () => {
    await createTestUser(t.database.db, { email: 'list@example.com' });
    const here = await signIn('list@example.com');
    const elsewhere = await signIn('list@example.com');
    const rotated = (await refreshWith(elsewhere.refreshToken)).json().refresh as string;

    const list = await t.app.inject({ method: 'GET', url: '/api/auth/sessions/', headers: here.headers });
    const { sessions } = list.json();
    expect(sessions).toHaveLength(2);
    expect(sessions.map((s: { current: boolean }) => s.current)).toEqual([true, false]);
    const other = sessions[1];
    expect(Date.parse(other.last_used_at)).toBeGreaterThanOrEqual(Date.parse(other.created_at));

    const intruder = await createTestUser(t.database.db, { email: 'intruder@example.com' });
    expect((await t.app.inject({ method: 'DELETE', url: `/api/auth/sessions/${other.id}/`, headers: intruder.headers })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/auth/sessions/${other.id}/`, headers: here.headers })).statusCode).toBe(200);
    expect((await refreshWith(rotated)).statusCode).toBe(401);
    const after = (await t.app.inject({ method: 'GET', url: '/api/auth/sessions/', headers: here.headers })).json();
    expect(after.sessions.map((s: { id: string }) => s.id)).toEqual([sessions[0].id]);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/auth/sessions/${other.id}/`, headers: here.headers })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/sessions/' })).statusCode).toBe(401);
  });

  it('names each session by the browser and system it signed in from, through refreshes', async () => {
    await createTestUser(t.database.db, { email: 'devices@example.com' });
    const desktop = await signIn('devices@example.com', GOOD_PASSWORD, DESKTOP_FIREFOX);
    const phone = await signIn('devices@example.com', GOOD_PASSWORD, PHONE_SAFARI);
    await signIn('devices@example.com');
    expect((await refreshWith(phone.refreshToken)).statusCode).toBe(200);

    const { sessions } = (await t.app.inject({ method: 'GET', url: '/api/auth/sessions/', headers: desktop.headers })).json();
    const devices = sessions.map((s: { browser: string | null; os: string | null; current: boolean }) => [s.browser, s.os, s.current]);
    expect(devices).toHaveLength(3);
    expect(devices[0]).toEqual(['Firefox', 'Windows', true]);
    expect(devices).toContainEqual(['Safari', 'iPhone', false]);
    expect(devices).toContainEqual([null, null, false]);
  });
});

describe('profile settings through PUT /api/auth/profile/', () => {
  const register = async (body: object) => {
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/register/', payload: body, remoteAddress: nextIp() });
    expect(res.statusCode).toBe(201);
    return { authorization: `Bearer ${res.json().token}` };
  };
  const update = (headers: Record<string, string>, payload: object) =>
    t.app.inject({ method: 'PUT', url: '/api/auth/profile/', headers, payload });

  it('round-trips preferences and notification toggles', async () => {
    const headers = await register(individualRegistration({ email: 'prefs@example.com' }));
    const res = await update(headers, { preferences: { language: 'ur', currency: 'EUR', notifications: { sms: true, email: false } } });
    expect(res.statusCode).toBe(200);
    const me = (await t.app.inject({ method: 'GET', url: '/api/auth/me/', headers })).json();
    expect(me.preferences).toEqual({ language: 'ur', currency: 'EUR', notifications: { email: false, sms: true, push: false, cartReminders: true } });
    expect((await update(headers, { preferences: { notifications: { cartReminders: false } } })).json().preferences.notifications)
      .toEqual({ email: false, sms: true, push: false, cartReminders: false });
    expect((await update(headers, { preferences: { notifications: { cartReminders: 'no' } } })).statusCode).toBe(400);
    expect((await update(headers, { preferences: { currency: 'GBP' } })).statusCode).toBe(400);
  });

  it('validates the phone and specialty, and never changes the email', async () => {
    const headers = await register(individualRegistration({ email: 'fields@example.com' }));
    const bad = await update(headers, { profile: { phone: 'call me', specialty: 'dentistry' } });
    expect(Object.keys(bad.json().errors).sort()).toEqual(['profile.phone', 'profile.specialty']);
    const ok = await update(headers, { email: 'other@example.com', first_name: 'Ayesha', profile: { specialty: 'orthopedics', address: '12 Mall Road, Lahore' } });
    expect(ok.json()).toMatchObject({ email: 'fields@example.com', profile: { specialty: 'orthopedics', address: '12 Mall Road, Lahore' } });
  });

  it('keeps hospital name and licence number for business accounts', async () => {
    const headers = await register(businessRegistration({ email: 'buyer@hospital.example' }));
    const res = await update(headers, { profile: { hospital_name: 'Services Hospital', license_number: 'PMC-77-0001' } });
    expect(res.json()).toMatchObject({ account_type: 'business', profile: { hospital_name: 'Services Hospital', license_number: 'PMC-77-0001' } });
  });

  it('refuses a specialty on a business account and changes nothing', async () => {
    const headers = await register(businessRegistration({ email: 'clinic@hospital.example' }));
    const before = (await t.app.inject({ method: 'GET', url: '/api/auth/me/', headers })).json();
    const res = await update(headers, { first_name: 'Changed', profile: { specialty: 'cardiology', hospital_name: 'Mayo Hospital' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ 'profile.specialty': ['Only individual accounts have a specialty.'] });
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/me/', headers })).json()).toEqual(before);
  });

  it('refuses a hospital name and licence number on an individual account and changes nothing', async () => {
    const headers = await register(individualRegistration({ email: 'surgeon@example.com' }));
    const before = (await t.app.inject({ method: 'GET', url: '/api/auth/me/', headers })).json();
    const res = await update(headers, { last_name: 'Changed', profile: { hospital_name: 'Mayo Hospital', license_number: 'PMC-1' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({
      'profile.hospital_name': ['Only business accounts have a hospital name.'],
      'profile.license_number': ['Only business accounts have a licence number.'],
    });
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/me/', headers })).json()).toEqual(before);
    expect((await update(headers, { profile: { hospital_name: '', license_number: '' } })).statusCode).toBe(200);
  });
});
