/** Integer cents to the wire's decimal string ("129.50"). */
export function centsToDecimal(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

export const centsToNumber = (cents: number): number => cents / 100;

/** Dollars (as typed by a person) to integer cents, rounding half up to the cent. */
export const dollarsToCents = (dollars: number): number => Math.round(dollars * 100);
