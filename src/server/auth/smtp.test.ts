import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import pino from 'pino';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import type { Database } from '../db/client.ts';
import { createMailer } from '../lib/mailer.ts';
import { individualRegistration, nextIp } from '../test/auth-fixtures.ts';
import { TEST_JWT_SECRET, TEST_PUBLIC_URL } from '../test/test-app.ts';
import { createTestDatabase } from '../test/test-database.ts';

interface Received {
  from: string;
  to: string[];
  data: string;
}

const received: Received[] = [];
const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  logger: false,
  onData(stream, session, callback) {
    const chunks: Buffer[] = [];
    stream.on('data', (chunk: Buffer) => chunks.push(chunk));
    stream.on('end', () => {
      received.push({
        from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
        to: session.envelope.rcptTo.map((r) => r.address),
        data: Buffer.concat(chunks).toString('utf8'),
      });
      callback();
    });
  },
});

let database: Database;
let app: FastifyInstance;

beforeAll(async () => {
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const { port } = smtp.server.address() as AddressInfo;
  const url = `smtp://127.0.0.1:${port}`;
  const config = loadConfig({ NODE_ENV: 'test', SEED: 'none', MAIL_URL: url }, 'test');
  const log = pino({ level: 'silent' });
  const mailer = createMailer({ from: config.MAIL_FROM, url, folder: '/nonexistent', log });
  database = await createTestDatabase();
  app = await buildApp({ config, database, mailer, jwtSecret: TEST_JWT_SECRET, publicUrl: TEST_PUBLIC_URL });
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await database.close();
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
});

/** Undoes quoted-printable soft line breaks and escapes, enough to read links and names. */
const unfold = (raw: string) => raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));

describe('verification mail over SMTP', () => {
  it('reaches a real SMTP server with a plain-text and an HTML part naming the shop', async () => {
    const res = await app.inject({
      method: 'POST', url: '/api/auth/register/', payload: individualRegistration({ email: 'dr.smtp@example.com' }),
      remoteAddress: nextIp(),
    });
    expect(res.statusCode, res.body).toBe(201);
    await expect.poll(() => received.length, { timeout: 10_000 }).toBe(1);

    const [message] = received;
    expect(message.from).toBe('orders@sialkotsurgical.example');
    expect(message.to).toEqual(['dr.smtp@example.com']);
    const data = unfold(message.data);
    expect(data).toContain('Subject: Sialkot Surgical: Verify your email address');
    expect(data).toMatch(/From: Sialkot Surgical <orders@sialkotsurgical\.example>/);
    expect(data).toMatch(/Content-Type: multipart\/alternative/);
    expect(data).toMatch(/Content-Type: text\/plain/);
    expect(data).toMatch(/Content-Type: text\/html/);
    expect(data).toMatch(/http:\/\/shop\.test\/verify-email\?token=[A-Za-z0-9_-]{43}/);
    expect(data).toContain('<h1 style="font-size: 20px; color: #1e3a8a">Sialkot Surgical</h1>');
  });
});
