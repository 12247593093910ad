import type { ApprovalPending, ProcessPaymentInput } from '#contracts/payment';
import type { DbOrTx } from '../db/client.ts';
import type { CartTotals } from '../pricing/cart-totals.ts';
import type { OrderLine } from './order-source.ts';

export interface HoldCheck {
  key: string;
  body: ProcessPaymentInput;
  lines: OrderLine[];
  totals: CartTotals;
  now: Date;
}

/** The rules of the organisation an order is placed for, inside the placing transaction. */
export interface OrganisationPurchase {
  /**
   * Over one of the organisation's spending limits: the request for approval that waits instead of the order (and
   * its approvers are mailed); null when the order may be placed. The organisation's row stays locked until the
   * placing transaction ends, so two members paying at once are counted one after the other.
   */
  hold(tx: DbOrTx, check: HoldCheck): Promise<ApprovalPending | null>;
  /** Records that the placed order was placed for the organisation. */
  record(tx: DbOrTx, orderId: string): Promise<void>;
}

/**
 * How organisations buy: implemented by organisation-purchasing/ and handed to the order flow where the routes are
 * wired, so that placing an order depends on this interface only.
 */
export interface PurchasingPolicy {
  /**
   * Who the order is for: null for a buyer on their own. Refuses (400 per field, 403 for a role that does not order)
   * an order the organisation does not allow, before anything is written.
   */
  purchaseFor(tx: DbOrTx, userId: string, details: ProcessPaymentInput['orderDetails']): Promise<OrganisationPurchase | null>;
}
