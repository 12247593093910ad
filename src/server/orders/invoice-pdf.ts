import type { PaymentMethod } from '#contracts/payment';
import type { Order } from '#contracts/orders';
import type { PurchaseOrder } from '#contracts/organisation-purchasing';
import { leftToRightWriter, type PdfWriter, renderPdf, rightToLeftWriter, type TextBox, type TextStyle } from '../lib/pdf-writer.ts';
import type { Texts } from '../lib/texts.ts';
import { lineName } from '../cart/line-name.ts';
import { breakdownLines } from './order-money.ts';
import { splitSalePriceCents } from './order-line-price.ts';
import type { OrderRow } from './order-view.ts';
import type { RefundRow } from '../refunds/refunds.service.ts';

export interface InvoiceLine {
  name: string;
  /** '18 cm · Curved', printed after the name; '' for a product without options. */
  variantLabel: string;
  modelNumber: string;
  quantity: number;
  unitPriceCents: number;
  lineTotalCents: number;
  saleQuantity: number;
  saleUnitPriceCents: number | null;
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
  /** An order placed for an organisation: its PO number, department, cost centre and bill-to address. */
  purchaseOrder?: PurchaseOrder | null;
  seller: SellerTaxNumbers;
  /** The order's refunds, oldest first: those that gave money back are printed under the amount charged. */
  refunds?: Pick<RefundRow, 'amountMinor' | 'currency' | 'status' | 'createdAt'>[];
  /** The buyer's language: the invoice's labels, numbers and days. */
  texts: Texts;
}

/** The seller as registered: the same in every language. */
const SHOP = 'Sialkot Surgical';
const SHOP_ADDRESS = ['Small Industrial Estate, Sialkot 51310, Pakistan', 'orders@sialkotsurgical.example'];
const MARGIN = 50;
/** A4 is 595.28 points wide. */
const CONTENT_WIDTH = 595.28 - 2 * MARGIN;
const INK = '#1f2937';
const MUTED = '#6b7280';
const ACCENT = '#0f766e';
const RULE = '#d1d5db';

const isoDate = (date: Date) => date.toISOString().slice(0, 10);

/** The lines table's columns (item, model, quantity, unit price, line total), from the page's starting edge. */
const COLUMNS: TextBox[] = [
  { x: 50, width: 192 },
  { x: 250, width: 82 },
  { x: 340, width: 36, align: 'end' },
  { x: 380, width: 85, align: 'end' },
  { x: 465, width: 80, align: 'end' },
];
const TABLE = { x: MARGIN, width: 495 };

function tableRow(write: PdfWriter, y: number, cells: [string, string, string, string, string], bold = false): number {
  const style: TextStyle = { weight: bold ? 'bold' : 'regular', size: 9, color: INK };
  return Math.max(...cells.map((cell, i) => write.text(cell, y, COLUMNS[i], style))) + 4;
}

function totalRow(write: PdfWriter, y: number, label: string, value: string, bold = false): number {
  const style: TextStyle = { weight: bold ? 'bold' : 'regular', size: bold ? 11 : 10, color: INK };
  return Math.max(
    write.text(label, y, { x: 290, width: 130 }, style),
    write.text(value, y, { x: 425, width: 120, align: 'end' }, style),
  );
}

function draw(write: PdfWriter, {
  order, lines, paymentMethod, invoiceTerms, promoCode = null, purchaseOrder = null, seller, refunds = [], texts,
}: InvoiceData) {
  const t = texts.invoice;
  const page = { x: MARGIN, width: CONTENT_WIDTH };
  const usd = (cents: number) => texts.money(cents, 'USD');

  const shopBottom = write.text(SHOP, MARGIN, page, { weight: 'bold', size: 20, color: ACCENT });
  write.text([
    ...SHOP_ADDRESS,
    ...(seller.ntn ? [t('ntn', { number: seller.ntn })] : []),
    ...(seller.strn ? [t('strn', { number: seller.strn })] : []),
  ].join('\n'), shopBottom, page, { size: 9, color: MUTED });
  const titleBottom = write.text(t('title'), MARGIN, { ...page, align: 'end' }, { weight: 'bold', size: 16, color: INK });
  write.text([
    t('invoiceNumber', { number: order.orderNumber }),
    t('orderDate', { day: texts.day(isoDate(order.createdAt)) }),
    t('invoiceDate', { day: texts.day(isoDate(new Date())) }),
    ...(order.estimatedDelivery ? [t('estimatedDelivery', { day: texts.day(order.estimatedDelivery) })] : []),
    ...(invoiceTerms ? [t('paymentDue', { day: texts.day(invoiceTerms.dueDate) })] : []),
    ...(purchaseOrder?.poNumber ? [t('purchaseOrder', { number: purchaseOrder.poNumber })] : []),
  ].join('\n'), titleBottom, { ...page, align: 'end' }, { size: 9, color: INK });

  const body: TextStyle = { size: 10, color: INK };
  let y = write.text(t('billTo'), 150, page, { weight: 'bold', size: 11, color: ACCENT });
  // An organisation's department is invoiced at its own bill-to address.
  const billTo = purchaseOrder?.billTo ?? order;
  y = write.text([
    `${billTo.firstName} ${billTo.lastName}`,
    ...(billTo.company ? [billTo.company] : []),
    billTo.address,
    `${billTo.city} ${billTo.postalCode}`,
    billTo.email,
    billTo.phone,
    ...(purchaseOrder?.department ? [t('department', { name: purchaseOrder.department })] : []),
    ...(purchaseOrder?.costCentre ? [t('costCentre', { code: purchaseOrder.costCentre })] : []),
  ].join('\n'), y, page, body);
  y += write.lineHeight(body) * 0.5;
  y = write.text(t('orderType', { type: t(`orderTypeName_${order.orderType}`) }), y, page, body);

  y += write.lineHeight(body);
  y = tableRow(write, y, [t('columnItem'), t('columnModel'), t('columnQuantity'), t('columnUnitPrice'), t('columnLineTotal')], true);
  write.rule(y - 2, TABLE, RULE);
  for (const line of lines) {
    const salePrice = splitSalePriceCents(line);
    const unitPrice = salePrice === null
      ? t('unitPrice', { price: usd(line.unitPriceCents) })
      : t('unitPriceSplit', { saleQuantity: texts.number(line.saleQuantity), salePrice: usd(salePrice), price: usd(line.unitPriceCents) });
    y = tableRow(write, y, [lineName(line.name, line.variantLabel), line.modelNumber, texts.number(line.quantity), unitPrice, usd(line.lineTotalCents)]);
  }
  write.rule(y, TABLE, RULE);
  y += write.lineHeight({ size: 9, color: INK }) * 0.8;

  for (const line of breakdownLines(order, promoCode, texts, Boolean(invoiceTerms) || order.paymentStatus === 'awaiting_payment', paymentMethod)) {
    y = totalRow(write, y, line.label, line.value, line.strong);
  }
  for (const refund of refunds.filter((row) => row.status !== 'failed')) {
    y = totalRow(write, y, t('refundedOn', { day: texts.day(refund.createdAt.toISOString().slice(0, 10)) }), texts.money(-refund.amountMinor, refund.currency));
  }

  y += write.lineHeight({ weight: 'bold', size: 11, color: INK }) * 1.5;
  y = write.text(t('payment'), y, page, { weight: 'bold', size: 11, color: ACCENT });
  y = write.text([
    t('paymentStatus', { status: t(`paymentStatusName_${order.paymentStatus}`) }),
    t('paymentMethod', { method: paymentMethod ? t(`paymentMethodName_${paymentMethod}`) : t('paymentMethodNotRecorded') }),
    ...(invoiceTerms ? [
      t('paymentTerms', { terms: t(`paymentTermsName_${invoiceTerms.terms}`) }),
      t('dueDate', { day: texts.day(invoiceTerms.dueDate) }),
      ...(invoiceTerms.paidAt ? [t('paidOn', { day: texts.day(invoiceTerms.paidAt.slice(0, 10)) })] : []),
    ] : []),
  ].join('\n'), y, page, body);
  write.text(t('thanks'), y + write.lineHeight(body) * 2, { ...page, align: 'center' }, { size: 9, color: MUTED });
}

/** The order's invoice as a PDF document, in the buyer's language. */
export function renderInvoice(data: InvoiceData): Promise<Buffer> {
  return renderPdf({
    margin: MARGIN,
    lang: data.texts.language,
    info: { Title: data.texts.invoice('documentTitle', { number: data.order.orderNumber }), Author: SHOP, Creator: SHOP, Producer: SHOP },
  }, (doc) => draw(data.texts.direction === 'rtl' ? rightToLeftWriter(doc) : leftToRightWriter(doc), data));
}
