import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTACT_THANKS, type ContactBody } from '#contracts/contact';
import { contactMessages } from '../db/schema/contact.ts';
import { nextIp } from '../test/auth-fixtures.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';

let t: TestApp;
const SHOP = 'orders-desk@shop.test';

const message = (overrides: Partial<Record<keyof ContactBody, unknown>> = {}) => ({
  first_name: 'Ayesha',
  last_name: 'Khan',
  email: 'Dr.Ayesha@Example.com',
  phone: '+92 (300) 123-4567',
  company: 'Mayo Hospital',
  subject: 'pricing',
  message: 'Please quote 50 Mayo-Hegar needle holders, 16 cm, <delivered> to Lahore.',
  consent: true,
  ...overrides,
});
const send = (payload: unknown, remoteAddress = nextIp()) =>
  t.app.inject({ method: 'POST', url: '/api/contact/', payload: payload as object, remoteAddress, headers: { 'user-agent': 'vitest' } });
const stored = () => t.database.db.select().from(contactMessages);

beforeAll(async () => {
  t = await createTestApp({ env: { SHOP_EMAIL: SHOP } });
});
afterAll(() => t.close());

describe('POST /api/contact/', () => {
  it('stores the message and mails it to the shop', async () => {
    const res = await send(message());
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toEqual({ id: expect.any(Number), detail: CONTACT_THANKS });
    const [row] = await stored();
    expect(row).toMatchObject({
      id: res.json().id, firstName: 'Ayesha', lastName: 'Khan', email: 'dr.ayesha@example.com', phone: '+92 (300) 123-4567',
      company: 'Mayo Hospital', subject: 'pricing', consent: true, userAgent: 'vitest',
    });
    const mail = t.mailer.lastTo(SHOP)!;
    expect(mail.subject).toBe(`Contact form #${row.id}: Pricing and quotes – Ayesha Khan`);
    expect(mail.text).toContain('Email: dr.ayesha@example.com');
    expect(mail.text).toContain('<delivered> to Lahore');
    expect(mail.html).toContain('&#60;delivered&#62; to Lahore');
  });

  it('takes phone and company as optional', async () => {
    const res = await send(message({ phone: '', company: undefined, subject: 'general' }));
    expect(res.statusCode, res.body).toBe(201);
    expect((await stored()).at(-1)).toMatchObject({ phone: null, company: null, subject: 'general' });
  });

  it('answers every bad field with 400 per field and stores and mails nothing', async () => {
    const before = { rows: (await stored()).length, mails: t.mailer.sent.length };
    const res = await send({
      first_name: ' ', email: 'not-an-email', phone: '12-34', subject: 'sales', message: 'Hi', consent: false,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({
      first_name: ['This field is required.'],
      last_name: ['This field is required.'],
      email: ['Enter a valid email address.'],
      phone: ['Enter a valid phone number (7 to 15 digits).'],
      subject: ['Choose one of: general, product, pricing, support, partnership, complaint.'],
      message: ['Enter at least 10 characters.'],
      consent: ['You must agree to be contacted.'],
    });
    for (const [field, value] of [
      ['phone', '+92 300 123 4567 8901'], ['phone', 'call me maybe'], ['message', 'x'.repeat(5001)], ['consent', undefined],
    ] as const) {
      const one = await send(message({ [field]: value }));
      expect(one.statusCode, `${field}=${value}`).toBe(400);
      expect(Object.keys(one.json().errors)).toEqual([field]);
    }
    expect({ rows: (await stored()).length, mails: t.mailer.sent.length }).toEqual(before);
  });

  it('accepts every subject of the spec', async () => {
    for (const subject of ['general', 'product', 'pricing', 'support', 'partnership', 'complaint']) {
      expect((await send(message({ subject }))).statusCode, subject).toBe(201);
    }
  });

  it('allows 5 messages per 10 minutes from one address, then 429', async () => {
    const ip = nextIp();
    for (let i = 0; i < 5; i++) expect((await send(message(), ip)).statusCode).toBe(201);
    const limited = await send(message(), ip);
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBeDefined();
    expect(limited.json().detail).toEqual(expect.any(String));
    expect((await send(message())).statusCode).toBe(201);
  });
});
