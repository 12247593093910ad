import { and, asc, desc, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { StockAlert } from '#contracts/inventory';
import type { Db } from '../db/client.ts';
import { products, productVariants } from '../db/schema/catalog.ts';
import { inventoryAlerts } from '../db/schema/inventory-alerts.ts';
import { inventoryItems, stockMovements } from '../db/schema/inventory.ts';
import { notFound } from '../lib/errors.ts';
import { withVariantLabels } from '../catalog/variants.ts';

const available = sql`(${inventoryItems.currentStock} - ${inventoryItems.reservedStock})`;
/** 'out' at 0 available, 'low' at or under the threshold, otherwise null. */
const alertKind = sql<'low' | 'out' | null>`case when ${available} <= 0 then 'out'
  when ${available} <= ${inventoryItems.lowStockThreshold} then 'low' end`;

/**
 * When the variant's available stock last fell to the alert's limit (0 for out of stock, the threshold for low),
 * read from the ledger: the time of the latest movement that took it from above the limit to at or under it (or
 * the first movement, when that already left it there). Null without movements. Reserve and release movements
 * record the change to reserved stock, so they move available stock the other way.
 */
const crossedAt = sql`(
  select max(l.created_at) from (
    select m.created_at, sum(m.delta) over running as after, m.delta, row_number() over running as n
    from (select sm.id, sm.created_at,
        case when sm.kind in ('reserve', 'release') then -sm.quantity else sm.quantity end as delta
      from ${stockMovements} sm where sm.variant_id = i.variant_id) m
    window running as (order by m.created_at, m.id)) l
  where l.after <= i.limit_units and (l.n = 1 or l.after - l.delta > i.limit_units))`;

/**
 * Brings the open alerts of these variants (all variants when omitted) in line with their stock now: an alert
 * whose condition ended (or changed between low and out) is resolved, and a variant low or out without an open
 * alert gets one. Idempotent, so it is safe after every movement and from several processes.
 */
export async function evaluateAlerts(db: Db, variantIds?: number[], now = new Date()): Promise<void> {
  if (variantIds && variantIds.length === 0) return;
  const forItems = variantIds ? inArray(inventoryItems.variantId, variantIds) : undefined;
  await db.update(inventoryAlerts).set({ resolvedAt: now })
    .from(inventoryItems)
    .where(and(
      eq(inventoryAlerts.variantId, inventoryItems.variantId),
      isNull(inventoryAlerts.resolvedAt),
      forItems,
      sql`${inventoryAlerts.kind} is distinct from ${alertKind}`,
    ));
  await db.execute(sql`insert into ${inventoryAlerts} (variant_id, kind, opened_at)
    select i.variant_id, i.kind, coalesce(${crossedAt}, ${now.toISOString()}::timestamptz)
    from (select ${inventoryItems.variantId} as variant_id, ${alertKind} as kind,
        case when ${alertKind} = 'out' then 0 else ${inventoryItems.lowStockThreshold} end as limit_units
      from ${inventoryItems}
      where ${and(forItems, sql`${alertKind} is not null`)}
        and not exists (select 1 from ${inventoryAlerts} a where a.variant_id = ${inventoryItems.variantId} and a.resolved_at is null)) i
    on conflict do nothing`);
}

const alertColumns = {
  id: inventoryAlerts.id,
  productId: productVariants.productId,
  variantId: inventoryAlerts.variantId,
  productSlug: products.slug,
  productName: products.name,
  kind: inventoryAlerts.kind,
  currentStock: inventoryItems.currentStock,
  reservedStock: inventoryItems.reservedStock,
  lowStockThreshold: inventoryItems.lowStockThreshold,
  openedAt: inventoryAlerts.openedAt,
  acknowledgedAt: inventoryAlerts.acknowledgedAt,
};

type AlertRow = Awaited<ReturnType<typeof openAlerts>>[number];

async function toAlerts(db: Db, rows: AlertRow[]): Promise<StockAlert[]> {
  return (await withVariantLabels(db, rows)).map((row) => ({
    id: row.id,
    productId: row.productId,
    variantId: row.variantId,
    variantLabel: row.variantLabel,
    productSlug: row.productSlug,
    productName: row.productName,
    kind: row.kind,
    availableStock: row.currentStock - row.reservedStock,
    lowStockThreshold: row.lowStockThreshold,
    openedAt: row.openedAt.toISOString(),
    acknowledged: row.acknowledgedAt !== null,
    acknowledgedAt: row.acknowledgedAt?.toISOString() ?? null,
  }));
}

function openAlerts(db: Db, where?: SQL) {
  return db.select(alertColumns).from(inventoryAlerts)
    .innerJoin(productVariants, eq(productVariants.id, inventoryAlerts.variantId))
    .innerJoin(products, eq(products.id, productVariants.productId))
    .innerJoin(inventoryItems, eq(inventoryItems.variantId, inventoryAlerts.variantId))
    .where(and(isNull(inventoryAlerts.resolvedAt), where));
}

/**
 * Open alerts, out of stock first, then newest. Stock can also change without a movement hook (the seed, a
 * database restore), so every variant is evaluated first: the list always matches the stock of this moment.
 */
export async function listOpenAlerts(db: Db): Promise<StockAlert[]> {
  await evaluateAlerts(db);
  const rows = await openAlerts(db).orderBy(desc(sql`${inventoryAlerts.kind} = 'out'`), desc(inventoryAlerts.openedAt), asc(inventoryAlerts.id));
  return toAlerts(db, rows);
}

export async function acknowledgeAlert(db: Db, alertId: number, userId: string, now = new Date()): Promise<StockAlert> {
  await db.update(inventoryAlerts).set({ acknowledgedAt: now, acknowledgedBy: userId })
    .where(and(eq(inventoryAlerts.id, alertId), isNull(inventoryAlerts.resolvedAt), isNull(inventoryAlerts.acknowledgedAt)));
  const [row] = await openAlerts(db, eq(inventoryAlerts.id, alertId));
  if (!row) throw notFound('Alert not found or already resolved.');
  const [alert] = await toAlerts(db, [row]);
  return alert;
}
