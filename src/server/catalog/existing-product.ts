import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.ts';
import { products } from '../db/schema/catalog.ts';
import { notFound } from '../lib/errors.ts';

/** 404 unless a product (of any status) has this id. */
export async function assertProductExists(db: DbOrTx, productId: number): Promise<void> {
  const [product] = await db.select({ id: products.id }).from(products).where(eq(products.id, productId));
  if (!product) throw notFound('Product not found.');
}
