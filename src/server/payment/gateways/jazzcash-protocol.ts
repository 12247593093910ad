import { jazzcashSecureHash, sameHash, type GatewayFields } from '../providers/integrity-hash.ts';

/**
 * JazzCash's paths under its host (https://sandbox.jazzcash.com.pk, https://payments.jazzcash.com.pk), per its
 * Sandbox Documentation v4.2 (features.html, ApiReferences.html) and the Mobile Wallet REST API v2.0 guide.
 */
export const JAZZCASH_PATHS = {
  /** Page Redirection (hosted checkout), v1.1: the buyer's browser posts the signed pp_ fields here. */
  hosted: '/CustomerPortal/transactionmanagement/merchantform/',
  /** Mobile wallet REST API v2.0: the buyer approves on the phone. */
  wallet: '/ApplicationAPI/API/2.0/Purchase/DoMWalletTransaction',
  inquiry: '/ApplicationAPI/API/PaymentInquiry/Inquire',
  /** The card (MPGS) refund operation of the API references' authorize/capture/refund/void family. */
  refund: '/ApplicationAPI/API/authorize/Refund',
} as const;

/** The response codes used here, from JazzCash's list (SandboxDocumentation/Resources.html). */
export const JAZZCASH_CODES = {
  success: '000',
  lowBalance: '004',
  rejectedByHost: '059',
  invalidCredentials: '101',
  customerBlocked: '103',
  notFound: '109',
  invalidValue: '110',
  notAllowed: '111',
  cancelledByUser: '112',
  invalidHash: '115',
  /** In a status inquiry's pp_PaymentResponseCode: the payment completed. */
  confirmed: '121',
  /** A voucher waiting to be paid over the counter. */
  awaitingCounter: '124',
  /** A wallet payment waiting for the buyer's approval on the phone. */
  pending: '157',
  systemError: '199',
} as const;

/** The declines whose reason the buyer is told, by JazzCash's response code. */
export const JAZZCASH_DECLINES = { insufficient_funds: JAZZCASH_CODES.lowBalance, account_blocked: JAZZCASH_CODES.customerBlocked } as const;

export function jazzcashOutcome(code: string | undefined): 'succeeded' | 'pending' | 'failed' {
  if (code === JAZZCASH_CODES.success || code === JAZZCASH_CODES.confirmed) return 'succeeded';
  if (code === JAZZCASH_CODES.pending || code === JAZZCASH_CODES.awaitingCounter) return 'pending';
  return 'failed';
}

export const signJazzcash = (fields: GatewayFields, salt: string): GatewayFields =>
  ({ ...fields, pp_SecureHash: jazzcashSecureHash(fields, salt) });

/** JazzCash writes the hash in upper-case hex; some of its answers and SDKs use lower case. */
export const hasJazzcashHash = (fields: GatewayFields, salt: string): boolean =>
  sameHash(fields.pp_SecureHash?.toUpperCase(), jazzcashSecureHash(fields, salt));

/** pp_Amount: paisa, digits only. */
export function jazzcashAmount(value: string | undefined): number | null {
  return value !== undefined && /^\d{1,15}$/.test(value) ? Number(value) : null;
}

/** JazzCash's spelling, and the corrected one some answers use. */
export const retrievalReference = (fields: GatewayFields): string =>
  fields.pp_RetreivalReferenceNo || fields.pp_RetrievalReferenceNo || '';

/**
 * Our gateway reference for a JazzCash payment: the instrument it was paid with and JazzCash's retrieval reference,
 * e.g. 'MPAY:230512123456'. A refund reads the instrument from it: only card payments are refunded through the API.
 */
export const jazzcashReference = (txnType: string, rrn: string): string => `${txnType || 'UNKNOWN'}:${rrn}`;
export const paidByCard = (gatewayReference: string): boolean => gatewayReference.startsWith('MPAY:');
