import { SALES_CSV_COLUMNS, type SalesReport, type SalesTable } from '#contracts/sales-reports';
import { csvField } from '../inventory/inventory-report.ts';

/** Each table's rows, in the order of its columns. */
const ROWS: { [T in SalesTable]: (report: SalesReport) => (string | number)[][] } = {
  days: (report) => report.by_day.map((day) => [day.date, day.orders, day.gross, day.refunds, day.net]),
  products: (report) => report.top_products.map((row) => [row.product_id ?? '', row.name, row.units, row.revenue]),
  categories: (report) => report.top_categories.map((row) => [row.category, row.units, row.revenue]),
  customers: (report) => report.top_customers.map((row) => [row.name, row.email, row.orders, row.gross, row.refunds, row.net]),
  payment_methods: (report) => report.payment_methods.map((row) => [row.method ?? '', row.orders, row.gross]),
  countries: (report) => report.countries.map((row) => [row.country, row.orders, row.gross]),
  returns: (report) => report.returns_by_reason.map((row) => [row.reason, row.returns, row.units]),
};

/** A money cell below zero (a net) stays a number; any other text a spreadsheet would run as a formula is kept as text. */
const cell = (value: string | number) => (typeof value === 'string' && /^-\d+\.\d{2}$/.test(value) ? value : csvField(value));

/** One table of the report as CSV: a header of its columns, a line per row, CRLF line ends. */
export function salesCsv(report: SalesReport, table: SalesTable): string {
  const lines = [SALES_CSV_COLUMNS[table].join(','), ...ROWS[table](report).map((row) => row.map(cell).join(','))];
  return `${lines.join('\r\n')}\r\n`;
}
