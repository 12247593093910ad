import type { Readable } from 'node:stream';
import { CsvError, parse } from 'csv-parse';
import type { ImportProblem } from '#contracts/product-import';
import { CSV_COLUMNS, REQUIRED_COLUMNS, VARIANT_COLUMNS, type CsvColumn, type CsvRecord } from './product-csv-columns.ts';
import { unescapeFormula } from './product-csv-formula.ts';
import { problemAt, type ProblemCause } from './product-csv-problems.ts';

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
  errors: ImportProblem[];
  warnings: ImportProblem[];
}

const HEADER_ROW = 1;
const canonical = new Map<string, CsvColumn>(CSV_COLUMNS.map((column) => [column.toLowerCase(), column]));

const filled = (record: CsvRecord, column: CsvColumn): boolean => (record[column] ?? '').trim() !== '';
const isVariantRow = (record: CsvRecord): boolean => VARIANT_COLUMNS.some((column) => filled(record, column));
const onHeader = (column: string, cause: ProblemCause) => problemAt({ row: HEADER_ROW, column, handle: '' }, cause);

interface Header {
  columns: (CsvColumn | null)[];
  errors: ImportProblem[];
  warnings: ImportProblem[];
}

/** The header's known columns by position; a missing required column, or a column given twice, is a row 1 error. */
function readHeader(cells: string[]): Header {
  const columns = cells.map((cell) => canonical.get(cell.trim().toLowerCase()) ?? null);
  const errors: ImportProblem[] = [];
  const present = new Set(columns.filter((column) => column !== null));
  const missing: string[] = REQUIRED_COLUMNS.filter((column) => !present.has(column));
  if (!present.has('Type') && !present.has('Instrument Type')) missing.push('Type');
  if (missing.length) errors.push(onHeader(missing.join(', '), { key: 'columns_missing', params: { columns: missing.join(', ') } }));
  const twice = [...present].filter((column) => columns.filter((c) => c === column).length > 1);
  for (const column of twice) errors.push(onHeader(column, { key: 'column_twice', params: { column } }));
  const unknown = cells.filter((_, i) => columns[i] === null && cells[i].trim() !== '');
  const warnings = unknown.length ? [onHeader(unknown.join(', '), { key: 'columns_ignored', params: { columns: unknown.join(', ') } })] : [];
  return { columns, errors, warnings };
}

const nothing = (problem: ImportProblem): ParsedCsv => ({ columns: new Set(), products: [], errors: [problem], warnings: [] });

/**
 * Reads a product CSV as it streams in and groups its rows by Handle. A row that has no Handle, or a variant row of a
 * handle that already ended, is reported on its row. A file that is not CSV at all (an unclosed quote) is one error:
 * nothing of it is imported, as which rows belong together is then unknown. A cell the export escaped as a formula
 * ('=…) reads as it was.
 */
export async function parseProductCsv(source: Readable | string): Promise<ParsedCsv> {
  const parser = parse({ bom: true, relax_column_count: true, skip_empty_lines: false });
  const byHandle = new Map<string, CsvProduct>();
  const errors: ImportProblem[] = [];
  let header: Header | null = null;
  let row = 0;
  const reading = typeof source === 'string' ? parser.end(source) : source.pipe(parser);
  try {
    for await (const cells of reading as AsyncIterable<string[]>) {
      row += 1;
      if (header === null) {
        header = readHeader(cells);
        if (header.errors.some((error) => error.key === 'columns_missing')) return { ...header, columns: new Set(), products: [] };
        continue;
      }
      const record: CsvRecord = {};
      header.columns.forEach((column, i) => {
        if (column && cells[i] !== undefined) record[column] = unescapeFormula(cells[i]);
      });
      if (Object.values(record).every((value) => value.trim() === '')) continue;
      const handle = (record.Handle ?? '').trim();
      if (!handle) {
        errors.push(problemAt({ row, column: 'Handle', handle: '' }, { key: 'handle_missing' }));
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
        errors.push(problemAt({ row, column: 'Handle', handle }, { key: 'row_adds_nothing' }));
      }
    }
  } catch (error) {
    if (!(error instanceof CsvError)) throw error;
    const at = (error as CsvError & { records?: number }).records ?? row;
    return nothing(problemAt({ row: at + 1, column: '', handle: '' }, { key: 'file_not_csv' }));
  }
  if (header === null) return nothing(onHeader('', { key: 'file_empty' }));
  return {
    columns: new Set(header.columns.filter((column) => column !== null)),
    products: [...byHandle.values()],
    errors: [...header.errors, ...errors],
    warnings: header.warnings,
  };
}
