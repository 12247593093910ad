import type { MailMessage } from '../lib/mailer.ts';

const SHOP = 'Sialkot Surgical';
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export function backInStockMail(to: { email: string; firstName: string }, productName: string, link: string): MailMessage {
  const greeting = `Dear ${to.firstName},`;
  const intro = `${productName} is back in stock. You asked us to let you know: this is the only message we send about it.`;
  const text = [greeting, '', intro, '', `View the product: ${link}`, '', `— ${SHOP}`, ''].join('\n');
  const html = `<!doctype html>
<html><body style="font-family: Arial, sans-serif; color: #1f2937; line-height: 1.5">
<h1 style="font-size: 20px; color: #1e3a8a">${SHOP}</h1>
<p>${escapeHtml(greeting)}</p>
<p>${escapeHtml(intro)}</p>
<p><a href="${escapeHtml(link)}" style="display: inline-block; padding: 10px 18px; background: #1d4ed8; color: #ffffff; text-decoration: none; border-radius: 6px">View the product</a></p>
<p style="font-size: 13px; color: #6b7280">${SHOP}</p>
</body></html>
`;
  return { to: to.email, subject: `${SHOP}: ${productName} is back in stock`, text, html, link };
}
