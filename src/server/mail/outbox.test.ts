import type { AddressInfo } from 'node:net';
import { eq, sql } from 'drizzle-orm';
import pino from 'pino';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import type { Database } from '../db/client.ts';
import { mailOutbox } from '../db/schema/mail-outbox.ts';
import { createMailer, type Mailer } from '../lib/mailer.ts';
import { createTestUser } from '../test/auth-fixtures.ts';
import { TEST_JWT_SECRET, TEST_PUBLIC_URL } from '../test/test-app.ts';
import { createTestDatabase } from '../test/test-database.ts';
import { createTestMailer } from '../test/test-mailer.ts';
import { enqueueMail, failedMailCount, outboxDepth } from './outbox.ts';
import { createOutboxWorker, FIRST_RETRY_MS } from './outbox-worker.ts';

const log = pino({ level: 'silent' });
const received: string[] = [];
const smtpServer = () => new SMTPServer({
  authOptional: true, disabledCommands: ['STARTTLS'], logger: false,
  onData(stream, _session, callback) {
    const chunks: Buffer[] = [];
    stream.on('data', (chunk: Buffer) => chunks.push(chunk));
    stream.on('end', () => { received.push(Buffer.concat(chunks).toString('utf8')); callback(); });
  },
});
const mail = (n: number) => ({ kind: 'contact' as const, to: `buyer${n}@example.com`, subject: `Mail ${n}`, text: `Hello ${n}`, html: `<p>Hello ${n}</p>` });
const config = loadConfig({ NODE_ENV: 'test', SEED: 'none' }, 'test');

let database: Database;
beforeAll(async () => { database = await createTestDatabase(); });
afterAll(() => database.close());

describe('outbox worker', () => {
  it('keeps mail while the mail server is down and sends every one exactly once when it is back', async () => {
    let port = 0;
    const probe = smtpServer();
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
    port = (probe.server.address() as AddressInfo).port;
    await new Promise<void>((resolve) => probe.close(() => resolve()));

    await database.db.transaction(async (tx) => {
      for (const n of [1, 2, 3]) await enqueueMail(tx, mail(n));
    });
    expect(await outboxDepth(database.db)).toBe(3);
    let clock = new Date();
    const mailer = createMailer({ from: config.MAIL_FROM, url: `smtp://127.0.0.1:${port}`, folder: '/nonexistent', log });
    const worker = createOutboxWorker({ database, mailer, log, now: () => clock });

    expect(await worker.drain()).toBe(0);
    const waiting = await database.db.select().from(mailOutbox);
    expect(waiting.map((row) => [row.status, row.attempts])).toEqual([['pending', 1], ['pending', 1], ['pending', 1]]);
    expect(waiting.every((row) => row.lastError && row.nextAttemptAt.getTime() === clock.getTime() + FIRST_RETRY_MS)).toBe(true);
    expect(await worker.drain()).toBe(0);
    expect((await database.db.select().from(mailOutbox)).map((row) => row.attempts)).toEqual([1, 1, 1]);

    const smtp = smtpServer();
    await new Promise<void>((resolve) => smtp.listen(port, '127.0.0.1', resolve));
    try {
      clock = new Date(clock.getTime() + FIRST_RETRY_MS + 1000);
      expect(await worker.drain()).toBe(3);
      expect(await worker.drain()).toBe(0);
      expect(received).toHaveLength(3);
      const ids = (await database.db.select().from(mailOutbox)).map((row) => row.messageId);
      expect(received.map((raw) => raw.match(/^Message-ID:\s*(<[^>]+>)/mi)?.[1]).sort()).toEqual(ids.sort());
      expect(await outboxDepth(database.db)).toBe(0);
    } finally {
      await new Promise<void>((resolve) => smtp.close(() => resolve()));
    }
  });

  it('backs off, doubling, and marks a mail failed once a day has passed', async () => {
    await database.db.delete(mailOutbox);
    await enqueueMail(database.db, mail(4));
    const [row] = await database.db.select().from(mailOutbox);
    // PostgreSQL keeps microseconds, a Date milliseconds: a clock one millisecond on finds the new mail due.
    let clock = new Date(row.createdAt.getTime() + 1);
    const down: Mailer = { send: async () => { throw new Error('connect ECONNREFUSED'); } };
    const worker = createOutboxWorker({ database, mailer: down, log, now: () => clock });
    const delays: number[] = [];
    for (let attempt = 1; attempt <= 40; attempt++) {
      await worker.drain();
      const [now] = await database.db.select().from(mailOutbox);
      if (now.status === 'failed') break;
      delays.push(now.nextAttemptAt.getTime() - clock.getTime());
      clock = now.nextAttemptAt;
    }
    expect(delays.slice(0, 4)).toEqual([30_000, 60_000, 120_000, 240_000]);
    expect(Math.max(...delays)).toBe(3_600_000);
    const [failed] = await database.db.select().from(mailOutbox);
    expect(failed.status).toBe('failed');
    expect(failed.lastError).toBe('connect ECONNREFUSED');
    expect(await failedMailCount(database.db)).toBe(1);
  });
});

describe('an app closed or killed with mail waiting', () => {
  it('sends the waiting mail after a restart on the same database, a killed sender\'s claim once its lease ran out', async () => {
    await database.db.delete(mailOutbox);
    const down: Mailer = { send: async () => { throw new Error('mail server down'); } };
    const first = await buildApp({ config, database, mailer: down, jwtSecret: TEST_JWT_SECRET, publicUrl: TEST_PUBLIC_URL, outboxPollMs: 0 });
    await first.ready();
    await createTestUser(database.db, { email: 'reset@example.com' });
    const res = await first.inject({ method: 'POST', url: '/api/auth/reset-password/', payload: { email: 'reset@example.com' } });
    expect(res.statusCode, res.body).toBe(200);
    await enqueueMail(database.db, mail(5));
    await enqueueMail(database.db, mail(6));
    await first.close();
    // Mail 6 was being sent when its process was killed: its claim is left behind, past its lease.
    await database.db.update(mailOutbox).set({ status: 'sending', leaseUntil: new Date(Date.now() - 1000) })
      .where(eq(mailOutbox.to, 'buyer6@example.com'));
    await database.db.update(mailOutbox).set({ nextAttemptAt: sql`now()` }).where(eq(mailOutbox.status, 'pending'));

    const mailer = createTestMailer();
    const second = await buildApp({ config, database, mailer, jwtSecret: TEST_JWT_SECRET, publicUrl: TEST_PUBLIC_URL });
    await second.ready();
    try {
      await expect.poll(() => mailer.sent.map((m) => m.to).sort(), { timeout: 5000 }).toEqual(['buyer5@example.com', 'buyer6@example.com', 'reset@example.com']);
      const [six] = await database.db.select().from(mailOutbox).where(eq(mailOutbox.to, 'buyer6@example.com'));
      expect(mailer.lastTo('buyer6@example.com')!.messageId).toBe(six.messageId);
      expect(six.status).toBe('sent');
    } finally {
      await second.close();
    }
  });
});

describe('staff: failed mail', () => {
  it('lists failed mail for staff, sends one again, and refuses buyers (403) and bad input (400)', async () => {
    await database.db.delete(mailOutbox);
    await enqueueMail(database.db, mail(7));
    await database.db.update(mailOutbox).set({ status: 'failed', attempts: 12, lastError: 'mailbox unavailable' });
    const mailer = createTestMailer();
    const app = await buildApp({
      config, database, mailer, jwtSecret: TEST_JWT_SECRET, publicUrl: TEST_PUBLIC_URL, deliverMailBeforeAnswer: true, outboxPollMs: 0,
    });
    await app.ready();
    try {
      const staff = await createTestUser(database.db, { email: 'support@shop.test', staffRole: 'support' });
      const buyer = await createTestUser(database.db, { email: 'buyer@example.com' });
      const list = await app.inject({ method: 'GET', url: '/api/staff/mail/?status=failed&page=1', headers: staff.headers });
      expect(list.statusCode).toBe(200);
      const [row] = list.json().results;
      expect(list.json()).toMatchObject({ count: 1, page: 1 });
      expect(row).toMatchObject({ to: 'buyer7@example.com', subject: 'Mail 7', kind: 'contact', status: 'failed', attempts: 12, lastError: 'mailbox unavailable' });
      expect(row).not.toHaveProperty('text');

      expect((await app.inject({ method: 'GET', url: '/api/staff/mail/', headers: buyer.headers })).statusCode).toBe(403);
      expect((await app.inject({ method: 'POST', url: `/api/staff/mail/${row.id}/resend/`, headers: buyer.headers })).statusCode).toBe(403);
      const bad = await app.inject({ method: 'GET', url: '/api/staff/mail/?status=lost&page=0', headers: staff.headers });
      expect(bad.statusCode).toBe(400);
      expect(Object.keys(bad.json().errors).sort()).toEqual(['page', 'status']);
      const badId = await app.inject({ method: 'POST', url: '/api/staff/mail/abc/resend/', headers: staff.headers });
      expect(badId.statusCode).toBe(400);
      expect(badId.json().errors).toHaveProperty('id');

      const resent = await app.inject({ method: 'POST', url: `/api/staff/mail/${row.id}/resend/`, headers: staff.headers });
      expect(resent.statusCode, resent.body).toBe(200);
      expect(mailer.sent.map((m) => m.to)).toEqual(['buyer7@example.com']);
      const again = await app.inject({ method: 'POST', url: `/api/staff/mail/${row.id}/resend/`, headers: staff.headers });
      expect(again.statusCode).toBe(409);
      expect(mailer.sent).toHaveLength(1);
      expect((await app.inject({ method: 'POST', url: '/api/staff/mail/99999/resend/', headers: staff.headers })).statusCode).toBe(404);
    } finally {
      await app.close();
    }
  });
});
