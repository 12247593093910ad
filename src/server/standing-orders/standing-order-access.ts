import { eq } from 'drizzle-orm';
import { putStandingOrder, skipStandingOrderRun } from '#contracts/standing-orders';
import type { Db } from '../db/client.ts';
import { organisations } from '../db/schema/organisations.ts';
import { apiError } from '../lib/errors.ts';
import { membershipOf, type Membership } from '../organisation-members/membership.ts';
import { ownList } from '../reorder-lists/reorder-lists.service.ts';

const REFUSING = [putStandingOrder, skipStandingOrderRun] as const;

export const NOT_A_MEMBER = 'Standing orders are for members of a verified organisation that pays by invoice.';
export const NOT_VERIFIED_YET = 'Standing orders start once the shop has verified your organisation.';
export const NO_TERMS = 'Standing orders are placed on invoice terms: ask your account manager to approve your organisation for them.';
export const FINANCE_DOES_NOT_SCHEDULE = "Finance members read the organisation's orders; they do not set up standing orders.";

/**
 * Who may order a list on a schedule: someone the reorder lists let use the list (404 as for a missing list
 * otherwise), who orders for a verified organisation on invoice terms (403 or 409 saying why not). Asked when a
 * standing order is set up or skipped, and again before every run.
 */
export async function standingOrderBuyer(db: Db, userId: string, listId: number): Promise<{ listName: string; membership: Membership }> {
  const list = await ownList(db, userId, listId);
  const membership = await membershipOf(db, userId);
  if (!membership) throw apiError(REFUSING, 'INVOICE_NOT_ALLOWED', 403, NOT_A_MEMBER);
  if (membership.role === 'finance') throw apiError(REFUSING, 'ORGANISATION_ROLE', 403, FINANCE_DOES_NOT_SCHEDULE);
  const [organisation] = await db.select().from(organisations).where(eq(organisations.id, membership.organisationId));
  if (organisation.status !== 'verified') throw apiError(REFUSING, 'NOT_VERIFIED', 409, NOT_VERIFIED_YET);
  if (organisation.paymentTerms === 'none' || organisation.creditLimitCents <= 0) {
    throw apiError(REFUSING, 'INVOICE_NOT_ALLOWED', 403, NO_TERMS);
  }
  return { listName: list.name, membership };
}
