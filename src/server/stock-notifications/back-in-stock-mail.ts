import type { MailMessage } from '../lib/mailer.ts';
import { escapeHtml, htmlButton, htmlMail, mailSubject } from '../lib/mail-layout.ts';
import { type Language, textsFor } from '../lib/texts.ts';

export function backInStockMail(
  to: { email: string; firstName: string; language: Language }, productName: string, link: string,
): MailMessage {
  const texts = textsFor(to.language);
  const t = texts.mail;
  const greeting = t('greeting', { name: to.firstName });
  const intro = t('backInStockIntro', { product: productName });
  const action = t('backInStockAction');
  const text = [greeting, '', intro, '', `${action}: ${link}`, '', `— ${t('shop')}`, ''].join('\n');
  const html = htmlMail(texts, `<p>${escapeHtml(greeting)}</p>
<p>${escapeHtml(intro)}</p>
${htmlButton(link, action)}`);
  return { to: to.email, subject: mailSubject(texts, t('backInStockSubject', { product: productName })), text, html, link };
}
