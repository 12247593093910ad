import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer, { type Transporter } from 'nodemailer';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** The one link that matters in this message (verification, reset, tracking); never logged nor stored apart. */
  link?: string;
  /** The Message-ID header, stable across retries of the same mail (the outbox's), so receivers can drop a copy. */
  messageId?: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

export interface MailerOptions {
  from: string;
  /** SMTP URL; without it every message is written as an .eml file into `folder`. */
  url?: string;
  folder: string;
  log: FastifyBaseLogger;
}

export function createMailer({ from, url, folder, log }: MailerOptions): Mailer {
  if (url) {
    const transport: Transporter = nodemailer.createTransport({ url, connectionTimeout: 30_000, greetingTimeout: 30_000, socketTimeout: 60_000 });
    return {
      async send({ link: _link, ...message }) {
        await transport.sendMail({ from, ...message });
        log.info({ to: message.to, subject: message.subject }, 'mail sent');
      },
    };
  }
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async send({ link: _link, ...message }) {
      const info = await transport.sendMail({ from, ...message });
      await mkdir(folder, { recursive: true });
      const file = path.join(folder, `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomBytes(3).toString('hex')}.eml`);
      await writeFile(file, info.message as Buffer);
      log.info({ to: message.to, subject: message.subject, file }, 'mail written');
    },
  };
}
