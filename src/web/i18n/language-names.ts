/** Each language named in itself, so a visitor finds theirs whatever is showing. */
export const LANGUAGE_NAMES = { en: 'English', ur: 'اردو', ar: 'العربية' } as const;
