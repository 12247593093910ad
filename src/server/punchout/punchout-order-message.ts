import { centsToDecimal } from '#contracts/money';
import type { PunchoutOperation } from '#contracts/punchout';
import { cxmlDocument, escapeXml } from './cxml-document.ts';
import type { Credential } from './cxml-credentials.ts';
import type { ReturnedCart, ReturnedLine } from './punchout-cart.ts';

/** Every price the shop returns is in US dollars, each unit an "each" (UN/ECE code EA). */
const CURRENCY = 'USD';
const UNIT = 'EA';

const money = (cents: number) => `<Money currency="${CURRENCY}">${centsToDecimal(cents)}</Money>`;
const credential = ({ domain, identity }: Credential) =>
  `<Credential domain="${escapeXml(domain)}"><Identity>${escapeXml(identity)}</Identity></Credential>`;

function itemIn(line: ReturnedLine): string {
  return `<ItemIn quantity="${line.quantity}">`
    + `<ItemID><SupplierPartID>${escapeXml(line.catalogueNumber)}</SupplierPartID>`
    + `<SupplierPartAuxiliaryID>${line.variantId}</SupplierPartAuxiliaryID></ItemID>`
    + '<ItemDetail>'
    + `<UnitPrice>${money(line.unitPriceCents)}</UnitPrice>`
    + `<Description xml:lang="en">${escapeXml(line.description)}</Description>`
    + `<UnitOfMeasure>${UNIT}</UnitOfMeasure>`
    + `<Classification domain="UNSPSC">${escapeXml(line.unspsc)}</Classification>`
    + `<ManufacturerName>${escapeXml(line.manufacturer)}</ManufacturerName>`
    + (line.leadTimeDays === null ? '' : `<LeadTime>${line.leadTimeDays}</LeadTime>`)
    + (line.contractNumber ? `<Extrinsic name="ContractNumber">${escapeXml(line.contractNumber)}</Extrinsic>` : '')
    + '</ItemDetail></ItemIn>';
}

export interface OrderMessageParties {
  /** The shop's host: From and Sender. */
  shop: string;
  /** The organisation's credential: To. */
  buyer: Credential;
  buyerCookie: string;
  operation: PunchoutOperation;
}

/**
 * The cXML 1.2 PunchOutOrderMessage carrying the cart back: edit allowed, or inspect only for an inspect session.
 * Total is what the items come to; shipping and tax follow it, as the cart shows them.
 */
export function cxmlOrderMessage(parties: OrderMessageParties, cart: ReturnedCart, now = new Date()): string {
  const shop: Credential = { domain: 'NetworkId', identity: parties.shop };
  const header = `<Header><From>${credential(shop)}</From><To>${credential(parties.buyer)}</To>`
    + `<Sender>${credential(shop)}<UserAgent>Sialkot Surgical</UserAgent></Sender></Header>`;
  const allowed = parties.operation === 'inspect' ? 'inspect' : 'edit';
  const message = `<Message><PunchOutOrderMessage><BuyerCookie>${escapeXml(parties.buyerCookie)}</BuyerCookie>`
    + `<PunchOutOrderMessageHeader operationAllowed="${allowed}">`
    + `<Total>${money(cart.itemsCents)}</Total>`
    + `<Shipping>${money(cart.shippingCents)}<Description xml:lang="en">${escapeXml(cart.shippingMethod || 'Shipping')}</Description></Shipping>`
    + `<Tax>${money(cart.taxCents)}<Description xml:lang="en">Sales tax</Description></Tax>`
    + '</PunchOutOrderMessageHeader>'
    + cart.lines.map(itemIn).join('')
    + '</PunchOutOrderMessage></Message>';
  return cxmlDocument(header + message, parties.shop, now);
}

/** SAP OCI 4.0: the indexed NEW_ITEM fields, numbered from 1, in the order of the cart. */
export function ociFields(cart: ReturnedCart): [string, string][] {
  return cart.lines.flatMap((line, index) => {
    const n = index + 1;
    return [
      [`NEW_ITEM-DESCRIPTION[${n}]`, line.description.slice(0, 40)],
      [`NEW_ITEM-QUANTITY[${n}]`, String(line.quantity)],
      [`NEW_ITEM-UNIT[${n}]`, UNIT],
      [`NEW_ITEM-PRICE[${n}]`, centsToDecimal(line.unitPriceCents)],
      [`NEW_ITEM-PRICEUNIT[${n}]`, '1'],
      [`NEW_ITEM-CURRENCY[${n}]`, CURRENCY],
      [`NEW_ITEM-VENDORMAT[${n}]`, line.catalogueNumber],
      [`NEW_ITEM-MATGROUP[${n}]`, line.unspsc],
      [`NEW_ITEM-MANUFACTNAME[${n}]`, line.manufacturer],
      [`NEW_ITEM-LEADTIME[${n}]`, line.leadTimeDays === null ? '' : String(line.leadTimeDays)],
      [`NEW_ITEM-EXT_PRODUCT_ID[${n}]`, String(line.variantId)],
      [`NEW_ITEM-CONTRACT[${n}]`, line.contractNumber],
      [`NEW_ITEM-LONGTEXT_${n}:132[]`, line.description],
    ] as [string, string][];
  });
}
