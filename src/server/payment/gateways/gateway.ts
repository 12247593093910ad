import type { PaymentCurrency } from '#contracts/payment';

/** The gateways the shop takes money through: one adapter file each in this folder. */
export const GATEWAY_IDS = ['jazzcash', 'easypaisa', 'hbl_pay', 'safepay'] as const;
export type GatewayId = (typeof GATEWAY_IDS)[number];

/** Where a gateway sends the buyer's browser, and the fields it expects (posted as a form when method is POST). */
export interface RedirectAction {
  type: 'redirect';
  url: string;
  method: 'GET' | 'POST';
  fields: Record<string, string>;
}

export interface StartPayment {
  /** Our transaction id: the gateway's merchant reference (pp_TxnRefNo, orderRefNum, ORDER_ID, order id). */
  reference: string;
  /** Minor units (paisa or cents), fee included. */
  amountMinor: number;
  currency: PaymentCurrency;
  description: string;
  /** Absolute URL of /api/payment/return/{gateway}: where the hosted page sends the buyer back. */
  returnUrl: string;
  /** Absolute URL of /api/payment/notify/{gateway}: where the gateway posts its notifications. */
  notifyUrl: string;
  email: string;
  /**
   * A wallet paid by the gateway's REST transaction, approved on the phone; without it the buyer goes to the hosted
   * page. Never stored or logged.
   */
  wallet?: {
    mobile: string;
    pin?: string;
    /** The last 6 digits of the wallet holder's CNIC: JazzCash's wallet API (v2.0) asks for them. */
    cnic?: string;
  };
}

/** The first answer to a payment: settled at once, waiting for the buyer's phone, or waiting for the hosted page. */
export type StartOutcome =
  | { status: 'succeeded'; gatewayReference: string }
  | { status: 'failed'; gatewayReference?: string; reason: string; code?: string }
  | { status: 'pending'; gatewayReference?: string }
  | { status: 'requires_action'; gatewayReference?: string; nextAction: RedirectAction };

export interface RefundRequest {
  /** Our transaction id of the captured payment, and the gateway's own reference for it. */
  reference: string;
  gatewayReference: string;
  /** Our refund's id: sent as the gateway's idempotency or refund reference, so a retry never refunds twice. */
  refundReference: string;
  amountMinor: number;
  currency: PaymentCurrency;
  reason: string;
}

/** `manual`: this gateway has no refund API for this payment; staff return the money and record their reference. */
export type RefundOutcome =
  | { status: 'succeeded' | 'pending'; gatewayReference: string }
  | { status: 'failed'; reason: string }
  | { status: 'manual' };

/** What a signed message from the gateway says about one payment. */
export interface PaymentReport {
  reference: string;
  outcome: 'succeeded' | 'failed' | 'pending';
  amountMinor: number;
  currency: PaymentCurrency;
  gatewayReference?: string;
  reason?: string;
  /** The gateway's own answer code for a payment that did not succeed (see each protocol's decline codes). */
  code?: string;
}

/** An HTTP request as the gateway sent it, before any parsing we trust. */
export interface GatewayMessage {
  method: string;
  query: Record<string, string>;
  headers: Record<string, string | undefined>;
  /** Form fields or JSON, as parsed by the server. */
  body: unknown;
  rawBody: string;
}

/** What the gateway expects back from a notification: 2xx only once it has been applied. */
export interface Acknowledgement {
  status: number;
  contentType: string;
  body: string;
}

export class InvalidSignatureError extends Error {
  constructor(gateway: GatewayId, detail: string) {
    super(`${gateway}: ${detail}`);
    this.name = 'InvalidSignatureError';
  }
}

/**
 * One gateway, shaped like Vendure's payment handler. Every call speaks the gateway's own protocol over HTTP (to the
 * gateway in live mode, to its simulator under /sandbox/{gateway}/ in sandbox mode).
 */
export interface PaymentGateway {
  id: GatewayId;
  /** False for a gateway that documents no status inquiry: its status() cannot speak for any payment. */
  inquiry?: false;
  start(request: StartPayment): Promise<StartOutcome>;
  refund(request: RefundRequest): Promise<RefundOutcome>;
  /**
   * A return that is a step of the hosted page's handshake rather than its end (Easypaisa's auth_token): where the
   * buyer's browser goes next, sent back to `returnUrl` afterwards; null for a return to read with readReturn.
   */
  returnAction?(message: GatewayMessage, returnUrl: string): RedirectAction | null;
  /** The buyer's return from the hosted page: verified, or InvalidSignatureError. */
  readReturn(message: GatewayMessage): PaymentReport;
  /**
   * A notification that only names where its content is (Easypaisa's IPN: a URL on the gateway): that content,
   * fetched from the gateway, for readNotification, which reads nothing else from such a gateway.
   */
  fetchNotification?(message: GatewayMessage): Promise<GatewayMessage>;
  /** A notification (IPN, webhook): verified, or InvalidSignatureError. */
  readNotification(message: GatewayMessage): PaymentReport;
  acknowledge(applied: boolean): Acknowledgement;
  /**
   * Status inquiry: what the gateway knows of the payment; `unknown` when it has no record of it. `gatewayReference`
   * (from start) is how a gateway that looks payments up by its own id finds it (Safepay: the tracker).
   */
  status(reference: string, gatewayReference?: string): Promise<PaymentReport | { reference: string; outcome: 'unknown' }>;
}
