import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * Every catalogue in every language has the keys English has, the plural forms its language needs, the same
 * placeholders and the same tags (`<terms>…</terms>`, which `<Trans>` turns into links), and no text is empty: i18next
 * shows an empty text's key instead (`returnEmptyString` is off). Part of `npm run typecheck`, since the compiler checks
 * keys only against English, and only that they exist.
 */
const LOCALES = path.join(import.meta.dirname, '..', 'src', 'web', 'locales');
const PLURAL = /_(zero|one|two|few|many|other)$/;
const placeholders = (text: string) => [
  ...[...text.matchAll(/\{\{\s*(\w+)/g)].map((m) => m[1]),
  ...[...text.matchAll(/<(\w+)>/g)].map((m) => `<${m[1]}>`),
].sort().join(',');

type Catalogue = Record<string, string>;

/** Lists and groups of texts (read with `returnObjects`) are compared text by text, as `slides.0.title`. */
function flatten(value: unknown, prefix = '', into: Catalogue = {}): Catalogue {
  if (typeof value === 'string') into[prefix] = value;
  else for (const [key, inner] of Object.entries(value as object)) flatten(inner, prefix ? `${prefix}.${key}` : key, into);
  return into;
}

const read = (language: string, namespace: string): Catalogue | undefined => {
  try {
    return flatten(JSON.parse(readFileSync(path.join(LOCALES, language, `${namespace}.json`), 'utf8')));
  } catch {
    return undefined;
  }
};

/** The keys English gives plural forms: both `_one` and `_other` (a key such as `type_other` names a case). */
const pluralsOf = (english: Catalogue) =>
  new Set(Object.keys(english).filter((key) => key.endsWith('_one') && `${key.slice(0, -4)}_other` in english).map((key) => key.slice(0, -4)));

/** Each key without its plural suffix, with the placeholders of its forms. */
function shape(catalogue: Catalogue, plurals: Set<string>) {
  const keys = new Map<string, { plural: boolean; forms: Set<string>; placeholders: Set<string> }>();
  for (const [key, text] of Object.entries(catalogue)) {
    const stem = key.replace(PLURAL, '');
    const plural = plurals.has(stem);
    const base = plural ? stem : key;
    const entry = keys.get(base) ?? { plural, forms: new Set(), placeholders: new Set() };
    if (plural) entry.forms.add(key.slice(base.length + 1));
    // A plural form may leave out the count ("one item"), so only the names besides `count` must match.
    entry.placeholders.add(placeholders(text).replace(/(^|,)count(?=,|$)/, '').replace(/^,|,$/g, ''));
    keys.set(base, entry);
  }
  return keys;
}

function checkLocales(): string[] {
  const problems: string[] = [];
  const languages = readdirSync(LOCALES);
  for (const language of languages) {
    for (const file of readdirSync(path.join(LOCALES, language))) {
      const namespace = path.basename(file, '.json');
      for (const [key, text] of Object.entries(read(language, namespace) ?? {})) {
        if (!text.trim()) problems.push(`${language}/${namespace}: "${key}" is empty (i18next would show the key)`);
      }
    }
  }
  for (const file of readdirSync(path.join(LOCALES, 'en'))) {
    const namespace = path.basename(file, '.json');
    const plurals = pluralsOf(read('en', namespace)!);
    const english = shape(read('en', namespace)!, plurals);
    for (const language of languages.filter((l) => l !== 'en')) {
      const catalogue = read(language, namespace);
      if (!catalogue) {
        problems.push(`${language}/${namespace}.json is missing`);
        continue;
      }
      const own = shape(catalogue, plurals);
      const needed = new Intl.PluralRules(language).resolvedOptions().pluralCategories;
      for (const [key, en] of english) {
        const entry = own.get(key);
        if (!entry) problems.push(`${language}/${namespace}: "${key}" is missing`);
        else if (en.plural !== entry.plural) problems.push(`${language}/${namespace}: "${key}" must ${en.plural ? '' : 'not '}have plural forms`);
        else {
          for (const form of en.plural ? needed : []) if (!entry.forms.has(form)) problems.push(`${language}/${namespace}: "${key}_${form}" is missing`);
          const want = [...en.placeholders].sort().join(' | ');
          const same = en.plural
            ? [...entry.placeholders].every((p) => en.placeholders.has(p) || p === '')
            : want === [...entry.placeholders].sort().join(' | ');
          if (!same) problems.push(`${language}/${namespace}: "${key}" must have the placeholders and tags ${want || 'none'}`);
        }
      }
      // A language may name a case English leaves to the general text (i18next's context: `key_case` beside `key`).
      const refines = (key: string) => english.has(key.slice(0, key.lastIndexOf('_')));
      for (const key of own.keys()) if (!english.has(key) && !refines(key)) problems.push(`${language}/${namespace}: "${key}" is not in English`);
    }
  }
  return problems;
}

const problems = checkLocales();
for (const problem of problems) console.error(problem);
process.exit(problems.length ? 1 : 0);
