import { describe, expect, it } from 'vitest';
import { parseQuickOrder } from './parse-lines.ts';

const read = (text: string) => parseQuickOrder(text).map(({ line, catalogueNumber, quantity, problem }) => [line, catalogueNumber, quantity, problem]);

describe('parseQuickOrder', () => {
  it('reads a catalogue number and a quantity separated by a comma, tab, semicolon or spaces', () => {
    expect(read('SS-101,2\nSS-102\t3\nSS-103;4\nSS-104   5\nSS-105 , 6\n"SS-106","7"')).toEqual([
      [1, 'SS-101', 2, null], [2, 'SS-102', 3, null], [3, 'SS-103', 4, null], [4, 'SS-104', 5, null], [5, 'SS-105', 6, null],
      [6, 'SS-106', 7, null],
    ]);
  });

  it('keeps a space inside a catalogue number when the line has another separator', () => {
    expect(read('BP 3 blade\t10')).toEqual([[1, 'BP 3 blade', 10, null]]);
  });

  it('skips a header row and blank lines, numbering lines as pasted', () => {
    expect(read('catalogue_number,quantity\r\n\r\nSS-101,2\n   \nSS-102,1\n')).toEqual([[3, 'SS-101', 2, null], [5, 'SS-102', 1, null]]);
    expect(read('Model No.\tQty\nSS-101\t2')).toEqual([[2, 'SS-101', 2, null]]);
  });

  it('reads a first line with a quantity as a line, not a header', () => {
    expect(read('SS-101,2\ncatalogue_number,quantity')).toEqual([
      [1, 'SS-101', 2, null], [2, 'catalogue_number', 0, 'The quantity must be a whole number.'],
    ]);
  });

  it('refuses a missing, non-whole, zero, negative or too large quantity, and extra fields', () => {
    expect(read('SS-101\nSS-102,2.5\nSS-103,0\nSS-104,-1\nSS-105,1000\nSS-106,ten\nSS-107,2,3\nSS-108,999')).toEqual([
      [1, 'SS-101', 0, 'Give a quantity after the catalogue number.'],
      [2, 'SS-102', 0, 'The quantity must be a whole number.'],
      [3, 'SS-103', 0, 'The quantity must be from 1 to 999.'],
      [4, 'SS-104', 0, 'The quantity must be a whole number.'],
      [5, 'SS-105', 0, 'The quantity must be from 1 to 999.'],
      [6, 'SS-106', 0, 'The quantity must be a whole number.'],
      [7, 'SS-107', 0, 'Give only a catalogue number and a quantity on each line.'],
      [8, 'SS-108', 999, null],
    ]);
  });

  it('reads nothing from blank text or a header alone', () => {
    expect(read('')).toEqual([]);
    expect(read('\n  \n')).toEqual([]);
    expect(read('catalogue_number,quantity\n')).toEqual([]);
  });
});
