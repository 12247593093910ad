import { useFormat } from '../i18n/use-format.ts';

/** A run date (YYYY-MM-DD, a day in the shop) as the visitor's language writes it, the same day in every time zone. */
export function useRunDay() {
  const f = useFormat();
  return (day: string) => f.date(`${day}T12:00:00Z`, { year: 'numeric', month: 'long', day: 'numeric', weekday: 'long', timeZone: 'UTC' });
}
