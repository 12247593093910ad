const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => ESCAPES[c]);

export const queryWords = (query: string) => query.toLowerCase().split(/[^\p{L}\p{N}]+/u).filter((w) => w.length >= 2);

function trigrams(word: string): Set<string> {
  const padded = `  ${word} `;
  const grams = new Set<string>();
  for (let i = 0; i + 3 <= padded.length; i++) grams.add(padded.slice(i, i + 3));
  return grams;
}

/** pg_trgm's similarity of two single words, so a misspelt word marks the word it meant. */
export function wordSimilarity(a: string, b: string): number {
  const x = trigrams(a);
  const y = trigrams(b);
  let shared = 0;
  for (const gram of x) if (y.has(gram)) shared++;
  return shared / (x.size + y.size - shared);
}

const FUZZY_WORD = 0.4;

function marks(word: string, terms: string[]): boolean {
  const lower = word.toLowerCase();
  return terms.some((t) => lower === t || (t.length >= 3 && lower.startsWith(t)) || (lower.length >= 4 && wordSimilarity(lower, t) >= FUZZY_WORD));
}

/**
 * Escapes the text first, then wraps each word matching a term in <mark>. Words are found in the raw
 * text and every piece is escaped on its own, so no input can open a tag.
 */
export function highlight(text: string, terms: string[]): { html: string; marked: boolean } {
  let html = '';
  let marked = false;
  for (const piece of text.split(/([\p{L}\p{N}]+)/u)) {
    if (piece && /[\p{L}\p{N}]/u.test(piece) && marks(piece, terms)) {
      html += `<mark>${escapeHtml(piece)}</mark>`;
      marked = true;
    } else {
      html += escapeHtml(piece);
    }
  }
  return { html, marked };
}

const FRAGMENT = 140;

/** The sentence of a longer text holding the first marked word, cut to about FRAGMENT characters. */
export function fragmentOf(text: string, terms: string[]): string | undefined {
  const sentences = text.split(/(?<=[.!?])\s+/);
  for (const sentence of sentences) {
    const cut = sentence.length > FRAGMENT ? `${sentence.slice(0, FRAGMENT).replace(/\s+\S*$/, '')}…` : sentence;
    const { html, marked } = highlight(cut, terms);
    if (marked) return html;
  }
  return undefined;
}
