import sanitizeHtml from 'sanitize-html';

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    'p', 'br', 'strong', 'em', 'b', 'i', 'u', 'ul', 'ol', 'li', 'h3', 'h4', 'a', 'blockquote',
    'table', 'thead', 'tbody', 'tr', 'th', 'td',
  ],
  allowedAttributes: { a: ['href', 'rel'] },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesAppliedToAttributes: ['href'],
  allowProtocolRelative: false,
  // Whatever is inside a dropped script, style or similar element goes with it, not into the text.
  nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'iframe', 'object', 'embed', 'svg', 'math', 'template'],
  transformTags: { a: sanitizeHtml.simpleTransform('a', { rel: 'noopener noreferrer' }) },
};

/**
 * A product description as the storefront may render it: a small set of formatting tags, links only to http(s) and
 * mail addresses, no attribute but href, nothing that runs.
 */
export const sanitizeDescription = (html: string): string => sanitizeHtml(html, OPTIONS).trim();

const TEXT_ESCAPES: Record<string, string> = { '&lt;': '<', '&gt;': '>', '&quot;': '"', '&amp;': '&' };

/** A description's words without its formatting (search fragments), blocks kept apart by a space. */
export function descriptionText(html: string): string {
  const spaced = html.replace(/<\/(?:p|li|h3|h4|blockquote|td|th)>|<br\s*\/?>/gi, '$& ');
  return sanitizeHtml(spaced, { allowedTags: [], allowedAttributes: {} })
    .replace(/&(?:lt|gt|quot|amp);/g, (entity) => TEXT_ESCAPES[entity]).replace(/\s+/g, ' ').trim();
}
