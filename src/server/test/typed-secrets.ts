/**
 * The secrets that appear in `text` as a value of their own, not as part of a longer run of letters and digits: a
 * stored or logged CVV stands between quotes or spaces, while a random reference or a clock may hold the same four
 * digits by chance.
 */
export function typedSecretsIn(text: string, secrets: readonly string[]): string[] {
  return secrets.filter((secret) => new RegExp(`(?<![0-9A-Za-z])${secret.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?![0-9A-Za-z])`).test(text));
}
