import { eq, inArray, sql } from 'drizzle-orm';
import { MAX_LINE_QUANTITY, type Cart } from '#contracts/cart';
import { EMPTY_QUICK_ORDER, QUICK_ORDER_MAX_LINES, TOO_MANY_LINES, type QuickOrderLine } from '#contracts/quick-order';
import type { Db } from '../db/client.ts';
import { categories, products, productVariants } from '../db/schema/catalog.ts';
import { inventoryItems } from '../db/schema/inventory.ts';
import { addItem, availableNow, cartView, ensureCart, quantityInCart, type CartDeps } from '../cart/cart.service.ts';
import { lineName } from '../cart/line-name.ts';
import { variantLabels } from '../catalog/variants.ts';
import { blockMessage, licenceStanding } from '../licences/licence-gate.ts';
import { productRestricted } from '../licences/restricted-product.ts';
import { badRequest, HttpError } from '../lib/errors.ts';
import { findEquivalents, type EquivalentSource } from '../reorder-lists/equivalents.ts';
import { parseQuickOrder, type ParsedLine } from './parse-lines.ts';

const catalogueKey = (catalogueNumber: string) => catalogueNumber.trim().toLowerCase();

/** A variant a line names, on sale or not, with what its line needs to be resolved. */
interface NamedVariant extends EquivalentSource {
  slug: string;
  name: string;
  label: string;
  onSale: boolean;
  restricted: boolean;
  available: number;
}

/** The variants the lines name, by lower-cased catalogue number. */
async function variantsNamed(db: Db, lines: ParsedLine[]): Promise<Map<string, NamedVariant>> {
  const keys = [...new Set(lines.filter((line) => line.problem === null).map((line) => catalogueKey(line.catalogueNumber)))];
  if (keys.length === 0) return new Map();
  const rows = await db.select({
    key: sql<string>`lower(trim(${productVariants.modelNumber}))`,
    productId: products.id,
    variantId: productVariants.id,
    slug: products.slug,
    name: products.name,
    instrumentType: products.instrumentType,
    brand: products.brand,
    priceCents: productVariants.priceCents,
    onSale: sql<boolean>`${products.isActive} and ${productVariants.isActive}`,
    restricted: productRestricted,
    available: availableNow,
  }).from(productVariants)
    .innerJoin(products, eq(products.id, productVariants.productId))
    .innerJoin(categories, eq(categories.id, products.categoryId))
    .leftJoin(inventoryItems, eq(inventoryItems.variantId, productVariants.id))
    .where(inArray(sql`lower(trim(${productVariants.modelNumber}))`, keys));
  const labels = await variantLabels(db, rows.map((row) => row.variantId));
  return new Map(rows.map(({ key, ...row }) => [key, { ...row, label: labels.get(row.variantId) ?? '', available: Math.max(Number(row.available), 0) }]));
}

/**
 * Resolves each line by its variant's catalogue number and adds it through the cart service, with its stock and
 * licence rules; a line the cart cannot take whole says why. Nothing is written when there is no line to read.
 */
export async function placeQuickOrder(deps: CartDeps, userId: string, text: string, now = new Date()): Promise<{ lines: QuickOrderLine[]; cart: Cart }> {
  const { db } = deps;
  const parsed = parseQuickOrder(text);
  if (parsed.length === 0) throw badRequest({ text: [EMPTY_QUICK_ORDER] });
  if (parsed.length > QUICK_ORDER_MAX_LINES) throw badRequest({ text: [TOO_MANY_LINES] });
  const variants = await variantsNamed(db, parsed);
  const standing = [...variants.values()].some((variant) => variant.restricted) ? await licenceStanding(db, userId, now) : null;
  const cartId = await ensureCart(db, userId);
  const lines: QuickOrderLine[] = [];
  for (const line of parsed) {
    const base = { line: line.line, input: line.input, catalogue_number: line.catalogueNumber, quantity: line.quantity, added: 0, equivalents: [] };
    if (line.problem !== null) {
      lines.push({ ...base, outcome: 'invalid', message: line.problem });
      continue;
    }
    const variant = variants.get(catalogueKey(line.catalogueNumber));
    if (!variant) {
      lines.push({ ...base, outcome: 'unknown', message: `No product has the catalogue number ${line.catalogueNumber}.` });
      continue;
    }
    lines.push({ ...base, ...await resolveLine(deps, userId, cartId, variant, line.quantity, standing?.reason ?? null) });
  }
  return { lines, cart: await cartView(deps, userId) };
}

type Resolution = Pick<QuickOrderLine, 'outcome' | 'added' | 'message' | 'product' | 'equivalents' | 'available'>;

async function resolveLine(
  deps: CartDeps, userId: string, cartId: number, variant: NamedVariant, quantity: number,
  licenceReason: Parameters<typeof blockMessage>[0] | null,
): Promise<Resolution> {
  const { db } = deps;
  const name = lineName(variant.name, variant.label);
  const product = { id: variant.productId, slug: variant.slug, name: variant.name, variant_label: variant.label };
  const equivalents = () => findEquivalents(db, variant);
  if (!variant.onSale) {
    return { outcome: 'discontinued', added: 0, product, message: `${name} is no longer sold.`, equivalents: await equivalents() };
  }
  if (variant.restricted && licenceReason) {
    return { outcome: 'licence_required', added: 0, product, message: blockMessage(licenceReason, [{ name }], null), equivalents: [] };
  }
  const outOfStock = async (): Promise<Resolution> =>
    ({ outcome: 'out_of_stock', added: 0, product, message: `${name} is out of stock.`, equivalents: await equivalents() });
  if (variant.available <= 0) return outOfStock();
  const inCart = await quantityInCart(db, cartId, variant.variantId);
  const room = Math.max(Math.min(variant.available, MAX_LINE_QUANTITY) - inCart, 0);
  const added = Math.min(quantity, room);
  try {
    if (added > 0) await addItem(deps, userId, { productId: variant.productId, variantId: variant.variantId, quantity: added });
  } catch (error) {
    // Stock sold between reading the variant and adding: told like any other shortfall.
    if (!(error instanceof HttpError && error.status === 409)) throw error;
    if (error.code === 'OUT_OF_STOCK') return outOfStock();
    return short(product, name, 0, variant.available, quantity);
  }
  if (added === quantity) return { outcome: 'added', added, product, message: `${added} × ${name} added to the cart.`, equivalents: [] };
  if (inCart + quantity > MAX_LINE_QUANTITY && variant.available >= inCart + quantity) {
    const message = `At most ${MAX_LINE_QUANTITY} of one product per order: ${added} of ${quantity} added to the cart.`;
    return { outcome: 'partial', added, available: variant.available, product, message, equivalents: [] };
  }
  return short(product, name, added, variant.available, quantity);
}

function short(product: QuickOrderLine['product'], name: string, added: number, available: number, quantity: number): Resolution {
  const message = `Only ${available} of ${name} available: ${added} of ${quantity} added to the cart.`;
  return { outcome: 'partial', added, available, product, message, equivalents: [] };
}
