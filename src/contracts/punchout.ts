import { z } from 'zod';
import { tokenPair, user } from './auth.ts';
import { defineContract } from './define.ts';
import { line } from './fields.ts';
import { atLeast, atMost, REQUIRED } from './issues.ts';
import { staffAccess } from './staff-roles.ts';

/** What a purchase order whose unit price differs from the organisation's does: refused, or accepted with a note. */
export const PRICE_MISMATCH_RULES = ['refuse', 'accept_with_note'] as const;
export type PriceMismatchRule = (typeof PRICE_MISMATCH_RULES)[number];

export const PUNCHOUT_PROTOCOLS = ['cxml', 'oci'] as const;
export type PunchoutProtocol = (typeof PUNCHOUT_PROTOCOLS)[number];

/** cXML PunchOutSetupRequest operations; OCI sessions are always `create`. */
export const PUNCHOUT_OPERATIONS = ['create', 'edit', 'inspect'] as const;
export type PunchoutOperation = (typeof PUNCHOUT_OPERATIONS)[number];


/*
 * Punchout: a hospital's procurement system (SAP Ariba, Coupa, SAP SRM) opens the shop with the organisation's
 * credential, the buyer shops at the organisation's prices, and the cart goes back to the procurement system
 * (a cXML PunchOutOrderMessage or OCI fields) instead of through checkout.
 */

export const SHARED_SECRET_MIN = 16;
export const SHARED_SECRET_MAX = 200;
export const CREDENTIAL_MAX = 100;
export const CREDENTIAL_TAKEN = 'Another organisation already uses this credential: choose another identity.';
/** How long the start page a setup request answers works, once. */
export const START_TOKEN_MINUTES = 5;
export const START_LINK_USED = 'This punchout link has expired or was already used. Start again from your procurement system.';
export const CHECKOUT_IN_PUNCHOUT = 'Checkout is not offered in a punchout session: transfer the cart to your procurement system, which sends the order.';
export const NOT_IN_PUNCHOUT = 'This is not a punchout session: open the shop from your procurement system.';
export const INSPECT_ONLY = 'This punchout session only shows the cart: it cannot be changed.';

export const identityBody = z.object({
  from_domain: line({ message: REQUIRED }).trim().min(1, REQUIRED).max(CREDENTIAL_MAX, atMost(CREDENTIAL_MAX)),
  from_identity: line({ message: REQUIRED }).trim().min(1, REQUIRED).max(CREDENTIAL_MAX, atMost(CREDENTIAL_MAX)),
  shared_secret: line({ message: REQUIRED }).min(SHARED_SECRET_MIN, atLeast(SHARED_SECRET_MIN)).max(SHARED_SECRET_MAX, atMost(SHARED_SECRET_MAX)),
  price_mismatch: z.enum(PRICE_MISMATCH_RULES, { message: 'Choose refuse or accept_with_note.' }).default('refuse'),
}, { message: REQUIRED });
export type IdentityBody = z.input<typeof identityBody>;

/** The organisation's punchout identity as read back: never its secret. */
export const punchoutIdentity = z.object({
  from_domain: z.string(),
  from_identity: z.string(),
  price_mismatch: z.enum(PRICE_MISMATCH_RULES),
  updated_at: z.string(),
});
export type PunchoutIdentityView = z.infer<typeof punchoutIdentity>;

/** What the procurement system is given: where it sends setup requests, orders and OCI calls. */
export const punchoutUrls = z.object({ cxml_setup: z.string(), cxml_order: z.string(), oci: z.string() });
export type PunchoutUrls = z.infer<typeof punchoutUrls>;

const identityAnswer = z.object({ identity: punchoutIdentity.nullable(), urls: punchoutUrls });
export type IdentityAnswer = z.infer<typeof identityAnswer>;
/** The answer to saving: the shared secret as given, this once. */
const savedIdentityAnswer = identityAnswer.extend({ identity: punchoutIdentity, shared_secret: z.string() });
export type SavedIdentityAnswer = z.infer<typeof savedIdentityAnswer>;

/** Any member reads whether there is one (404 for someone in no organisation). */
export const getOrganisationPunchout = defineContract({
  method: 'GET',
  path: '/api/organisation/punchout/',
  response: identityAnswer,
});

/** Admins only (403 ORGANISATION_ROLE); the secret is kept hashed and answered this once. */
export const putOrganisationPunchout = defineContract({
  method: 'PUT',
  path: '/api/organisation/punchout/',
  errors: ['ORGANISATION_ROLE'],
  body: identityBody,
  response: savedIdentityAnswer,
});

export const putStaffOrganisationPunchout = defineContract({
  staff: staffAccess.sales,
  method: 'PUT',
  path: '/api/staff/organisations/:id/punchout/',
  errors: ['STAFF_ONLY'],
  params: z.object({ id: z.uuid({ message: 'Unknown organisation.' }) }),
  body: identityBody,
  response: savedIdentityAnswer,
});

/** The punchout a browser session belongs to. */
export const punchoutSession = z.object({
  organisation: z.string(),
  protocol: z.enum(PUNCHOUT_PROTOCOLS),
  operation: z.enum(PUNCHOUT_OPERATIONS),
});
export type PunchoutSessionView = z.infer<typeof punchoutSession>;

/** Opens the start page: uses the token up and signs the browser in as the buyer, for this punchout only. */
export const startPunchout = defineContract({
  method: 'POST',
  path: '/api/punchout/start/',
  body: z.object({ token: line({ message: REQUIRED }).min(1, REQUIRED).max(200, atMost(200)) }, { message: REQUIRED }),
  response: tokenPair.extend({ user, punchout: punchoutSession }),
});

/** The signed-in session's punchout, or null for an ordinary session. */
export const currentPunchout = defineContract({
  method: 'GET',
  path: '/api/punchout/session/',
  response: z.object({ punchout: punchoutSession.nullable() }),
});

/**
 * Ends the punchout: the cart, priced as the cart shows it, becomes the return message; the cart empties and the
 * session ends. `fields` go as a form to `url` (with `target` as the form's target when given): the browser posts
 * `signed` as the field `transfer` to /punchout/return, the shop's page that posts them on.
 */
export const transferPunchout = defineContract({
  method: 'POST',
  path: '/api/punchout/transfer/',
  response: z.object({
    url: z.string(), target: z.string().nullable(), fields: z.array(z.array(z.string())), signed: z.string(),
  }),
});
