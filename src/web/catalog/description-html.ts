const HAS_TAGS = /<[a-z][^>]*>/i;

/**
 * A product description as HTML to render. The server keeps descriptions sanitised; one written as plain text (no
 * tags, its special characters escaped) becomes a paragraph per blank-line-separated block.
 */
export function descriptionHtml(description: string): string {
  if (HAS_TAGS.test(description)) return description;
  return description.split(/\n{2,}/).map((block) => block.trim()).filter(Boolean).map((block) => `<p>${block}</p>`).join('');
}

/** The description's words without formatting, for a one-line preview. */
export function descriptionText(description: string): string {
  const document = new DOMParser().parseFromString(descriptionHtml(description), 'text/html');
  return (document.body.textContent ?? '').replace(/\s+/g, ' ').trim();
}
