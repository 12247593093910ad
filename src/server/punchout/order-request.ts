import { attr, badCxml, child, children, text, textAt, type CxmlNode } from './cxml-document.ts';

/** An address as a cXML OrderRequest gives it (ShipTo, BillTo). */
export interface PurchaseOrderAddress {
  /** The addressee's organisation or site (`Name`). */
  name: string;
  /** The people or places it goes to, in order (`DeliverTo`). */
  deliverTo: string[];
  street: string[];
  city: string;
  state: string;
  postalCode: string;
  /** ISO 3166-1 alpha-2, upper case ('' when absent). */
  country: string;
  email: string;
  /** '+92 42 35761999' from its country, area and number. */
  phone: string;
}

export interface PurchaseOrderLine {
  /** The line's number as the order gives it (its position from 1 when absent): how answers name it. */
  lineNumber: string;
  quantity: number;
  /** Our catalogue number. */
  supplierPartId: string;
  /** Our variant id, as the punchout cart sent it ('' when absent). */
  auxiliaryId: string;
  unitPriceCents: number;
  currency: string;
  unitOfMeasure: string;
  description: string;
}

export interface OrderRequestDocument {
  payloadId: string;
  /** The purchase-order number. */
  orderId: string;
  orderDate: string;
  /** 'new', 'update' or 'delete'. */
  type: string;
  total: { cents: number; currency: string } | null;
  shipTo: PurchaseOrderAddress | null;
  billTo: PurchaseOrderAddress | null;
  /** The contacts' emails, in the order's order. */
  contactEmails: string[];
  comments: string;
  lines: PurchaseOrderLine[];
}

/** The most units one line may order: more is surely a mistake in the document. */
export const MAX_LINE_QUANTITY = 100_000;
const MONEY = /^\d{1,9}(\.\d{1,2})?$/;
const QUANTITY = /^\d{1,6}(\.0+)?$/;

const cents = (value: string) => {
  const [whole, fraction = ''] = value.split('.');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
};

function phoneOf(phone: CxmlNode | undefined): string {
  const number = child(phone, 'TelephoneNumber');
  if (!number) return '';
  const country = textAt(number, 'CountryCode');
  return [country ? `+${country.replace(/^\+/, '')}` : '', textAt(number, 'AreaOrCityCode'), textAt(number, 'Number')]
    .filter(Boolean).join(' ');
}

/** The `Address` inside a ShipTo or BillTo; null when there is none. */
export function readAddress(holder: CxmlNode | undefined): PurchaseOrderAddress | null {
  const address = child(holder, 'Address');
  if (!address) return null;
  const postal = child(address, 'PostalAddress');
  const country = child(postal, 'Country');
  return {
    name: textAt(address, 'Name'),
    deliverTo: children(postal, 'DeliverTo').map(text).filter(Boolean),
    street: children(postal, 'Street').map(text).filter(Boolean),
    city: textAt(postal, 'City'),
    state: textAt(postal, 'State'),
    postalCode: textAt(postal, 'PostalCode'),
    country: (attr(country, 'isoCountryCode') || attr(address, 'isoCountryCode')).toUpperCase(),
    email: children(address, 'Email').map(text).find(Boolean) ?? '',
    phone: phoneOf(child(address, 'Phone')),
  };
}

function readLine(item: CxmlNode, position: number): PurchaseOrderLine {
  const lineNumber = attr(item, 'lineNumber') || String(position + 1);
  const named = `Line ${lineNumber}`;
  const quantityText = attr(item, 'quantity');
  if (!QUANTITY.test(quantityText) || Number.parseInt(quantityText, 10) < 1 || Number.parseInt(quantityText, 10) > MAX_LINE_QUANTITY) {
    throw badCxml(`${named}: the quantity must be a whole number from 1 to ${MAX_LINE_QUANTITY}.`);
  }
  const supplierPartId = textAt(item, 'ItemID', 'SupplierPartID');
  if (!supplierPartId) throw badCxml(`${named}: ItemID has no SupplierPartID.`);
  const detail = child(item, 'ItemDetail');
  const money = child(child(detail, 'UnitPrice'), 'Money');
  const price = text(money);
  if (!MONEY.test(price)) throw badCxml(`${named}: ItemDetail UnitPrice Money must be an amount such as 125.00.`);
  return {
    lineNumber,
    quantity: Number.parseInt(quantityText, 10),
    supplierPartId,
    auxiliaryId: textAt(item, 'ItemID', 'SupplierPartAuxiliaryID'),
    unitPriceCents: cents(price),
    currency: attr(money, 'currency').toUpperCase(),
    unitOfMeasure: textAt(detail, 'UnitOfMeasure').toUpperCase(),
    description: textAt(detail, 'Description'),
  };
}

/**
 * The purchase order in a cXML `OrderRequest` (cXML 1.2): its header (orderID, date, type, total, ship-to, bill-to,
 * contacts, comments) and one line per `ItemOut`. What cannot be read as an order is a cXML 400 naming it.
 */
export function readOrderRequest(root: CxmlNode): OrderRequestDocument {
  const request = child(child(root, 'Request'), 'OrderRequest');
  if (!request) throw badCxml('The document has no OrderRequest.');
  const header = child(request, 'OrderRequestHeader');
  const orderId = attr(header, 'orderID');
  if (!orderId) throw badCxml('OrderRequestHeader has no orderID.');
  if (orderId.length > 50) throw badCxml('The orderID is longer than 50 characters.');
  const items = children(request, 'ItemOut');
  if (items.length === 0) throw badCxml('The order has no ItemOut lines.');
  const money = child(child(header, 'Total'), 'Money');
  const total = MONEY.test(text(money)) ? { cents: cents(text(money)), currency: attr(money, 'currency').toUpperCase() } : null;
  const lines = items.map(readLine);
  const numbers = new Set(lines.map((line) => line.lineNumber));
  if (numbers.size !== lines.length) throw badCxml('Two ItemOut lines have the same lineNumber.');
  return {
    payloadId: attr(root, 'payloadID'),
    orderId,
    orderDate: attr(header, 'orderDate'),
    type: (attr(header, 'type') || 'new').toLowerCase(),
    total,
    shipTo: readAddress(child(header, 'ShipTo')),
    billTo: readAddress(child(header, 'BillTo')),
    contactEmails: children(header, 'Contact').flatMap((contact) => children(contact, 'Email').map(text)).filter(Boolean),
    comments: children(header, 'Comments').map(text).filter(Boolean).join('\n'),
    lines,
  };
}
