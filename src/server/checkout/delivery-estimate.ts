/** Shipping within 1-2 business days and delivery in 3-5: the estimate is the later end, 5 business days. */
export const DELIVERY_BUSINESS_DAYS = 5;

/** The ISO date `days` business days (Monday to Friday) after `from`. */
export function addBusinessDays(from: Date, days = DELIVERY_BUSINESS_DAYS): string {
  const date = new Date(Date.UTC(from.getUTCFullYear(), from.getUTCMonth(), from.getUTCDate()));
  let left = days;
  while (left > 0) {
    date.setUTCDate(date.getUTCDate() + 1);
    const weekday = date.getUTCDay();
    if (weekday !== 0 && weekday !== 6) left--;
  }
  return date.toISOString().slice(0, 10);
}
