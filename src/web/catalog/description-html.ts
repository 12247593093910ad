const HAS_TAGS = /<[a-z][^>]*>/i;

/**
 * A product description as HTML to render. The server keeps descriptions sanitised; one written as plain text (no
 * tags, its special characters escaped) becomes a paragraph per blank-line-separated block.
 */
export function descriptionHtml(description: string): string {
  if (HAS_TAGS.test(description)) return description;
  return description.split(/\n{2,}/).map((block) => block.trim()).filter(Boolean).map((block) => `<p>${block}</p>`).join('');
}

const NAMED_ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

/** The text of an escape the sanitiser leaves in a description: a few named ones and numeric ones. */
function unescape(entity: string, name: string): string {
  if (name.startsWith('#')) {
    const code = name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
    return Number.isInteger(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : entity;
  }
  return NAMED_ENTITIES[name] ?? entity;
}

/**
 * The description's words without formatting, for a one-line preview. Read from the sanitised markup without a DOM,
 * so the server renders the same words as the browser.
 */
export function descriptionText(description: string): string {
  return descriptionHtml(description)
    .replace(/<[^>]*>/g, '')
    .replace(/&(#x?[0-9a-f]+|[a-z]+);/gi, unescape)
    .replace(/\s+/g, ' ')
    .trim();
}
