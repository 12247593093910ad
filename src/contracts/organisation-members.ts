import { z } from 'zod';
import { registerBody, tokenPair, user } from './auth.ts';
import { defineContract } from './define.ts';
import { message } from './issues.ts';

/*
 * The people of a business organisation. Every route answers 404 to someone who is not a member of one; prices,
 * terms, credit and licences stay the organisation's, shared by all its members.
 */

/** admin: members, departments and rules; approver: decides requests; buyer: orders; finance: reads orders and invoices. */
export const ORGANISATION_ROLES = ['admin', 'approver', 'buyer', 'finance'] as const;
export type OrganisationRole = (typeof ORGANISATION_ROLES)[number];
export const MEMBER_STATUSES = ['invited', 'active'] as const;

export const ALREADY_MEMBER = message('already_member', 'This person is already a member of your organisation.');
export const MEMBER_ELSEWHERE = message('member_elsewhere', "This email belongs to another organisation or to the shop's staff.");
export const ORGANISATION_INVITE_USED = 'This invitation link has expired or was already used.';
export const INVITE_NOT_VERIFIED = 'Your organisation can invite members once the shop has verified it.';

export const organisationMember = z.object({
  id: z.number().int(),
  email: z.string(),
  /** Empty while the invitation waits: until the person accepts, only the invited address shows. */
  name: z.string(),
  role: z.enum(ORGANISATION_ROLES),
  status: z.enum(MEMBER_STATUSES),
  invited_at: z.string(),
  joined_at: z.string().nullable(),
  /** The signed-in member's own line. */
  is_you: z.boolean(),
});
export type OrganisationMember = z.infer<typeof organisationMember>;

const membersAnswer = z.object({
  /** `verified`: the shop has verified the organisation, and its admins may invite. */
  organisation: z.object({ id: z.string(), name: z.string(), verified: z.boolean() }),
  /** The signed-in member's role: what the screen offers follows it. */
  your_role: z.enum(ORGANISATION_ROLES),
  members: z.array(organisationMember),
});
export type MembersAnswer = z.infer<typeof membersAnswer>;

/** Every member, admins first, then by name; any member may read it. */
export const listOrganisationMembers = defineContract({
  method: 'GET',
  path: '/api/organisation/members/',
  response: membersAnswer,
});

const REQUIRED = 'This field is required.';

/**
 * Admins of a verified organisation only (409 NOT_VERIFIED before the shop has verified it). Mails the address a link
 * to join in `role`, valid 72 hours; inviting an address already invited sends a new link in place of the old one. No
 * account is made or claimed: an existing account joins by the link, a new address chooses its name and password on
 * accepting, and anyone can decline. Limited per organisation and per address (429).
 */
export const inviteOrganisationMember = defineContract({
  method: 'POST',
  path: '/api/organisation/members/',
  status: 201,
  errors: ['ORGANISATION_ROLE', 'NOT_VERIFIED'],
  body: z.object({
    email: registerBody.shape.email,
    role: z.enum(ORGANISATION_ROLES, { message: 'Choose admin, approver, buyer or finance.' }),
  }, { message: REQUIRED }),
  response: membersAnswer,
});
export type InviteOrganisationMemberBody = z.input<typeof inviteOrganisationMember.body>;

/**
 * Admins only, or a member removing themselves (leaving). The person's sessions stop acting for the organisation at
 * once; an organisation keeps at least one admin (409 LAST_ADMIN).
 */
export const removeOrganisationMember = defineContract({
  method: 'DELETE',
  path: '/api/organisation/members/:id/',
  errors: ['ORGANISATION_ROLE', 'LAST_ADMIN'],
  params: z.object({ id: z.coerce.number().int().min(1, 'Unknown member.').max(2_147_483_647, 'Unknown member.') }),
  response: membersAnswer,
});

const inviteToken = z.string({ message: ORGANISATION_INVITE_USED }).min(1, ORGANISATION_INVITE_USED).max(200, ORGANISATION_INVITE_USED);

/** What a mailed link invites to, without using it up (the token travels in the body, never in a logged URL). */
export const lookUpOrganisationInvite = defineContract({
  method: 'POST',
  path: '/api/organisation/invitations/look-up/',
  body: z.object({ token: inviteToken }, { message: REQUIRED }),
  response: z.object({
    valid: z.boolean(),
    email: z.string().nullable(),
    organisation: z.string().nullable(),
    role: z.enum(ORGANISATION_ROLES).nullable(),
    /** No account has the address: accepting makes one, with the name and password given. */
    needs_account: z.boolean(),
    /** The address's account belongs to another organisation or to the shop's staff: it can decline, not accept. */
    member_elsewhere: z.boolean(),
  }),
});

/**
 * Turns the invitation down by the mailed link, whether or not the address has an account: the invitation and its
 * link are gone, and the organisation may invite the address again.
 */
export const declineOrganisationInvite = defineContract({
  method: 'POST',
  path: '/api/organisation/invitations/decline/',
  body: z.object({ token: inviteToken }, { message: REQUIRED }),
  response: z.object({ organisation: z.string() }),
});

/**
 * Joins the organisation by the mailed link. An address without an account gives a name and password (the
 * registration's rules): the account is made then, its email counts as confirmed, and the answer signs the person in;
 * an existing account just joins (`session` null) and signs in as usual. An account of another organisation or of
 * the staff is refused on `token` (member_elsewhere).
 */
export const acceptOrganisationInvite = defineContract({
  method: 'POST',
  path: '/api/organisation/invitations/accept/',
  body: z.object({
    token: inviteToken,
    first_name: registerBody.shape.first_name.optional(),
    last_name: registerBody.shape.last_name.optional(),
    password: registerBody.shape.password.optional(),
    password_confirm: z.string().max(128).optional(),
  }, { message: REQUIRED }),
  response: z.object({ organisation: z.string(), role: z.enum(ORGANISATION_ROLES), session: tokenPair.extend({ user }).nullable() }),
});
export type AcceptOrganisationInviteBody = z.input<typeof acceptOrganisationInvite.body>;
