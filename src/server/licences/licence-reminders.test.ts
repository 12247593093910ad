import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { licences } from '../db/schema/licences.ts';
import { createTestUser } from '../test/auth-fixtures.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { reminderDue, sendLicenceReminders } from './licence-reminders.ts';

let t: TestApp;
const EXPIRY = '2027-06-30';
const at = (daysBefore: number) => new Date(Date.parse(`${EXPIRY}T09:00:00Z`) - daysBefore * 86_400_000);
const deps = () => ({ db: t.database.db, publicUrl: 'http://shop.test', log: pino({ level: 'silent' }) });

async function licence(email: string, values: Partial<typeof licences.$inferInsert> = {}) {
  const { user } = await createTestUser(t.database.db, { email, accountType: 'business' });
  const [row] = await t.database.db.insert(licences).values({
    userId: user.id, licenceType: 'drap_establishment', licenceNumber: `DRAP-${email}`, expiresOn: EXPIRY, status: 'verified',
    fileName: 'l.pdf', storedName: `${email}.pdf`, contentType: 'application/pdf', sizeBytes: 10, ...values,
  }).returning();
  return { user, row };
}
const mailsTo = async (email: string) => {
  await t.drainMail();
  return t.mailer.sent.filter((mail) => mail.to === email);
};

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('reminderDue', () => {
  it('picks the nearest of 90, 30 and 7 days at or above the days left', () => {
    expect([120, 91, 90, 31, 30, 8, 7, 1, 0].map(reminderDue)).toEqual([undefined, undefined, 90, 90, 30, 30, 7, 7, 7]);
  });
});

describe('sendLicenceReminders', () => {
  it('mails 90, 30 and 7 days before expiry, each exactly once', async () => {
    await licence('steady@hospital.example');
    const sweep = async (daysBefore: number) => sendLicenceReminders(deps(), at(daysBefore));
    expect(await sweep(100)).toBe(0);
    expect(await sweep(91)).toBe(0);
    expect(await sweep(90)).toBe(1);
    expect(await sweep(90)).toBe(0);
    expect(await sweep(60)).toBe(0);
    expect(await sweep(30)).toBe(1);
    expect(await sweep(29)).toBe(0);
    expect(await sweep(7)).toBe(1);
    expect(await sweep(3)).toBe(0);
    expect(await sweep(0)).toBe(0);
    expect(await sweep(-1)).toBe(0);
    const mails = await mailsTo('steady@hospital.example');
    expect(mails.map((mail) => mail.subject)).toEqual([
      'Sialkot Surgical: your licence expires in 90 days',
      'Sialkot Surgical: your licence expires in 30 days',
      'Sialkot Surgical: your licence expires in 7 days',
    ]);
    expect(mails[0].text).toContain(`Your licence DRAP-steady@hospital.example expires on ${EXPIRY}.`);
    expect(mails[0].link).toBe('http://shop.test/profile/licences');
  });

  it('does not send a missed reminder late, and skips pending, rejected and renewed licences', async () => {
    await licence('late@hospital.example');
    await licence('pending@hospital.example', { status: 'pending' });
    await licence('rejected@hospital.example', { status: 'rejected' });
    const renewed = await licence('renewed@hospital.example');
    await t.database.db.insert(licences).values({
      userId: renewed.user.id, licenceType: 'drap_establishment', licenceNumber: 'DRAP-NEW', expiresOn: '2030-06-30', status: 'pending',
      fileName: 'n.pdf', storedName: 'renewed-new.pdf', contentType: 'application/pdf', sizeBytes: 10,
    });
    // First sweep 20 days before: only the 30-day reminder, never the 90-day one.
    await sendLicenceReminders(deps(), at(20));
    await sendLicenceReminders(deps(), at(19));
    await sendLicenceReminders(deps(), at(5));
    expect((await mailsTo('late@hospital.example')).map((mail) => mail.subject)).toEqual([
      'Sialkot Surgical: your licence expires in 20 days',
      'Sialkot Surgical: your licence expires in 5 days',
    ]);
    for (const email of ['pending@hospital.example', 'rejected@hospital.example', 'renewed@hospital.example']) {
      expect(await mailsTo(email), email).toEqual([]);
    }
  });

  it('writes the reminder to the outbox with its claim, so two sweeps never queue it twice', async () => {
    await licence('flaky@hospital.example', { expiresOn: '2027-09-30' });
    const when = new Date('2027-07-02T09:00:00Z');
    const [first, second] = await Promise.all([sendLicenceReminders(deps(), when), sendLicenceReminders(deps(), when)]);
    expect(first + second).toBe(1);
    expect(await mailsTo('flaky@hospital.example')).toHaveLength(1);
  });
});
