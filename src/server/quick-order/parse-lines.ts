import { MAX_LINE_QUANTITY } from '#contracts/cart';

/** A pasted line read as a catalogue number and a quantity, or the reason it could not be. */
export type ParsedLine = {
  /** From 1, counting blank lines, so the buyer finds it in what they pasted. */
  line: number;
  input: string;
  catalogueNumber: string;
} & ({ quantity: number; problem: null } | { quantity: 0; problem: string });

const HEADER_WORDS = /catalog|catalogue|model|sku|part|item|code|quantity|qty/i;
const QUOTED = /^"(.*)"$/s;

/**
 * Splits a line the way a spreadsheet copies it: on commas, tabs or semicolons when it has any (a catalogue number
 * may then hold a space), on runs of spaces otherwise. Quotes around a field (CSV) are taken off.
 */
function fieldsOf(line: string): string[] {
  const fields = /[,;\t]/.test(line) ? line.split(/[,;\t]/) : line.split(/\s+/);
  return fields.map((field) => field.trim().replace(QUOTED, '$1').trim()).filter((field) => field !== '');
}

const wholeNumber = /^\d+$/;

function readLine(line: number, input: string): ParsedLine {
  const [catalogueNumber = '', quantityText, ...rest] = fieldsOf(input);
  const unread = (problem: string): ParsedLine => ({ line, input, catalogueNumber, quantity: 0, problem });
  if (quantityText === undefined) return unread('Give a quantity after the catalogue number.');
  if (rest.length > 0) return unread('Give only a catalogue number and a quantity on each line.');
  if (!wholeNumber.test(quantityText)) return unread('The quantity must be a whole number.');
  const quantity = Number(quantityText);
  if (quantity < 1 || quantity > MAX_LINE_QUANTITY) return unread(`The quantity must be from 1 to ${MAX_LINE_QUANTITY}.`);
  return { line, input, catalogueNumber, quantity, problem: null };
}

/** A first line whose quantity is a word such as "quantity" and whose first field names the column. */
const isHeader = (input: string) => {
  const [first = '', second] = fieldsOf(input);
  return second !== undefined && !wholeNumber.test(second) && HEADER_WORDS.test(first) && HEADER_WORDS.test(second);
};

/** The non-blank lines of pasted text or a CSV file, without its header row. */
export function parseQuickOrder(text: string): ParsedLine[] {
  const lines = text.split(/\r\n|\r|\n/).map((input, index) => ({ line: index + 1, input: input.trim() }))
    .filter(({ input }) => input !== '');
  if (lines.length > 0 && isHeader(lines[0].input)) lines.shift();
  return lines.map(({ line, input }) => readLine(line, input));
}
