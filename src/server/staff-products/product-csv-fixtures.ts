import { stringify } from 'csv-stringify/sync';
import { CSV_COLUMNS, type CsvRecord } from './product-csv-columns.ts';

/** A product CSV of these rows, with every column in the header unless `columns` names fewer. */
export function csvOf(rows: CsvRecord[], columns: readonly string[] = CSV_COLUMNS): string {
  return stringify(rows, { header: true, columns: [...columns] });
}

/** A product's first row: every required column filled, a plain product in category `forceps`. */
export const firstRow = (handle: string, fields: CsvRecord = {}): CsvRecord => ({
  Handle: handle,
  Title: `${handle.replace(/-/g, ' ')}`,
  'Body (HTML)': '<p>Stainless steel.</p>',
  Vendor: 'Sialkot Surgical',
  Type: 'forceps',
  Category: 'forceps',
  Status: 'active',
  'Variant SKU': `${handle.toUpperCase()}-1`,
  'Variant Price': '12.50',
  'Variant Inventory Qty': '10',
  ...fields,
});

/** A sized product's rows: Length 12 cm, 14 cm, ... each its own variant. */
export function sizedRows(handle: string, lengths: string[], fields: CsvRecord = {}): CsvRecord[] {
  return lengths.map((length, i) => ({
    ...(i === 0 ? firstRow(handle, { 'Option1 Name': 'Length', ...fields }) : { Handle: handle }),
    'Option1 Value': length,
    'Variant SKU': `${handle.toUpperCase()}-${length.replace(/\D/g, '')}`,
    'Variant Price': `${20 + i}.00`,
    'Variant Inventory Qty': String(5 + i),
  }));
}
