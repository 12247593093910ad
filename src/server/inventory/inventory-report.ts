import { INVENTORY_REPORT_HEADER } from '#contracts/inventory';
import { centsToDecimal } from '#contracts/money';
import { toItem, type ItemRow } from './inventory.service.ts';

/** RFC 4180 quoting; a leading =, +, - or @ is prefixed with ' so spreadsheets never run a cell as a formula. */
export function csvField(value: string | number): string {
  let text = String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

const STATUS_LABEL = (item: ReturnType<typeof toItem>) =>
  !item.isInStock ? 'Out of Stock' : item.isLowStock ? 'Low Stock' : 'In Stock';

/** The stock report: one line per variant, CRLF line ends. */
export function inventoryCsv(rows: ItemRow[]): string {
  const lines = [INVENTORY_REPORT_HEADER.map(csvField).join(',')];
  for (const row of rows) {
    const item = toItem(row);
    lines.push([
      item.productName, item.variantLabel, item.productModel, item.productBrand, item.productCategory, item.totalStock, item.reservedStock,
      item.availableStock, item.lowStockThreshold, STATUS_LABEL(item), centsToDecimal(row.priceCents), item.stockValue,
    ].map(csvField).join(','));
  }
  return `${lines.join('\r\n')}\r\n`;
}
