import { and, count, desc, eq } from 'drizzle-orm';
import { centsToDecimal } from '#contracts/money';
import { CUSTOMER_ORDERS_SHOWN, type CustomerDetail } from '#contracts/staff-customers';
import type { Db } from '../db/client.ts';
import { licences } from '../db/schema/licences.ts';
import { orders } from '../db/schema/orders.ts';
import { returns } from '../db/schema/returns.ts';
import { users } from '../db/schema/users.ts';
import { notFound } from '../lib/errors.ts';
import { isExpired, isValidLicence } from '../licences/licence-view.ts';
import { creditBalance } from '../store-credit/store-credit-payer.ts';
import { isCustomer } from './customer-list.ts';
import { notesOf } from './customer-notes.ts';
import { customerOrganisations } from './customer-organisations.ts';
import { licenceState } from './licence-state.ts';
import { lifetimeValues } from './lifetime-value.ts';

export const CUSTOMER_NOT_FOUND = 'Customer not found.';

/** The account of a customer (404 for an unknown one or a member of staff). */
export async function customerById(db: Db, id: string) {
  const [row] = await db.select().from(users).where(and(eq(users.id, id), isCustomer));
  if (!row) throw notFound(CUSTOMER_NOT_FOUND);
  return row;
}

/** Everything staff know of one customer; personal fields only for `personal`. */
export async function customerDetail(db: Db, id: string, personal: boolean, now = new Date()): Promise<CustomerDetail> {
  const user = await customerById(db, id);
  const lifetime = lifetimeValues(db);
  const [organisationsOf, state, documents, orderRows, [{ total }], returnRows, [value], notes, balance] = await Promise.all([
    customerOrganisations(db, [id]),
    licenceState(db, id, now),
    db.select().from(licences).where(eq(licences.userId, id)).orderBy(desc(licences.createdAt), desc(licences.id)),
    db.select().from(orders).where(eq(orders.userId, id)).orderBy(desc(orders.createdAt), desc(orders.id)).limit(CUSTOMER_ORDERS_SHOWN),
    db.select({ total: count() }).from(orders).where(eq(orders.userId, id)),
    db.select({ rma: returns.rma, status: returns.status, createdAt: returns.createdAt, orderNumber: orders.orderNumber })
      .from(returns).innerJoin(orders, eq(orders.id, returns.orderId))
      .where(eq(returns.userId, id)).orderBy(desc(returns.createdAt), desc(returns.id)),
    db.select({ cents: lifetime.cents }).from(lifetime).where(eq(lifetime.userId, id)),
    notesOf(db, id),
    creditBalance(db, { userId: id }),
  ]);
  const organisationList = organisationsOf.get(id) ?? [];
  const buysFor = organisationList.find((organisation) => organisation.role !== null);
  return {
    id,
    account_type: user.accountType,
    deactivated: user.deactivatedAt !== null,
    joined_at: user.createdAt.toISOString(),
    profile: personal ? {
      name: `${user.firstName} ${user.lastName}`.trim(),
      email: user.email,
      email_verified: user.isVerified,
      phone: user.phone,
      address: user.address,
      specialty: user.specialty,
      hospital_name: user.hospitalName,
      licence_number: user.licenseNumber,
    } : null,
    organisations: organisationList,
    licence: {
      state,
      documents: documents.map((row) => ({
        id: row.id,
        licence_type: row.licenceType,
        licence_number: personal ? row.licenceNumber : null,
        status: row.status,
        expires_on: row.expiresOn,
        is_valid: isValidLicence(row, now),
        is_expired: isExpired(row, now),
      })),
    },
    orders: orderRows.map((row) => ({
      id: row.id,
      order_number: row.orderNumber,
      created_at: row.createdAt.toISOString(),
      status: row.status,
      payment_status: row.paymentStatus,
      total: centsToDecimal(row.totalCents),
    })),
    orders_count: total,
    returns: returnRows.map((row) => ({
      rma: row.rma, order_number: row.orderNumber, status: row.status, created_at: row.createdAt.toISOString(),
    })),
    store_credit: {
      balance: centsToDecimal(balance),
      organisation_balance: buysFor ? centsToDecimal(await creditBalance(db, { organisationId: buysFor.id })) : null,
    },
    lifetime_value: centsToDecimal(value?.cents ?? 0),
    notes,
  };
}
