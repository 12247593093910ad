import { z } from 'zod';
import { text as multiline } from './fields.ts';
import { DAY_FORMAT, PRICE_ABOVE_ZERO, REAL_DAY } from './issues.ts';
import { defineContract } from './define.ts';
import { centsToNumber, decimalString, decimalToCents } from './money.ts';
import { ORDER_STATUSES } from './orders.ts';
import { staffAccess } from './staff-roles.ts';

/* Business accounts: verification of the organisation, its account manager, payment terms and price list. */

export const ORGANISATION_STATUSES = ['pending', 'verified', 'rejected'] as const;
export type OrganisationStatus = (typeof ORGANISATION_STATUSES)[number];
export const PAYMENT_TERMS = ['none', 'net30', 'net60'] as const;
export type PaymentTerms = (typeof PAYMENT_TERMS)[number];
export type InvoiceTerms = Exclude<PaymentTerms, 'none'>;
/** Days from the order date to the invoice's due date. */
export const TERMS_DAYS: Record<InvoiceTerms, number> = { net30: 30, net60: 60 };
export const PAYMENT_TERMS_LABELS: Record<PaymentTerms, string> = { none: 'Pay in advance', net30: 'Net 30', net60: 'Net 60' };
export const PRICE_RULE_KINDS = ['percent', 'fixed'] as const;
export type PriceRuleKind = (typeof PRICE_RULE_KINDS)[number];
/** The narrowest line wins: variant, then product, then category, then all. */
export const PRICE_RULE_SCOPES = ['all', 'category', 'product', 'variant'] as const;
export type PriceRuleScope = (typeof PRICE_RULE_SCOPES)[number];
export const STAFF_ORGANISATIONS_PAGE_SIZE = 20;
export const MAX_CREDIT_LIMIT_CENTS = 100_000_000;

const REQUIRED = 'This field is required.';
const money = (message: string) => z.string({ message }).trim().regex(/^\d{1,9}(\.\d{1,2})?$/, message);

export const accountManager = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  phone: z.string(),
});
export type AccountManager = z.infer<typeof accountManager>;

export const MAX_CONTRACT_NUMBER = 60;
export const CONTRACT_ENDS_BEFORE_START = 'The contract cannot end before it starts.';

/**
 * The contract the organisation's price list is agreed under. Outside its dates (the shop's calendar, in Pakistan)
 * the price list does not apply and its buyers pay list prices; without dates it always applies.
 */
export const priceContract = z.object({
  /** '' when none. */
  number: z.string(),
  /** 'YYYY-MM-DD', both days included; null: open. */
  starts_on: z.string().nullable(),
  ends_on: z.string().nullable(),
  /** The price list applies today. */
  in_force: z.boolean(),
});
export type PriceContract = z.infer<typeof priceContract>;

/** What the buyer sees of their organisation; amounts are USD. */
export const organisation = z.object({
  id: z.string(),
  name: z.string(),
  licence_number: z.string(),
  status: z.enum(ORGANISATION_STATUSES),
  rejection_reason: z.string().nullable(),
  submitted_at: z.string(),
  reviewed_at: z.string().nullable(),
  account_manager: accountManager.nullable(),
  payment_terms: z.enum(PAYMENT_TERMS),
  credit_limit: decimalString,
  /** Unpaid invoice orders (not cancelled). */
  credit_used: decimalString,
  credit_available: decimalString,
  /** Verified, on Net 30 or Net 60, with a credit limit: 'Pay by invoice' is offered at checkout. */
  can_pay_by_invoice: z.boolean(),
  price_contract: priceContract,
});
export type Organisation = z.infer<typeof organisation>;

/** Business accounts only (403 for individual accounts). `organisation` is null until one was submitted. */
export const getMyOrganisation = defineContract({
  method: 'GET',
  path: '/api/organisations/mine/',
  errors: ['ACCOUNT_TYPE_NOT_ALLOWED'],
  response: z.object({ organisation: organisation.nullable() }),
});

/**
 * Sends the hospital name and licence number of the profile for review (again, after a rejection).
 * 400 per field (hospital_name, license_number) when the profile lacks them; 409 while pending or once verified, and
 * NOT_REGISTRANT for a member of an organisation the account did not register.
 */
export const submitMyOrganisation = defineContract({
  method: 'POST',
  path: '/api/organisations/mine/submit/',
  errors: ['ACCOUNT_TYPE_NOT_ALLOWED', 'ALREADY_PENDING', 'ALREADY_VERIFIED', 'NOT_REGISTRANT'],
  response: z.object({ organisation }),
});

/* Staff and superusers only (401 signed out, 403 for anyone else); an unknown id is 404. */

export const staffOrganisation = organisation.extend({
  buyer: z.object({ id: z.string(), name: z.string(), email: z.string(), is_verified: z.boolean() }),
  reviewed_by: z.string().nullable(),
});
export type StaffOrganisation = z.infer<typeof staffOrganisation>;

export const priceRule = z.object({
  id: z.number().int(),
  scope: z.enum(PRICE_RULE_SCOPES),
  category: z.object({ id: z.number().int(), slug: z.string(), name: z.string() }).nullable(),
  /** The product of a product or variant line; `model_number` and `price` are its first variant's and cheapest. */
  product: z.object({ id: z.number().int(), slug: z.string(), name: z.string(), model_number: z.string(), price: decimalString }).nullable(),
  /** The variant of a variant line, with its catalogue number, label ('18 cm · Curved') and list price. */
  variant: z.object({ id: z.number().int(), model_number: z.string(), label: z.string(), price: decimalString }).nullable(),
  kind: z.enum(PRICE_RULE_KINDS),
  /** Percent off ('12.50') or the fixed unit price in USD ('89.00'). */
  value: decimalString,
});
export type PriceRule = z.infer<typeof priceRule>;

export const termsInvoice = z.object({
  order_id: z.string(),
  order_number: z.string(),
  order_status: z.enum(ORDER_STATUSES),
  amount: decimalString,
  payment_terms: z.enum(['net30', 'net60']),
  /** ISO date. */
  due_date: z.string(),
  paid_at: z.string().nullable(),
  overdue: z.boolean(),
});
export type TermsInvoice = z.infer<typeof termsInvoice>;

const organisationParams = z.object({ id: z.uuid({ message: 'Unknown organisation.' }) });

export const staffOrganisationsQuery = z.object({
  status: z.enum(['all', ...ORGANISATION_STATUSES], { message: 'Choose all, pending, verified or rejected.' }).default('all'),
  page: z.coerce.number({ message: 'Enter a page number.' }).int('Enter a whole page number.').min(1, 'Pages start at 1.').default(1),
  /** Part of the organisation's name, its licence number or the buyer's email. */
  search: z.string().trim().max(100, 'Enter at most 100 characters.').optional(),
});
export type StaffOrganisationsQuery = z.input<typeof staffOrganisationsQuery>;

/** Pending first (oldest submission first), then the rest by latest submission. */
export const listStaffOrganisations = defineContract({
  staff: staffAccess.customersRead,
  method: 'GET',
  path: '/api/staff/organisations/',
  errors: ['STAFF_ONLY'],
  query: staffOrganisationsQuery,
  response: z.object({ organisations: z.array(staffOrganisation), count: z.number().int(), totalPages: z.number().int() }),
});

export const staffOrganisationDetail = z.object({
  organisation: staffOrganisation,
  price_list: z.array(priceRule),
  invoices: z.array(termsInvoice),
});
export type StaffOrganisationDetail = z.infer<typeof staffOrganisationDetail>;

export const getStaffOrganisation = defineContract({
  staff: staffAccess.customersRead,
  method: 'GET',
  path: '/api/staff/organisations/:id/',
  errors: ['STAFF_ONLY'],
  params: organisationParams,
  response: staffOrganisationDetail,
});

/** pending → verified; anything else is 409. The buyer is mailed. */
export const approveOrganisation = defineContract({
  staff: staffAccess.sales,
  method: 'POST',
  path: '/api/staff/organisations/:id/approve/',
  errors: ['STAFF_ONLY', 'ILLEGAL_TRANSITION'],
  params: organisationParams,
  response: staffOrganisationDetail,
});

/** pending → rejected with a reason, mailed to the buyer; anything else is 409. */
export const rejectOrganisation = defineContract({
  staff: staffAccess.sales,
  method: 'POST',
  path: '/api/staff/organisations/:id/reject/',
  errors: ['STAFF_ONLY', 'ILLEGAL_TRANSITION'],
  params: organisationParams,
  body: z.object({
    reason: multiline({ message: REQUIRED }).trim().min(3, 'Give the reason in a few words.').max(500, 'Enter at most 500 characters.'),
  }, { message: REQUIRED }),
  response: staffOrganisationDetail,
});
export type RejectOrganisationBody = z.input<typeof rejectOrganisation.body>;

/**
 * Verified organisations only (409 otherwise). account_manager_id must be a staff user (null removes him);
 * terms other than 'none' need a credit limit above 0.
 */
export const updateOrganisationAccount = defineContract({
  staff: staffAccess.sales,
  method: 'PATCH',
  path: '/api/staff/organisations/:id/',
  errors: ['STAFF_ONLY', 'NOT_VERIFIED'],
  params: organisationParams,
  body: z.object({
    account_manager_id: z.uuid({ message: 'Choose a staff member.' }).nullable().optional(),
    payment_terms: z.enum(PAYMENT_TERMS, { message: 'Choose none, net30 or net60.' }).optional(),
    credit_limit: money('Enter an amount like 5000.00.').transform(decimalToCents)
      .refine((cents) => cents <= MAX_CREDIT_LIMIT_CENTS, `Enter at most ${centsToNumber(MAX_CREDIT_LIMIT_CENTS)}.`).optional(),
  }, { message: REQUIRED }),
  response: staffOrganisationDetail,
});
export type UpdateOrganisationAccountBody = z.input<typeof updateOrganisationAccount.body>;

export const listAccountManagers = defineContract({
  staff: staffAccess.sales,
  method: 'GET',
  path: '/api/staff/account-managers/',
  errors: ['STAFF_ONLY'],
  response: z.object({ managers: z.array(accountManager) }),
});

/**
 * Verified organisations only (409 otherwise). A line for a target that already has one replaces it.
 * percent: 0.01 to 99.99 off, for all products, a category (slug), a product (slug, or the catalogue number of
 * any of its variants) or one variant (its catalogue number); fixed: a unit price for one product, below the price
 * of its cheapest variant, or for one variant, below its own list price.
 */
export const addPriceRule = defineContract({
  staff: staffAccess.sales,
  method: 'POST',
  path: '/api/staff/organisations/:id/prices/',
  errors: ['STAFF_ONLY', 'NOT_VERIFIED'],
  params: organisationParams,
  body: z.object({
    scope: z.enum(PRICE_RULE_SCOPES, { message: 'Choose all, category, product or variant.' }),
    category: z.string().trim().max(100, 'Enter at most 100 characters.').optional(),
    product: z.string().trim().max(100, 'Enter at most 100 characters.').optional(),
    /** The variant's catalogue number. */
    variant: z.string().trim().max(100, 'Enter at most 100 characters.').optional(),
    kind: z.enum(PRICE_RULE_KINDS, { message: 'Choose percent or fixed.' }),
    value: money('Enter a number like 12.50.').transform(decimalToCents),
  }, { message: REQUIRED }).superRefine((body, ctx) => {
    if (body.scope === 'category' && !body.category) ctx.addIssue({ code: 'custom', path: ['category'], message: 'Choose a category.' });
    if (body.scope === 'product' && !body.product) {
      ctx.addIssue({ code: 'custom', path: ['product'], message: 'Enter the product’s model number or slug.' });
    }
    if (body.scope === 'variant' && !body.variant) {
      ctx.addIssue({ code: 'custom', path: ['variant'], message: 'Enter the variant’s catalogue number.' });
    }
    if (body.kind === 'fixed' && body.scope !== 'product' && body.scope !== 'variant') {
      ctx.addIssue({ code: 'custom', path: ['kind'], message: 'A fixed price is set for one product; use a percentage for a category or everything.' });
    }
    if (body.kind === 'percent' && (body.value < 1 || body.value >= 10_000)) {
      ctx.addIssue({ code: 'custom', path: ['value'], message: 'Enter a percentage between 0.01 and 99.99.' });
    }
    if (body.kind === 'fixed' && body.value < 1) ctx.addIssue({ code: 'custom', path: ['value'], message: PRICE_ABOVE_ZERO });
  }),
  response: z.object({ price_list: z.array(priceRule) }),
});
export type AddPriceRuleBody = z.input<typeof addPriceRule.body>;

export const deletePriceRule = defineContract({
  staff: staffAccess.sales,
  method: 'DELETE',
  path: '/api/staff/organisations/:id/prices/:ruleId/',
  errors: ['STAFF_ONLY', 'NOT_VERIFIED'],
  params: organisationParams.extend({
    ruleId: z.coerce.number({ message: 'Unknown price.' }).int('Unknown price.').min(1, 'Unknown price.'),
  }),
  response: z.object({ price_list: z.array(priceRule) }),
});

/** A calendar day, 'YYYY-MM-DD', or null (empty) for none. */
const contractDay = z.string({ message: DAY_FORMAT }).trim().regex(/^(\d{4}-\d{2}-\d{2})?$/, DAY_FORMAT)
  .refine((v) => {
    const day = new Date(`${v}T00:00:00Z`);
    // A text that is no day at all was answered by the format above.
    return !/^\d{4}-\d{2}-\d{2}$/.test(v) || (!Number.isNaN(day.getTime()) && day.toISOString().startsWith(v));
  }, REAL_DAY)
  .nullable().optional().transform((v) => v || null);

/**
 * Verified organisations only (409 otherwise). Sets the contract number and dates of the organisation's price list
 * (both days included; either may be left open); an end before the start is a 400 on ends_on.
 */
export const updatePriceContract = defineContract({
  staff: staffAccess.sales,
  method: 'PUT',
  path: '/api/staff/organisations/:id/price-contract/',
  errors: ['STAFF_ONLY', 'NOT_VERIFIED'],
  params: organisationParams,
  body: z.object({
    number: z.string({ message: REQUIRED }).trim().max(MAX_CONTRACT_NUMBER, `Enter at most ${MAX_CONTRACT_NUMBER} characters.`),
    starts_on: contractDay,
    ends_on: contractDay,
  }, { message: REQUIRED }).superRefine((body, ctx) => {
    if (body.starts_on && body.ends_on && body.ends_on < body.starts_on) {
      ctx.addIssue({ code: 'custom', path: ['ends_on'], message: CONTRACT_ENDS_BEFORE_START });
    }
  }),
  response: staffOrganisationDetail,
});
export type UpdatePriceContractBody = z.input<typeof updatePriceContract.body>;

/** awaiting payment → paid for an invoice order; 409 when it is already paid or was cancelled; 404 unknown. */
export const markInvoicePaid = defineContract({
  staff: staffAccess.sales,
  method: 'POST',
  path: '/api/staff/invoices/:orderId/paid/',
  errors: ['STAFF_ONLY', 'ALREADY_PAID', 'ORDER_CANCELLED'],
  params: z.object({ orderId: z.uuid({ message: 'Unknown order.' }) }),
  response: z.object({ invoice: termsInvoice }),
});
