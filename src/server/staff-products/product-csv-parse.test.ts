import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { Readable } from 'node:stream';
import { CSV_COLUMNS, REQUIRED_COLUMNS } from './product-csv-columns.ts';
import { csvOf, firstRow, sizedRows } from './product-csv-fixtures.ts';
import { mapCsvProduct } from './product-csv-map.ts';
import { parseProductCsv, type ParsedCsv } from './product-csv-parse.ts';

const categories = { bySlug: new Map([['forceps', 1], ['scissors', 2]]), byName: new Map([['forceps', 1], ['scissors', 2]]) };
const mapFirst = (file: ParsedCsv) => mapCsvProduct(file.products[0], { columns: file.columns, categories });

describe('reading a product CSV', () => {
  it('groups Shopify\'s multi-row layout: variant rows and image-only rows follow the product\'s first row', async () => {
    const rows = sizedRows('mayo-scissors', ['14 cm', '16 cm', '18 cm']);
    rows[0]['Image Src'] = 'https://images.example/front.jpg';
    rows.push({ Handle: 'mayo-scissors', 'Image Src': 'https://images.example/side.jpg', 'Image Position': '2', 'Image Alt Text': 'Side' });
    rows.push(firstRow('adson-forceps'));
    const file = await parseProductCsv(Readable.from([csvOf(rows)]));

    expect(file.errors).toEqual([]);
    expect(file.products.map((product) => product.handle)).toEqual(['mayo-scissors', 'adson-forceps']);
    const [scissors, forceps] = file.products;
    expect(scissors.first.row).toBe(2);
    expect(scissors.variants.map((variant) => variant.row)).toEqual([2, 3, 4]);
    expect(scissors.images.map((image) => image.row)).toEqual([2, 5]);
    expect(forceps.first.row).toBe(6);

    const mapped = mapFirst(file);
    expect(mapped.errors).toEqual([]);
    expect(mapped.input?.options).toEqual([{ name: 'Length', values: ['14 cm', '16 cm', '18 cm'], translations: {} }]);
    expect(mapped.input?.variants.map((variant) => [variant.options, variant.model_number, variant.price])).toEqual([
      [{ Length: '14 cm' }, 'MAYO-SCISSORS-14', '20.00'],
      [{ Length: '16 cm' }, 'MAYO-SCISSORS-16', '21.00'],
      [{ Length: '18 cm' }, 'MAYO-SCISSORS-18', '22.00'],
    ]);
    expect(mapped.stock).toEqual([5, 6, 7]);
  });

  it('keeps quotes, commas and line breaks inside a quoted Body (HTML), and numbers rows as a spreadsheet does', async () => {
    const body = '<p>Serrated, "fine" jaws.</p>\n<ul>\n<li>German steel</li>\n</ul>';
    const file = await parseProductCsv(csvOf([firstRow('adson-forceps', { 'Body (HTML)': body }), firstRow('kelly-forceps', { Title: '' })]));
    expect(file.products[0].first.record['Body (HTML)']).toBe(body);
    expect(mapFirst(file).input?.description).toBe(body);
    // The first product's cell spans four lines, yet the second product is on row 3.
    expect(file.products[1].first.row).toBe(3);
  });

  it('reports missing required columns once, on row 1, and imports nothing', async () => {
    const file = await parseProductCsv(csvOf([firstRow('adson-forceps')], ['Handle', 'Title', 'Type', 'Category']));
    expect(file.products).toEqual([]);
    expect(file.errors).toEqual([{
      row: 1, column: 'Vendor, Variant SKU, Variant Price', handle: '', key: 'columns_missing',
      params: { columns: 'Vendor, Variant SKU, Variant Price' }, message: 'Required columns are missing: Vendor, Variant SKU, Variant Price.',
    }]);
    const noType = await parseProductCsv(csvOf([firstRow('adson-forceps')], REQUIRED_COLUMNS));
    expect(noType.errors).toEqual([expect.objectContaining({ row: 1, column: 'Type', key: 'columns_missing' })]);
  });

  it('warns of unknown columns as ignored, matches column names whatever their case, and refuses a column given twice', async () => {
    const header = ['handle', 'TITLE', 'Vendor', 'Type', 'Category', 'Variant SKU', 'Variant Price', 'Gift Card', 'Variant Tax Code'];
    const file = await parseProductCsv(`${header.join(',')}\nadson-forceps,Adson Forceps,Sialkot Surgical,forceps,forceps,AF-1,9.00,FALSE,\n`);
    expect(file.errors).toEqual([]);
    expect(file.warnings).toEqual([{
      row: 1, column: 'Gift Card, Variant Tax Code', handle: '', key: 'columns_ignored', params: { columns: 'Gift Card, Variant Tax Code' },
      message: 'Unknown columns are ignored: Gift Card, Variant Tax Code.',
    }]);
    expect(mapFirst(file).input).toMatchObject({ name: 'Adson Forceps', slug: 'adson-forceps', status: 'draft' });

    const twice = await parseProductCsv(`${[...header, 'Title'].join(',')}\n`);
    expect(twice.errors).toContainEqual(expect.objectContaining({ row: 1, column: 'Title', key: 'column_twice', params: { column: 'Title' } }));
  });

  it('reads the storefront\'s template, which has every column, without a problem', async () => {
    const file = await parseProductCsv(readFileSync('src/web/public/product-import-template.csv', 'utf8'));
    expect([...file.errors, ...file.warnings]).toEqual([]);
    expect(file.columns.size).toBe(CSV_COLUMNS.length);
    const mapped = mapCsvProduct(file.products[0], {
      columns: file.columns, categories: { bySlug: new Map([['general-surgery', 1]]), byName: new Map() },
    });
    expect([...mapped.errors, ...mapped.warnings]).toEqual([]);
    expect(mapped.input?.variants.map((variant) => variant.cost)).toEqual(['9.25', '10.50']);
  });

  it('reports a row without a handle, a row that adds nothing, an empty file and a file that is not CSV', async () => {
    const file = await parseProductCsv(csvOf([firstRow('adson-forceps'), { Title: 'Lost' }, { Handle: 'adson-forceps', Title: 'Again' }]));
    expect(file.errors).toEqual([
      { row: 3, column: 'Handle', handle: '', key: 'handle_missing', message: 'Give the product handle this row belongs to.' },
      {
        row: 4, column: 'Handle', handle: 'adson-forceps', key: 'row_adds_nothing',
        message: 'This row adds neither a variant nor an image to the product.',
      },
    ]);
    expect((await parseProductCsv('')).errors).toEqual([{ row: 1, column: '', handle: '', key: 'file_empty', message: 'The file is empty.' }]);
    const broken = await parseProductCsv(`${csvOf([firstRow('adson-forceps')])}kelly-forceps,"Kelly\n`);
    expect(broken.products).toEqual([]);
    expect(broken.errors).toEqual([expect.objectContaining({ row: 3, column: '', key: 'file_not_csv' })]);
  });
});

describe('Shopify\'s optional cells, which warn and never refuse the product', () => {
  const mapRows = async (...rows: Parameters<typeof csvOf>[0]) => mapFirst(await parseProductCsv(csvOf(rows)));
  const warning = (row: number, column: string, key: string, params?: Record<string, string | number>) =>
    expect.objectContaining({ row, column, handle: 'mayo-scissors', key, ...(params ? { params } : {}) });

  it('keeps a barcode that is not a GTIN out of the GTIN field, a right one in', async () => {
    const rows = sizedRows('mayo-scissors', ['14 cm', '16 cm', '18 cm']);
    rows[0]['Variant Barcode'] = '4006381333932';
    rows[1]['Variant Barcode'] = '3.65275E+11';
    rows[2]['Variant Barcode'] = '4006381333931';
    const mapped = await mapRows(...rows);
    expect(mapped.errors).toEqual([]);
    expect(mapped.input?.variants.map((variant) => variant.gtin)).toEqual([null, null, '4006381333931']);
    expect(mapped.warnings).toEqual([
      warning(2, 'Variant Barcode', 'barcode_not_gtin', { barcode: '4006381333932' }),
      warning(3, 'Variant Barcode', 'barcode_not_gtin', { barcode: '3.65275E+11' }),
    ]);
  });

  it('rounds decimal grams, reads the weight unit and the cost, and drops a compare-at price not above the price', async () => {
    const rows = sizedRows('mayo-scissors', ['14 cm', '16 cm', '18 cm']);
    Object.assign(rows[0], { 'Variant Grams': '226.796185', 'Variant Weight Unit': 'oz', 'Cost per item': '8.5', 'Variant Compare At Price': '19.00' });
    Object.assign(rows[1], { 'Variant Grams': 'heavy', 'Variant Weight Unit': 'stone', 'Cost per item': 'cheap', 'Variant Compare At Price': '25.00' });
    Object.assign(rows[2], { 'Variant Grams': '0.4', 'Cost per item': '0', 'Variant Compare At Price': 'n/a' });
    const mapped = await mapRows(...rows);
    expect(mapped.errors).toEqual([]);
    expect(mapped.input?.variants.map(({ weight_grams, cost, original_price }) => [weight_grams, cost, original_price])).toEqual([
      [227, '8.5', null], [null, null, '25.00'], [null, '0', null],
    ]);
    expect(mapped.warnings).toEqual([
      warning(2, 'Variant Compare At Price', 'compare_at_not_above', { compare_at: '19.00', price: '20.00' }),
      warning(3, 'Cost per item', 'cost_unreadable', { value: 'cheap' }),
      warning(3, 'Variant Weight Unit', 'weight_unit_unknown', { unit: 'stone' }),
      warning(3, 'Variant Grams', 'grams_unreadable', { value: 'heavy' }),
      warning(4, 'Variant Compare At Price', 'compare_at_unreadable', { value: 'n/a' }),
    ]);
  });

  it('reads Status active, draft or archived; another status imports a draft, with a warning', async () => {
    expect((await mapRows(firstRow('mayo-scissors', { Status: 'Archived', Published: 'TRUE' }))).input?.status).toBe('archived');
    const unlisted = await mapRows(firstRow('mayo-scissors', { Status: 'unlisted' }));
    expect(unlisted.input?.status).toBe('draft');
    expect(unlisted.warnings).toEqual([warning(2, 'Status', 'status_unknown', { status: 'unlisted' })]);
  });
});

describe('the category of a Shopify product', () => {
  const shop = { bySlug: new Map([['forceps', 1], ['hats', 2], ['scissors', 3]]), byName: new Map([['forceps', 1], ['hats', 2], ['surgical scissors', 3]]) };
  const columns = ['Handle', 'Title', 'Vendor', 'Product Category', 'Type', 'Variant SKU', 'Variant Price'];
  const mapWith = async (fields: Record<string, string>, categories: typeof shop & { fallback?: number } = shop) => {
    const file = await parseProductCsv(csvOf([firstRow('example-hat', { Type: '', ...fields })], columns));
    return mapCsvProduct(file.products[0], { columns: file.columns, categories });
  };

  it('is the narrowest segment of Product Category that names one, else Type, by name or slug', async () => {
    expect((await mapWith({ 'Product Category': 'Apparel & Accessories > Clothing Accessories > Hats > Beanies' })).input)
      .toMatchObject({ category_id: 2, instrument_type: 'Beanies' });
    expect((await mapWith({ 'Product Category': 'Apparel', Type: 'Surgical Scissors' })).input)
      .toMatchObject({ category_id: 3, instrument_type: 'Surgical Scissors' });
    expect((await mapWith({ Type: 'SCISSORS' })).input?.category_id).toBe(3);
  });

  it('is the default staff chose when nothing names one, and an error on the product without a default', async () => {
    const shirt = { 'Product Category': 'Apparel & Accessories > Clothing > Clothing Tops > T-Shirts', Type: 'Shirts' };
    expect((await mapWith(shirt, { ...shop, fallback: 1 })).input?.category_id).toBe(1);
    const refused = await mapWith(shirt);
    expect(refused.input).toBeUndefined();
    expect(refused.errors).toEqual([{
      row: 2, column: 'Product Category', handle: 'example-hat', key: 'category_unmatched',
      message: 'No category of the shop has this name: choose a default category for such products.',
    }]);
  });
});

describe('a CSV product as the writer\'s input', () => {
  const mapRows = async (...rows: Parameters<typeof csvOf>[0]) => mapFirst(await parseProductCsv(csvOf(rows)));

  it('maps Shopify\'s columns and the shop\'s own', async () => {
    const mapped = await mapRows(firstRow('adson-forceps', {
      Title: 'Adson Forceps', Vendor: 'Acme', Type: 'general', 'Instrument Type': 'dressing-forceps', Status: '',
      Published: 'FALSE', 'Variant Barcode': '4006381333931', 'Variant Grams': '45', 'Variant Compare At Price': '15.00',
      'SEO Title': 'Adson', 'SEO Description': 'Fine forceps', Certifications: 'CE, ISO13485', Sterile: 'TRUE', 'Single Use': 'false',
      'Latex Free': 'True', 'Cold Chain': '', Restricted: 'TRUE', 'Short Description': 'Fine tips',
      Features: 'German steel\n\nLifetime warranty', Specifications: 'Length: 12 cm\nFinish: Satin',
    }));
    expect(mapped.errors).toEqual([]);
    expect(mapped.input).toMatchObject({
      name: 'Adson Forceps', slug: 'adson-forceps', brand: 'Acme', category_id: 1, instrument_type: 'dressing-forceps',
      status: 'draft', restricted: true, meta_title: 'Adson', meta_description: 'Fine forceps', short_description: 'Fine tips',
      certifications: ['CE', 'ISO13485'], features: ['German steel', 'Lifetime warranty'],
      specifications: [{ key: 'Length', value: '12 cm' }, { key: 'Finish', value: 'Satin' }],
      handling: { sterile: true, single_use: false, latex_free: true, cold_chain: false },
      options: [],
      variants: [{ options: {}, model_number: 'ADSON-FORCEPS-1', gtin: '4006381333931', price: '12.50', original_price: '15.00', weight_grams: 45 }],
    });
  });

  it('reads Published TRUE as active when Status is empty, Type when Instrument Type is, and Shopify\'s Default Title as no option', async () => {
    const mapped = await mapRows(firstRow('adson-forceps', {
      Status: '', Published: 'TRUE', 'Option1 Name': 'Title', 'Option1 Value': 'Default Title', 'Variant Grams': '0',
    }));
    expect(mapped.input).toMatchObject({ status: 'active', instrument_type: 'forceps', options: [], variants: [{ options: {}, weight_grams: null }] });
  });

  it('reports each bad cell on its own row and column, with a key and the values its text needs', async () => {
    const rows = sizedRows('mayo-scissors', ['14 cm', '16 cm', '18 cm'], { Sterile: 'perhaps', Category: 'clamps' });
    rows[1]['Variant Price'] = '12,50';
    rows[2]['Variant Inventory Qty'] = '-3';
    rows[2]['Variant SKU'] = rows[1]['Variant SKU'];
    rows.push({ Handle: 'mayo-scissors', 'Variant SKU': 'MAYO-SCISSORS-20', 'Variant Price': '30.00' });
    const mapped = await mapRows(...rows);
    expect(mapped.input).toBeUndefined();
    const at = (row: number, column: string) => ({ row, column, handle: 'mayo-scissors' });
    expect(mapped.errors).toEqual(expect.arrayContaining([
      { ...at(2, 'Sterile'), key: 'not_true_false', message: 'Enter TRUE or FALSE.' },
      { ...at(2, 'Category'), key: 'category_not_found', params: { category: 'clamps' }, message: 'No category has the slug clamps.' },
      { ...at(3, 'Variant Price'), key: 'invalid_price', message: 'Enter a price like 12.50.' },
      { ...at(4, 'Variant Inventory Qty'), key: 'whole_number_at_least', params: { min: 0 }, message: 'Enter a whole number of at least 0.' },
      { ...at(5, 'Option1 Value'), key: 'option_value_missing', params: { option: 'Length' }, message: 'Give this variant a value of Length.' },
    ]));
    expect(mapped.errors.map((error) => error.row)).toEqual([...mapped.errors.map((error) => error.row)].sort((a, b) => a - b));
  });

  it('runs the product rules once the schema passes: a repeated catalogue number refuses the product', async () => {
    const rows = sizedRows('mayo-scissors', ['14 cm', '16 cm']);
    rows[1]['Variant SKU'] = rows[0]['Variant SKU'];
    const mapped = await mapRows(...rows);
    expect(mapped.errors).toEqual([expect.objectContaining({
      row: 3, column: 'Variant SKU', handle: 'mayo-scissors', message: 'Another variant has this catalogue number.',
    })]);
  });

  it('reports a specification that is not "Key: Value" and a missing title', async () => {
    const mapped = await mapRows(firstRow('adson-forceps', { Title: '', Specifications: 'Length 12 cm' }));
    expect(mapped.errors).toEqual(expect.arrayContaining([
      expect.objectContaining({ row: 2, column: 'Specifications', key: 'specification_format', params: { line: 'Length 12 cm' } }),
      expect.objectContaining({ row: 2, column: 'Title', key: 'required', message: 'This field is required.' }),
    ]));
  });
});
