import { and, eq, gte, isNull, ne, or, sql } from 'drizzle-orm';
import type { BodyOf } from '#contracts/define';
import { centsToDecimal } from '#contracts/money';
import type { setLimit as setLimitContract, ExceededLimit, SpendingLimit } from '#contracts/organisation-purchasing';
import type { Db, DbOrTx } from '../db/client.ts';
import { organisationMembers } from '../db/schema/organisation-members.ts';
import { organisationDepartments, organisationOrders, spendingLimits } from '../db/schema/organisation-purchasing.ts';
import { orders } from '../db/schema/orders.ts';
import { badRequest } from '../lib/errors.ts';
import type { Membership } from '../organisation-members/membership.ts';
import { requireAdmin } from '../organisation-members/organisation-members.service.ts';

const decimalOrNull = (cents: number | null) => (cents === null ? null : centsToDecimal(cents));

export async function listLimits(db: DbOrTx, organisationId: string): Promise<SpendingLimit[]> {
  const rows = await db.select().from(spendingLimits).where(eq(spendingLimits.organisationId, organisationId))
    .orderBy(sql`${spendingLimits.memberId} nulls first`, sql`${spendingLimits.departmentId} nulls first`);
  return rows.map((row) => ({
    id: row.id, member_id: row.memberId, department_id: row.departmentId,
    per_order: decimalOrNull(row.perOrderCents), per_month: decimalOrNull(row.perMonthCents),
  }));
}

/** Admins only: sets (or, with both amounts null, removes) the limits of the organisation, a member or a department. */
export async function setLimit(db: Db, membership: Membership, body: BodyOf<typeof setLimitContract>): Promise<SpendingLimit[]> {
  requireAdmin(membership);
  const { organisationId } = membership;
  const memberId = body.member_id ?? null;
  const departmentId = body.department_id ?? null;
  if (memberId !== null) {
    const [member] = await db.select({ id: organisationMembers.id }).from(organisationMembers)
      .where(and(eq(organisationMembers.id, memberId), eq(organisationMembers.organisationId, organisationId)));
    if (!member) throw badRequest({ member_id: ['Choose a member of your organisation.'] });
  }
  if (departmentId !== null) {
    const [department] = await db.select({ id: organisationDepartments.id }).from(organisationDepartments)
      .where(and(eq(organisationDepartments.id, departmentId), eq(organisationDepartments.organisationId, organisationId)));
    if (!department) throw badRequest({ department_id: ['Choose a department of your organisation.'] });
  }
  const target = and(
    eq(spendingLimits.organisationId, organisationId),
    memberId === null ? isNull(spendingLimits.memberId) : eq(spendingLimits.memberId, memberId),
    departmentId === null ? isNull(spendingLimits.departmentId) : eq(spendingLimits.departmentId, departmentId),
  );
  if (body.per_order === null && body.per_month === null) {
    await db.delete(spendingLimits).where(target);
  } else {
    const values = { perOrderCents: body.per_order, perMonthCents: body.per_month, updatedAt: new Date() };
    await db.insert(spendingLimits).values({ organisationId, memberId, departmentId, ...values })
      .onConflictDoUpdate({ target: [spendingLimits.organisationId, spendingLimits.memberId, spendingLimits.departmentId], set: values });
  }
  return listLimits(db, organisationId);
}

const monthStart = (now: Date) => new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));

/** What the organisation's orders (of one member, or one department) came to this calendar month (UTC), in USD cents. */
async function spentThisMonth(tx: DbOrTx, organisationId: string, now: Date, scope: { userId?: string; departmentId?: number }) {
  const [row] = await tx.select({ spent: sql<number>`coalesce(sum(${orders.totalCents}), 0)::int` })
    .from(organisationOrders).innerJoin(orders, eq(orders.id, organisationOrders.orderId))
    .where(and(
      eq(organisationOrders.organisationId, organisationId),
      gte(orders.createdAt, monthStart(now)),
      ne(orders.status, 'cancelled'),
      // An order whose payment failed never spent anything.
      or(ne(orders.paymentStatus, 'failed'), isNull(orders.paymentStatus)),
      scope.userId ? eq(orders.userId, scope.userId) : undefined,
      scope.departmentId ? eq(organisationOrders.departmentId, scope.departmentId) : undefined,
    ));
  return Number(row.spent);
}

/**
 * The limits an order of `amountCents` (USD) goes over: the organisation's own, the member's and the department's,
 * each per order and per calendar month. Empty when it may be placed straight away.
 */
export async function limitsExceeded(
  tx: DbOrTx, membership: Membership & { userId: string }, departmentId: number | null, amountCents: number, now: Date,
): Promise<ExceededLimit[]> {
  const rows = await tx.select().from(spendingLimits).where(and(
    eq(spendingLimits.organisationId, membership.organisationId),
    or(
      and(isNull(spendingLimits.memberId), isNull(spendingLimits.departmentId)),
      eq(spendingLimits.memberId, membership.memberId),
      departmentId === null ? undefined : eq(spendingLimits.departmentId, departmentId),
    ),
  ));
  const exceeded: ExceededLimit[] = [];
  for (const row of rows) {
    const scope = row.memberId !== null ? 'member' : row.departmentId !== null ? 'department' : 'organisation';
    if (row.perOrderCents !== null && amountCents > row.perOrderCents) {
      exceeded.push({ scope, period: 'order', limit: centsToDecimal(row.perOrderCents), spent: '0.00' });
    }
    if (row.perMonthCents !== null) {
      const spent = await spentThisMonth(tx, membership.organisationId, now, {
        ...(scope === 'member' ? { userId: membership.userId } : {}),
        ...(scope === 'department' && departmentId !== null ? { departmentId } : {}),
      });
      if (spent + amountCents > row.perMonthCents) {
        exceeded.push({ scope, period: 'month', limit: centsToDecimal(row.perMonthCents), spent: centsToDecimal(spent) });
      }
    }
  }
  return exceeded;
}
