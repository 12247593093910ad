import type { DepartmentAddress, PurchaseOrder } from '#contracts/organisation-purchasing';
import { leftToRightWriter, type PdfWriter, renderPdf, rightToLeftWriter, type TextBox, type TextStyle } from './pdf-writer.ts';
import type { Texts } from './texts.ts';

/*
 * The layout the shop's documents for a buyer share (the invoice, the credit note): the seller at the top, the
 * document's title and numbers beside it, the addressee, a table of lines and the totals under it.
 */

/** The seller's tax registration (SELLER_NTN, SELLER_STRN): a number left unset is not printed. */
export interface SellerTaxNumbers {
  ntn?: string;
  strn?: string;
}

/** The seller as registered: the same in every language. */
export const SHOP = 'Sialkot Surgical';
const SHOP_ADDRESS = ['Small Industrial Estate, Sialkot 51310, Pakistan', 'orders@sialkotsurgical.example'];
const MARGIN = 50;
/** A4 is 595.28 points wide. */
export const PAGE: TextBox = { x: MARGIN, width: 595.28 - 2 * MARGIN };
const INK = '#1f2937';
export const MUTED = '#6b7280';
const ACCENT = '#0f766e';
const RULE = '#d1d5db';
export const BODY: TextStyle = { size: 10, color: INK };
export const HEADING: TextStyle = { weight: 'bold', size: 11, color: ACCENT };
/** Where the addressee starts, under the seller and the document's numbers. */
const ADDRESSEE_TOP = 150;

export const isoDate = (date: Date) => date.toISOString().slice(0, 10);

/** The lines table's columns (item, model, quantity, unit price, line total), from the page's starting edge. */
const COLUMNS: TextBox[] = [
  { x: 50, width: 192 },
  { x: 250, width: 82 },
  { x: 340, width: 36, align: 'end' },
  { x: 380, width: 85, align: 'end' },
  { x: 465, width: 80, align: 'end' },
];
const TABLE = { x: MARGIN, width: 495 };
const CELL: TextStyle = { size: 9, color: INK };

type TableCells = [string, string, string, string, string];

function tableRow(write: PdfWriter, y: number, cells: TableCells, bold = false): number {
  const style: TextStyle = { ...CELL, weight: bold ? 'bold' : 'regular' };
  return Math.max(...cells.map((cell, i) => write.text(cell, y, COLUMNS[i], style))) + 4;
}

/** The lines table under its column headings, ruled above and below; answers the y where the totals start. */
export function linesTable(write: PdfWriter, y: number, texts: Texts, rows: TableCells[]): number {
  const t = texts.invoice;
  let bottom = tableRow(write, y, [t('columnItem'), t('columnModel'), t('columnQuantity'), t('columnUnitPrice'), t('columnLineTotal')], true);
  write.rule(bottom - 2, TABLE, RULE);
  for (const cells of rows) bottom = tableRow(write, bottom, cells);
  write.rule(bottom, TABLE, RULE);
  return bottom + write.lineHeight(CELL) * 0.8;
}

/** One line of the totals under the table: its label, and its amount at the page's end. */
export function totalRow(write: PdfWriter, y: number, label: string, value: string, bold = false): number {
  const style: TextStyle = { weight: bold ? 'bold' : 'regular', size: bold ? 11 : 10, color: INK };
  return Math.max(
    write.text(label, y, { x: 290, width: 130 }, style),
    write.text(value, y, { x: 425, width: 120, align: 'end' }, style),
  );
}

/** The seller with its tax numbers at the top, and the document's title with its numbers and days across from it. */
export function documentHeader(write: PdfWriter, seller: SellerTaxNumbers, texts: Texts, title: string, details: string[]): void {
  const t = texts.invoice;
  const shopBottom = write.text(SHOP, MARGIN, PAGE, { weight: 'bold', size: 20, color: ACCENT });
  write.text([
    ...SHOP_ADDRESS,
    ...(seller.ntn ? [t('ntn', { number: seller.ntn })] : []),
    ...(seller.strn ? [t('strn', { number: seller.strn })] : []),
  ].join('\n'), shopBottom, PAGE, { size: 9, color: MUTED });
  const titleBottom = write.text(title, MARGIN, { ...PAGE, align: 'end' }, { weight: 'bold', size: 16, color: INK });
  write.text(details.join('\n'), titleBottom, { ...PAGE, align: 'end' }, { size: 9, color: INK });
}

/**
 * Who the document is made out to, under "Bill to": the order's buyer, or for an organisation's department its own
 * bill-to address, with the department and cost centre.
 */
export function billTo(
  write: PdfWriter, texts: Texts, buyer: Omit<DepartmentAddress, 'country'>, purchaseOrder: PurchaseOrder | null,
): number {
  const t = texts.invoice;
  const addressee = purchaseOrder?.billTo ?? buyer;
  const y = write.text(t('billTo'), ADDRESSEE_TOP, PAGE, HEADING);
  return write.text([
    `${addressee.firstName} ${addressee.lastName}`,
    ...(addressee.company ? [addressee.company] : []),
    addressee.address,
    `${addressee.city} ${addressee.postalCode}`,
    addressee.email,
    addressee.phone,
    ...(purchaseOrder?.department ? [t('department', { name: purchaseOrder.department })] : []),
    ...(purchaseOrder?.costCentre ? [t('costCentre', { code: purchaseOrder.costCentre })] : []),
  ].join('\n'), y, PAGE, BODY);
}

/** An A4 document in the reader's language and direction, drawn once for either direction by `draw`. */
export function renderDocument(texts: Texts, title: string, draw: (write: PdfWriter) => void): Promise<Buffer> {
  return renderPdf({
    margin: MARGIN,
    lang: texts.language,
    info: { Title: title, Author: SHOP, Creator: SHOP, Producer: SHOP },
  }, (doc) => draw(texts.direction === 'rtl' ? rightToLeftWriter(doc) : leftToRightWriter(doc)));
}
