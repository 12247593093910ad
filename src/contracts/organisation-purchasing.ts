import { z } from 'zod';
import { defineContract } from './define.ts';
import { id, idParam, line, text as multiline } from './fields.ts';
import { atMost, message, REQUIRED } from './issues.ts';
import { decimalString, decimalToCents } from './money.ts';
import { ORGANISATION_ROLES } from './organisation-members.ts';
import { CHECKOUT_METHODS, paymentOnlyBody, paymentSuccess, paymentWaiting, shippingAddress } from './payment.ts';

/*
 * How an organisation buys: departments with their addresses, spending limits, purchase-order numbers, and the
 * requests that wait for an approver when an order goes over a limit. Every route answers 404 to someone who is not
 * a member of an organisation; what only admins or approvers may do answers 403 ORGANISATION_ROLE to the others.
 */

export const ORDER_REQUEST_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type OrderRequestStatus = (typeof ORDER_REQUEST_STATUSES)[number];
export const LIMIT_SCOPES = ['organisation', 'member', 'department'] as const;
export const LIMIT_PERIODS = ['order', 'month'] as const;
/** The most ship-to addresses one department keeps. */
export const MAX_SHIP_TO = 10;
/** The largest limit, in USD. */
export const MAX_LIMIT_CENTS = 100_000_000;

export const PO_REQUIRED = message('po_required', 'Enter your purchase-order number.');
export const NOT_YOUR_DEPARTMENT = message('invalid', 'Choose one of your departments.');
export const NOT_DEPARTMENT_ADDRESS = message('invalid', "Choose one of your department's delivery addresses.");
export const DEPARTMENT_REQUIRED = message('required', 'Choose the department this order is for.');

/** An address as a department keeps it: the checkout's shipping address, checked the same way when given. */
export const departmentAddress = z.object({
  email: z.string(), firstName: z.string(), lastName: z.string(), company: z.string(), address: z.string(), city: z.string(),
  postalCode: z.string(), country: z.string().default('PK'), phone: z.string(),
});
export type DepartmentAddress = z.infer<typeof departmentAddress>;

/** An order placed for an organisation: its PO number ('' when none), department and the address it is invoiced to. */
export const purchaseOrder = z.object({
  poNumber: z.string(),
  department: z.string().nullable(),
  costCentre: z.string(),
  /** The department's bill-to address; null invoices the order's own address. */
  billTo: departmentAddress.nullable(),
});
export type PurchaseOrder = z.infer<typeof purchaseOrder>;

export const department = z.object({
  id: z.number().int(),
  name: z.string(),
  cost_centre: z.string(),
  bill_to: departmentAddress,
  ship_to: z.array(departmentAddress),
  po_required: z.boolean(),
  /** The members (organisation_members ids) who order for it. */
  member_ids: z.array(z.number().int()),
});
export type Department = z.infer<typeof department>;

const departmentsAnswer = z.object({
  departments: z.array(department),
  /** Every order of the organisation needs a purchase-order number. */
  po_required: z.boolean(),
});

/** Every member may read them: checkout offers a member their own departments' addresses. */
export const listDepartments = defineContract({
  method: 'GET',
  path: '/api/organisation/departments/',
  response: departmentsAnswer,
});

/** Admins only; a department's name is unique in its organisation. */
export const createDepartment = defineContract({
  method: 'POST',
  path: '/api/organisation/departments/',
  status: 201,
  errors: ['ORGANISATION_ROLE'],
  body: z.object({
    name: line({ message: REQUIRED }).trim().min(1, REQUIRED).max(100, atMost(100)),
    cost_centre: line({ message: REQUIRED }).trim().max(40, atMost(40)).default(''),
    bill_to: shippingAddress,
    ship_to: z.array(shippingAddress, { message: REQUIRED }).min(1, message('required', 'Add at least one delivery address.'))
      .max(MAX_SHIP_TO, message('too_big', `Add at most ${MAX_SHIP_TO} delivery addresses.`, { max: MAX_SHIP_TO })),
    po_required: z.boolean().default(false),
    member_ids: z.array(id('Unknown member.')).max(500).default([]),
  }, { message: REQUIRED }),
  response: departmentsAnswer,
});
export type CreateDepartmentBody = z.input<typeof createDepartment.body>;

/** Admins only: a department's name, addresses, PO rule and members, replaced whole (members left out leave it). */
export const updateDepartment = defineContract({
  method: 'PUT',
  path: '/api/organisation/departments/:id/',
  params: z.object({ id: idParam('Unknown department.') }),
  errors: ['ORGANISATION_ROLE'],
  body: createDepartment.body,
  response: departmentsAnswer,
});

/** Admins only: whether every order of the organisation needs a purchase-order number. */
export const setPurchaseOrderRule = defineContract({
  method: 'PUT',
  path: '/api/organisation/purchase-orders/',
  errors: ['ORGANISATION_ROLE'],
  body: z.object({ required: z.boolean({ message: 'Choose true or false.' }) }, { message: REQUIRED }),
  response: departmentsAnswer,
});

export const spendingLimit = z.object({
  id: z.number().int(),
  member_id: z.number().int().nullable(),
  department_id: z.number().int().nullable(),
  /** USD, or null for no limit. */
  per_order: decimalString.nullable(),
  per_month: decimalString.nullable(),
});
export type SpendingLimit = z.infer<typeof spendingLimit>;

const LIMIT_FORMAT = message('invalid_price', 'Enter an amount like 5000.00, or leave it empty for no limit.');
const limitAmount = z.string({ message: LIMIT_FORMAT }).trim().regex(/^\d{1,9}(\.\d{1,2})?$/, LIMIT_FORMAT)
  .transform(decimalToCents)
  .refine((cents) => cents > 0, message('price_above_zero', 'Enter an amount above 0, or leave it empty for no limit.'))
  .refine((cents) => cents <= MAX_LIMIT_CENTS, message('too_big', 'Enter at most 1000000.00.', { max: 1_000_000 }))
  .nullable();

export const listLimits = defineContract({
  method: 'GET',
  path: '/api/organisation/limits/',
  response: z.object({ limits: z.array(spendingLimit) }),
});

/**
 * Admins only. Sets the limits of the whole organisation (no member or department), of one member, or of one
 * department; both amounts null removes them.
 */
export const setLimit = defineContract({
  method: 'PUT',
  path: '/api/organisation/limits/',
  errors: ['ORGANISATION_ROLE'],
  body: z.object({
    per_order: limitAmount,
    per_month: limitAmount,
    member_id: id('Unknown member.').nullable().optional(),
    department_id: id('Unknown department.').nullable().optional(),
  }, { message: REQUIRED }).superRefine((body, ctx) => {
    if (body.member_id != null && body.department_id != null) {
      ctx.addIssue({ code: 'custom', path: ['department_id'], message: 'Set a limit for a member or for a department, not both at once.' });
    }
  }),
  response: z.object({ limits: z.array(spendingLimit) }),
});
export type SetLimitBody = z.input<typeof setLimit.body>;

export const exceededLimit = z.object({
  scope: z.enum(LIMIT_SCOPES),
  period: z.enum(LIMIT_PERIODS),
  /** The limit, USD. */
  limit: decimalString,
  /** For a monthly limit: what was already spent this month before this order, USD. */
  spent: decimalString,
});
export type ExceededLimit = z.infer<typeof exceededLimit>;

export const orderRequest = z.object({
  id: z.number().int(),
  status: z.enum(ORDER_REQUEST_STATUSES),
  requested_by: z.object({ id: z.string(), name: z.string(), email: z.string() }),
  department: z.object({ id: z.number().int(), name: z.string(), cost_centre: z.string() }).nullable(),
  po_number: z.string(),
  /** The order total, USD, as the buyer saw it. */
  amount: decimalString,
  /** The same in rupees at today's rate: what paying it in PKR charges. */
  amount_pkr: decimalString,
  lines: z.array(z.object({
    name: z.string(),
    variant_label: z.string(),
    model_number: z.string(),
    quantity: z.number().int(),
    unit_price: decimalString,
    /** Units a flash sale priced at sale_price, as in the cart (0 and null without one). */
    sale_quantity: z.number().int(),
    sale_price: decimalString.nullable(),
  })),
  exceeded: z.array(exceededLimit),
  reason: z.string().nullable(),
  decided_by: z.string().nullable(),
  decided_at: z.string().nullable(),
  order_number: z.string().nullable(),
  created_at: z.string(),
  /** How the buyer chose to pay at checkout: by invoice the approval places the order, otherwise the buyer pays then. */
  payment_method: z.enum(CHECKOUT_METHODS),
  /** The signed-in member may approve or reject it: an approver or admin, not the one who asked, while it waits. */
  can_decide: z.boolean(),
  /** The signed-in member asked for it, it is approved, and it waits for their payment. */
  can_pay: z.boolean(),
});
export type OrderRequest = z.infer<typeof orderRequest>;

/**
 * Approvers and admins see every request of the organisation, waiting ones first; buyers and finance see their own.
 */
export const listApprovals = defineContract({
  method: 'GET',
  path: '/api/organisation/approvals/',
  query: z.object({ status: z.enum(ORDER_REQUEST_STATUSES, { message: 'Choose pending, approved or rejected.' }).optional() }),
  response: z.object({ your_role: z.enum(ORGANISATION_ROLES), requests: z.array(orderRequest) }),
});

const requestParams = z.object({ id: idParam('Unknown request.') });

/**
 * A request the buyer chose to pay by invoice: places the order on the organisation's terms, at the prices the buyer
 * saw, for the buyer; the stock is taken now (nothing was held while the request waited). A request to be paid by
 * card or wallet becomes approved, and the buyer is mailed to pay it (payRequest). Approvers and admins only, never
 * for their own request (403 SELF_APPROVAL); 409 ILLEGAL_TRANSITION once decided.
 */
export const approveRequest = defineContract({
  method: 'POST',
  path: '/api/organisation/approvals/:id/approve/',
  errors: [
    'ORGANISATION_ROLE', 'SELF_APPROVAL', 'ILLEGAL_TRANSITION', 'INSUFFICIENT_STOCK', 'LICENCE_REQUIRED', 'INVOICE_NOT_ALLOWED',
    'CREDIT_LIMIT_EXCEEDED', 'AMOUNT_MISMATCH', 'PAYMENT_IN_PROGRESS', 'IDEMPOTENCY_KEY_REUSED', 'CART_EMPTY',
  ],
  params: requestParams,
  response: z.object({ request: orderRequest }),
});

/** Needs a reason, mailed to the buyer. Approvers and admins only, never for their own request. */
export const rejectRequest = defineContract({
  method: 'POST',
  path: '/api/organisation/approvals/:id/reject/',
  errors: ['ORGANISATION_ROLE', 'SELF_APPROVAL', 'ILLEGAL_TRANSITION'],
  params: requestParams,
  body: z.object({
    reason: multiline({ message: REQUIRED }).trim().min(3, 'Give the reason in a few words.').max(500, atMost(500)),
  }, { message: REQUIRED }),
  response: z.object({ request: orderRequest }),
});
export type RejectRequestBody = z.input<typeof rejectRequest.body>;

/**
 * The buyer pays their approved request (card, wallet or invoice), for the amount approved, delivered where the
 * request says; the order is placed then. Only the member who asked (404 for anyone else); 409 ILLEGAL_TRANSITION
 * unless it is approved and not yet paid; 403 ORGANISATION_ROLE once the member who asked is finance, who places no
 * orders. 400 CARD_DATA_NOT_ACCEPTED in live mode for card or bank details or a PIN, as POST /api/payment/process.
 */
export const payRequest = defineContract({
  method: 'POST',
  path: '/api/organisation/approvals/:id/pay/',
  status: 201,
  errors: [
    'ILLEGAL_TRANSITION', 'AMOUNT_MISMATCH', 'INSUFFICIENT_STOCK', 'LICENCE_REQUIRED', 'INVOICE_NOT_ALLOWED', 'CREDIT_LIMIT_EXCEEDED',
    'PAYMENT_IN_PROGRESS', 'IDEMPOTENCY_KEY_REUSED', 'PAYMENT_DECLINED', 'RESERVATION_EXPIRED', 'CART_EMPTY', 'ORGANISATION_ROLE',
    'CARD_DATA_NOT_ACCEPTED',
  ],
  params: requestParams,
  /** The payment alone: the order's address, PO number and department are the request's. */
  body: paymentOnlyBody,
  /** 202 paymentWaiting while the gateway has not settled (the buyer's phone, the gateway's page). */
  response: z.union([paymentSuccess, paymentWaiting]),
});
