import type { Locale } from './locale-store.ts';

/**
 * The shop's own Arabic-script fonts, fetched only when the visitor reads Urdu or Arabic: Nastaliq for Urdu, Naskh
 * for Arabic. Only the Arabic-script subset (Latin text keeps the system font), with font-display: swap so text shows
 * at once in a system font. An English visitor downloads no font file.
 */
const SCRIPT_FONTS: Partial<Record<Locale, () => Promise<unknown>>> = {
  ur: () => import('@fontsource/noto-nastaliq-urdu/arabic.css'),
  ar: () => import('@fontsource/noto-naskh-arabic/arabic.css'),
};

export function loadScriptFont(locale: Locale): void {
  SCRIPT_FONTS[locale]?.().catch(() => {
    // Offline or blocked: the system's Arabic-script fonts in the font stack take over.
  });
}
