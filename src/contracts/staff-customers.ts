import { z } from 'zod';
import { defineContract } from './define.ts';
import { text as multiline } from './fields.ts';
import { atMost, REQUIRED } from './issues.ts';
import { BLOCK_REASONS, LICENCE_STATUSES, LICENCE_TYPES } from './licences.ts';
import { decimalString } from './money.ts';
import { ORDER_PAYMENT_STATUSES, ORDER_STATUSES } from './orders.ts';
import { ORGANISATION_ROLES } from './organisation-members.ts';
import { ORGANISATION_STATUSES } from './organisations.ts';
import { RETURN_STATUSES } from './returns.ts';
import { staffAccess, staffMayUse, type StaffRole } from './staff-roles.ts';

/*
 * The shop's customers, for staff: every account without a staff role. Every role opens them; a buyer's personal
 * fields (name, email, phone, address, licence numbers, profile details) go only to the roles that read orders and
 * the owner, as in the audit trail. Other roles get them as null and search by organisation name alone.
 */

export const CUSTOMERS_PAGE_SIZE = 20;
export const NOTE_MAX_LENGTH = 2000;
export const ACCOUNT_TYPES = ['individual', 'business'] as const;

/** Whether staff in `role` read buyers' personal fields. */
export const seesPersonalData = (role: StaffRole | null | undefined): boolean => staffMayUse(role, staffAccess.ordersRead);

/**
 * What the customer may buy from restricted categories today (licence-gate.ts): `valid`, or why not: an individual
 * account, no licence, one awaiting review, or one expired. A member of an organisation holds its members' licences.
 */
export const LICENCE_STATES = ['valid', ...BLOCK_REASONS] as const;
export type LicenceState = (typeof LICENCE_STATES)[number];

const organisationRef = z.object({ id: z.uuid(), name: z.string() });

export const customerRow = z.object({
  id: z.uuid(),
  /** Null for a role that does not read personal fields. */
  name: z.string().nullable(),
  email: z.string().nullable(),
  account_type: z.enum(ACCOUNT_TYPES),
  /** The account was deactivated: it cannot sign in. */
  deactivated: z.boolean(),
  organisation: organisationRef.nullable(),
  licence_state: z.enum(LICENCE_STATES),
  /** Every order placed, whatever became of it. */
  orders_count: z.number().int(),
  /** USD: the counted sales less what they gave back (counted-sales.ts). */
  lifetime_value: decimalString,
  last_order_at: z.string().nullable(),
});
export type CustomerRow = z.infer<typeof customerRow>;

export const customersQuery = z.object({
  /** Name, email, organisation or phone; organisation alone for a role that does not read personal fields. */
  search: z.string().trim().max(100, atMost(100)).optional(),
  page: z.coerce.number({ message: 'Enter a page number.' }).int('Enter a whole page number.').min(1, 'Pages start at 1.').default(1),
  account_type: z.enum(ACCOUNT_TYPES, { message: 'Choose individual or business.' }).optional(),
});
export type CustomersQuery = z.input<typeof customersQuery>;

/** Customers who ordered last first, then the newest accounts. */
export const listCustomers = defineContract({
  staff: staffAccess.allStaff,
  method: 'GET',
  path: '/api/staff/customers/',
  errors: ['STAFF_ONLY'],
  query: customersQuery,
  response: z.object({ customers: z.array(customerRow), count: z.number().int(), totalPages: z.number().int() }),
});

export const customerNote = z.object({ id: z.number().int(), text: z.string(), author_email: z.string(), created_at: z.string() });
export type CustomerNote = z.infer<typeof customerNote>;

/** The newest orders a customer's page lists; `orders_count` says how many there are in all. */
export const CUSTOMER_ORDERS_SHOWN = 50;

export const customerDetail = z.object({
  id: z.uuid(),
  account_type: z.enum(ACCOUNT_TYPES),
  deactivated: z.boolean(),
  joined_at: z.string(),
  /** Null for a role that does not read personal fields. */
  profile: z.object({
    name: z.string(),
    email: z.string(),
    email_verified: z.boolean(),
    phone: z.string(),
    address: z.string(),
    specialty: z.string(),
    hospital_name: z.string(),
    licence_number: z.string(),
  }).nullable(),
  /** The organisation the customer buys for, with their role in it; and one they registered but left. */
  organisations: z.array(organisationRef.extend({
    status: z.enum(ORGANISATION_STATUSES),
    role: z.enum(ORGANISATION_ROLES).nullable(),
  })),
  licence: z.object({
    state: z.enum(LICENCE_STATES),
    /** The customer's own licence documents, newest first; numbers are null for a role that does not read them. */
    documents: z.array(z.object({
      id: z.number().int(),
      licence_type: z.enum(LICENCE_TYPES),
      licence_number: z.string().nullable(),
      status: z.enum(LICENCE_STATUSES),
      expires_on: z.string(),
      is_valid: z.boolean(),
      is_expired: z.boolean(),
    })),
  }),
  /** Newest first, at most CUSTOMER_ORDERS_SHOWN. */
  orders: z.array(z.object({
    id: z.uuid(),
    order_number: z.string(),
    created_at: z.string(),
    status: z.enum(ORDER_STATUSES),
    payment_status: z.enum(ORDER_PAYMENT_STATUSES),
    total: decimalString,
  })),
  orders_count: z.number().int(),
  returns: z.array(z.object({ rma: z.string(), order_number: z.string(), status: z.enum(RETURN_STATUSES), created_at: z.string() })),
  /** USD balances: the customer's own, and their organisation's, which its members share. */
  store_credit: z.object({ balance: decimalString, organisation_balance: decimalString.nullable() }),
  lifetime_value: decimalString,
  /** Newest first. */
  notes: z.array(customerNote),
});
export type CustomerDetail = z.infer<typeof customerDetail>;

const customerParams = z.object({ id: z.uuid({ message: 'Unknown customer.' }) });

/** 404 for an unknown account or a member of staff. */
export const getCustomer = defineContract({
  staff: staffAccess.allStaff,
  method: 'GET',
  path: '/api/staff/customers/:id/',
  errors: ['STAFF_ONLY'],
  params: customerParams,
  response: customerDetail,
});

/** An internal note the customer never sees (201 with the customer's notes). */
export const addCustomerNote = defineContract({
  staff: staffAccess.customersRead,
  method: 'POST',
  path: '/api/staff/customers/:id/notes/',
  status: 201,
  errors: ['STAFF_ONLY'],
  params: customerParams,
  body: z.object({
    text: multiline({ message: REQUIRED }).trim().min(1, REQUIRED).max(NOTE_MAX_LENGTH, atMost(NOTE_MAX_LENGTH)),
  }, { message: REQUIRED }),
  response: z.object({ notes: z.array(customerNote) }),
});
export type AddCustomerNoteBody = z.input<typeof addCustomerNote.body>;
