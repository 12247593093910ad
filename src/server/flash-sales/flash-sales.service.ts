import { and, asc, eq, gt, lt, ne, sql } from 'drizzle-orm';
import { centsToDecimal, dollarsToCents } from '#contracts/money';
import {
  createFlashSale, endFlashSale, updateFlashSale, type FlashSaleBody, type StaffFlashSale,
} from '#contracts/flash-sales';
import type { Db, DbOrTx } from '../db/client.ts';
import { flashSales, products, productVariants } from '../db/schema/catalog.ts';
import { inventoryItems } from '../db/schema/inventory.ts';
import { resolveVariant, variantLabels } from '../catalog/variants.ts';
import { apiError, badRequest, notFound, type FieldErrors } from '../lib/errors.ts';
import { saleCounts, soldUnits } from './flash-sale-counts.ts';

/** Ended sales listed after the live ones. */
const ENDED_SHOWN = 30;

const saleColumns = {
  sale: flashSales,
  productId: products.id,
  productSlug: products.slug,
  productName: products.name,
  productModel: productVariants.modelNumber,
  listPriceCents: productVariants.priceCents,
  available: sql<number>`coalesce(${inventoryItems.currentStock} - ${inventoryItems.reservedStock}, 0)::int`,
  sold: soldUnits,
};

function saleQuery(db: Db) {
  return db.select(saleColumns).from(flashSales)
    .innerJoin(productVariants, eq(productVariants.id, flashSales.variantId))
    .innerJoin(products, eq(products.id, productVariants.productId))
    .leftJoin(inventoryItems, eq(inventoryItems.variantId, flashSales.variantId));
}

type SaleRow = Awaited<ReturnType<ReturnType<typeof saleQuery>['where']>>[number];

async function saleViews(db: Db, rows: SaleRow[], now: Date): Promise<StaffFlashSale[]> {
  const labels = await variantLabels(db, rows.map((row) => row.sale.variantId));
  return rows.map((row) => saleView(row, labels.get(row.sale.variantId) ?? '', now));
}

function saleView(row: SaleRow, variantLabel: string, now: Date): StaffFlashSale {
  const { sale } = row;
  const counts = saleCounts(sale, Number(row.sold), Number(row.available));
  return {
    id: sale.id,
    productId: row.productId,
    variantId: sale.variantId,
    variantLabel,
    productSlug: row.productSlug,
    productName: row.productName,
    productModel: row.productModel,
    listPrice: centsToDecimal(row.listPriceCents),
    salePrice: centsToDecimal(sale.salePriceCents),
    startsAt: sale.startsAt.toISOString(),
    endsAt: sale.endsAt.toISOString(),
    units: sale.units,
    claimedUnits: sale.claimedUnits,
    soldCount: counts.soldCount,
    availableStock: counts.availableStock,
    state: sale.endsAt <= now ? 'ended' : sale.startsAt > now ? 'scheduled' : 'running',
  };
}

async function findSale(db: Db, id: number, now: Date): Promise<StaffFlashSale> {
  const [row] = await saleQuery(db).where(eq(flashSales.id, id));
  if (!row) throw notFound('Flash sale not found.');
  return (await saleViews(db, [row], now))[0];
}

/** Running and scheduled sales, soonest ending first, then the most recently ended ones. */
export async function listStaffSales(db: Db, now = new Date()): Promise<StaffFlashSale[]> {
  const [live, ended] = await Promise.all([
    saleQuery(db).where(gt(flashSales.endsAt, now)).orderBy(asc(flashSales.endsAt), asc(flashSales.id)),
    saleQuery(db).where(sql`${flashSales.endsAt} <= ${now.toISOString()}`).orderBy(sql`${flashSales.endsAt} desc`).limit(ENDED_SHOWN),
  ]);
  return saleViews(db, [...live, ...ended], now);
}

interface SaleValues {
  variantId: number;
  salePriceCents: number;
  startsAt: Date;
  endsAt: Date;
  units: number | null;
}

/**
 * The rules the contract cannot check alone (400 per field, all at once): the product exists and the variant is one
 * of its own (or left out for a product with one variant), the sale price is below the variant's list price, a
 * changed sale keeps at least the units already claimed and the variant its orders were priced for. Then 409 when the
 * window overlaps another sale of the variant. The variant row stays locked until the caller commits.
 */
async function checkedValues(tx: DbOrTx, body: FlashSaleBody, current?: typeof flashSales.$inferSelect): Promise<SaleValues> {
  const errors: FieldErrors = {};
  const variant = await resolveVariant(tx, body.productId, body.variantId, 'variantId');
  if (!variant) throw badRequest({ productId: ['Choose a product.'] });
  const [locked] = await tx.select({ priceCents: productVariants.priceCents }).from(productVariants)
    .where(eq(productVariants.id, variant.id)).for('update');
  const values: SaleValues = {
    variantId: variant.id,
    salePriceCents: dollarsToCents(Number(body.salePrice)),
    startsAt: new Date(body.startsAt),
    endsAt: new Date(body.endsAt),
    units: body.units ?? null,
  };
  if (values.salePriceCents >= locked.priceCents) {
    errors.salePrice = [`The sale price must be below the list price (${centsToDecimal(locked.priceCents)}).`];
  }
  if (current && current.claimedUnits > 0) {
    if (values.variantId !== current.variantId) {
      const [priced] = await tx.select({ productId: productVariants.productId }).from(productVariants).where(eq(productVariants.id, current.variantId));
      errors[priced?.productId === variant.productId ? 'variantId' : 'productId'] = ['Orders were priced by this sale: its product cannot change.'];
    }
    if (values.units !== null && values.units < current.claimedUnits) {
      errors.units = [`Orders have claimed ${current.claimedUnits} units: offer at least that many.`];
    }
  }
  if (Object.keys(errors).length > 0) throw badRequest(errors);
  const [overlap] = await tx.select({ id: flashSales.id }).from(flashSales).where(and(
    eq(flashSales.variantId, values.variantId), lt(flashSales.startsAt, values.endsAt), gt(flashSales.endsAt, values.startsAt),
    current ? ne(flashSales.id, current.id) : undefined,
  )).limit(1);
  if (overlap) throw apiError([createFlashSale, updateFlashSale], 'FLASH_SALE_OVERLAP', 409, 'Another flash sale of this product overlaps this window.');
  return values;
}

const inTransaction = <T>(db: Db, work: (tx: DbOrTx) => Promise<T>) => db.transaction(work);

async function lockSale(tx: DbOrTx, id: number) {
  const [sale] = await tx.select().from(flashSales).where(eq(flashSales.id, id)).for('update');
  if (!sale) throw notFound('Flash sale not found.');
  return sale;
}

export async function createSale(db: Db, body: FlashSaleBody, now = new Date()): Promise<StaffFlashSale> {
  const id = await inTransaction(db, async (tx) => {
    const [row] = await tx.insert(flashSales).values(await checkedValues(tx, body)).returning({ id: flashSales.id });
    return row.id;
  });
  return findSale(db, id, now);
}

export async function updateSale(db: Db, id: number, body: FlashSaleBody, now = new Date()): Promise<StaffFlashSale> {
  await inTransaction(db, async (tx) => {
    const current = await lockSale(tx, id);
    await tx.update(flashSales).set({ ...await checkedValues(tx, body, current), updatedAt: now }).where(eq(flashSales.id, id));
  });
  return findSale(db, id, now);
}

/** The end becomes now; a sale not started yet is withdrawn (null). */
export async function endSale(db: Db, id: number, now = new Date()): Promise<StaffFlashSale | null> {
  const withdrawn = await inTransaction(db, async (tx) => {
    const sale = await lockSale(tx, id);
    if (sale.endsAt <= now) throw apiError(endFlashSale, 'FLASH_SALE_ENDED', 409, 'This flash sale has already ended.');
    if (sale.startsAt > now) {
      await tx.delete(flashSales).where(eq(flashSales.id, id));
      return true;
    }
    await tx.update(flashSales).set({ endsAt: now, updatedAt: now }).where(eq(flashSales.id, id));
    return false;
  });
  return withdrawn ? null : findSale(db, id, now);
}
