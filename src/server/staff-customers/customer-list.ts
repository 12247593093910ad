import { and, count, desc, eq, exists, inArray, isNotNull, isNull, max, or, sql, type SQL } from 'drizzle-orm';
import type { QueryOf } from '#contracts/define';
import { centsToDecimal } from '#contracts/money';
import { CUSTOMERS_PAGE_SIZE, type CustomerRow, type listCustomers } from '#contracts/staff-customers';
import type { Db } from '../db/client.ts';
import { orders } from '../db/schema/orders.ts';
import { organisationMembers } from '../db/schema/organisation-members.ts';
import { organisations } from '../db/schema/organisations.ts';
import { users } from '../db/schema/users.ts';
import { likePattern } from '../lib/like-pattern.ts';
import { customerOrganisations } from './customer-organisations.ts';
import { licenceState } from './licence-state.ts';
import { lifetimeValues } from './lifetime-value.ts';

/** A customer is any account without a staff role. */
export const isCustomer = isNull(users.staffRole);

/** The customer belongs to, or registered, an organisation whose name matches. */
function organisationNamed(db: Db, pattern: string): SQL {
  const memberOf = db.select({ id: organisationMembers.organisationId }).from(organisationMembers)
    .where(and(eq(organisationMembers.userId, users.id), isNotNull(organisationMembers.joinedAt)));
  return exists(db.select({ one: sql`1` }).from(organisations).where(and(
    sql`${organisations.name} ilike ${pattern}`,
    or(eq(organisations.userId, users.id), inArray(organisations.id, memberOf)),
  )));
}

/** Name, email, organisation or phone (its digits, however it was typed); organisation alone without personal data. */
function searchCondition(db: Db, search: string, personal: boolean): SQL {
  const pattern = likePattern(search);
  const byOrganisation = organisationNamed(db, pattern);
  if (!personal) return byOrganisation;
  const digits = search.replace(/\D/g, '');
  return or(
    byOrganisation,
    sql`(${users.firstName} || ' ' || ${users.lastName}) ilike ${pattern}`,
    sql`${users.email} ilike ${pattern}`,
    digits.length >= 3 ? sql`regexp_replace(${users.phone}, '\\D', '', 'g') like ${likePattern(digits)}` : undefined,
  )!;
}

/** One page of customers, those who ordered last first; personal fields only for `personal`. */
export async function listCustomerRows(db: Db, query: QueryOf<typeof listCustomers>, personal: boolean, now = new Date()) {
  const where = and(
    isCustomer,
    query.account_type ? eq(users.accountType, query.account_type) : undefined,
    query.search ? searchCondition(db, query.search, personal) : undefined,
  );
  const placed = db.select({ userId: orders.userId, count: count().as('orders_count'), lastAt: max(orders.createdAt).as('last_order_at') })
    .from(orders).groupBy(orders.userId).as('placed');
  const lifetime = lifetimeValues(db);
  const [[{ total }], rows] = await Promise.all([
    db.select({ total: count() }).from(users).where(where),
    db.select({
      id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email, accountType: users.accountType,
      deactivatedAt: users.deactivatedAt, ordersCount: placed.count, lastOrderAt: placed.lastAt, lifetimeCents: lifetime.cents,
    }).from(users)
      .leftJoin(placed, eq(placed.userId, users.id))
      .leftJoin(lifetime, eq(lifetime.userId, users.id))
      .where(where)
      .orderBy(sql`${placed.lastAt} desc nulls last`, desc(users.createdAt), users.id)
      .limit(CUSTOMERS_PAGE_SIZE).offset((query.page - 1) * CUSTOMERS_PAGE_SIZE),
  ]);
  const [organisationsOf, states] = await Promise.all([
    customerOrganisations(db, rows.map((row) => row.id)),
    Promise.all(rows.map((row) => licenceState(db, row.id, now))),
  ]);
  const customers = rows.map((row, index): CustomerRow => {
    const [organisation] = organisationsOf.get(row.id) ?? [];
    return {
      id: row.id,
      name: personal ? `${row.firstName} ${row.lastName}`.trim() : null,
      email: personal ? row.email : null,
      account_type: row.accountType,
      deactivated: row.deactivatedAt !== null,
      organisation: organisation ? { id: organisation.id, name: organisation.name } : null,
      licence_state: states[index],
      orders_count: row.ordersCount ?? 0,
      lifetime_value: centsToDecimal(row.lifetimeCents ?? 0),
      last_order_at: row.lastOrderAt ? new Date(row.lastOrderAt).toISOString() : null,
    };
  });
  return { customers, count: total, totalPages: Math.max(Math.ceil(total / CUSTOMERS_PAGE_SIZE), 1) };
}
