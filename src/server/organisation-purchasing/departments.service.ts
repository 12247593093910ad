import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { BodyOf } from '#contracts/define';
import type { createDepartment as createDepartmentContract, Department } from '#contracts/organisation-purchasing';
import type { Db, DbOrTx } from '../db/client.ts';
import { organisationMembers } from '../db/schema/organisation-members.ts';
import { memberDepartments, organisationDepartments } from '../db/schema/organisation-purchasing.ts';
import { organisations } from '../db/schema/organisations.ts';
import { badRequest, notFound, type FieldErrors } from '../lib/errors.ts';
import type { Membership } from '../organisation-members/membership.ts';
import { requireAdmin } from '../organisation-members/organisation-members.service.ts';

export type DepartmentRow = typeof organisationDepartments.$inferSelect;

export async function departmentsAnswer(db: DbOrTx, organisationId: string): Promise<{ departments: Department[]; po_required: boolean }> {
  const [[organisation], rows, assignments] = await Promise.all([
    db.select({ poRequired: organisations.poRequired }).from(organisations).where(eq(organisations.id, organisationId)),
    db.select().from(organisationDepartments).where(eq(organisationDepartments.organisationId, organisationId))
      .orderBy(asc(sql`lower(${organisationDepartments.name})`)),
    db.select({ memberId: memberDepartments.memberId, departmentId: memberDepartments.departmentId }).from(memberDepartments)
      .innerJoin(organisationDepartments, eq(organisationDepartments.id, memberDepartments.departmentId))
      .where(eq(organisationDepartments.organisationId, organisationId)).orderBy(asc(memberDepartments.memberId)),
  ]);
  return {
    po_required: organisation?.poRequired ?? false,
    departments: rows.map((row) => ({
      id: row.id,
      name: row.name,
      cost_centre: row.costCentre,
      bill_to: row.billTo,
      ship_to: row.shipTo,
      po_required: row.poRequired,
      member_ids: assignments.filter((a) => a.departmentId === row.id).map((a) => a.memberId),
    })),
  };
}

type DepartmentBody = BodyOf<typeof createDepartmentContract>;

/**
 * What creating and updating a department both check, in the write's transaction: the organisation's row is locked
 * first, so its departments are written one at a time and a name found free stays free until the write commits; the
 * name must be free among its other departments (case aside) and every member assigned one of its own. Answers the
 * member ids, each once.
 */
async function checkDepartment(tx: DbOrTx, organisationId: string, input: DepartmentBody, departmentId?: number): Promise<number[]> {
  await tx.select({ id: organisations.id }).from(organisations).where(eq(organisations.id, organisationId)).for('update');
  const memberIds = [...new Set(input.member_ids)];
  const [found, [clash]] = await Promise.all([
    memberIds.length === 0 ? [] : tx.select({ id: organisationMembers.id }).from(organisationMembers)
      .where(and(eq(organisationMembers.organisationId, organisationId), inArray(organisationMembers.id, memberIds))),
    tx.select({ id: organisationDepartments.id }).from(organisationDepartments).where(and(
      eq(organisationDepartments.organisationId, organisationId),
      sql`lower(${organisationDepartments.name}) = lower(${input.name})`,
      departmentId === undefined ? undefined : ne(organisationDepartments.id, departmentId),
    )),
  ]);
  const errors: FieldErrors = {};
  if (clash) errors.name = ['Your organisation already has a department of this name.'];
  if (found.length !== memberIds.length) errors.member_ids = ['Choose members of your organisation.'];
  if (Object.keys(errors).length > 0) throw badRequest(errors);
  return memberIds;
}

const departmentValues = (input: DepartmentBody) => ({
  name: input.name, costCentre: input.cost_centre, billTo: input.bill_to, shipTo: input.ship_to, poRequired: input.po_required,
});

const assign = async (tx: DbOrTx, departmentId: number, memberIds: number[]) => {
  if (memberIds.length > 0) await tx.insert(memberDepartments).values(memberIds.map((memberId) => ({ memberId, departmentId })));
};

/** A new department with its addresses and members; the members must be the organisation's own. */
export async function createDepartment(db: Db, membership: Membership, input: DepartmentBody) {
  requireAdmin(membership);
  await db.transaction(async (tx) => {
    const memberIds = await checkDepartment(tx, membership.organisationId, input);
    const [row] = await tx.insert(organisationDepartments).values({ organisationId: membership.organisationId, ...departmentValues(input) })
      .returning();
    await assign(tx, row.id, memberIds);
  });
  return departmentsAnswer(db, membership.organisationId);
}

/**
 * Replaces a department of the admin's organisation whole: its name, cost centre, addresses, PO rule and members (one
 * left out no longer orders for it). A department of another organisation is unknown (404), to admins and others alike.
 */
export async function updateDepartment(db: Db, membership: Membership, departmentId: number, input: DepartmentBody) {
  await db.transaction(async (tx) => {
    const [department] = await tx.select({ id: organisationDepartments.id }).from(organisationDepartments)
      .where(and(eq(organisationDepartments.id, departmentId), eq(organisationDepartments.organisationId, membership.organisationId)));
    if (!department) throw notFound('Unknown department.');
    requireAdmin(membership);
    const memberIds = await checkDepartment(tx, membership.organisationId, input, departmentId);
    await tx.update(organisationDepartments).set(departmentValues(input)).where(eq(organisationDepartments.id, departmentId));
    await tx.delete(memberDepartments).where(eq(memberDepartments.departmentId, departmentId));
    await assign(tx, departmentId, memberIds);
  });
  return departmentsAnswer(db, membership.organisationId);
}

export async function setPoRule(db: Db, membership: Membership, required: boolean) {
  requireAdmin(membership);
  await db.update(organisations).set({ poRequired: required, updatedAt: new Date() }).where(eq(organisations.id, membership.organisationId));
  return departmentsAnswer(db, membership.organisationId);
}

/** The departments a member orders for. */
export async function departmentsOf(db: DbOrTx, memberId: number): Promise<DepartmentRow[]> {
  return db.select({ department: organisationDepartments }).from(memberDepartments)
    .innerJoin(organisationDepartments, eq(organisationDepartments.id, memberDepartments.departmentId))
    .where(eq(memberDepartments.memberId, memberId)).then((rows) => rows.map((row) => row.department));
}
