import { eq, inArray } from 'drizzle-orm';
import * as contracts from '#contracts/reorder-lists';
import type { Db } from '../db/client.ts';
import { organisationDepartments } from '../db/schema/organisation-purchasing.ts';
import type { reorderLists } from '../db/schema/reorder-lists.ts';
import { apiError } from '../lib/errors.ts';
import { membershipOf, type Membership } from '../organisation-members/membership.ts';
import { FINANCE_DOES_NOT_ORDER } from '../organisation-purchasing/organisation-order.ts';
import { departmentsOf } from '../organisation-purchasing/departments.service.ts';

type ListRow = typeof reorderLists.$inferSelect;

/** Every route that changes a list or reorders from it. */
const CHANGING = [
  contracts.renameReorderList, contracts.deleteReorderList, contracts.addReorderListItem, contracts.updateReorderListItem,
  contracts.removeReorderListItem, contracts.swapReorderListItem, contracts.reorderFromList,
] as const;

/** Whose order guides a person keeps: their organisation's departments they are assigned to, all of them for an admin. */
export interface GuideKeeper {
  membership: Membership | null;
  /** The departments whose guides they see. */
  seen: number[];
  /** The departments they order for, and may start a guide for: none for a finance member. */
  orderFor: number[];
}

export async function guideKeeperOf(db: Db, userId: string): Promise<GuideKeeper> {
  const membership = await membershipOf(db, userId);
  if (!membership) return { membership, seen: [], orderFor: [] };
  const own = (await departmentsOf(db, membership.memberId)).map((department) => department.id);
  const seen = membership.role === 'admin'
    ? (await db.select({ id: organisationDepartments.id }).from(organisationDepartments)
      .where(eq(organisationDepartments.organisationId, membership.organisationId))).map((row) => row.id)
    : own;
  return { membership, seen, orderFor: membership.role === 'finance' ? [] : own };
}

/**
 * Whether the person may see the list: their own, or an order guide of a department they see (a guide is the
 * department's: whoever started it keeps it only while they order for it). A finance member who sees a guide only
 * reads it: asked to change it, they are refused with 403 ORGANISATION_ROLE.
 */
export async function mayKeep(db: Db, userId: string, list: ListRow, change: boolean): Promise<boolean> {
  if (list.departmentId === null) return list.userId === userId;
  const keeper = await guideKeeperOf(db, userId);
  const seen = keeper.seen.includes(list.departmentId);
  if (seen && change && keeper.membership?.role === 'finance') {
    throw apiError(CHANGING, 'ORGANISATION_ROLE', 403, FINANCE_DOES_NOT_ORDER);
  }
  return seen;
}

/** The departments' names by id. */
export async function departmentNames(db: Db, ids: number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db.select({ id: organisationDepartments.id, name: organisationDepartments.name }).from(organisationDepartments)
    .where(inArray(organisationDepartments.id, ids));
  return new Map(rows.map((row) => [row.id, row.name]));
}
