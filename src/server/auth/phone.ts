/** E.164-ish: an optional leading +, then 7 to 15 digits, which may be grouped with spaces, dashes or parentheses. */
export function isValidPhone(value: string): boolean {
  if (!/^\+?[\d\s()-]+$/.test(value)) return false;
  const digits = value.replace(/\D/g, '').length;
  return digits >= 7 && digits <= 15;
}
