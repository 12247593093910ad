import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RegisterBody } from '#contracts/auth';
import { userTokens } from '../db/schema/auth.ts';
import { users } from '../db/schema/users.ts';
import { businessRegistration, individualRegistration, nextIp } from '../test/auth-fixtures.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { hashOpaqueToken } from './opaque-token.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const register = (payload: unknown) =>
  t.app.inject({ method: 'POST', url: '/api/auth/register/', payload: payload as object, remoteAddress: nextIp() });
const userCount = async () => (await t.database.db.select({ n: count() }).from(users))[0].n;

describe('POST /api/auth/register/', () => {
  it('creates an individual account, answers the user with a token pair and mails a verification link', async () => {
    const res = await register(individualRegistration({ email: 'Dr.Ayesha@Example.com' }));
    expect(res.statusCode, res.body).toBe(201);
    expect(res.headers['cache-control']).toBe('no-store');
    const body = res.json();
    expect(body).toMatchObject({
      success: true,
      token: expect.any(String),
      refreshToken: expect.any(String),
      user: {
        id: expect.any(String), email: 'dr.ayesha@example.com', first_name: 'Ayesha', last_name: 'Khan',
        account_type: 'individual', is_verified: false, is_staff: false, is_superuser: false,
        profile: { phone: '+92 300 1234567', specialty: 'cardiology', hospital_name: '', license_number: '', address: '' },
        preferences: { language: 'en', currency: 'USD', notifications: { email: true, sms: false, push: false, cartReminders: true } },
      },
    });
    expect(JSON.stringify(body)).not.toMatch(/argon2|password/i);

    const me = await t.app.inject({ url: '/api/auth/me/', headers: { authorization: `Bearer ${body.token}` } });
    expect(me.json().email).toBe('dr.ayesha@example.com');

    const [row] = await t.database.db.select().from(users).where(eq(users.id, body.user.id));
    expect(row.passwordHash).toMatch(/^\$argon2id\$/);

    const mail = t.mailer.lastTo('dr.ayesha@example.com')!;
    expect(mail.subject).toBe('Sialkot Surgical: Verify your email address');
    const token = new URL(mail.link!).searchParams.get('token')!;
    expect(mail.link).toBe(`http://shop.test/verify-email?token=${token}`);
    expect(mail.text).toContain(mail.link);
    expect(mail.text).toContain('Sialkot Surgical');
    expect(mail.html).toContain('Sialkot Surgical');
    expect(mail.html).toContain(`href="${mail.link}"`);
    const [stored] = await t.database.db.select().from(userTokens).where(eq(userTokens.userId, row.id));
    expect(stored).toMatchObject({ purpose: 'verify_email', tokenHash: hashOpaqueToken(token), usedAt: null });
    expect(stored.tokenHash).not.toContain(token);
    const hours = (stored.expiresAt.getTime() - Date.now()) / 3_600_000;
    expect(hours).toBeGreaterThan(23.9);
    expect(hours).toBeLessThanOrEqual(24);
  });

  it('creates a business account with the hospital name and licence number', async () => {
    const res = await register(businessRegistration({ profile: {
      hospital_name: 'Mayo Hospital', license_number: 'PMC-55-1234', specialty: 'cardiology',
    } }));
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().user).toMatchObject({
      account_type: 'business',
      profile: { hospital_name: 'Mayo Hospital', license_number: 'PMC-55-1234', specialty: '', phone: '' },
    });
  });

  // Fresh addresses, so that only the rule under test fails.
  const individual = (o: Partial<RegisterBody>) => individualRegistration({ email: 'fresh@example.com', ...o });
  const business = (o: Partial<RegisterBody>) => businessRegistration({ email: 'fresh@example.com', ...o });
  const cases: [string, RegisterBody | Record<string, unknown>, Record<string, string[]>][] = [
    ['email missing', { ...individual({}), email: undefined }, { email: ['This field is required.'] }],
    ['email malformed', individual({ email: 'ayesha-at-example.com' }), { email: ['Enter a valid email address.'] }],
    ['email already registered, in other letters', individual({ email: 'DR.AYESHA@example.com' }),
      { email: ['A user with this email already exists.'] }],
    ['password under 8 characters', individual({ password: 'Ab3$xyz', password_confirm: 'Ab3$xyz' }),
      { password: ['Password must be at least 8 characters long'] }],
    ['password all digits', individual({ password: '5829104736', password_confirm: '5829104736' }),
      { password: ['This password is entirely numeric.'] }],
    ['password common', individual({ password: 'Password123', password_confirm: 'Password123' }),
      { password: ['This password is too common.'] }],
    ['password a common word with digits added', individual({ password: 'Sunshine2024!', password_confirm: 'Sunshine2024!' }),
      { password: ['This password is too common.'] }],
    ['password like the email', individual({ email: 'zainab.qureshi@example.com', password: 'ZainabQureshi1', password_confirm: 'ZainabQureshi1' }),
      { password: ['This password is too similar to the email address.'] }],
    ['password_confirm not matching', individual({ password_confirm: 'Scalpel-Blade-23' }),
      { password_confirm: ['Passwords do not match'] }],
    ['account_type unknown', { ...individual({}), account_type: 'hospital' },
      { account_type: ['Choose individual or business.'] }],
    ['individual without phone', individual({ profile: { specialty: 'cardiology' } }),
      { 'profile.phone': ['This field is required.'] }],
    ['individual without specialty', individual({ profile: { phone: '+92 300 1234567' } }),
      { 'profile.specialty': ['This field is required.'] }],
    ['individual with an unknown specialty', individual({ profile: { phone: '+92 300 1234567', specialty: 'dentistry' } }),
      { 'profile.specialty': ['Choose cardiology, neurosurgery, orthopedics, general or other.'] }],
    ['individual without a profile', { ...individual({}), profile: undefined },
      { 'profile.phone': ['This field is required.'], 'profile.specialty': ['This field is required.'] }],
    ['business without hospital name', business({ profile: { license_number: 'PMC-55-1234' } }),
      { 'profile.hospital_name': ['This field is required.'] }],
    ['business without licence number', business({ profile: { hospital_name: 'Mayo Hospital', license_number: '  ' } }),
      { 'profile.license_number': ['This field is required.'] }],
    ['phone with letters', individual({ profile: { phone: 'call me maybe', specialty: 'general' } }),
      { 'profile.phone': ['Enter a valid phone number.'] }],
    ['phone too short', individual({ profile: { phone: '12-34', specialty: 'general' } }),
      { 'profile.phone': ['Enter a valid phone number.'] }],
    ['phone too long', individual({ profile: { phone: '+92 300 1234 5678 9012', specialty: 'general' } }),
      { 'profile.phone': ['Enter a valid phone number.'] }],
    ['phone with a + in the middle', individual({ profile: { phone: '0300+1234567', specialty: 'general' } }),
      { 'profile.phone': ['Enter a valid phone number.'] }],
    ['first name blank', individual({ email: 'new@example.com', first_name: '   ' }),
      { first_name: ['This field is required.'] }],
  ];

  it.each(cases)('refuses %s with a 400 naming the field, and writes nothing', async (_, payload, errors) => {
    const users = await userCount();
    const mails = t.mailer.sent.length;
    const res = await register(payload);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toEqual({ detail: 'Validation failed', errors, issues: expect.any(Object) });
    expect(await userCount()).toBe(users);
    expect(t.mailer.sent.length).toBe(mails);
  });

  it('lists every problem at once', async () => {
    const res = await register(individualRegistration({
      email: 'dr.ayesha@example.com', password: '1234', password_confirm: '4321', profile: { phone: 'x' },
    }));
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({
      email: ['A user with this email already exists.'],
      password: ['Password must be at least 8 characters long', 'This password is entirely numeric.'],
      password_confirm: ['Passwords do not match'],
      'profile.phone': ['Enter a valid phone number.'],
      'profile.specialty': ['This field is required.'],
    });
  });

  it('reports a bad email together with a weak password and every other bad field, in one 400', async () => {
    const users = await userCount();
    const res = await register(individualRegistration({
      email: 'not-an-email', first_name: ' ', password: 'Password123', password_confirm: 'Password124', profile: { specialty: 'dentistry' },
    }));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      detail: 'Validation failed',
      errors: {
        email: ['Enter a valid email address.'],
        first_name: ['This field is required.'],
        password: ['This password is too common.'],
        password_confirm: ['Passwords do not match'],
        'profile.phone': ['This field is required.'],
        'profile.specialty': ['Choose cardiology, neurosurgery, orthopedics, general or other.'],
      },
      issues: {
        email: [{ key: 'invalid_email' }],
        first_name: [{ key: 'required' }],
        password: [{ key: 'password_too_common' }],
        password_confirm: [{ key: 'passwords_differ' }],
        'profile.phone': [{ key: 'required' }],
        'profile.specialty': [{ key: 'invalid' }],
      },
    });
    expect(await userCount()).toBe(users);
  });

  it('lets only one of two simultaneous registrations of an address through', async () => {
    const users = await userCount();
    const answers = await Promise.all([1, 2].map(() => register(individualRegistration({ email: 'twice@example.com' }))));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 400]);
    expect(answers.find((a) => a.statusCode === 400)!.json().errors).toEqual({ email: ['A user with this email already exists.'] });
    expect(await userCount()).toBe(users + 1);
  });

  it('accepts phone numbers written with spaces, dashes and parentheses', async () => {
    const res = await register(individualRegistration({
      email: 'dr.omar@example.com', profile: { phone: '(042) 3576-1234', specialty: 'orthopedics' },
    }));
    expect(res.statusCode, res.body).toBe(201);
  });
});
