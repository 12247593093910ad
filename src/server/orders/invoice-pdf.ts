import PDFDocument from 'pdfkit';
import { PAYMENT_METHOD_LABELS, type PaymentMethod } from '#contracts/payment';
import type { Order } from '#contracts/orders';
import { PAYMENT_TERMS_LABELS } from '#contracts/organisations';
import { formatUsd } from '../promo/promo.service.ts';
import { breakdownLines } from './order-money.ts';
import type { OrderRow } from './order-view.ts';

export interface InvoiceLine {
  name: string;
  modelNumber: string;
  quantity: number;
  unitPriceCents: number;
  lineTotalCents: number;
}

/** The seller's tax registration (SELLER_NTN, SELLER_STRN): a number left unset is not printed. */
export interface SellerTaxNumbers {
  ntn?: string;
  strn?: string;
}

export interface InvoiceData {
  order: OrderRow;
  lines: InvoiceLine[];
  paymentMethod: PaymentMethod | null;
  /** Set for an order paid by invoice on terms. */
  invoiceTerms?: Order['invoiceTerms'];
  /** The promo code behind the order's discount, if any. */
  promoCode?: string | null;
  seller: SellerTaxNumbers;
}

const SHOP = 'Sialkot Surgical';
const SHOP_ADDRESS = ['Small Industrial Estate, Sialkot 51310, Pakistan', 'orders@sialkotsurgical.example'];
const MARGIN = 50;
const INK = '#1f2937';
const MUTED = '#6b7280';
const ACCENT = '#0f766e';

type Pdf = InstanceType<typeof PDFDocument>;

const isoDate = (date: Date) => date.toISOString().slice(0, 10);
const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** Column x positions and widths of the lines table. */
const COLUMNS = { item: 50, model: 250, qty: 340, unit: 380, total: 465, end: 545 };

function tableRow(doc: Pdf, cells: [string, string, string, string, string], bold = false) {
  const y = doc.y;
  doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(9).fillColor(INK);
  doc.text(cells[0], COLUMNS.item, y, { width: COLUMNS.model - COLUMNS.item - 8 });
  const bottom = doc.y;
  doc.text(cells[1], COLUMNS.model, y, { width: COLUMNS.qty - COLUMNS.model - 8 });
  doc.text(cells[2], COLUMNS.qty, y, { width: COLUMNS.unit - COLUMNS.qty - 4, align: 'right' });
  doc.text(cells[3], COLUMNS.unit, y, { width: COLUMNS.total - COLUMNS.unit, align: 'right' });
  doc.text(cells[4], COLUMNS.total, y, { width: COLUMNS.end - COLUMNS.total, align: 'right' });
  doc.x = MARGIN;
  doc.y = Math.max(bottom, doc.y) + 4;
}

function totalRow(doc: Pdf, label: string, value: string, bold = false) {
  const y = doc.y;
  doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(bold ? 11 : 10).fillColor(INK);
  doc.text(label, 290, y, { width: 130 });
  const bottom = doc.y;
  doc.text(value, COLUMNS.total - 40, y, { width: COLUMNS.end - COLUMNS.total + 40, align: 'right' });
  doc.x = MARGIN;
  doc.y = Math.max(bottom, doc.y);
}

function draw(doc: Pdf, { order, lines, paymentMethod, invoiceTerms, promoCode = null, seller }: InvoiceData) {
  doc.font('Helvetica-Bold').fontSize(20).fillColor(ACCENT).text(SHOP);
  doc.font('Helvetica').fontSize(9).fillColor(MUTED).text([
    ...SHOP_ADDRESS,
    ...(seller.ntn ? [`NTN: ${seller.ntn}`] : []),
    ...(seller.strn ? [`STRN: ${seller.strn}`] : []),
  ].join('\n'));
  doc.font('Helvetica-Bold').fontSize(16).fillColor(INK).text('INVOICE', MARGIN, MARGIN, { align: 'right' });
  doc.font('Helvetica').fontSize(9).fillColor(INK).text([
    `Invoice number: ${order.orderNumber}`,
    `Order date: ${isoDate(order.createdAt)}`,
    `Invoice date: ${isoDate(new Date())}`,
    ...(order.estimatedDelivery ? [`Estimated delivery: ${order.estimatedDelivery}`] : []),
    ...(invoiceTerms ? [`Payment due: ${invoiceTerms.dueDate}`] : []),
  ].join('\n'), { align: 'right' });

  doc.x = MARGIN;
  doc.y = 150;
  doc.font('Helvetica-Bold').fontSize(11).fillColor(ACCENT).text('Bill to');
  doc.font('Helvetica').fontSize(10).fillColor(INK).text([
    `${order.firstName} ${order.lastName}`,
    ...(order.company ? [order.company] : []),
    order.address,
    `${order.city} ${order.postalCode}`,
    order.email,
    order.phone,
  ].join('\n'));
  doc.moveDown(0.5).text(`Order type: ${capitalise(order.orderType)}`);

  doc.moveDown(1);
  tableRow(doc, ['Item', 'Model', 'Qty', 'Unit price', 'Line total'], true);
  doc.moveTo(MARGIN, doc.y - 2).lineTo(COLUMNS.end, doc.y - 2).strokeColor('#d1d5db').stroke();
  for (const line of lines) {
    tableRow(doc, [line.name, line.modelNumber, String(line.quantity), `${formatUsd(line.unitPriceCents)} each`, formatUsd(line.lineTotalCents)]);
  }
  doc.moveTo(MARGIN, doc.y).lineTo(COLUMNS.end, doc.y).strokeColor('#d1d5db').stroke();
  doc.moveDown(0.8);

  for (const line of breakdownLines(order, promoCode, invoiceTerms ? 'Amount due' : 'Charged')) {
    totalRow(doc, line.label, line.value, line.strong);
  }

  doc.moveDown(1.5).font('Helvetica-Bold').fontSize(11).fillColor(ACCENT).text('Payment', MARGIN);
  doc.font('Helvetica').fontSize(10).fillColor(INK).text([
    `Payment status: ${capitalise(order.paymentStatus.replace('_', ' '))}`,
    `Payment method: ${paymentMethod ? PAYMENT_METHOD_LABELS[paymentMethod] : 'Not recorded'}`,
    ...(invoiceTerms ? [
      `Payment terms: ${PAYMENT_TERMS_LABELS[invoiceTerms.terms]}`,
      `Due date: ${invoiceTerms.dueDate}`,
      ...(invoiceTerms.paidAt ? [`Paid on: ${invoiceTerms.paidAt.slice(0, 10)}`] : []),
    ] : []),
  ].join('\n'));
  doc.moveDown(2).fontSize(9).fillColor(MUTED).text(`Thank you for buying from ${SHOP}.`, { align: 'center' });
}

/** The order's invoice as a PDF document. */
export function renderInvoice(data: InvoiceData): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    info: { Title: `Invoice ${data.order.orderNumber}`, Author: SHOP, Creator: SHOP, Producer: SHOP },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  draw(doc, data);
  doc.end();
  return done;
}
