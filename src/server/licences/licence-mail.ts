import type { MailMessage } from '../lib/mailer.ts';

const SHOP = 'Sialkot Surgical';
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

interface Recipient {
  email: string;
  firstName: string;
}

function compose(to: Recipient, subject: string, paragraphs: string[], link: string): MailMessage {
  const greeting = `Dear ${to.firstName},`;
  const text = [greeting, '', ...paragraphs.flatMap((p) => [p, '']), `Your licences: ${link}`, '', SHOP, ''].join('\n');
  const html = `<!doctype html>
<html><body style="font-family: Arial, sans-serif; color: #1f2937; line-height: 1.5">
<h1 style="font-size: 20px; color: #1e3a8a">${SHOP}</h1>
<p>${escapeHtml(greeting)}</p>
${paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join('\n')}
<p><a href="${escapeHtml(link)}">Your licences</a></p>
<p style="font-size: 13px; color: #6b7280">${SHOP}</p>
</body></html>
`;
  return { to: to.email, subject: `${SHOP}: ${subject}`, text, html, link };
}

interface LicenceFacts {
  licenceNumber: string;
  expiresOn: string;
}

export const licenceReminderMail = (to: Recipient, licence: LicenceFacts, daysLeft: number, link: string) => compose(
  to,
  `your licence expires in ${daysLeft} ${daysLeft === 1 ? 'day' : 'days'}`,
  [
    `Your licence ${licence.licenceNumber} expires on ${licence.expiresOn}.`,
    'After that day, products from restricted categories cannot be ordered on your account. '
      + 'Upload the renewed licence before then so our staff can verify it in time.',
  ],
  link,
);

export const licenceVerifiedMail = (to: Recipient, licence: LicenceFacts, link: string) => compose(
  to,
  'your licence has been verified',
  [`Your licence ${licence.licenceNumber} has been verified. It is valid through ${licence.expiresOn}, and you can now order products from restricted categories.`],
  link,
);

export const licenceRejectedMail = (to: Recipient, licence: LicenceFacts, reason: string, link: string) => compose(
  to,
  'your licence could not be verified',
  [`Your licence ${licence.licenceNumber} could not be verified: ${reason}`, 'Please upload a corrected document.'],
  link,
);
