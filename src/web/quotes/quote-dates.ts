/** A validity date ('2026-03-14') as an instant at midday UTC, so formatting shows the same day everywhere. */
export const calendarDay = (day: string): string => `${day}T12:00:00Z`;
