import { and, eq } from 'drizzle-orm';
import { orderDetails as orderDetailsSchema, type PaymentSuccess, type ProcessPaymentInput } from '#contracts/payment';
import type { DepartmentAddress } from '#contracts/organisation-purchasing';
import type { PaymentDeps } from '../checkout/payment-deps.ts';
import type { DbOrTx } from '../db/client.ts';
import { orders } from '../db/schema/orders.ts';
import { punchoutOrderRequests } from '../db/schema/punchout.ts';
import { orderNotes } from '../db/schema/staff-notes.ts';
import { HttpError } from '../lib/errors.ts';
import { placeLinesOnInvoice } from '../orders/lines-order-source.ts';
import { departmentsOf } from '../organisation-purchasing/departments.service.ts';
import { sameAddress } from '../organisation-purchasing/organisation-order.ts';
import type { PunchoutIdentity } from './cxml-credentials.ts';
import { badCxml, CxmlError } from './cxml-document.ts';
import type { OrderRequestDocument } from './order-request.ts';
import { AS_GIVEN, shopAddress, streetOnly } from './purchase-order-address.ts';
import { purchaseOrderBuyer, type PurchaseOrderBuyer } from './purchase-order-buyer.ts';
import { describeDifferences, matchLines, priceDifferences } from './purchase-order-lines.ts';

/** What the procurement system is told of a purchase order taken: our order for it. */
export interface OrderTaken {
  orderNumber: string;
  message: string;
}

const KEY_LIMIT = 255;

/** The same PO number was taken meanwhile by another request: this one places nothing. */
class TakenMeanwhile extends Error {}
const WAIT_FOR_TWIN_MS = 10_000;

/** The payment flow's idempotency key of a purchase order: one order per organisation and PO number. */
export function purchaseOrderKey(organisationId: string, poNumber: string): string {
  const key = `cxml-order:${organisationId}:${encodeURIComponent(poNumber)}`;
  return key.length <= KEY_LIMIT ? key : `cxml-order:${organisationId}:${Buffer.from(poNumber).toString('base64url').slice(0, 200)}`;
}

const takenMessage = (orderNumber: string, poNumber: string) => `Order ${orderNumber} placed for purchase order ${poNumber}.`;

/** The answer already given to this organisation's purchase order, when it was taken. */
async function takenBefore(db: DbOrTx, organisationId: string, poNumber: string): Promise<OrderTaken | null> {
  const [row] = await db.select({ orderNumber: orders.orderNumber })
    .from(punchoutOrderRequests).leftJoin(orders, eq(orders.id, punchoutOrderRequests.orderId))
    .where(and(eq(punchoutOrderRequests.organisationId, organisationId), eq(punchoutOrderRequests.poNumber, poNumber)));
  if (!row) return null;
  const orderNumber = row.orderNumber ?? '';
  return { orderNumber, message: takenMessage(orderNumber, poNumber) };
}

const STATUS_TEXT: Record<number, string> = { 402: 'Payment Required', 403: 'Forbidden', 409: 'Conflict' };

/** A refusal of the one order placement, as the cXML status a procurement system reads. */
function asCxml(error: HttpError): CxmlError {
  if (error.status === 400) {
    const fields = Object.entries(error.errors ?? {}).map(([field, messages]) => `${field}: ${messages.join(' ')}`);
    return badCxml([error.detail, ...fields].filter(Boolean).join(' '));
  }
  const status = STATUS_TEXT[error.status] ? error.status : 409;
  return new CxmlError(status, STATUS_TEXT[status], error.detail);
}

/**
 * The delivery address of the order and its department. A buyer with departments orders for the one whose delivery
 * address is the ship-to (the department's own address is used); with none matching, a cXML 400 says so.
 */
async function deliveryFor(db: DbOrTx, document: OrderRequestDocument, buyer: PurchaseOrderBuyer) {
  if (!document.shipTo) throw badCxml('OrderRequestHeader has no ShipTo Address.');
  const address = shopAddress(document.shipTo, buyer);
  const departments = buyer.memberId === null ? [] : await departmentsOf(db, buyer.memberId);
  if (departments.length === 0) return { address, departmentId: undefined };
  const compared = streetOnly(document.shipTo, address);
  for (const department of departments) {
    const match = department.shipTo.find((shipTo) => sameAddress(shipTo, compared));
    if (match) {
      const { address: street, city, postalCode, country } = match;
      return { address: { ...address, address: street, city, postalCode, country }, departmentId: department.id };
    }
  }
  throw badCxml(`${buyer.email} orders for departments (${departments.map((department) => department.name).join(', ')}), `
    + 'and the ShipTo address is none of their delivery addresses: send the order to one of them, or ask the shop to add it.');
}

function checkedDetails(address: DepartmentAddress, poNumber: string, departmentId: number | undefined): ProcessPaymentInput['orderDetails'] {
  const parsed = orderDetailsSchema.safeParse({ shippingAddress: address, poNumber, orderType: 'hospital', ...(departmentId ? { departmentId } : {}) });
  if (!parsed.success) {
    throw badCxml(`The ShipTo address cannot be delivered to: ${parsed.error.issues
      .map((issue) => `${issue.path.slice(1).join('.') || 'address'}: ${issue.message}`).join(' ')}`);
  }
  return parsed.data as ProcessPaymentInput['orderDetails'];
}

/**
 * Takes an approved purchase order from the organisation's procurement system: matched to our catalogue, checked
 * against the organisation's prices (refused, or placed at ours with a note, as the organisation chose), and placed
 * by its member on its invoice terms through the one order placement. The same PO number again answers what the
 * first answered; anything refused writes nothing.
 */
export async function takePurchaseOrder(deps: PaymentDeps, identity: PunchoutIdentity, document: OrderRequestDocument): Promise<OrderTaken> {
  const { organisationId } = identity;
  const poNumber = document.orderId;
  if (document.type !== 'new') {
    throw new CxmlError(406, 'Not Acceptable',
      `Only new purchase orders are taken here; to change or cancel purchase order ${poNumber}, contact the shop.`);
  }
  const before = await takenBefore(deps.db, organisationId, poNumber);
  if (before) return before;

  const lines = await matchLines(deps.db, document.lines);
  const buyer = await purchaseOrderBuyer(deps.db, organisationId, [...document.contactEmails, document.shipTo?.email ?? '']);
  const differences = await priceDifferences(deps.db, buyer.userId, lines, new Date());
  if (differences.length > 0 && identity.priceMismatch === 'refuse') {
    throw new CxmlError(406, 'Not Acceptable', `Prices differ from ours: ${describeDifferences(differences)}.`);
  }
  const note = differences.length > 0
    ? `Purchase order ${poNumber} was placed at the shop's prices, which differ from the order's: ${describeDifferences(differences)}.`
    : '';
  const delivery = await deliveryFor(deps.db, document, buyer);
  const orderDetails = checkedDetails(delivery.address, poNumber, delivery.departmentId);
  const billTo = document.billTo ? shopAddress(document.billTo, AS_GIVEN) : null;

  const placed = async (tx: DbOrTx, orderId: string) => {
    const [kept] = await tx.insert(punchoutOrderRequests).values({
      organisationId, poNumber, payloadId: document.payloadId, orderId, statusCode: 200, statusText: 'OK', note, billTo,
    }).onConflictDoNothing().returning({ id: punchoutOrderRequests.id });
    if (!kept) throw new TakenMeanwhile();
    const notes = [note, document.comments && `Comments on purchase order ${poNumber}: ${document.comments}`].filter(Boolean);
    if (notes.length > 0) await tx.insert(orderNotes).values(notes.map((text) => ({ orderId, authorId: null, authorEmail: buyer.email, text })));
  };
  try {
    const result = await placeLinesOnInvoice(deps, buyer.userId, purchaseOrderKey(organisationId, poNumber), {
      scope: 'cxml-order', lines: lines.map(({ variantId, quantity }) => ({ variantId, quantity })), orderDetails, placed,
    });
    // Placed on invoice terms without a hold: an order at once, never a request for approval or a gateway's wait.
    const success = result as PaymentSuccess;
    return { orderNumber: success.orderNumber, message: takenMessage(success.orderNumber, poNumber) };
  } catch (error) {
    const twin = error instanceof TakenMeanwhile || (error instanceof HttpError && error.code === 'PAYMENT_IN_PROGRESS');
    if (twin) return answerOfTwin(deps.db, organisationId, poNumber);
    if (error instanceof HttpError) throw asCxml(error);
    throw error;
  }
}

/** The answer of the same purchase order being placed by a request that came at the same time, once it is. */
async function answerOfTwin(db: DbOrTx, organisationId: string, poNumber: string): Promise<OrderTaken> {
  const until = Date.now() + WAIT_FOR_TWIN_MS;
  for (;;) {
    const taken = await takenBefore(db, organisationId, poNumber);
    if (taken) return taken;
    if (Date.now() > until) throw new CxmlError(409, 'Conflict', `Purchase order ${poNumber} is being placed now: send it again later.`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
