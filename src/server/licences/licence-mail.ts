import type { MailMessage } from '../lib/mailer.ts';
import { escapeHtml, htmlMail, htmlParagraphs, mailSubject } from '../lib/mail-layout.ts';
import { type Language, type Texts, textsFor } from '../lib/texts.ts';

interface Recipient {
  email: string;
  firstName: string;
  language: Language;
}

function compose(to: Recipient, letter: (texts: Texts) => { subject: string; paragraphs: string[] }, link: string): MailMessage {
  const texts = textsFor(to.language);
  const { subject, paragraphs } = letter(texts);
  const greeting = texts.mail('greeting', { name: to.firstName });
  const label = texts.mail('licencesLink');
  const text = [greeting, '', ...paragraphs.flatMap((p) => [p, '']), `${label}: ${link}`, '', texts.mail('shop'), ''].join('\n');
  const html = htmlMail(texts, `<p>${escapeHtml(greeting)}</p>
${htmlParagraphs(paragraphs)}
<p><a href="${escapeHtml(link)}">${escapeHtml(label)}</a></p>`);
  return { to: to.email, subject: mailSubject(texts, subject), text, html, link };
}

interface LicenceFacts {
  licenceNumber: string;
  expiresOn: string;
}

export const licenceReminderMail = (to: Recipient, licence: LicenceFacts, daysLeft: number, link: string) => compose(to, ({ mail: t, day }) => ({
  subject: t('licenceReminderSubject', { count: daysLeft }),
  paragraphs: [t('licenceExpires', { number: licence.licenceNumber, day: day(licence.expiresOn) }), t('licenceRenew')],
}), link);

export const licenceVerifiedMail = (to: Recipient, licence: LicenceFacts, link: string) => compose(to, ({ mail: t, day }) => ({
  subject: t('licenceVerifiedSubject'),
  paragraphs: [t('licenceVerified', { number: licence.licenceNumber, day: day(licence.expiresOn) })],
}), link);

export const licenceRejectedMail = (to: Recipient, licence: LicenceFacts, reason: string, link: string) => compose(to, ({ mail: t }) => ({
  subject: t('licenceRejectedSubject'),
  paragraphs: [t('licenceRejected', { number: licence.licenceNumber, reason }), t('licenceRejectedNext')],
}), link);
