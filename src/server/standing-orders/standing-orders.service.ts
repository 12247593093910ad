import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { ProcessPaymentInput } from '#contracts/payment';
import {
  addDays, ELIGIBILITY, MAX_FIRST_RUN_DAYS, runAfter, shopDay, type EligibilityCode, type standingOrderBody, type StandingOrder,
  type StandingOrderRun,
} from '#contracts/standing-orders';
import type { z } from 'zod';
import type { Db } from '../db/client.ts';
import { orders } from '../db/schema/orders.ts';
import { standingOrderRuns, standingOrders } from '../db/schema/standing-orders.ts';
import { badRequest, HttpError, notFound, type FieldErrors } from '../lib/errors.ts';
import { organisationOrderOf } from '../organisation-purchasing/organisation-order.ts';
import { ownList } from '../reorder-lists/reorder-lists.service.ts';
import { standingOrderBuyer } from './standing-order-access.ts';

export type StandingOrderRow = typeof standingOrders.$inferSelect;
type Body = z.output<typeof standingOrderBody>;

export const NO_STANDING_ORDER = 'This list has no standing order.';
const FROM_TOMORROW = 'Choose a date from tomorrow on.';
const WITHIN_A_YEAR = `Choose a date within ${MAX_FIRST_RUN_DAYS} days.`;

/** What `order_details` keeps: the checkout's details for every run, and the day of month monthly runs keep to. */
export interface StoredDetails {
  shippingAddress: ProcessPaymentInput['orderDetails']['shippingAddress'];
  poNumber: string;
  departmentId: number | null;
  monthDay: number;
}

export const storedDetails = (row: StandingOrderRow) => row.orderDetails as unknown as StoredDetails;

/** The details a run's order is placed with, as a checkout by this member would send them. */
export function runOrderDetails(details: StoredDetails): ProcessPaymentInput['orderDetails'] {
  return {
    shippingAddress: details.shippingAddress, shippingOptionId: null, orderType: 'hospital', poNumber: details.poNumber,
    ...(details.departmentId === null ? {} : { departmentId: details.departmentId }),
  };
}

export function standingOrderView(row: StandingOrderRow): StandingOrder {
  const details = storedDetails(row);
  const { email, firstName, lastName, company, address, city, postalCode, country, phone } = details.shippingAddress;
  return {
    list_id: row.listId,
    frequency: row.frequency,
    next_run_on: row.nextRunOn,
    next_run_skipped: row.skipRunOn === row.nextRunOn,
    following_run_on: runAfter(row.nextRunOn, row.frequency, details.monthDay),
    shipping_address: { email, firstName, lastName, company, address, city, postalCode, country, phone },
    department_id: details.departmentId,
    po_number: details.poNumber,
  };
}

/** The list's standing order while it runs (a stopped one is kept for its past runs). */
async function findRow(db: Db, listId: number): Promise<StandingOrderRow | undefined> {
  const [row] = await db.select().from(standingOrders).where(and(eq(standingOrders.listId, listId), isNull(standingOrders.pausedAt)));
  return row;
}

/** The list's standing order, and why its reader may not set one up or change it (null when they may). */
export async function readStandingOrder(db: Db, userId: string, listId: number): Promise<{ standing_order: StandingOrder | null; refused: EligibilityCode | null }> {
  await ownList(db, userId, listId);
  const refused = await standingOrderBuyer(db, userId, listId).then(() => null, (error: unknown) => {
    if (error instanceof HttpError && (ELIGIBILITY as readonly string[]).includes(error.code ?? '')) return error.code as EligibilityCode;
    throw error;
  });
  const row = await findRow(db, listId);
  return { standing_order: row ? standingOrderView(row) : null, refused };
}

const FIELD_NAMES: Record<string, string> = {
  'orderDetails.departmentId': 'department_id', 'orderDetails.shippingAddress': 'shipping_address', 'orderDetails.poNumber': 'po_number',
};

/** The department, address and PO number as the organisation's rules take them at checkout, named as this body names them. */
async function organisationProblems(db: Db, userId: string, details: ProcessPaymentInput['orderDetails']): Promise<FieldErrors> {
  try {
    await organisationOrderOf(db, userId, details);
    return {};
  } catch (error) {
    if (!(error instanceof HttpError) || error.status !== 400 || !error.errors) throw error;
    return Object.fromEntries(Object.entries(error.errors).map(([field, messages]) => [FIELD_NAMES[field] ?? field, messages]));
  }
}

/** Sets the list's standing order up, or changes it: the first run is `first_run_on`, from tomorrow in the shop. */
export async function saveStandingOrder(db: Db, userId: string, listId: number, body: Body, now = new Date()): Promise<StandingOrder> {
  await standingOrderBuyer(db, userId, listId);
  const tomorrow = addDays(shopDay(now), 1);
  const details: StoredDetails = {
    shippingAddress: body.shipping_address, poNumber: body.po_number, departmentId: body.department_id,
    monthDay: Number(body.first_run_on.slice(8, 10)),
  };
  const errors = await organisationProblems(db, userId, runOrderDetails(details));
  if (body.first_run_on < tomorrow) errors.first_run_on = [FROM_TOMORROW];
  else if (body.first_run_on > addDays(tomorrow, MAX_FIRST_RUN_DAYS - 1)) errors.first_run_on = [WITHIN_A_YEAR];
  if (Object.keys(errors).length > 0) throw badRequest(errors);
  const values = {
    userId, departmentId: body.department_id, frequency: body.frequency, nextRunOn: body.first_run_on,
    orderDetails: details as unknown as Record<string, unknown>, pausedAt: null, updatedAt: now,
  };
  // A change that keeps the next run's date keeps its skip and its notice (one notice per run); a new date has neither.
  const sameRun = sql`${standingOrders.pausedAt} is null and ${standingOrders.nextRunOn} = ${body.first_run_on}`;
  const [row] = await db.insert(standingOrders).values({ listId, ...values }).onConflictDoUpdate({
    target: standingOrders.listId,
    set: {
      ...values,
      skipRunOn: sql`case when ${sameRun} then ${standingOrders.skipRunOn} end`,
      noticeSentFor: sql`case when ${sameRun} then ${standingOrders.noticeSentFor} end`,
    },
  }).returning();
  return standingOrderView(row);
}

/** Stops it: no run after this; its past runs stay listed, and setting it up again starts it anew. */
export async function stopStandingOrder(db: Db, userId: string, listId: number): Promise<void> {
  await ownList(db, userId, listId);
  const [row] = await db.update(standingOrders).set({ pausedAt: new Date(), updatedAt: new Date() })
    .where(and(eq(standingOrders.listId, listId), isNull(standingOrders.pausedAt))).returning({ id: standingOrders.id });
  if (!row) throw notFound(NO_STANDING_ORDER);
}

/** Skips the next run, or takes the skip back; the answer names the date. */
export async function skipNextRun(db: Db, userId: string, listId: number, skip: boolean): Promise<{ standing_order: StandingOrder; detail: string }> {
  await standingOrderBuyer(db, userId, listId);
  const current = await findRow(db, listId);
  if (!current) throw notFound(NO_STANDING_ORDER);
  const [row] = await db.update(standingOrders).set({ skipRunOn: skip ? current.nextRunOn : null, updatedAt: new Date() })
    .where(and(eq(standingOrders.id, current.id), eq(standingOrders.nextRunOn, current.nextRunOn))).returning();
  if (!row) return skipNextRun(db, userId, listId, skip);
  const view = standingOrderView(row);
  const detail = skip
    ? `The run on ${view.next_run_on} is skipped: the next order is placed on ${view.following_run_on}.`
    : `The run on ${view.next_run_on} is ordered again.`;
  return { standing_order: view, detail };
}

export async function listRuns(db: Db, userId: string, listId: number): Promise<StandingOrderRun[]> {
  await ownList(db, userId, listId, false);
  const [row] = await db.select({ id: standingOrders.id }).from(standingOrders).where(eq(standingOrders.listId, listId));
  if (!row) return [];
  const runs = await db.select({ run: standingOrderRuns, orderNumber: orders.orderNumber }).from(standingOrderRuns)
    .leftJoin(orders, eq(orders.id, standingOrderRuns.orderId))
    .where(eq(standingOrderRuns.standingOrderId, row.id))
    .orderBy(desc(standingOrderRuns.runOn));
  return runs.map(({ run, orderNumber }) => ({
    id: run.id, run_on: run.runOn, status: run.status, order_id: run.orderId, order_number: orderNumber,
    order_request_id: run.orderRequestId, detail: run.detail,
  }));
}
