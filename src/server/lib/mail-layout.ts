import type { Texts } from './texts.ts';

export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

const BLUE = '#1d4ed8';

/** '<shop>: <subject>', the shop's name in the reader's language. */
export const mailSubject = (texts: Texts, subject: string) => `${texts.mail('shop')}: ${subject}`;

export const htmlParagraphs = (lines: string[]) => lines.map((line) => `<p>${escapeHtml(line)}</p>`).join('\n');

/** The one link that matters, drawn as a button. */
export const htmlButton = (href: string, label: string, colour = BLUE) =>
  `<p><a href="${escapeHtml(href)}" style="display: inline-block; padding: 10px 18px; background: ${colour}; color: #ffffff; text-decoration: none; border-radius: 6px">${escapeHtml(label)}</a></p>`;

export interface HtmlHeading {
  text: string;
  colour: string;
}

/**
 * A mail's HTML document in the reader's language: the heading (the shop's name unless given), the body and the
 * shop's name beneath. Urdu and Arabic mails read right to left.
 */
export function htmlMail(texts: Texts, body: string, heading: HtmlHeading = { text: texts.mail('shop'), colour: '#1e3a8a' }): string {
  const direction = texts.direction === 'rtl' ? ' dir="rtl"' : '';
  return `<!doctype html>
<html lang="${texts.language}"${direction}><body style="font-family: Arial, sans-serif; color: #1f2937; line-height: 1.5">
<h1 style="font-size: 20px; color: ${heading.colour}">${escapeHtml(heading.text)}</h1>
${body}
<p style="font-size: 13px; color: #6b7280">${escapeHtml(texts.mail('shop'))}</p>
</body></html>
`;
}
