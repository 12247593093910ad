import { sql } from 'drizzle-orm';
import {
  boolean, check, index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp, unique, uniqueIndex, uuid,
} from 'drizzle-orm/pg-core';
import type { DepartmentAddress } from '../../../contracts/organisation-purchasing.ts';
import { ORDER_REQUEST_STATUSES } from '../../../contracts/organisation-purchasing.ts';
import { organisationMembers } from './organisation-members.ts';
import { organisations } from './organisations.ts';
import { orders } from './orders.ts';
import { users } from './users.ts';

/** A department of an organisation: where its orders go (ship-to), who is invoiced (bill-to), and its cost centre. */
export const organisationDepartments = pgTable('organisation_departments', {
  id: serial('id').primaryKey(),
  organisationId: uuid('organisation_id').notNull().references(() => organisations.id, { onDelete: 'cascade' }),
  name: text('name').notNull(),
  costCentre: text('cost_centre').notNull().default(''),
  billTo: jsonb('bill_to').$type<DepartmentAddress>().notNull(),
  shipTo: jsonb('ship_to').$type<DepartmentAddress[]>().notNull(),
  poRequired: boolean('po_required').notNull().default(false),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [uniqueIndex('organisation_departments_name_key').on(t.organisationId, sql`lower(${t.name})`)]);

/** Which departments a member orders for. */
export const memberDepartments = pgTable('organisation_member_departments', {
  memberId: integer('member_id').notNull().references(() => organisationMembers.id, { onDelete: 'cascade' }),
  departmentId: integer('department_id').notNull().references(() => organisationDepartments.id, { onDelete: 'cascade' }),
}, (t) => [primaryKey({ columns: [t.memberId, t.departmentId] })]);

/**
 * A spending limit in USD cents, per order and per calendar month (either may be null: no limit), for the whole
 * organisation, one member or one department.
 */
export const spendingLimits = pgTable('spending_limits', {
  id: serial('id').primaryKey(),
  organisationId: uuid('organisation_id').notNull().references(() => organisations.id, { onDelete: 'cascade' }),
  memberId: integer('member_id').references(() => organisationMembers.id, { onDelete: 'cascade' }),
  departmentId: integer('department_id').references(() => organisationDepartments.id, { onDelete: 'cascade' }),
  perOrderCents: integer('per_order_cents'),
  perMonthCents: integer('per_month_cents'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  unique('spending_limits_target_key').on(t.organisationId, t.memberId, t.departmentId).nullsNotDistinct(),
  check('spending_limits_one_target', sql`member_id is null or department_id is null`),
  check('spending_limits_positive', sql`(per_order_cents is null or per_order_cents > 0) and (per_month_cents is null or per_month_cents > 0)`),
]);

/** An order placed for an organisation: by which department, under which purchase-order number. */
export const organisationOrders = pgTable('organisation_orders', {
  orderId: uuid('order_id').primaryKey().references(() => orders.id, { onDelete: 'cascade' }),
  organisationId: uuid('organisation_id').notNull().references(() => organisations.id, { onDelete: 'cascade' }),
  departmentId: integer('department_id').references(() => organisationDepartments.id, { onDelete: 'set null' }),
  poNumber: text('po_number').notNull().default(''),
}, (t) => [index('organisation_orders_organisation_idx').on(t.organisationId)]);

/**
 * A checkout above a spending limit, waiting for an approver: the cart's lines and totals as the buyer saw them, and
 * the checkout's details, from which approving places the order. `exceeded` names the limits it went over.
 */
export const orderRequests = pgTable('order_requests', {
  id: serial('id').primaryKey(),
  organisationId: uuid('organisation_id').notNull().references(() => organisations.id, { onDelete: 'cascade' }),
  requestedBy: uuid('requested_by').notNull().references(() => users.id, { onDelete: 'cascade' }),
  departmentId: integer('department_id').references(() => organisationDepartments.id, { onDelete: 'set null' }),
  poNumber: text('po_number').notNull().default(''),
  status: text('status', { enum: ORDER_REQUEST_STATUSES }).notNull().default('pending'),
  lines: jsonb('lines').$type<unknown[]>().notNull(),
  totals: jsonb('totals').$type<Record<string, number>>().notNull(),
  amountCents: integer('amount_cents').notNull(),
  orderDetails: jsonb('order_details').$type<Record<string, unknown>>().notNull(),
  exceeded: jsonb('exceeded').$type<unknown[]>().notNull(),
  idempotencyKey: text('idempotency_key').notNull(),
  reason: text('reason'),
  decidedBy: uuid('decided_by').references(() => users.id, { onDelete: 'set null' }),
  decidedAt: timestamp('decided_at', { withTimezone: true }),
  orderId: uuid('order_id').references(() => orders.id, { onDelete: 'set null' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  index('order_requests_organisation_idx').on(t.organisationId, t.status, t.createdAt),
  uniqueIndex('order_requests_idempotency_key').on(t.requestedBy, t.idempotencyKey),
  check('order_requests_status_check', sql`status in ('pending', 'approved', 'rejected')`),
]);
