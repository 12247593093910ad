import { SHORT_DATE } from '../i18n/format.ts';
import type { Format } from '../i18n/use-format.ts';

/** A licence's expiry (YYYY-MM-DD) is a calendar day: shown as that day wherever the visitor is. */
export const expiryDay = (f: Format, day: string) => f.date(`${day}T00:00:00Z`, { ...SHORT_DATE, timeZone: 'UTC' });
