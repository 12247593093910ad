import type { ImportProblem, ImportProblemKey } from '#contracts/product-import';
import { issueOf, type IssueLike, type IssueParams } from '#contracts/issues';

/** Where a problem is: the row (the header is row 1), its column, and the handle of the product the row belongs to. */
export interface CellAt {
  row: number;
  column: string;
  handle: string;
}

type Texts = { [K in ImportProblemKey]: (params: IssueParams) => string };

/** The English of each import problem, for clients that read `message`; the storefront translates the key. */
const ENGLISH: Texts = {
  columns_missing: ({ columns }) => `Required columns are missing: ${columns}.`,
  column_twice: () => 'This column is given more than once.',
  columns_ignored: ({ columns }) => `Unknown columns are ignored: ${columns}.`,
  file_empty: () => 'The file is empty.',
  file_not_csv: () => 'The file is not valid CSV: a quote is left open or a row is cut short.',
  handle_missing: () => 'Give the product handle this row belongs to.',
  row_adds_nothing: () => 'This row adds neither a variant nor an image to the product.',
  not_true_false: () => 'Enter TRUE or FALSE.',
  whole_number_at_least: ({ min }) => `Enter a whole number of at least ${min}.`,
  category_not_found: ({ category }) => `No category has the slug ${category}.`,
  category_unmatched: () => 'No category of the shop has this name: choose a default category for such products.',
  specification_format: ({ line }) => `Write each specification as "Key: Value" on its own line (${line}).`,
  option_value_missing: ({ option }) => `Give this variant a value of ${option}.`,
  catalogue_number_taken: () => 'Another product has this catalogue number.',
  catalogue_number_in_file: ({ handle }) => `Product ${handle} in this file has this catalogue number.`,
  stock_below_reserved: ({ reserved }) => `${reserved} units are reserved for orders: the count cannot be below that.`,
  barcode_not_gtin: ({ barcode }) => `${barcode} is not a GTIN (8, 12, 13 or 14 digits with a right check digit): the barcode is left out.`,
  compare_at_unreadable: ({ value }) => `${value} is not a price: the compare-at price is left out.`,
  compare_at_not_above: ({ compare_at: compareAt, price }) =>
    `The compare-at price ${compareAt} is not above the price ${price}: it is left out.`,
  grams_unreadable: ({ value }) => `${value} is not a weight in grams: the weight is left out.`,
  weight_unit_unknown: ({ unit }) => `${unit} is not a weight unit (g, kg, lb or oz): it is ignored.`,
  cost_unreadable: ({ value }) => `${value} is not an amount: the cost is left out.`,
  status_unknown: ({ status }) => `${status} is not a status (active, draft or archived): the product is imported as a draft.`,
  image_unreachable: ({ host }) => `The image was not added: ${host} could not be reached.`,
  image_status: ({ host, status }) => `The image was not added: ${host} answered with error ${status}.`,
  image_timeout: ({ host, seconds }) => `The image was not added: ${host} took longer than ${seconds} seconds.`,
  image_too_large: ({ max }) => `The image was not added: it is larger than ${max} MB.`,
  image_too_many_pixels: ({ max }) => `The image was not added: it has more than ${max} megapixels.`,
  image_not_photo: () => 'The image was not added: it is not a JPEG, PNG or WebP photo.',
  image_not_public: ({ host }) => `The image was not added: ${host} is not a public address.`,
  image_redirects: ({ host }) => `The image was not added: ${host} redirects too often.`,
  image_not_web: () => 'The image was not added: give an http(s) address, or upload a zip of images that holds this file.',
  image_not_in_zip: ({ file }) => `The image was not added: the images zip has no file ${file}.`,
  image_zip_damaged: ({ file }) => `The image was not added: ${file} in the images zip is damaged.`,
};

/** The cause of an import problem, before it is placed on a row. */
export interface ProblemCause {
  key: ImportProblemKey;
  params?: IssueParams;
}

/** An import problem on its cell. */
export const problemAt = (at: CellAt, { key, params }: ProblemCause): ImportProblem => ({
  ...at, key, ...(params ? { params } : {}), message: ENGLISH[key](params ?? {}),
});

/** A problem the product's schema or rules (or the writer) reported in English: keyed as a form field's would be. */
export function messageAt(at: CellAt, issue: IssueLike & { message: string }): ImportProblem {
  const { key, params } = issueOf(issue);
  return { ...at, key, ...(params ? { params } : {}), message: issue.message };
}

/** Problems in row order (the sort keeps the order within a row). */
export const byRow = (problems: ImportProblem[]): ImportProblem[] => [...problems].sort((a, b) => a.row - b.row);
