/**
 * The product CSV's columns: Shopify's product export layout, then the shop's own columns. One product takes one or
 * more rows sharing a Handle: its first row carries the product's fields and first variant, each further row another
 * variant and/or another image. README.md ("Product CSV") documents every column.
 */
export const SHOPIFY_COLUMNS = [
  'Handle', 'Title', 'Body (HTML)', 'Vendor', 'Product Category', 'Type', 'Tags', 'Published',
  'Option1 Name', 'Option1 Value', 'Option2 Name', 'Option2 Value', 'Option3 Name', 'Option3 Value',
  'Variant SKU', 'Variant Price', 'Variant Compare At Price', 'Cost per item', 'Variant Inventory Qty', 'Variant Barcode',
  'Variant Grams', 'Variant Weight Unit', 'Image Src', 'Image Position', 'Image Alt Text', 'Variant Image', 'SEO Title',
  'SEO Description', 'Status',
] as const;

export const SHOP_COLUMNS = [
  'Category', 'Certifications', 'Sterile', 'Single Use', 'Latex Free', 'Cold Chain', 'Restricted', 'Instrument Type',
  'Short Description', 'Features', 'Specifications', 'HS Code', 'UNSPSC', 'Country of Origin', 'Private Label MOQ',
  'Set Components', 'GMDN Code', 'Sterility', 'Device Use', 'MRI Safety', 'Contains Latex', 'Direct Marking DI', 'eIFU URL',
  'eIFU Version', 'Conformity Document ID', 'Certificate Document ID',
] as const;

export const CSV_COLUMNS = [...SHOPIFY_COLUMNS, ...SHOP_COLUMNS] as const;
export type CsvColumn = (typeof CSV_COLUMNS)[number];
export type CsvRecord = Partial<Record<CsvColumn, string>>;

/**
 * Without these a file cannot describe a product; the instrument type comes from Type or Instrument Type, the category
 * from Category, Product Category, Type or the default category staff choose.
 */
export const REQUIRED_COLUMNS = ['Handle', 'Title', 'Vendor', 'Variant SKU', 'Variant Price'] as const satisfies CsvColumn[];

export const OPTION_COLUMNS = [
  { name: 'Option1 Name', value: 'Option1 Value' },
  { name: 'Option2 Name', value: 'Option2 Value' },
  { name: 'Option3 Name', value: 'Option3 Value' },
] as const satisfies { name: CsvColumn; value: CsvColumn }[];

/** The handling flags and their columns. */
export const HANDLING_COLUMNS = {
  sterile: 'Sterile', single_use: 'Single Use', latex_free: 'Latex Free', cold_chain: 'Cold Chain',
} as const satisfies Record<string, CsvColumn>;

/** Columns that make a row a variant; a later row with none of them but an Image Src is an image row. */
export const VARIANT_COLUMNS = [
  'Option1 Value', 'Option2 Value', 'Option3 Value', 'Variant SKU', 'Variant Price', 'Variant Compare At Price',
  'Cost per item', 'Variant Inventory Qty', 'Variant Barcode', 'Variant Grams', 'Set Components',
] as const satisfies CsvColumn[];

/** Shopify's stand-in for a product without options: Option1 Name "Title", Option1 Value "Default Title". */
export const SHOPIFY_NO_OPTION = { name: 'Title', value: 'Default Title' };

/** The weight units Shopify shows a weight in; Variant Grams is in grams whichever it names. */
export const WEIGHT_UNITS = ['g', 'kg', 'lb', 'oz'];

/** Segments of Shopify's Product Category, broadest first: "Apparel & Accessories > Clothing". */
export const CATEGORY_PATH_SEPARATOR = '>';

/** Lists in one cell: certifications by commas, features and specifications ("Key: Value") one a line. */
export const LIST_SEPARATOR = ',';
export const LINE_SEPARATOR = '\n';
export const SPECIFICATION_SEPARATOR = ': ';

export const formatBoolean = (value: boolean): string => (value ? 'TRUE' : 'FALSE');
