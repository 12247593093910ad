import { z } from 'zod';
import { defineContract } from './define.ts';
import { DECLINE_REASONS, errorBody } from './errors.ts';
import { invoiceTerms } from './invoice-terms.ts';
import { atMost, INVALID_EMAIL, INVALID_PHONE, message, REQUIRED } from './issues.ts';
import { id, line } from './fields.ts';
import { decimalString, moneyBreakdown } from './money.ts';
import { postalCodeProblem } from './postal-codes.ts';
import { countryName } from './shipping.ts';

/** Methods charged through a payment gateway. */
export const GATEWAY_METHODS = ['jazzcash', 'easypaisa', 'hbl_pay', 'credit_card'] as const;
export type GatewayMethod = (typeof GATEWAY_METHODS)[number];
/**
 * Methods that confirm the order before the money arrives, asking no gateway. `invoice`: Pay by invoice, only for
 * verified organisations approved for payment terms; `cash_on_delivery`: cash to the courier at the door, only with a
 * shipping method that takes it and within its limit (both checked by the server).
 */
export const PAY_LATER_METHODS = ['invoice', 'cash_on_delivery'] as const;
export type PayLaterMethod = (typeof PAY_LATER_METHODS)[number];
/** The methods a buyer chooses from at checkout. */
export const CHECKOUT_METHODS = [...GATEWAY_METHODS, ...PAY_LATER_METHODS] as const;
export type CheckoutMethod = (typeof CHECKOUT_METHODS)[number];
/**
 * How an order's payment is recorded: the method chosen, or `store_credit` when the buyer's store credit covered the
 * whole total and nothing was charged (whatever method was chosen for a rest there turned out not to be).
 */
export const PAYMENT_METHODS = [...CHECKOUT_METHODS, 'store_credit'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
/** Whether the payment went (or goes) through a gateway: not one on terms, nor one that store credit paid in full. */
export const throughGateway = (method: PaymentMethod): method is GatewayMethod => (GATEWAY_METHODS as readonly string[]).includes(method);
/** Whether the order is confirmed awaiting payment rather than charged through a gateway. */
export const paysLater = (method: PaymentMethod): method is PayLaterMethod => (PAY_LATER_METHODS as readonly string[]).includes(method);
export const PAYMENT_CURRENCIES = ['PKR', 'USD'] as const;
export type PaymentCurrency = (typeof PAYMENT_CURRENCIES)[number];
export const ORDER_TYPES = ['individual', 'hospital'] as const;
export type OrderType = (typeof ORDER_TYPES)[number];

export const PAYMENT_METHOD_LABELS: Record<PaymentMethod, string> = {
  jazzcash: 'JazzCash',
  easypaisa: 'Easypaisa',
  hbl_pay: 'HBL Pay',
  credit_card: 'Credit or debit card',
  invoice: 'Pay by invoice',
  cash_on_delivery: 'Cash on delivery',
  store_credit: 'Store credit',
};
export const METHOD_CURRENCIES: Record<PaymentMethod, readonly PaymentCurrency[]> = {
  jazzcash: ['PKR'],
  easypaisa: ['PKR'],
  hbl_pay: ['PKR'],
  credit_card: ['PKR', 'USD'],
  invoice: ['PKR', 'USD'],
  cash_on_delivery: ['PKR'],
  store_credit: ['PKR', 'USD'],
};

/** Card processing fee: 2.5% of the amount, added on top; cash on delivery adds its courier's fee (cod-terms.ts); the others none. */
export const CARD_FEE_BASIS_POINTS = 250;

/** The fee in minor units of the payment currency, rounded half up. */
export function processingFee(method: PaymentMethod, amountMinor: number): number {
  return method === 'credit_card' ? Math.floor((amountMinor * CARD_FEE_BASIS_POINTS + 5_000) / 10_000) : 0;
}

/** The header every POST /api/payment/process needs: one fresh value per checkout attempt (e.g. a UUID). */
export const IDEMPOTENCY_HEADER = 'Idempotency-Key';

export function isLuhnValid(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/** MM/YY is valid through the last day of that month. */
export function isExpiryCurrent(expiry: string, now = new Date()): boolean {
  const [mm, yy] = expiry.split('/').map(Number);
  return 2000 + yy > now.getFullYear() || (2000 + yy === now.getFullYear() && mm >= now.getMonth() + 1);
}

/** One message per field: each check stops the ones after it. */
const stop = (text: string) => ({ message: text, abort: true });
const required = () => z.string({ message: REQUIRED }).trim().min(1, stop(REQUIRED));
const text = (max: number) => required().max(max, stop(atMost(max)));
const digits = () => z.string({ message: REQUIRED }).transform((v) => v.replace(/[\s-]/g, ''))
  .pipe(z.string().min(1, stop(REQUIRED)));
const UNKNOWN_COUNTRY = message('unknown_country', 'Choose a country.');
/** ISO 3166-1 alpha-2, upper case; Pakistan when left out. */
export const shippingCountry = z.string({ message: UNKNOWN_COUNTRY }).trim().toUpperCase()
  .refine((code) => countryName(code) !== null, UNKNOWN_COUNTRY).optional().transform((v) => v ?? 'PK');
export const CHOOSE_SHIPPING = message('required', 'Choose a shipping option.');
const pin = required().regex(/^\d{4,6}$/, message('invalid_pin', 'Enter your 4 to 6 digit PIN.'));

/** The address fields as a plain object (to extend or make partial); `shippingAddress` adds the postal rule. */
export const shippingAddressFields = z.object({
  email: text(254).toLowerCase().pipe(z.email({ message: INVALID_EMAIL })),
  firstName: text(100),
  lastName: text(100),
  company: z.string().trim().max(200, atMost(200)).optional().transform((v) => v ?? ''),
  address: text(500),
  city: text(100),
  /** Checked by the country's rule (see postal-codes.ts): required or not, and its shape. */
  postalCode: z.string({ message: REQUIRED }).trim().toUpperCase().max(20, stop(atMost(20))).optional().transform((v) => v ?? ''),
  country: shippingCountry,
  phone: text(32).refine((v) => /^\+?[\d\s\-()]+$/.test(v) && /^(\D*\d){7,15}\D*$/.test(v), INVALID_PHONE),
});

/** The country and postal code as the fields read them, when both are there to check; else null. */
function countryAndPostalCode(value: unknown): { country: string; postalCode: string } | null {
  if (typeof value !== 'object' || value === null) return null;
  const { country = 'PK', postalCode = '' } = value as { country?: unknown; postalCode?: unknown };
  if (typeof country !== 'string' || typeof postalCode !== 'string') return null;
  const code = country.trim().toUpperCase();
  const postal = postalCode.trim().toUpperCase();
  return countryName(code) !== null && postal.length <= 20 ? { country: code, postalCode: postal } : null;
}

/**
 * The country's postal-code rule, on the postalCode field. It is checked beside the fields, not after them, so that a
 * bad postal code shows with every other field's problem (each field's first problem stops the object's own checks).
 */
export const withPostalRule = <Schema extends z.ZodType<{ country: string; postalCode: string }>>(schema: Schema) =>
  z.intersection(schema, z.unknown().check(z.superRefine((value, ctx) => {
    const address = countryAndPostalCode(value);
    const problem = address && postalCodeProblem(address.country, address.postalCode);
    // Final: an address refused here is not merged with what the fields made of it.
    if (problem) ctx.addIssue({ code: 'custom', path: ['postalCode'], message: problem, continue: false });
  })).transform(() => ({})));

export const shippingAddress = withPostalRule(shippingAddressFields);
export type ShippingAddress = z.input<typeof shippingAddress>;

export const orderDetails = z.object({
  /** What the client shows; ignored by the server, which builds the order from the cart at database prices. */
  items: z.array(z.unknown()).optional(),
  shippingAddress,
  /**
   * The shipping option chosen for the address (an id from GET /api/cart/shipping-options/); 400 on it when it is not
   * one of them. Without one, the zone's standard method (the one GET /api/cart/ prices without a choice).
   */
  shippingOptionId: z.number({ message: CHOOSE_SHIPPING }).int(CHOOSE_SHIPPING).min(1, CHOOSE_SHIPPING).nullable().optional()
    .transform((v) => v ?? null),
  orderType: z.enum(ORDER_TYPES, { message: 'Choose individual or hospital.' }).default('individual'),
  /** For a member of an organisation: its purchase-order number, required where the organisation or department says. */
  poNumber: line().trim().max(50, atMost(50)).optional().transform((v) => v ?? ''),
  /** For a member of an organisation with departments: the one ordering, whose delivery addresses are the choice. */
  departmentId: id('Choose one of your departments.').optional(),
}, { message: REQUIRED });

/** Must equal the cart's grand_total (USD) or grand_total_pkr (PKR), before the card fee. */
const amount = z.number({ message: 'Enter the amount.' }).positive(stop('Enter an amount above 0.'))
  .refine((v) => Math.abs(Math.round(v * 100) - v * 100) < 1e-6, 'Use at most 2 decimal places.');
/**
 * True: the payer's store credit (the organisation's for its member, else the buyer's own) pays as much of the total as
 * it covers, and the method the rest (its card fee on the rest only); credit covering it all charges nothing.
 */
const useStoreCredit = z.boolean({ message: 'Enter true or false.' }).optional().transform((v) => v ?? false);
const pkrOnly = (label: string) => z.literal('PKR', { message: `${label} payments are in PKR.` });

/** `pin` given: the sandbox approves on the phone with it at once (the spec's widget); without it the buyer approves on the phone. */
const walletData = z.object({
  mobile: digits().pipe(z.string().regex(/^03\d{9}$/, message('invalid_mobile', 'Enter a mobile number like 03001234567.'))),
  pin: pin.optional(),
}, { message: REQUIRED });

/** JazzCash's wallet API (v2.0) also asks for the last 6 digits of the wallet holder's CNIC. */
const jazzcashWalletData = walletData.extend({
  cnic: digits().pipe(z.string().regex(/^\d{6}$/, message('invalid_cnic', 'Enter the last 6 digits of your CNIC.'))),
});

const bankData = z.object({
  accountNumber: digits().pipe(z.string().regex(/^\d{10,20}$/,
    message('invalid_account_number', 'Enter a valid account number (10 to 20 digits).'))),
  bankPin: pin,
}, { message: REQUIRED });
const cardData = z.object({
  cardNumber: digits().pipe(z.string().refine((v) => /^\d{12,19}$/.test(v) && isLuhnValid(v),
    message('invalid_card_number', 'Enter a valid card number.'))),
  expiry: required().regex(/^(0[1-9]|1[0-2])\/\d{2}$/, stop(message('invalid_expiry', 'Enter the expiry as MM/YY.')))
    .refine((v) => isExpiryCurrent(v), message('card_expired', 'This card has expired.')),
  cvv: required().regex(/^\d{3,4}$/, message('invalid_cvv', 'Enter the 3 or 4 digit security code.')),
  cardName: z.string({ message: REQUIRED }).trim().min(2, stop(message('card_name_required', 'Enter the name on the card.')))
    .max(100, atMost(100)),
}, { message: REQUIRED });

/** The fields each method takes when they are typed at checkout rather than on the gateway's page. */
export const DIRECT_PAYMENT_DATA = { jazzcash: jazzcashWalletData, easypaisa: walletData, hbl_pay: bankData, credit_card: cardData };

/**
 * No `paymentData` (or `{}`): the buyer pays on the gateway's hosted page (process answers requires_action with a
 * next_action). Direct card and bank fields are the sandbox's; live mode refuses them (CARD_DATA_NOT_ACCEPTED).
 */
const hostedOr = <Data extends z.ZodType>(data: Data) => z.preprocess(
  (value) => (value && typeof value === 'object' && !Array.isArray(value) && Object.keys(value).length === 0 ? undefined : value),
  data.optional(),
);

/** A payment by each method, for `amount`, with the fields `extra` adds (the order's details at checkout). */
export const paymentBy = <Extra extends z.ZodRawShape>(extra: Extra) => {
  const common = { amount, use_store_credit: useStoreCredit, ...extra };
  return z.discriminatedUnion('paymentMethod', [
    z.object({ paymentMethod: z.literal('jazzcash'), currency: pkrOnly('JazzCash'), paymentData: hostedOr(jazzcashWalletData), ...common }),
    z.object({ paymentMethod: z.literal('easypaisa'), currency: pkrOnly('Easypaisa'), paymentData: hostedOr(walletData), ...common }),
    z.object({ paymentMethod: z.literal('hbl_pay'), currency: pkrOnly('HBL Pay'), paymentData: hostedOr(bankData), ...common }),
    z.object({
      paymentMethod: z.literal('credit_card'),
      currency: z.enum(PAYMENT_CURRENCIES, { message: 'Choose PKR or USD.' }),
      paymentData: hostedOr(cardData),
      ...common,
    }),
    z.object({
      paymentMethod: z.literal('invoice'),
      currency: z.enum(PAYMENT_CURRENCIES, { message: 'Choose PKR or USD.' }),
      paymentData: z.object({}).optional().transform(() => ({})),
      ...common,
    }),
    z.object({
      paymentMethod: z.literal('cash_on_delivery'),
      currency: pkrOnly('Cash on delivery'),
      paymentData: z.object({}).optional().transform(() => ({})),
      ...common,
    }),
  ], { message: `Choose a payment method: ${CHECKOUT_METHODS.join(', ')}.` });
};

export const processPaymentBody = paymentBy({ orderDetails });
/** Paying for what is already decided (an approved request): its order's details are kept, not sent. */
export const paymentOnlyBody = paymentBy({});
export type PaymentOnlyBody = z.input<typeof paymentOnlyBody>;
export type ProcessPaymentBody = z.input<typeof processPaymentBody>;
export type ProcessPaymentInput = z.output<typeof processPaymentBody>;

export const paymentSuccess = z.object({
  success: z.literal(true),
  message: z.string(),
  transactionId: z.string(),
  orderId: z.string(),
  orderNumber: z.string(),
  paymentMethod: z.enum(PAYMENT_METHODS),
  /**
   * What this payment takes in `currency` before its fee: the order total as sent, less the store credit used;
   * `fee` is added on top, `totalCharged` = amount + fee.
   */
  amount: z.number(),
  currency: z.enum(PAYMENT_CURRENCIES),
  fee: z.number(),
  totalCharged: z.number(),
});
export type PaymentSuccess = z.infer<typeof paymentSuccess>;

/** 202: the order goes over a spending limit of the buyer's organisation; nothing is charged, an approver decides. */
export const approvalPending = z.object({
  success: z.literal(false),
  approvalRequired: z.literal(true),
  requestId: z.number().int(),
  message: z.string(),
});
export type ApprovalPending = z.infer<typeof approvalPending>;

/** Where the buyer's browser goes to pay on the gateway's page: a form posted when method is POST. */
export const nextAction = z.object({
  type: z.literal('redirect'),
  url: z.string(),
  method: z.enum(['GET', 'POST']),
  fields: z.record(z.string(), z.string()),
});
export type NextAction = z.infer<typeof nextAction>;

/**
 * 202: the order is placed and its payment waits: `pending` for the buyer to approve on the phone (wallets), or
 * `requires_action` for the buyer to pay on the gateway's page that `next_action` leads to. The order is confirmed
 * when the gateway says so (its return, its notification or an inquiry); GET /api/payment/verify/{transactionId} tells.
 */
export const paymentWaiting = z.object({
  success: z.literal(false),
  status: z.enum(['pending', 'requires_action']),
  message: z.string(),
  transactionId: z.string(),
  orderId: z.string(),
  orderNumber: z.string(),
  paymentMethod: z.enum(GATEWAY_METHODS),
  next_action: nextAction.optional(),
});
export type PaymentWaiting = z.infer<typeof paymentWaiting>;

/** 402: the gateway declined; the order is cancelled, stock released and the cart kept. */
export const paymentDeclined = errorBody.extend({
  code: z.literal('PAYMENT_DECLINED'),
  params: z.object({ reason: z.enum(DECLINE_REASONS) }),
  transactionId: z.string(),
});
/** 409 AMOUNT_MISMATCH: the cart's total is not what was sent; pay `amount` in `currency` instead. */
export const amountMismatch = errorBody.extend({
  code: z.literal('AMOUNT_MISMATCH'),
  amount: z.number(),
  currency: z.enum(PAYMENT_CURRENCIES),
});

/**
 * Needs a bearer token and the Idempotency-Key header (400 without it). Answers, besides 201 paymentSuccess:
 * 400 per field (e.g. errors['paymentData.cardNumber'] = ['Enter a valid card number.']);
 * 402 paymentDeclined; 409 AMOUNT_MISMATCH (amountMismatch); 409 CART_EMPTY 'Your cart is empty.';
 * 409 INSUFFICIENT_STOCK 'Insufficient stock for {name}: only {n} available.';
 * 409 PAYMENT_IN_PROGRESS 'A payment with this key is already being processed.';
 * 422 IDEMPOTENCY_KEY_REUSED 'Idempotency-Key reused with a different request.'
 * 409 COD_NOT_ALLOWED when the chosen shipping method (orderDetails.shippingOptionId) takes no cash on delivery, and
 * 409 COD_LIMIT_EXCEEDED when the order total (before the courier's fee) is above its limit (params: limit, amount, USD).
 * 403 ORGANISATION_ROLE for a finance member of an organisation, who reads its orders but places none (nothing is
 * written or charged, the cart is kept).
 * 202 approvalPending when the order goes over a spending limit of the buyer's organisation (the cart moves into the
 * request; nothing is charged or held).
 * 202 paymentWaiting when the gateway has not settled yet: the buyer approves on the phone, or pays on its page.
 * 400 CARD_DATA_NOT_ACCEPTED in live mode for card numbers, CVVs or PINs in paymentData: nothing is charged or logged.
 * The same key with the same request answers the first answer again (201, 202 or 402) without charging again.
 */
export const processPayment = defineContract({
  method: 'POST',
  path: '/api/payment/process',
  errors: [
    'CART_EMPTY', 'AMOUNT_MISMATCH', 'INSUFFICIENT_STOCK', 'LICENCE_REQUIRED', 'INVOICE_NOT_ALLOWED',
    'CREDIT_LIMIT_EXCEEDED', 'PROMO_USED_UP', 'PROMO_ALREADY_USED', 'PAYMENT_IN_PROGRESS', 'IDEMPOTENCY_KEY_REUSED',
    'PAYMENT_DECLINED', 'RESERVATION_EXPIRED', 'ORGANISATION_ROLE', 'CARD_DATA_NOT_ACCEPTED', 'COD_NOT_ALLOWED', 'COD_LIMIT_EXCEEDED',
    'SET_UNAVAILABLE',
  ],
  body: processPaymentBody,
  response: z.union([paymentSuccess, approvalPending, paymentWaiting]),
  status: 201,
});

/** An attempt goes pending → requires_action (the buyer's phone or the gateway's page) → succeeded, failed or cancelled. */
/** What of its order a payment takes: all of it, the deposit taken when it was placed, or the balance paid before it ships. */
export const PAYMENT_COVERS = ['order', 'deposit', 'balance'] as const;
export type PaymentCovers = (typeof PAYMENT_COVERS)[number];

export const PAYMENT_STATUSES = ['pending', 'requires_action', 'succeeded', 'failed', 'cancelled', 'refunded'] as const;

/** An order's money: every line in US dollars, and what was charged for it in `currency`. */
export const orderCharges = {
  breakdown: moneyBreakdown,
  /** What was charged (or, on payment terms, is due) in `currency`, card fee included, e.g. '62660.00'. */
  amountCharged: decimalString,
  currency: z.enum(PAYMENT_CURRENCIES),
  /** Units of `currency` per US dollar the order was charged at, e.g. '278.50'; null when charged in USD. */
  exchangeRate: z.string().nullable(),
  /** The promo code behind `breakdown.discount`, when one was used. */
  promoCode: z.string().nullable(),
};
export type OrderCharges = z.infer<z.ZodObject<typeof orderCharges>>;

/**
 * What an order line was charged: `price` each, except `saleQuantity` units at a flash sale's `salePrice` (USD).
 * A sale that priced only some of the units ("9 at $29.99, the rest at $44.64") has 0 < saleQuantity < quantity.
 */
export const orderLinePrice = {
  price: z.number(),
  saleQuantity: z.number().int(),
  salePrice: z.number().nullable(),
  /** What the line was charged in all: saleQuantity × salePrice + (quantity − saleQuantity) × price. */
  lineTotal: z.number(),
};

/** The spec's payment result, plus orderNumber, status, fee and the order's charges. */
export const paymentResult = z.object({
  success: z.boolean(),
  transactionId: z.string(),
  orderId: z.string(),
  orderNumber: z.string(),
  status: z.enum(PAYMENT_STATUSES),
  amount: z.number(),
  fee: z.number(),
  ...orderCharges,
  paymentMethod: z.enum(PAYMENT_METHODS),
  message: z.string(),
  /**
   * True while a wallet payment waits for the buyer's approval on the phone; false for any other, and for one pending
   * because its gateway did not answer in time, which the shop confirms with the gateway by itself.
   */
  approveOnPhone: z.boolean(),
  /** Pay by invoice: the invoice's terms and due date (the payment stays pending until staff record it); else null. */
  invoiceTerms: invoiceTerms.nullable(),
  orderDetails: z.object({
    /** price: unit price in USD; saleQuantity units at salePrice (orderLinePrice). */
    items: z.array(z.object({ name: z.string(), quantity: z.number().int(), ...orderLinePrice })),
    shippingAddress: z.object({ name: z.string(), address: z.string() }),
    /** ISO date, e.g. '2026-03-14'. */
    estimatedDelivery: z.string(),
  }),
});
export type PaymentResult = z.infer<typeof paymentResult>;

/** The owner only: anyone else's (or an unknown) transaction is 404 'Payment not found.' */
export const verifyPayment = defineContract({
  method: 'GET',
  path: '/api/payment/verify/:transaction_id',
  params: z.object({ transaction_id: z.string().trim().min(1).max(64) }),
  response: paymentResult,
});

/** One way to pay that this shop offers now. */
export const offeredMethod = z.object({
  id: z.enum(CHECKOUT_METHODS),
  label: z.string(),
  currencies: z.array(z.enum(PAYMENT_CURRENCIES)),
  /**
   * Whether checkout may take the card or bank details typed on the shop's page (the sandbox's spec widget). When
   * false the buyer pays on the gateway's page; a wallet's mobile number (approved on the phone) is always taken.
   */
  direct: z.boolean(),
});
export type OfferedMethod = z.infer<typeof offeredMethod>;

/**
 * The methods checkout offers: in sandbox mode every gateway (through its simulator), in live mode only the gateways
 * whose credentials are configured; Pay by invoice is listed for everyone (the server decides who may use it).
 */
export const paymentMethods = defineContract({
  method: 'GET',
  path: '/api/payment/methods/',
  response: z.object({ mode: z.enum(['sandbox', 'live']), methods: z.array(offeredMethod) }),
});
