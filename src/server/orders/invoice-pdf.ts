import type { PaymentMethod } from '#contracts/payment';
import type { Order } from '#contracts/orders';
import type { PurchaseOrder } from '#contracts/organisation-purchasing';
import {
  BODY, billTo, documentHeader, HEADING, isoDate, linesTable, MUTED, PAGE, renderDocument, type SellerTaxNumbers, totalRow,
} from '../lib/pdf-layout.ts';
import type { PdfWriter } from '../lib/pdf-writer.ts';
import type { Texts } from '../lib/texts.ts';
import { lineName } from '../cart/line-name.ts';
import { breakdownLines } from './order-money.ts';
import { splitSalePriceCents } from './order-line-price.ts';
import type { OrderRow } from './order-view.ts';
import type { OrderSetComponent } from '../db/schema/orders.ts';
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
  /** The contract whose price list priced the line, printed under its name; '' when none did. */
  contractNumber: string;
  /** A set's contents as sold (one set's), printed under its name; empty for anything else. */
  setComponents?: OrderSetComponent[];
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

function draw(write: PdfWriter, {
  order, lines, paymentMethod, invoiceTerms, promoCode = null, purchaseOrder = null, seller, refunds = [], texts,
}: InvoiceData) {
  const t = texts.invoice;
  const usd = (cents: number) => texts.money(cents, 'USD');

  documentHeader(write, seller, texts, t('title'), [
    t('invoiceNumber', { number: order.orderNumber }),
    t('orderDate', { day: texts.day(isoDate(order.createdAt)) }),
    t('invoiceDate', { day: texts.day(isoDate(new Date())) }),
    ...(order.estimatedDelivery ? [t('estimatedDelivery', { day: texts.day(order.estimatedDelivery) })] : []),
    ...(invoiceTerms ? [t('paymentDue', { day: texts.day(invoiceTerms.dueDate) })] : []),
    ...(purchaseOrder?.poNumber ? [t('purchaseOrder', { number: purchaseOrder.poNumber })] : []),
  ]);
  let y = billTo(write, texts, order, purchaseOrder);
  y += write.lineHeight(BODY) * 0.5;
  y = write.text(t('orderType', { type: t(`orderTypeName_${order.orderType}`) }), y, PAGE, BODY);

  y += write.lineHeight(BODY);
  y = linesTable(write, y, texts, lines.map((line) => {
    const salePrice = splitSalePriceCents(line);
    const unitPrice = salePrice === null
      ? t('unitPrice', { price: usd(line.unitPriceCents) })
      : t('unitPriceSplit', { saleQuantity: texts.number(line.saleQuantity), salePrice: usd(salePrice), price: usd(line.unitPriceCents) });
    const name = lineName(line.name, line.variantLabel);
    const contents = (line.setComponents ?? []).map((component) => t('setComponentLine', {
      quantity: texts.number(component.quantity), name: lineName(component.name, component.variant_label), model: component.model_number,
    }));
    const item = [name, ...contents, ...(line.contractNumber ? [t('contractLine', { number: line.contractNumber })] : [])].join('\n');
    return [item, line.modelNumber, texts.number(line.quantity), unitPrice, usd(line.lineTotalCents)];
  }));

  for (const line of breakdownLines(order, promoCode, texts, Boolean(invoiceTerms) || order.paymentStatus === 'awaiting_payment', paymentMethod)) {
    y = totalRow(write, y, line.label, line.value, line.strong);
  }
  for (const refund of refunds.filter((row) => row.status !== 'failed')) {
    y = totalRow(write, y, t('refundedOn', { day: texts.day(refund.createdAt.toISOString().slice(0, 10)) }), texts.money(-refund.amountMinor, refund.currency));
  }

  y += write.lineHeight(HEADING) * 1.5;
  y = write.text(t('payment'), y, PAGE, HEADING);
  y = write.text([
    t('paymentStatus', { status: t(`paymentStatusName_${order.paymentStatus}`) }),
    t('paymentMethod', { method: paymentMethod ? t(`paymentMethodName_${paymentMethod}`) : t('paymentMethodNotRecorded') }),
    ...(invoiceTerms ? [
      t('paymentTerms', { terms: t(`paymentTermsName_${invoiceTerms.terms}`) }),
      t('dueDate', { day: texts.day(invoiceTerms.dueDate) }),
      ...(invoiceTerms.paidAt ? [t('paidOn', { day: texts.day(invoiceTerms.paidAt.slice(0, 10)) })] : []),
    ] : []),
  ].join('\n'), y, PAGE, BODY);
  write.text(t('thanks'), y + write.lineHeight(BODY) * 2, { ...PAGE, align: 'center' }, { size: 9, color: MUTED });
}

/** The order's invoice as a PDF document, in the buyer's language. */
export function renderInvoice(data: InvoiceData): Promise<Buffer> {
  return renderDocument(data.texts, data.texts.invoice('documentTitle', { number: data.order.orderNumber }), (write) => draw(write, data));
}
