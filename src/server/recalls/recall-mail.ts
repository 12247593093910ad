import type { MailMessage } from '../lib/mailer.ts';
import { escapeHtml, htmlButton, htmlMail, htmlParagraphs, mailSubject } from '../lib/mail-layout.ts';
import { type Language, textsFor } from '../lib/texts.ts';

const RED = '#b91c1c';

export interface RecallLetter {
  email: string;
  firstName: string;
  language: Language;
  orderNumber: string;
  productName: string;
  /** '' for a product without options. */
  variantLabel: string;
  lotNumbers: string[];
  quantity: number;
  reason: string;
}

/** A safety notice in the buyer's language: sent whatever their mail preferences, since it is not marketing. */
export function recallMail(notice: RecallLetter, link: string): MailMessage {
  const texts = textsFor(notice.language);
  const t = texts.mail;
  const order = notice.orderNumber;
  const product = notice.variantLabel ? `${notice.productName} (${notice.variantLabel})` : notice.productName;
  const lines = [
    t('recallIntro', {
      product, order, lots: notice.lotNumbers.join(', '), count: notice.quantity,
      source: t('recallSource', { count: notice.lotNumbers.length }),
    }),
    t('reason', { reason: notice.reason }),
    t('recallInstructions'),
  ];
  const greeting = t('greeting', { name: notice.firstName });
  const action = t('recallAction');
  const text = [greeting, '', ...lines, '', `${action}: ${link}`, '', t('shop'), ''].join('\n');
  const html = htmlMail(texts, `<p>${escapeHtml(greeting)}</p>
${htmlParagraphs(lines)}
${htmlButton(link, action, RED)}`, { text: t('recallHeading', { shop: t('shop') }), colour: RED });
  return { to: notice.email, subject: mailSubject(texts, t('recallSubject', { order, product })), text, html, link };
}
