import type { MailMessage } from '../lib/mailer.ts';
import type { UserRow } from './user-view.ts';

const SHOP = 'Sialkot Surgical';

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

interface Letter {
  subject: string;
  intro: string;
  action: string;
  validity: string;
  ignore: string;
}

function compose(user: UserRow, link: string, letter: Letter): MailMessage {
  const greeting = `Dear ${user.firstName},`;
  const text = [
    greeting, '', letter.intro, '', `${letter.action}: ${link}`, '', letter.validity, letter.ignore, '', SHOP, '',
  ].join('\n');
  const html = `<!doctype html>
<html><body style="font-family: Arial, sans-serif; color: #1f2937; line-height: 1.5">
<h1 style="font-size: 20px; color: #1e3a8a">${SHOP}</h1>
<p>${escapeHtml(greeting)}</p>
<p>${escapeHtml(letter.intro)}</p>
<p><a href="${escapeHtml(link)}" style="display: inline-block; padding: 10px 18px; background: #1d4ed8; color: #ffffff; text-decoration: none; border-radius: 6px">${escapeHtml(letter.action)}</a></p>
<p style="font-size: 13px">Or paste this address into your browser: <br>${escapeHtml(link)}</p>
<p style="font-size: 13px">${escapeHtml(letter.validity)} ${escapeHtml(letter.ignore)}</p>
<p style="font-size: 13px; color: #6b7280">${SHOP}</p>
</body></html>
`;
  return { to: user.email, subject: `${SHOP}: ${letter.subject}`, text, html, link };
}

export const verificationMail = (user: UserRow, link: string): MailMessage => compose(user, link, {
  subject: 'Verify your email address',
  intro: `Thank you for creating an account with ${SHOP}. Please confirm that this is your email address.`,
  action: 'Verify my email address',
  validity: 'This link is valid for 24 hours and can be used once.',
  ignore: 'If you did not create this account, you can ignore this message.',
});

export const passwordResetMail = (user: UserRow, link: string): MailMessage => compose(user, link, {
  subject: 'Reset your password',
  intro: `Someone asked to reset the password of your ${SHOP} account.`,
  action: 'Choose a new password',
  validity: 'This link is valid for 1 hour and can be used once.',
  ignore: 'If you did not ask for this, ignore this message: your password stays as it is.',
});
