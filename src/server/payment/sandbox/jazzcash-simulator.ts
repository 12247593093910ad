import { randomInt } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { escapeHtml } from '../../lib/mail-layout.ts';
import type { GatewayFields } from '../providers/integrity-hash.ts';
import { cardDecline, walletDecline } from '../providers/sandbox-outcomes.ts';
import { messageFields } from '../gateways/gateway-message.ts';
import { hasJazzcashHash, JAZZCASH_CODES, JAZZCASH_PATHS, jazzcashAmount, signJazzcash } from '../gateways/jazzcash-protocol.ts';
import { hiddenInputs } from '../auto-post-form.ts';
import { createNotificationOutbox } from './notification-outbox.ts';
import { approvalForm, cardDigits, isMobile, isPin } from './sandbox-instruments.ts';
import { acceptForms, gatewayPages, isWebAddress, paragraph, rupees } from './sandbox-page.ts';

export const JAZZCASH_SIMULATOR_PREFIX = '/sandbox/jazzcash';

export interface JazzcashSimulatorOptions {
  merchantId: string;
  password: string;
  integritySalt: string;
  /** The IPN URL set in JazzCash's merchant portal: the shop's /api/payment/notify/jazzcash. */
  ipnUrl: string;
  /** The waits between an IPN's tries (see createNotificationOutbox). */
  retryDelaysMs?: readonly number[];
  /** How its notifications reach the shop. */
  fetch?: typeof fetch;
}

interface Outcome {
  code: string;
  message: string;
}

interface SimulatedPayment {
  request: GatewayFields;
  amountMinor: number;
  /** MPAY (card) or MWALLET once the buyer chose; the hosted page starts without. */
  txnType: string;
  returnUrl?: string;
  mobile?: string;
  /** Undefined while the buyer has not paid or approved yet. */
  outcome?: Outcome;
  rrn: string;
  refundedMinor: number;
}

const PENDING: Outcome = { code: JAZZCASH_CODES.pending, message: 'Transaction is pending. Approve it on your phone.' };
const PAID: Outcome = { code: JAZZCASH_CODES.success, message: 'Thank you for Using JazzCash, your transaction was successful.' };
const CANCELLED: Outcome = { code: JAZZCASH_CODES.cancelledByUser, message: 'Transaction Cancelled by User.' };
const REFERENCE = /^[A-Za-z0-9-]{1,20}$/;
const pages = gatewayPages('JazzCash');

const twelveDigits = () => String(randomInt(100_000_000_000, 999_999_999_999));

function walletOutcome(mobile: string, pin: string): Outcome {
  const decline = walletDecline(mobile, pin);
  if (!decline) return PAID;
  return decline.reason === 'account_blocked'
    ? { code: JAZZCASH_CODES.customerBlocked, message: 'Customer blocked: the wallet account is blocked.' }
    : { code: JAZZCASH_CODES.lowBalance, message: 'Low balance: insufficient funds in wallet.' };
}

/**
 * JazzCash as the shop sees it, under /sandbox/jazzcash/: its hosted page (a form where the tester pays by card or
 * wallet, then posted back signed to pp_ReturnURL), the wallet API (pending until the tester approves on
 * /sandbox/jazzcash/wallet/{pp_TxnRefNo}, the stand-in for the buyer's phone), IPNs posted to `ipnUrl` and retried
 * until answered with 2xx, status inquiry and card refunds up to what was paid. The README's sandbox numbers decline.
 * Its memory is this app's: a restart forgets every payment.
 */
export async function registerJazzcashSimulator(app: FastifyInstance, options: JazzcashSimulatorOptions): Promise<void> {
  await app.register(async (scope) => {
    acceptForms(scope);
    const payments = new Map<string, SimulatedPayment>();
    const notifications = createNotificationOutbox({ log: scope.log, retryDelaysMs: options.retryDelaysMs, fetch: options.fetch });
    scope.addHook('onClose', async () => notifications.close());
    const sign = (fields: GatewayFields) => signJazzcash(fields, options.integritySalt);
    const hostedUrl = scope.prefix + JAZZCASH_PATHS.hosted;

    /** What JazzCash says of a request before reading it: its hash and the merchant's credentials. */
    function refusal(fields: GatewayFields): Outcome | null {
      if (!hasJazzcashHash(fields, options.integritySalt)) return { code: JAZZCASH_CODES.invalidHash, message: 'Invalid hash received.' };
      if (fields.pp_MerchantID !== options.merchantId || fields.pp_Password !== options.password) {
        return { code: JAZZCASH_CODES.invalidCredentials, message: 'Invalid merchant credentials.' };
      }
      return null;
    }

    const invalidValue = (field: string): Outcome => ({ code: JAZZCASH_CODES.invalidValue, message: `Invalid value for ${field}` });

    /** A new payment's fields, or what is wrong with them. */
    function transactionError(fields: GatewayFields): Outcome | null {
      if (!REFERENCE.test(fields.pp_TxnRefNo ?? '')) return invalidValue('pp_TxnRefNo');
      if (payments.has(fields.pp_TxnRefNo)) return invalidValue('pp_TxnRefNo: it was used before');
      if (!jazzcashAmount(fields.pp_Amount)) return invalidValue('pp_Amount');
      if (fields.pp_TxnCurrency !== 'PKR') return invalidValue('pp_TxnCurrency');
      return null;
    }

    /** The fields of the return, the IPN and the wallet API's answer. */
    function result(payment: SimulatedPayment): GatewayFields {
      const outcome = payment.outcome ?? PENDING;
      return sign({
        pp_Version: payment.request.pp_Version ?? '',
        pp_TxnType: payment.txnType,
        pp_Language: 'EN',
        pp_MerchantID: options.merchantId,
        pp_TxnRefNo: payment.request.pp_TxnRefNo,
        pp_Amount: payment.request.pp_Amount,
        pp_TxnCurrency: 'PKR',
        pp_TxnDateTime: payment.request.pp_TxnDateTime ?? '',
        pp_BillReference: payment.request.pp_BillReference ?? '',
        pp_MobileNumber: payment.mobile ?? '',
        pp_ResponseCode: outcome.code,
        pp_ResponseMessage: outcome.message,
        pp_RetreivalReferenceNo: payment.rrn,
        pp_AuthCode: outcome.code === JAZZCASH_CODES.success ? String(randomInt(100_000, 999_999)) : '',
      });
    }

    function settle(payment: SimulatedPayment, outcome: Outcome): GatewayFields {
      payment.outcome = outcome;
      const fields = result(payment);
      notifications.send({ url: options.ipnUrl, body: JSON.stringify(fields), headers: { 'content-type': 'application/json' } });
      return fields;
    }

    function hostedPage(payment: SimulatedPayment, error = ''): string {
      const reference = hiddenInputs({ pp_TxnRefNo: payment.request.pp_TxnRefNo });
      return `${paragraph(`${payment.request.pp_Description ?? ''} — ${rupees(payment.amountMinor)}`)}
${error ? `<p role="alert"><strong>${escapeHtml(error)}</strong></p>` : ''}
<form method="post" action="${escapeHtml(`${hostedUrl}pay`)}">${reference}
<fieldset><legend>Debit or credit card</legend>
<label>Card number <input name="cardNumber" inputmode="numeric" autocomplete="off"></label>
<label>Expiry (MM/YY) <input name="expiry" autocomplete="off"></label>
<label>CVV <input name="cvv" inputmode="numeric" autocomplete="off"></label>
<button name="instrument" value="card">Pay by card</button></fieldset>
<fieldset><legend>JazzCash mobile account</legend>
<label>Mobile number <input name="mobile" inputmode="tel" placeholder="03XXXXXXXXX"></label>
<label>MPIN <input name="pin" type="password" inputmode="numeric" autocomplete="off"></label>
<button name="instrument" value="wallet">Pay with JazzCash</button></fieldset>
<button name="instrument" value="cancel">Cancel and return to the shop</button>
</form>
<p class="note">Declines: card 4000 0000 0000 0002; wallet MPIN 0000 (low balance); mobile 03000000000 (blocked).</p>`;
    }

    scope.post(JAZZCASH_PATHS.hosted, async (request, reply) => {
      const fields = messageFields(request.body);
      const refused = refusal(fields) ?? transactionError(fields)
        ?? (isWebAddress(fields.pp_ReturnURL) ? null : invalidValue('pp_ReturnURL'));
      if (refused) return pages.notice(reply, 400, 'Checkout', `${refused.code}: ${refused.message}`);
      const payment: SimulatedPayment = {
        request: fields, amountMinor: Number(fields.pp_Amount), txnType: '', returnUrl: fields.pp_ReturnURL, rrn: twelveDigits(), refundedMinor: 0,
      };
      payments.set(fields.pp_TxnRefNo, payment);
      return pages.send(reply, 200, 'Pay with JazzCash', hostedPage(payment));
    });

    scope.post(`${JAZZCASH_PATHS.hosted}pay`, async (request, reply) => {
      const form = messageFields(request.body);
      const payment = payments.get(form.pp_TxnRefNo ?? '');
      if (!payment?.returnUrl || payment.outcome) return pages.notice(reply, 404, 'Checkout', 'No payment waits on this page.');
      const again = (error: string) => pages.send(reply, 400, 'Pay with JazzCash', hostedPage(payment, error));
      let outcome = CANCELLED;
      if (form.instrument === 'card') {
        const digits = cardDigits(form.cardNumber);
        if (!digits) return again('Enter a valid card number.');
        const decline = cardDecline(digits);
        payment.txnType = 'MPAY';
        outcome = decline ? { code: JAZZCASH_CODES.rejectedByHost, message: `Transaction rejected by host: ${decline.message}` } : PAID;
      } else if (form.instrument === 'wallet') {
        if (!isMobile(form.mobile) || !isPin(form.pin)) return again('Enter the mobile number 03XXXXXXXXX and a 4 to 6 digit MPIN.');
        payment.txnType = 'MWALLET';
        payment.mobile = form.mobile;
        outcome = walletOutcome(form.mobile, form.pin);
      }
      return pages.autoPost(reply, 'Returning to the shop', payment.returnUrl, settle(payment, outcome));
    });

    scope.post(JAZZCASH_PATHS.wallet, async (request) => {
      const fields = messageFields(request.body);
      const refused = refusal(fields) ?? transactionError(fields)
        ?? (isMobile(fields.pp_MobileNumber) ? null : invalidValue('pp_MobileNumber'))
        ?? (/^\d{6}$/.test(fields.pp_CNIC ?? '') ? null : invalidValue('pp_CNIC'));
      if (refused) return sign({ pp_ResponseCode: refused.code, pp_ResponseMessage: refused.message, pp_TxnRefNo: fields.pp_TxnRefNo ?? '' });
      const payment: SimulatedPayment = {
        request: fields, amountMinor: Number(fields.pp_Amount), txnType: 'MWALLET', mobile: fields.pp_MobileNumber, rrn: twelveDigits(), refundedMinor: 0,
      };
      payments.set(fields.pp_TxnRefNo, payment);
      // A blocked account is refused at once; any other waits for the buyer's MPIN on the phone.
      const blocked = walletOutcome(fields.pp_MobileNumber, '');
      if (blocked.code !== JAZZCASH_CODES.success) payment.outcome = blocked;
      return result(payment);
    });

    const waitingWallet = (reference: string) => {
      const payment = payments.get(reference);
      return payment?.mobile && !payment.returnUrl && !payment.outcome ? payment : undefined;
    };
    const phonePage = (payment: SimulatedPayment, error = '') =>
      approvalForm(`${options.merchantId} asks ${rupees(payment.amountMinor)} from ${payment.mobile}.`, 'MPIN', 'MPIN 0000 declines for low balance.', error);

    scope.get<{ Params: { reference: string } }>('/wallet/:reference', async (request, reply) => {
      const payment = waitingWallet(request.params.reference);
      if (!payment) return pages.notice(reply, 404, 'Approve the payment', 'No payment waits for approval on this phone.');
      return pages.send(reply, 200, 'Approve the payment', phonePage(payment));
    });

    scope.post<{ Params: { reference: string } }>('/wallet/:reference', async (request, reply) => {
      const payment = waitingWallet(request.params.reference);
      if (!payment?.mobile) return pages.notice(reply, 404, 'Approve the payment', 'No payment waits for approval on this phone.');
      const form = messageFields(request.body);
      let outcome = CANCELLED;
      if (form.decision === 'approve') {
        if (!isPin(form.pin)) return pages.send(reply, 400, 'Approve the payment', phonePage(payment, 'Enter your 4 to 6 digit MPIN.'));
        outcome = walletOutcome(payment.mobile, form.pin);
      }
      settle(payment, outcome);
      return pages.notice(reply, 200, outcome === PAID ? 'Payment approved' : 'Payment declined', outcome.message);
    });

    scope.post(JAZZCASH_PATHS.inquiry, async (request) => {
      const fields = messageFields(request.body);
      const refused = refusal(fields);
      if (refused) return sign({ pp_ResponseCode: refused.code, pp_ResponseMessage: refused.message });
      const payment = payments.get(fields.pp_TxnRefNo ?? '');
      if (!payment) return sign({ pp_ResponseCode: JAZZCASH_CODES.notFound, pp_ResponseMessage: 'Transaction does not exist' });
      const outcome = payment.outcome ?? PENDING;
      const status = payment.outcome ? (outcome.code === JAZZCASH_CODES.success ? 'Completed' : 'Failed') : 'Pending';
      return sign({
        pp_ResponseCode: JAZZCASH_CODES.success,
        pp_ResponseMessage: 'Operation completed successfully.',
        pp_TxnRefNo: payment.request.pp_TxnRefNo,
        pp_TxnType: payment.txnType,
        pp_Amount: payment.request.pp_Amount,
        pp_TxnCurrency: 'PKR',
        pp_PaymentResponseCode: outcome.code,
        pp_PaymentResponseMessage: outcome.message,
        pp_Status: status,
        pp_RetreivalReferenceNo: payment.rrn,
      });
    });

    scope.post(JAZZCASH_PATHS.refund, async (request) => {
      const fields = messageFields(request.body);
      const answer = (outcome: Outcome, extra: GatewayFields = {}) =>
        sign({ pp_ResponseCode: outcome.code, pp_ResponseMessage: outcome.message, pp_TxnRefNo: fields.pp_TxnRefNo ?? '', ...extra });
      const refused = refusal(fields);
      if (refused) return answer(refused);
      const payment = payments.get(fields.pp_TxnRefNo ?? '');
      if (!payment) return answer({ code: JAZZCASH_CODES.notFound, message: 'Transaction does not exist' });
      if (payment.txnType !== 'MPAY' || payment.outcome?.code !== JAZZCASH_CODES.success) {
        return answer({ code: JAZZCASH_CODES.notAllowed, message: 'Transaction not allowed on Merchant/Bank: only a paid card transaction is refunded.' });
      }
      const amount = jazzcashAmount(fields.pp_Amount);
      const left = payment.amountMinor - payment.refundedMinor;
      if (!amount || amount > left) return answer(invalidValue(`pp_Amount: ${left} paisa are left to refund`));
      payment.refundedMinor += amount;
      return answer({ code: JAZZCASH_CODES.success, message: 'Refund processed successfully.' }, { pp_Amount: String(amount), pp_RetreivalReferenceNo: twelveDigits() });
    });
  }, { prefix: JAZZCASH_SIMULATOR_PREFIX });
}
