import { and, eq } from 'drizzle-orm';
import {
  approvePrivateLabelProof, cancelPrivateLabelRequest, createPrivateLabelRequest, PRIVATE_LABEL_NOT_FOUND, requestPrivateLabelChanges,
  uploadPrivateLabelArtwork,
} from '#contracts/private-label';
import type { OrganisationRole } from '#contracts/organisation-members';
import { staffAccess, staffMayUse } from '#contracts/staff-roles';
import type { UserRow } from '../auth/user-view.ts';
import type { DbOrTx } from '../db/client.ts';
import { organisations } from '../db/schema/organisations.ts';
import { privateLabelRequests } from '../db/schema/private-label.ts';
import { apiError, notFound } from '../lib/errors.ts';
import { membershipOf } from '../organisation-members/membership.ts';
import type { PrivateLabelRow } from './private-label-status.ts';

/** The roles that ask for private label and decide on proofs; every other member (finance, approver) reads. */
export const DECIDING_ROLES: readonly OrganisationRole[] = ['admin', 'buyer'];

export interface OrganisationAccess {
  organisationId: string;
  role: OrganisationRole;
}

const BUYER_ROUTES = [createPrivateLabelRequest, uploadPrivateLabelArtwork, requestPrivateLabelChanges, approvePrivateLabelProof, cancelPrivateLabelRequest] as const;

/** The reader's verified organisation and role; 403 for anyone who is not a joined member of one. */
export async function organisationAccess(db: DbOrTx, userId: string): Promise<OrganisationAccess> {
  const membership = await membershipOf(db, userId);
  const [organisation] = membership
    ? await db.select({ status: organisations.status }).from(organisations).where(eq(organisations.id, membership.organisationId))
    : [];
  if (!membership || organisation?.status !== 'verified') {
    throw apiError(BUYER_ROUTES, 'ACCOUNT_TYPE_NOT_ALLOWED', 403, 'Private label is for members of a verified business organisation.');
  }
  return { organisationId: membership.organisationId, role: membership.role };
}

/** As organisationAccess, and 403 for a member whose role only reads (finance, approver). */
export async function decidingAccess(db: DbOrTx, userId: string): Promise<OrganisationAccess> {
  const access = await organisationAccess(db, userId);
  if (!DECIDING_ROLES.includes(access.role)) {
    throw apiError(BUYER_ROUTES, 'ORGANISATION_ROLE', 403, 'Only an admin or buyer of your organisation may do this.');
  }
  return access;
}

/** The request, or the same 404 whether it does not exist or belongs to another organisation (null: staff). */
export async function findRequest(db: DbOrTx, organisationId: string | null, id: number, lock = false): Promise<PrivateLabelRow> {
  const query = db.select().from(privateLabelRequests)
    .where(and(eq(privateLabelRequests.id, id), organisationId ? eq(privateLabelRequests.organisationId, organisationId) : undefined));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw notFound(PRIVATE_LABEL_NOT_FOUND);
  return row;
}

/** A file of the request, for a member of its organisation or staff who handle private label; 404 for anyone else. */
export async function readableRequest(db: DbOrTx, user: UserRow, id: number): Promise<PrivateLabelRow> {
  if (staffMayUse(user.staffRole, staffAccess.sales)) return findRequest(db, null, id);
  const membership = await membershipOf(db, user.id);
  if (!membership) throw notFound(PRIVATE_LABEL_NOT_FOUND);
  return findRequest(db, membership.organisationId, id);
}
