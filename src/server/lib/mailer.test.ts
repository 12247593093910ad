import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { afterAll, describe, expect, it } from 'vitest';
import { createMailer } from './mailer.ts';

const folder = mkdtempSync(path.join(tmpdir(), 'mail-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

describe('mailer without SMTP', () => {
  it('writes each message as an .eml file with text and HTML parts', async () => {
    const mailer = createMailer({ from: 'Shop <shop@example.com>', folder, log: pino({ level: 'silent' }) });
    await mailer.send({ to: 'buyer@example.com', subject: 'Verify your email', text: 'Open https://x/verify', html: '<p>Open</p>', link: 'https://x/verify' });
    const files = readdirSync(folder);
    expect(files).toHaveLength(1);
    const eml = readFileSync(path.join(folder, files[0]), 'utf8');
    expect(eml).toContain('To: buyer@example.com');
    expect(eml).toContain('Subject: Verify your email');
    expect(eml).toContain('text/plain');
    expect(eml).toContain('text/html');
  });
});
