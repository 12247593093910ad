import { eq, inArray } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { AuditedEntity } from '#contracts/audit';
import type { Db } from '../db/client.ts';
import { categories, flashSales, products, productVariants } from '../db/schema/catalog.ts';
import { inventoryAlerts } from '../db/schema/inventory-alerts.ts';
import { licences } from '../db/schema/licences.ts';
import { mailOutbox } from '../db/schema/mail-outbox.ts';
import { orders } from '../db/schema/orders.ts';
import { orderInvoices, organisations } from '../db/schema/organisations.ts';
import { promoCodes } from '../db/schema/promo.ts';
import { quotes } from '../db/schema/quotes.ts';
import { requestNumber } from '../private-label/private-label-view.ts';
import { recallNotices, recalls } from '../db/schema/recalls.ts';
import { shippingMethods, shippingZones } from '../db/schema/shipping.ts';
import { users } from '../db/schema/users.ts';

/** Names records of one kind by id, as a person knows them. */
type Lookup = (db: Db, ids: string[]) => Promise<[string, string][]>;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const serialIds = (ids: string[]) => ids.filter((id) => /^\d{1,9}$/.test(id)).map(Number);
const uuidIds = (ids: string[]) => ids.filter((id) => UUID.test(id));
const lots = (numbers: string[]) => `lot ${numbers.join(', ')}`;

/** The `name` column of the rows of `table` whose `key` (a serial or a uuid) is among the ids. */
const column = (table: PgTable, key: PgColumn, name: PgColumn, keys: 'serial' | 'uuid'): Lookup =>
  async (db, ids) => {
    const wanted = keys === 'serial' ? serialIds(ids) : uuidIds(ids);
    if (wanted.length === 0) return [];
    const rows = await db.select({ id: key, name }).from(table).where(inArray(key, wanted));
    return rows.map((row) => [String(row.id), String(row.name)]);
  };

/** Rows that point at a variant: named by its product and catalogue number, 'Kelly Hemostat (KH-14)'. */
const ofVariant = (table: PgTable, key: PgColumn, variantId: PgColumn): Lookup => async (db, ids) => {
  const wanted = serialIds(ids);
  if (wanted.length === 0) return [];
  const rows = await db.select({ id: key, name: products.name, model: productVariants.modelNumber }).from(table)
    .innerJoin(productVariants, eq(productVariants.id, variantId)).innerJoin(products, eq(products.id, productVariants.productId))
    .where(inArray(key, wanted));
  return rows.map((row) => [String(row.id), `${row.name} (${row.model})`]);
};

const productName = column(products, products.id, products.name, 'serial');

const LOOKUPS: Record<AuditedEntity, Lookup> = {
  product: productName,
  product_stock: productName,
  product_price_tiers: productName,
  category: column(categories, categories.id, categories.name, 'serial'),
  flash_sale: ofVariant(flashSales, flashSales.id, flashSales.variantId),
  promo_code: column(promoCodes, promoCodes.id, promoCodes.code, 'serial'),
  exchange_rate: async (_db, ids) => ids.map((id) => [id, `USD → ${id}`]),
  shipping_zone: column(shippingZones, shippingZones.id, shippingZones.name, 'serial'),
  shipping_method: column(shippingMethods, shippingMethods.id, shippingMethods.name, 'serial'),
  order: column(orders, orders.id, orders.orderNumber, 'uuid'),
  invoice: async (db, ids) => {
    const wanted = uuidIds(ids);
    if (wanted.length === 0) return [];
    const rows = await db.select({ id: orderInvoices.orderId, number: orders.orderNumber }).from(orderInvoices)
      .innerJoin(orders, eq(orders.id, orderInvoices.orderId)).where(inArray(orderInvoices.orderId, wanted));
    return rows.map((row) => [row.id, row.number]);
  },
  quote: column(quotes, quotes.id, quotes.number, 'uuid'),
  private_label_request: async (_db, ids) => serialIds(ids).map((id) => [String(id), requestNumber(id)]),
  recall: async (db, ids) => {
    const named = new Map(await ofVariant(recalls, recalls.id, recalls.variantId)(db, ids));
    const wanted = serialIds(ids);
    if (wanted.length === 0) return [];
    const rows = await db.select({ id: recalls.id, lots: recalls.lotNumbers }).from(recalls).where(inArray(recalls.id, wanted));
    return rows.map((row) => [String(row.id), `${named.get(String(row.id))} · ${lots(row.lots)}`]);
  },
  recall_notice: async (db, ids) => {
    const wanted = serialIds(ids);
    if (wanted.length === 0) return [];
    const rows = await db.select({ id: recallNotices.id, number: orders.orderNumber, lots: recallNotices.lotNumbers }).from(recallNotices)
      .innerJoin(orders, eq(orders.id, recallNotices.orderId)).where(inArray(recallNotices.id, wanted));
    return rows.map((row) => [String(row.id), `${row.number} · ${lots(row.lots)}`]);
  },
  // Kept under its RMA number, which names it.
  return: async (_db, ids) => ids.map((id) => [id, id]),
  // One policy: the entity's name says all there is.
  return_policy: async () => [],
  cart_reminders: async () => [],
  inventory_alert: ofVariant(inventoryAlerts, inventoryAlerts.id, inventoryAlerts.variantId),
  organisation: column(organisations, organisations.id, organisations.name, 'uuid'),
  licence: column(licences, licences.id, licences.licenceNumber, 'serial'),
  // Named by who they are, which the trail leaves out for every role but the owner.
  customer: async () => [],
  user: column(users, users.id, users.email, 'uuid'),
  mail: column(mailOutbox, mailOutbox.id, mailOutbox.subject, 'serial'),
};

const isAudited = (entity: string): entity is AuditedEntity => Object.hasOwn(LOOKUPS, entity);

/** Fields of a kept record that name it, for one that no longer exists. */
const NAMING_FIELDS = ['name', 'orderNumber', 'number', 'code', 'licenceNumber', 'subject'];

function nameInSnapshot(snapshot: unknown): string | null {
  if (typeof snapshot !== 'object' || snapshot === null || Array.isArray(snapshot)) return null;
  const record = snapshot as Record<string, unknown>;
  const field = NAMING_FIELDS.find((name) => typeof record[name] === 'string' && record[name]);
  return field ? record[field] as string : null;
}

export interface Labelled {
  entity: string;
  entityId: string;
  before: unknown;
  after: unknown;
}

/**
 * A name for each entry's record, as staff know it: a product's name, an order's or quote's number, a lot, a
 * licence number. Read from the record as it is now, else from the entry's own copy of it; null when neither has one.
 */
export async function auditLabels(db: Db, entries: Labelled[]): Promise<(string | null)[]> {
  const idsByEntity = new Map<AuditedEntity, Set<string>>();
  for (const entry of entries) {
    if (isAudited(entry.entity)) idsByEntity.set(entry.entity, (idsByEntity.get(entry.entity) ?? new Set()).add(entry.entityId));
  }
  const found = new Map<string, string>();
  await Promise.all([...idsByEntity].map(async ([entity, ids]) => {
    for (const [id, label] of await LOOKUPS[entity](db, [...ids])) found.set(`${entity}:${id}`, label);
  }));
  return entries.map((entry) => found.get(`${entry.entity}:${entry.entityId}`) ?? nameInSnapshot(entry.after) ?? nameInSnapshot(entry.before));
}
