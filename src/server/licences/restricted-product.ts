import { sql } from 'drizzle-orm';
import { categories, products } from '../db/schema/catalog.ts';

/**
 * Whether a product is sold only to licence holders: restricted itself, or in a restricted category. The query joins
 * the product's category.
 */
export const productRestricted = sql<boolean>`(${products.restricted} or ${categories.restricted})`;
