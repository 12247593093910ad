import { z } from 'zod';
import { ISSUE_KEYS, message } from './issues.ts';

/** Why the images zip (the multipart field `images`) is refused with a 400 before anything is imported. */
export const ZIP_NOT_READ = message('zip_not_read', 'This is not a zip file, or it is damaged.');
export const zipTooManyFiles = (max: number) => message('zip_too_many_files', `The images zip holds more than ${max} files.`, { max });
export const zipTooLarge = (max: number) => message('zip_too_large', `The images zip unpacks to more than ${max} GB.`, { max });
export const uploadTooLarge = (max: number) => message('upload_too_large', `The upload is larger than ${max} MB.`, { max });
/** The import was sent without its CSV file. */
export const CSV_MISSING = message('csv_missing', 'Choose a CSV file.');
/** The default category chosen for rows that name none is no category's slug. */
export const defaultCategoryUnknown = (category: string) =>
  message('default_category_unknown', `No category has the slug ${category}.`, { category });

/**
 * What a product CSV import found wrong, as keys the storefront translates. An error refuses what it is on (the file,
 * a row, or the product of the row); a warning never does: the product is imported with that cell left out or changed.
 */
export const IMPORT_PROBLEM_KEYS = [
  // The file
  'columns_missing', // { columns }: the required columns the header lacks; nothing is imported
  'column_twice', // { column }
  'columns_ignored', // { columns }: columns the import does not read (warning)
  'file_empty',
  'file_not_csv', // an unclosed quote or the like: which rows belong together is unknown
  // A row or its product
  'handle_missing',
  'row_adds_nothing',
  'not_true_false',
  'whole_number_at_least', // { min }
  'category_not_found', // { category }: the Category column names no category's slug
  'category_unmatched', // neither Product Category nor Type names a category, and no default was chosen
  'specification_format', // { line }
  'option_value_missing', // { option }
  'catalogue_number_taken', // another product of the shop has the Variant SKU
  'catalogue_number_in_file', // { handle }: an earlier product of the file has it
  'stock_below_reserved', // { reserved }
  // Warnings: the cell is left out, the rest of the product imported
  'barcode_not_gtin', // { barcode }
  'compare_at_unreadable', // { value }
  'compare_at_not_above', // { compare_at, price }
  'grams_unreadable', // { value }
  'weight_unit_unknown', // { unit }
  'cost_unreadable', // { value }
  'status_unknown', // { status }: imported as a draft
  'image_unreachable', // { host }: no answer from the address (unknown name, refused or dropped connection)
  'image_status', // { host, status }: the address answered with an error
  'image_timeout', // { host, seconds }
  'image_too_large', // { max }: megabytes
  'image_too_many_pixels', // { max }: megapixels
  'image_not_photo', // not a JPEG, PNG or WebP photo
  'image_not_public', // { host }: a local or private address
  'image_redirects', // { host }
  'image_not_web', // not an http(s) address, and no images zip was sent
  'image_not_in_zip', // { file }
  'image_zip_damaged', // { file }: the zip's entry does not unpack to what its directory says
] as const;
export type ImportProblemKey = (typeof IMPORT_PROBLEM_KEYS)[number];

/**
 * One problem on a row (the header is row 1) and column. `handle` is the product's (empty for the file's own
 * problems); `key` is an import key or a field issue key (contracts/issues.ts), `params` the values its text needs,
 * and `message` the same in English for clients that do not translate.
 */
export const importProblem = z.object({
  row: z.number().int(),
  column: z.string(),
  handle: z.string(),
  key: z.enum([...ISSUE_KEYS, ...IMPORT_PROBLEM_KEYS]),
  params: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
  message: z.string(),
});
export type ImportProblem = z.infer<typeof importProblem>;
