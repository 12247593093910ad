import type { z } from 'zod';
import type { ContactSubject, contactBody } from '#contracts/contact';
import type { Db } from '../db/client.ts';
import { contactMessages } from '../db/schema/contact.ts';
import type { MailMessage } from '../lib/mailer.ts';
import { enqueueMail } from '../mail/outbox.ts';

export type ContactMessage = z.infer<typeof contactBody>;

const SUBJECT_LABELS: Record<ContactSubject, string> = {
  general: 'General inquiry',
  product: 'Product information',
  pricing: 'Pricing and quotes',
  support: 'Technical support',
  partnership: 'Partnership',
  complaint: 'Complaint',
};

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export function contactMail(to: string, id: number, message: ContactMessage): MailMessage {
  const fields: [string, string][] = [
    ['Name', `${message.first_name} ${message.last_name}`],
    ['Email', message.email],
    ['Phone', message.phone ?? '–'],
    ['Company / hospital', message.company ?? '–'],
    ['Subject', SUBJECT_LABELS[message.subject]],
  ];
  return {
    to,
    subject: `Contact form #${id}: ${SUBJECT_LABELS[message.subject]} – ${message.first_name} ${message.last_name}`,
    text: `${fields.map(([label, value]) => `${label}: ${value}`).join('\n')}\n\n${message.message}\n`,
    html: `<table>${fields.map(([label, value]) => `<tr><th align="left">${escapeHtml(label)}</th><td>${escapeHtml(value)}</td></tr>`).join('')}</table>`
      + `<p style="white-space: pre-wrap">${escapeHtml(message.message)}</p>`,
  };
}

export interface ContactDeps {
  db: Db;
  shopEmail: string;
}

/** Stores the message and, in the same transaction, its mail to the shop in the outbox. */
export async function submitContactMessage(
  { db, shopEmail }: ContactDeps, message: ContactMessage, client: { ip?: string; userAgent?: string },
): Promise<number> {
  return db.transaction(async (tx) => {
  const [row] = await tx.insert(contactMessages).values({
    firstName: message.first_name,
    lastName: message.last_name,
    email: message.email,
    phone: message.phone ?? null,
    company: message.company ?? null,
    subject: message.subject,
    message: message.message,
    consent: message.consent,
    ip: client.ip ?? null,
    userAgent: client.userAgent?.slice(0, 500) ?? null,
  }).returning({ id: contactMessages.id });
  await enqueueMail(tx, { kind: 'contact', ...contactMail(shopEmail, row.id, message) });
  return row.id;
  });
}
