import { LANGUAGES } from '#contracts/auth';
import type { Language } from '../lib/texts.ts';

const isLanguage = (tag: string): tag is Language => (LANGUAGES as readonly string[]).includes(tag);

/**
 * The language a document is written in for an anonymous reader: the link's `?lang=`, else the first of the shop's
 * languages the browser asks for (Accept-Language, by its q weights), else English.
 */
export function requestLanguage(lang: Language | undefined, acceptLanguage: string | undefined): Language {
  if (lang) return lang;
  const asked = (acceptLanguage ?? '').split(',').map((part, order) => {
    const [tag, ...params] = part.trim().split(';');
    const q = params.map((param) => /^\s*q=([\d.]+)\s*$/.exec(param)).find(Boolean);
    return { language: tag.split('-')[0].toLowerCase(), weight: q ? Number(q[1]) : 1, order };
  }).filter((entry) => entry.weight > 0).sort((a, b) => b.weight - a.weight || a.order - b.order);
  return asked.map((entry) => entry.language).find(isLanguage) ?? 'en';
}
