import type { Readable } from 'node:stream';
import { CsvError, parse } from 'csv-parse';
import type { ImportResult } from '#contracts/staff-products';
import { CSV_COLUMNS, REQUIRED_COLUMNS, VARIANT_COLUMNS, type CsvColumn, type CsvRecord } from './product-csv-columns.ts';

export type RowError = ImportResult['errors'][number];

/** One row of a product, numbered as a spreadsheet shows it (the header is row 1). */
export interface CsvRow {
  row: number;
  record: CsvRecord;
}

/** A product's rows: the first carries the product's fields; variant rows and image rows follow in file order. */
export interface CsvProduct {
  handle: string;
  first: CsvRow;
  variants: CsvRow[];
  images: CsvRow[];
}

export interface ParsedCsv {
  /** The known columns the file has. */
  columns: Set<CsvColumn>;
  products: CsvProduct[];
  errors: RowError[];
}

const HEADER_ROW = 1;
const canonical = new Map<string, CsvColumn>(CSV_COLUMNS.map((column) => [column.toLowerCase(), column]));

const filled = (record: CsvRecord, column: CsvColumn): boolean => (record[column] ?? '').trim() !== '';
const isVariantRow = (record: CsvRecord): boolean => VARIANT_COLUMNS.some((column) => filled(record, column));

/** The header's known columns by position; a missing required column, or a column given twice, is a row 1 error. */
function readHeader(cells: string[]): { columns: (CsvColumn | null)[]; errors: RowError[] } {
  const columns = cells.map((cell) => canonical.get(cell.trim().toLowerCase()) ?? null);
  const errors: RowError[] = [];
  const present = new Set(columns.filter((column) => column !== null));
  const missing = REQUIRED_COLUMNS.filter((column) => !present.has(column));
  if (!present.has('Type') && !present.has('Instrument Type')) missing.push('Type' as never);
  if (missing.length) {
    errors.push({ row: HEADER_ROW, column: missing.join(', '), message: `Required columns are missing: ${missing.join(', ')}.` });
  }
  const twice = [...present].filter((column) => columns.filter((c) => c === column).length > 1);
  for (const column of twice) errors.push({ row: HEADER_ROW, column, message: 'This column is given more than once.' });
  const unknown = cells.filter((_, i) => columns[i] === null && cells[i].trim() !== '');
  if (unknown.length) {
    errors.push({ row: HEADER_ROW, column: unknown.join(', '), message: `Unknown columns are ignored: ${unknown.join(', ')}.` });
  }
  return { columns, errors };
}

/**
 * Reads a product CSV as it streams in and groups its rows by Handle. A row that has no Handle, or a variant row of a
 * handle that already ended, is reported on its row. A file that is not CSV at all (an unclosed quote) is one error:
 * nothing of it is imported, as which rows belong together is then unknown.
 */
export async function parseProductCsv(source: Readable | string): Promise<ParsedCsv> {
  const parser = parse({ bom: true, relax_column_count: true, skip_empty_lines: false });
  const byHandle = new Map<string, CsvProduct>();
  const errors: RowError[] = [];
  let header: (CsvColumn | null)[] | null = null;
  let row = 0;
  const reading = typeof source === 'string' ? parser.end(source) : source.pipe(parser);
  try {
    for await (const cells of reading as AsyncIterable<string[]>) {
      row += 1;
      if (header === null) {
        const read = readHeader(cells);
        errors.push(...read.errors);
        if (read.errors.some((error) => error.message.startsWith('Required'))) return { columns: new Set(), products: [], errors };
        header = read.columns;
        continue;
      }
      const record: CsvRecord = {};
      header.forEach((column, i) => {
        if (column && cells[i] !== undefined) record[column] = cells[i];
      });
      if (Object.values(record).every((value) => value.trim() === '')) continue;
      const handle = (record.Handle ?? '').trim();
      if (!handle) {
        errors.push({ row, column: 'Handle', message: 'Give the product handle this row belongs to.' });
        continue;
      }
      const product = byHandle.get(handle);
      if (!product) {
        byHandle.set(handle, { handle, first: { row, record }, variants: [{ row, record }], images: filled(record, 'Image Src') ? [{ row, record }] : [] });
        continue;
      }
      if (isVariantRow(record)) product.variants.push({ row, record });
      if (filled(record, 'Image Src')) product.images.push({ row, record });
      if (!isVariantRow(record) && !filled(record, 'Image Src')) {
        errors.push({ row, column: 'Handle', message: 'This row adds neither a variant nor an image to the product.' });
      }
    }
  } catch (error) {
    if (!(error instanceof CsvError)) throw error;
    const at = (error as CsvError & { records?: number }).records ?? row;
    return { columns: new Set(), products: [], errors: [{ row: at + 1, column: '', message: `The file is not valid CSV: ${error.message}` }] };
  }
  if (header === null) return { columns: new Set(), products: [], errors: [{ row: HEADER_ROW, column: '', message: 'The file is empty.' }] };
  return { columns: new Set(header.filter((column) => column !== null)), products: [...byHandle.values()], errors };
}
