import { z } from 'zod';
import { registerBody, tokenPair, user } from './auth.ts';
import { defineContract } from './define.ts';
import { staffAccess, staffRoles } from './staff-roles.ts';

/*
 * The shop's team: the owner invites staff by email with a role, changes roles, deactivates and reactivates them.
 * An invited person sets their name and password from the mailed link. On an empty shop, the first owner signs up
 * through /setup.
 */

export const STAFF_MEMBER_STATUSES = ['invited', 'active', 'deactivated'] as const;
export type StaffMemberStatus = (typeof STAFF_MEMBER_STATUSES)[number];

const CHOOSE_ROLE = 'Choose owner, catalogue, fulfilment, sales or support.';
/** Refusals the storefront shows in the reader's language. */
export const CUSTOMER_EMAIL = 'This email belongs to a customer account.';
export const ALREADY_STAFF = 'This email already belongs to a staff member.';
export const SELF_DEACTIVATION = 'You cannot deactivate your own account.';
const role = z.enum(staffRoles, { message: CHOOSE_ROLE });

export const staffMember = z.object({
  id: z.string(),
  email: z.string(),
  /** Empty until an invited member accepts. */
  first_name: z.string(),
  last_name: z.string(),
  role: z.enum(staffRoles),
  /** invited: has not accepted the invitation yet; deactivated: cannot sign in. */
  status: z.enum(STAFF_MEMBER_STATUSES),
  last_sign_in: z.string().nullable(),
  invited_at: z.string(),
});
export type StaffMember = z.infer<typeof staffMember>;

const memberParams = z.object({ id: z.uuid({ message: 'Unknown staff member.' }) });

/** Owners first, then by role and email. */
export const listStaffMembers = defineContract({
  staff: staffAccess.owner,
  method: 'GET',
  path: '/api/staff/members/',
  errors: ['STAFF_ONLY'],
  response: z.object({ members: z.array(staffMember) }),
});

/**
 * Creates the account of a new email (unverified, no usable password) and mails it an invitation link valid for
 * 72 hours. An email of a customer account or of a staff member is a 400 on `email`.
 */
export const inviteStaffMember = defineContract({
  staff: staffAccess.owner,
  method: 'POST',
  path: '/api/staff/members/',
  errors: ['STAFF_ONLY'],
  body: z.object({ email: registerBody.shape.email, role }),
  response: staffMember,
  status: 201,
});

/**
 * Changes a member's role, deactivates (`active: false`: their sessions end at once) or reactivates them. The last
 * active owner can neither lose the role nor be deactivated (409 LAST_OWNER); an owner cannot deactivate themselves.
 */
export const updateStaffMember = defineContract({
  staff: staffAccess.owner,
  method: 'PATCH',
  path: '/api/staff/members/:id/',
  errors: ['STAFF_ONLY', 'LAST_OWNER'],
  params: memberParams,
  body: z.object({
    role: role.optional(),
    active: z.boolean({ message: 'Send true or false.' }).optional(),
  }).refine((body) => body.role !== undefined || body.active !== undefined, { message: 'Send a role or active.', path: ['role'] }),
  response: staffMember,
});

/**
 * Mails an invited member a new link; the earlier one stops working. 409 ALREADY_ACCEPTED once they have accepted,
 * MEMBER_DEACTIVATED while deactivated.
 */
export const resendStaffInvite = defineContract({
  staff: staffAccess.owner,
  method: 'POST',
  path: '/api/staff/members/:id/invite/',
  errors: ['STAFF_ONLY', 'ALREADY_ACCEPTED', 'MEMBER_DEACTIVATED'],
  params: memberParams,
  response: staffMember,
});

export const INVITE_LINK_USED = 'This invitation link has expired or was already used.';
const inviteToken = z.string({ message: INVITE_LINK_USED }).min(1, INVITE_LINK_USED).max(200, INVITE_LINK_USED);

/** Whether an invitation link still works, and for which email (no sign-in needed). */
export const staffInviteStatus = defineContract({
  method: 'GET',
  path: '/api/staff/invite/',
  query: z.object({ token: inviteToken }),
  response: z.object({ valid: z.boolean(), email: z.string().nullable() }),
});

const newAccount = registerBody.pick({ first_name: true, last_name: true, password: true, password_confirm: true });

/**
 * Sets the invited member's name and password (the registration's password rules), confirms their email, uses the
 * link up and signs them in, answering as login does.
 */
export const acceptStaffInvite = defineContract({
  method: 'POST',
  path: '/api/staff/invite/accept/',
  body: newAccount.extend({ token: inviteToken }),
  response: tokenPair.extend({ user }),
});
export type AcceptStaffInviteBody = z.input<typeof acceptStaffInvite.body>;

/** Whether the shop still needs its first owner: no staff account exists at all. */
export const setupStatus = defineContract({
  method: 'GET',
  path: '/api/setup/',
  response: z.object({ needed: z.boolean() }),
});

/** Creates the first owner, once, and signs them in; 409 ALREADY_SET_UP when any staff account exists. */
export const setupShop = defineContract({
  method: 'POST',
  path: '/api/setup/',
  errors: ['ALREADY_SET_UP'],
  body: newAccount.extend({ email: registerBody.shape.email }),
  response: tokenPair.extend({ user }),
  status: 201,
});
export type SetupShopBody = z.input<typeof setupShop.body>;
