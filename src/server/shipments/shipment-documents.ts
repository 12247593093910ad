import { asc, eq } from 'drizzle-orm';
import type { ShipmentDocument } from '#contracts/shipments';
import { countryName } from '#contracts/shipping';
import { centsToDecimal } from '#contracts/money';
import type { Db } from '../db/client.ts';
import { lotsOfOrder, udiText, type OrderLot } from '../lots/order-lots.ts';
import { orders } from '../db/schema/orders.ts';
import { shipmentItems, shipmentParcels, shipments } from '../db/schema/shipments.ts';
import { leftToRightWriter, type PdfWriter, renderPdf, type TextBox, type TextStyle } from '../lib/pdf-writer.ts';
import { lineName } from '../cart/line-name.ts';
import { notFound } from '../lib/errors.ts';
import type { Party } from '../shipping/carriers/carrier.ts';
import { isExport } from './book-shipment.ts';
import { goodsWeightGrams, shippableLines, type ShippableLine } from './shipment-lines.ts';

type ShipmentRow = typeof shipments.$inferSelect;
type OrderRow = typeof orders.$inferSelect;

const MARGIN = 50;
const PAGE: TextBox = { x: MARGIN, width: 595.28 - 2 * MARGIN };
const INK = '#1f2937';
const MUTED = '#6b7280';
const ACCENT = '#0f766e';
const RULE = '#d1d5db';
const BODY: TextStyle = { size: 10, color: INK };
const SMALL: TextStyle = { size: 9, color: INK };

/** One of the shipment's lines: the order line and the units of it in this shipment. */
interface ShipmentLine {
  line: ShippableLine;
  quantity: number;
  lots: OrderLot[];
}

interface ShipmentData {
  shipment: ShipmentRow;
  order: OrderRow;
  lines: ShipmentLine[];
  parcels: number[];
  shipper: Party;
}

async function shipmentData(db: Db, shipper: Party, shipmentId: string): Promise<ShipmentData> {
  const [row] = await db.select({ shipment: shipments, order: orders }).from(shipments)
    .innerJoin(orders, eq(orders.id, shipments.orderId)).where(eq(shipments.id, shipmentId));
  if (!row) throw notFound('Shipment not found.');
  const { shipment, order } = row;
  const [items, parcels, lines, lots] = await Promise.all([
    db.select().from(shipmentItems).where(eq(shipmentItems.shipmentId, shipmentId)).orderBy(asc(shipmentItems.orderItemId)),
    db.select().from(shipmentParcels).where(eq(shipmentParcels.shipmentId, shipmentId)).orderBy(asc(shipmentParcels.position)),
    shippableLines(db, order.id),
    lotsOfOrder(db, order.id),
  ]);
  return {
    shipment, order, shipper, parcels: parcels.map((parcel) => parcel.weightGrams),
    lines: items.flatMap((item) => {
      const line = lines.find((candidate) => candidate.id === item.orderItemId);
      if (!line) return [];
      return [{
        line, quantity: item.quantity, lots: line.variantId === null ? [] : lots.get(line.variantId) ?? [],
      }];
    }),
  };
}

const isoDate = (date: Date) => date.toISOString().slice(0, 10);
const kilograms = (grams: number) => `${(grams / 1000).toFixed(2)} kg`;

function partyLines(party: Party): string {
  return [party.name, party.address, `${party.city}${party.postalCode ? ` ${party.postalCode}` : ''}`,
    countryName(party.country) ?? party.country, party.phone, party.email].join('\n');
}

const consignee = (order: OrderRow): Party => ({
  name: [`${order.firstName} ${order.lastName}`, order.company].filter(Boolean).join(', '),
  address: order.address, city: order.city, country: order.country, postalCode: order.postalCode, phone: order.phone, email: order.email,
});

/** The document's heading: the shop, the title and the numbers beside it; answers where the body starts. */
function heading(write: PdfWriter, title: string, facts: string[], shipper: Party): number {
  const shopBottom = write.text(shipper.name, MARGIN, PAGE, { weight: 'bold', size: 20, color: ACCENT });
  const left = write.text(partyLines({ ...shipper, name: '' }).trim(), shopBottom, PAGE, { size: 9, color: MUTED });
  const titleBottom = write.text(title, MARGIN, { ...PAGE, align: 'end' }, { weight: 'bold', size: 16, color: INK });
  const right = write.text(facts.join('\n'), titleBottom, { ...PAGE, align: 'end' }, SMALL);
  return Math.max(left, right) + 20;
}

function table(write: PdfWriter, y: number, columns: TextBox[], header: string[], rows: string[][], style = SMALL): number {
  const row = (cells: string[], bold: boolean, top: number) =>
    Math.max(...cells.map((cell, i) => write.text(cell, top, columns[i], { ...style, weight: bold ? 'bold' : 'regular' }))) + 4;
  let bottom = row(header, true, y);
  write.rule(bottom - 2, PAGE, RULE);
  for (const cells of rows) bottom = row(cells, false, bottom);
  write.rule(bottom, PAGE, RULE);
  return bottom + 6;
}

function drawPackingSlip(write: PdfWriter, { shipment, order, lines, parcels, shipper }: ShipmentData) {
  let y = heading(write, 'Packing slip', [
    `Shipment ${shipment.number}`, `Order ${order.orderNumber}`, `Date ${isoDate(shipment.createdAt)}`,
    `${shipment.carrierName} ${shipment.trackingNumber}`,
  ], shipper);
  y = write.text('Ship to', y, PAGE, { weight: 'bold', size: 11, color: ACCENT });
  y = write.text(partyLines(consignee(order)), y, PAGE, BODY) + 14;
  const columns: TextBox[] = [{ x: 50, width: 170 }, { x: 225, width: 80 }, { x: 308, width: 32, align: 'end' }, { x: 350, width: 195 }];
  y = table(write, y, columns, ['Item', 'Catalogue no.', 'Qty', 'Lots and UDIs'], lines.map(({ line, quantity, lots }) => [
    lineName(line.name, line.variantLabel),
    line.modelNumber,
    String(quantity),
    lots.length === 0 ? '–' : lots.map((lot) => [
      `Lot ${lot.lotNumber ?? 'unlabelled'}${lot.expiryDate ? `, expires ${lot.expiryDate}` : ''}`,
      ...(lot.serials.length > 0 ? lot.serials.map((serial) => `UDI ${udiText(lot, serial) ?? `serial ${serial}`}`)
        : [udiText(lot)].flatMap((udi) => (udi ? [`UDI ${udi}`] : []))),
    ].join('\n')).join('\n'),
  ]));
  const units = lines.reduce((sum, line) => sum + line.quantity, 0);
  write.text(`${units} units in ${parcels.length} ${parcels.length === 1 ? 'parcel' : 'parcels'}, ${kilograms(parcels.reduce((a, b) => a + b, 0))}.`
    + ' Please check the contents on arrival and tell us within 7 days of anything missing.', y + 6, PAGE, { size: 9, color: MUTED });
}

function drawCommercialInvoice(write: PdfWriter, { shipment, order, lines, parcels, shipper }: ShipmentData) {
  let y = heading(write, 'Commercial invoice', [
    `Invoice ${shipment.number}`, `Order ${order.orderNumber}`, `Date ${isoDate(shipment.createdAt)}`,
    `Waybill ${shipment.carrierName} ${shipment.trackingNumber}`,
  ], shipper);
  const half = { width: PAGE.width / 2 - 10 };
  write.text('Seller / exporter', y, { x: MARGIN, ...half }, { weight: 'bold', size: 11, color: ACCENT });
  const buyerTop = write.text('Buyer / consignee', y, { x: MARGIN + PAGE.width / 2, ...half }, { weight: 'bold', size: 11, color: ACCENT });
  y = Math.max(
    write.text(partyLines(shipper), buyerTop, { x: MARGIN, ...half }, BODY),
    write.text(partyLines(consignee(order)), buyerTop, { x: MARGIN + PAGE.width / 2, ...half }, BODY),
  ) + 10;
  y = write.text([
    `Incoterm: ${shipment.incoterm ?? 'DAP'} ${order.city}`,
    'Currency: USD',
    'Reason for export: sale',
    `Country of destination: ${countryName(order.country) ?? order.country}`,
  ].join('\n'), y, PAGE, BODY) + 12;
  const columns: TextBox[] = [
    { x: 50, width: 150 }, { x: 203, width: 62 }, { x: 268, width: 50 }, { x: 320, width: 30, align: 'end' },
    { x: 353, width: 62, align: 'end' }, { x: 418, width: 65, align: 'end' }, { x: 486, width: 59, align: 'end' },
  ];
  const usd = (cents: number) => `${centsToDecimal(cents)} USD`;
  y = table(write, y, columns, ['Description', 'HS code', 'Origin', 'Qty', 'Unit value', 'Value', 'Net weight'],
    lines.map(({ line, quantity }) => [
      `${lineName(line.name, line.variantLabel)}\n${line.modelNumber}`, line.hsCode || '–', line.countryOfOrigin, String(quantity),
      usd(line.unitPriceCents), usd(line.unitPriceCents * quantity), kilograms(goodsWeightGrams(line, quantity)),
    ]));
  const value = lines.reduce((sum, { line, quantity }) => sum + line.unitPriceCents * quantity, 0);
  const net = lines.reduce((sum, { line, quantity }) => sum + goodsWeightGrams(line, quantity), 0);
  y = write.text([
    `Total customs value: ${usd(value)}`,
    `Total net weight: ${kilograms(net)}`,
    `Gross weight: ${kilograms(parcels.reduce((a, b) => a + b, 0))} in ${parcels.length} ${parcels.length === 1 ? 'parcel' : 'parcels'}`,
  ].join('\n'), y + 4, { ...PAGE, align: 'end' }, { weight: 'bold', size: 10, color: INK }) + 24;
  write.text('We declare that the information on this invoice is true and correct and that the goods are of the origin shown.\n\n'
    + `Signed for ${shipper.name}: ____________________`, y, PAGE, { size: 9, color: MUTED });
}

/** The file each document is saved as: 'packing-slip-SS-7K2M9QXA-1.pdf'. */
export const shipmentDocumentFileName = (document: ShipmentDocument, number: string) => `${document}-${number}.pdf`;

/**
 * A shipment's document: the label the carrier returned (none for a carrier named by hand), the packing slip, or the
 * commercial invoice of an export. 404 for a document the shipment does not have.
 */
export async function shipmentDocument(db: Db, shipper: Party, shipmentId: string, document: ShipmentDocument): Promise<{ pdf: Buffer; fileName: string }> {
  if (document === 'label') {
    const [row] = await db.select({ number: shipments.number, label: shipments.labelPdf }).from(shipments).where(eq(shipments.id, shipmentId));
    if (!row?.label) throw notFound(row ? 'A carrier named by hand gives no label.' : 'Shipment not found.');
    return { pdf: row.label, fileName: shipmentDocumentFileName(document, row.number) };
  }
  const data = await shipmentData(db, shipper, shipmentId);
  if (document === 'commercial-invoice' && !isExport(data.order)) throw notFound('A shipment within Pakistan needs no commercial invoice.');
  const title = `${document === 'packing-slip' ? 'Packing slip' : 'Commercial invoice'} ${data.shipment.number}`;
  const pdf = await renderPdf({ margin: MARGIN, lang: 'en', info: { Title: title, Author: shipper.name, Creator: shipper.name, Producer: shipper.name } },
    (doc) => (document === 'packing-slip' ? drawPackingSlip : drawCommercialInvoice)(leftToRightWriter(doc), data));
  return { pdf, fileName: shipmentDocumentFileName(document, data.shipment.number) };
}
