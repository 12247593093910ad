/**
 * Spreadsheet programs run a cell that begins with = + - @ (or a tab or carriage return before one) as a formula
 * (OWASP "CSV injection"). The export puts an apostrophe before such a cell, which spreadsheets show as text, and the
 * import takes one off again, so a file exported and imported back keeps every value. A plain number such as -12 is
 * not a formula in any spreadsheet and stays as it is; a value that already begins with apostrophes before a formula
 * character gets one more, so that taking one off restores it.
 */
const ESCAPED = /^('*)[=+\-@\t\r]/;
const PLAIN_NUMBER = /^[+-]?\d+(\.\d+)?$/;

const isFormulaLike = (value: string): boolean => ESCAPED.test(value) && !PLAIN_NUMBER.test(value.replace(/^'+/, ''));

/** The cell as the export writes it. */
export const escapeFormula = (value: string): string => (isFormulaLike(value) ? `'${value}` : value);

/** The cell as the export had it before escaping. */
export const unescapeFormula = (value: string): string => (value.startsWith("'") && isFormulaLike(value) ? value.slice(1) : value);
