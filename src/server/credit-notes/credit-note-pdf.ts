import type { PurchaseOrder } from '#contracts/organisation-purchasing';
import type { PaymentMethod } from '#contracts/payment';
import { lineName } from '../cart/line-name.ts';
import type { creditNotes } from '../db/schema/returns.ts';
import {
  BODY, billTo, documentHeader, HEADING, isoDate, linesTable, PAGE, renderDocument, type SellerTaxNumbers, totalRow,
} from '../lib/pdf-layout.ts';
import type { PdfWriter } from '../lib/pdf-writer.ts';
import type { Texts } from '../lib/texts.ts';
import { exchangeRateLines } from '../orders/order-money.ts';
import type { OrderRow } from '../orders/order-view.ts';
import { usdCentsToCharged } from '../refunds/refund-amounts.ts';

export interface CreditNoteData {
  note: typeof creditNotes.$inferSelect;
  /** The order credited, whose invoice the note refers to. */
  order: OrderRow;
  /** The return authorisation it settles, when it came from a return. */
  rma: string | null;
  /** How the order was paid: a refund goes back there. */
  paymentMethod: PaymentMethod | null;
  /** An order placed for an organisation is credited to the addressee its invoice names. */
  purchaseOrder: PurchaseOrder | null;
  seller: SellerTaxNumbers;
  /** The buyer's language. */
  texts: Texts;
}

function draw(write: PdfWriter, { note, order, rma, paymentMethod, purchaseOrder, seller, texts }: CreditNoteData) {
  const t = texts.invoice;
  const usd = (cents: number) => texts.money(cents, 'USD');

  documentHeader(write, seller, texts, t('creditNoteTitle'), [
    t('creditNoteNumber', { number: note.number }),
    t('creditNoteDate', { day: texts.day(isoDate(note.createdAt)) }),
    // The invoice is numbered as its order.
    t('creditNoteRefersTo', { number: order.orderNumber, day: texts.day(isoDate(order.createdAt)) }),
    ...(rma ? [t('creditNoteReturn', { rma })] : []),
    ...(purchaseOrder?.poNumber ? [t('purchaseOrder', { number: purchaseOrder.poNumber })] : []),
  ]);
  let y = billTo(write, texts, order, purchaseOrder);

  y += write.lineHeight(BODY) * 1.5;
  y = linesTable(write, y, texts, note.lines.map((line) => [
    lineName(line.name, line.variantLabel), line.modelNumber, texts.number(line.quantity),
    t('unitPrice', { price: usd(line.unitPriceCents) }), usd(line.totalCents),
  ]));

  for (const line of [
    { label: t('subtotal'), value: usd(note.subtotalCents) },
    { label: t('tax'), value: usd(note.taxCents) },
    ...(note.feesCents > 0 ? [{ label: t('creditNoteFees'), value: usd(-note.feesCents) }] : []),
    { label: t('creditNoteTotal'), value: usd(note.totalCents), strong: true },
    ...(order.currency === 'USD' ? [] : [
      ...exchangeRateLines(order, texts),
      { label: t('creditNoteCredited', { currency: order.currency }), value: texts.money(usdCentsToCharged(note.totalCents, order), order.currency), strong: true },
    ]),
  ]) {
    y = totalRow(write, y, line.label, line.value, line.strong);
  }

  y += write.lineHeight(HEADING) * 1.5;
  y = write.text(t('creditNoteSettlement'), y, PAGE, HEADING);
  write.text(note.kind === 'refund'
    ? t('creditNoteRefund', { method: paymentMethod ? t(`paymentMethodName_${paymentMethod}`) : t('paymentMethodNotRecorded') })
    : t('creditNoteStoreCredit'), y, PAGE, BODY);
}

/** A credit note as a PDF document, in the buyer's language, laid out as the invoice it refers to. */
export function renderCreditNote(data: CreditNoteData): Promise<Buffer> {
  return renderDocument(data.texts, data.texts.invoice('creditNoteDocumentTitle', { number: data.note.number }), (write) => draw(write, data));
}
