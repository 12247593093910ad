import { and, asc, eq, sql } from 'drizzle-orm';
import {
  addCartItem, MAX_LINE_QUANTITY, updateCartItem, type Cart, type CartItem, type PriceNotice,
  type StockIssue,
} from '#contracts/cart';
import { centsToDecimal, usdCentsToPkrMinor } from '#contracts/money';
import type { Db } from '../db/client.ts';
import { cartItems, carts } from '../db/schema/cart.ts';
import { categories, flashSales, products, productVariants, type CategoryTranslations } from '../db/schema/catalog.ts';
import { categoryNameTranslations } from '../catalog/category-translations.ts';
import { inventoryItems } from '../db/schema/inventory.ts';
import { promoCodes } from '../db/schema/promo.ts';
import { apiError, notFound } from '../lib/errors.ts';
import { cartTotals, subtotalCents, type CartTotals } from '../pricing/cart-totals.ts';
import { PAKISTAN_STANDARD, shippingFor, type ChosenShipping, type ShippingChoice } from '../shipping/checkout-shipping.ts';
import { usdToPkrRate } from '../pricing/exchange-rates.ts';
import { promoProblem, promoView, type PromoProblem, type PromoRow } from '../promo/promo.service.ts';
import { lineTotalCents, withUnitPrices } from '../pricing/unit-price.ts';
import { centsOrNull, wasCents } from '../pricing/was-price.ts';
import { rememberSalePrice, saleEndedNotice } from '../flash-sales/flash-sale-cart.ts';
import type { BlockReason } from '#contracts/licences';
import { assertMayAddToCart, checkLicenceGate } from '../licences/licence-gate.ts';
import { productRestricted } from '../licences/restricted-product.ts';
import { resolveVariant, variantLabels } from '../catalog/variants.ts';
import { lineName } from './line-name.ts';
import { creditBalance, creditPayerOf, creditSplit } from '../store-credit/store-credit-payer.ts';

export interface CartDeps {
  db: Db;
  /** TAX_RATE in basis points (17% → 1700). */
  taxBasisPoints: number;
}

export interface CartLine {
  id: number;
  productId: number;
  variantId: number;
  /** '18 cm · Curved'; '' for a product without options. */
  variantLabel: string;
  slug: string;
  name: string;
  /** The variant's catalogue number. */
  modelNumber: string;
  brand: string;
  categoryName: string;
  categoryTranslations: CategoryTranslations;
  image: string;
  unitPriceCents: number;
  listPriceCents: number;
  /** The variant's compare-at price. */
  originalPriceCents: number | null;
  quantity: number;
  /** Units of the variant on sale now; 0 for a product or variant taken off sale. */
  available: number;
  /** The flash sale that prices some or all of the line, if one does, and how many units at what price. */
  flashSaleId: number | null;
  saleQuantity: number;
  salePriceCents: number | null;
  priceNotice: PriceNotice | null;
}

export interface PricedCart {
  cartId: number;
  lines: CartLine[];
  promo: PromoRow | null;
  promoProblem: PromoProblem | null;
  shipping: ChosenShipping;
  totals: CartTotals;
}

/** Where the cart goes and by which method, and the field a method that is not one of its options is refused on. */
export interface CartDestination {
  choice: ShippingChoice;
  field: string;
}

/** Before the buyer gives an address: Pakistan by the standard method. */
const PAKISTAN: CartDestination = { choice: PAKISTAN_STANDARD, field: 'shipping_option_id' };

export const stockIssueOf = (line: Pick<CartLine, 'quantity' | 'available'>): StockIssue | null =>
  line.available <= 0 ? 'out_of_stock' : line.quantity > line.available ? 'insufficient' : null;

/** Every change of a cart's lines moves its `updated_at`: how long a cart has been left behind is read from it. */
async function touchCart(db: Db, cartId: number, now: Date): Promise<void> {
  await db.update(carts).set({ updatedAt: now }).where(eq(carts.id, cartId));
}

/** The user's cart id, creating the cart on first use. */
export async function ensureCart(db: Db, userId: string): Promise<number> {
  const [created] = await db.insert(carts).values({ userId }).onConflictDoNothing().returning({ id: carts.id });
  if (created) return created.id;
  const [existing] = await db.select({ id: carts.id }).from(carts).where(eq(carts.userId, userId));
  return existing.id;
}

// The subquery names its tables: Drizzle leaves columns unqualified in some selects.
const mainImage = sql<string | null>`(
  select pi.url from product_images pi where pi.product_id = "products"."id" order by pi.position limit 1)`;
const availableNow = sql<number>`coalesce(${inventoryItems.currentStock} - ${inventoryItems.reservedStock}, 0)::int`;

/**
 * The cart's lines at its owner's unit prices for their quantities (see pricing/unit-price.ts), each with a notice
 * when the flash sale that priced it as it was added no longer does.
 */
export async function cartLines(db: Db, cartId: number, now = new Date()): Promise<CartLine[]> {
  const rows = await db.select({
    userId: carts.userId,
    id: cartItems.id,
    productId: products.id,
    variantId: productVariants.id,
    slug: products.slug,
    name: products.name,
    modelNumber: productVariants.modelNumber,
    brand: products.brand,
    categoryName: categories.name,
    categoryTranslations: categories.translations,
    image: sql<string | null>`coalesce(${productVariants.image}, ${mainImage})`,
    unitPriceCents: productVariants.priceCents,
    listPriceCents: productVariants.priceCents,
    originalPriceCents: productVariants.originalPriceCents,
    quantity: cartItems.quantity,
    storedSaleId: cartItems.flashSaleId,
    storedSalePriceCents: flashSales.salePriceCents,
    isActive: sql<boolean>`${products.isActive} and ${productVariants.isActive}`,
    available: availableNow,
  }).from(cartItems)
    .innerJoin(carts, eq(carts.id, cartItems.cartId))
    .innerJoin(productVariants, eq(productVariants.id, cartItems.variantId))
    .innerJoin(products, eq(products.id, productVariants.productId))
    .innerJoin(categories, eq(categories.id, products.categoryId))
    .leftJoin(inventoryItems, eq(inventoryItems.variantId, productVariants.id))
    .leftJoin(flashSales, eq(flashSales.id, cartItems.flashSaleId))
    .where(eq(cartItems.cartId, cartId))
    .orderBy(asc(cartItems.createdAt), asc(cartItems.id));
  const labels = await variantLabels(db, rows.map((row) => row.variantId));
  const lines = rows.map(({ isActive, image, available, userId: _userId, ...row }) => ({
    ...row, variantLabel: labels.get(row.variantId) ?? '', image: image ?? '', available: isActive ? Number(available) : 0,
  }));
  const priced = await withUnitPrices(db, rows[0]?.userId ?? null, lines, now);
  return priced.map(({ storedSaleId, storedSalePriceCents, ...line }) => ({
    ...line, priceNotice: saleEndedNotice({ ...line, storedSaleId, storedSalePriceCents }),
  }));
}

/**
 * The cart at database prices, with its promo code checked against the subtotal now, shipped to the destination by
 * its method and taxed at its zone's rate.
 */
export async function priceCart(
  deps: CartDeps, userId: string, cartId: number, now = new Date(), destination: CartDestination = PAKISTAN,
): Promise<PricedCart> {
  const { db } = deps;
  const lines = await cartLines(db, cartId, now);
  const [row] = await db.select({ promo: promoCodes }).from(carts)
    .leftJoin(promoCodes, eq(promoCodes.id, carts.promoCodeId)).where(eq(carts.id, cartId));
  const promo = row?.promo ?? null;
  const problem = promo ? await promoProblem(db, promo, userId, subtotalCents(lines), now) : null;
  const shipping = await shippingFor(db, lines, destination.choice, deps.taxBasisPoints, destination.field);
  const totals = cartTotals(lines, promo && !problem ? promo : null, shipping);
  return { cartId, lines, promo, promoProblem: problem, shipping, totals };
}

function itemView(line: CartLine, licenceIssue: BlockReason | null): CartItem {
  return {
    id: line.id,
    product_id: line.productId,
    variant_id: line.variantId,
    variant_label: line.variantLabel,
    product_slug: line.slug,
    quantity: line.quantity,
    unit_price: centsToDecimal(line.unitPriceCents),
    total_price: centsToDecimal(lineTotalCents(line)),
    sale_quantity: line.saleQuantity,
    sale_price: line.salePriceCents === null ? null : centsToDecimal(line.salePriceCents),
    original_price: centsOrNull(wasCents(line.unitPriceCents, line.listPriceCents, line.originalPriceCents)),
    available_stock: Math.max(line.available, 0),
    product_name: line.name,
    product_image: line.image,
    product_category: line.categoryName,
    product_category_translations: categoryNameTranslations(line.categoryTranslations),
    product_brand: line.brand,
    stock_issue: stockIssueOf(line),
    price_notice: line.priceNotice,
    licence_issue: licenceIssue,
  };
}

export async function cartView(deps: CartDeps, userId: string, destination: CartDestination = PAKISTAN): Promise<Cart> {
  const cartId = await ensureCart(deps.db, userId);
  const priced = await priceCart(deps, userId, cartId, new Date(), destination);
  const rate = await usdToPkrRate(deps.db);
  const { totals, shipping } = priced;
  const freeOver = shipping.method?.freeOverCents ?? null;
  // The lines checkout would refuse for want of a verified licence.
  const licence = await checkLicenceGate(deps.db, userId, priced.lines.map((line) => line.productId), new Date());
  const held = new Set(licence.blocked.map((line) => line.productId));
  const items = priced.lines.map((line) => itemView(line, held.has(line.productId) ? licence.gate.reason : null));
  const creditCents = await creditBalance(deps.db, await creditPayerOf(deps.db, userId));
  const credit = creditSplit(totals.grandTotalCents, creditCents);
  return {
    id: cartId,
    items,
    item_count: priced.lines.reduce((sum, line) => sum + line.quantity, 0),
    subtotal: centsToDecimal(totals.subtotalCents),
    discount_amount: centsToDecimal(totals.discountCents),
    tax_rate: centsToDecimal(shipping.taxBasisPoints),
    tax_amount: centsToDecimal(totals.taxCents),
    total_amount: centsToDecimal(totals.totalCents),
    shipping_amount: centsToDecimal(totals.shippingCents),
    grand_total: centsToDecimal(totals.grandTotalCents),
    country: shipping.country,
    shipping_method: shipping.method && { id: shipping.method.methodId, name: shipping.method.name },
    free_shipping_threshold: freeOver === null ? null : centsToDecimal(freeOver),
    amount_to_free_shipping: freeOver === null ? null : centsToDecimal(Math.max(freeOver - totals.subtotalCents, 0)),
    currency: 'USD',
    exchange_rate: rate.display,
    grand_total_pkr: centsToDecimal(usdCentsToPkrMinor(totals.grandTotalCents, rate.stored)),
    store_credit: creditCents === 0 ? null : {
      available: centsToDecimal(creditCents),
      applied: centsToDecimal(credit.creditCents),
      rest: centsToDecimal(credit.restCents),
      rest_pkr: centsToDecimal(usdCentsToPkrMinor(credit.restCents, rate.stored)),
    },
    promo: priced.promo ? promoView(priced.promo, priced.promoProblem) : null,
    has_stock_issues: items.some((item) => item.stock_issue !== null),
    has_licence_issues: held.size > 0,
  };
}

/** A variant on sale, with its product's name and restriction and the variant's own stock; 404 otherwise. */
async function variantForCart(db: Db, variantId: number) {
  const [row] = await db.select({
    name: products.name,
    restricted: productRestricted,
    available: availableNow,
  }).from(productVariants)
    .innerJoin(products, eq(products.id, productVariants.productId))
    .innerJoin(categories, eq(categories.id, products.categoryId))
    .leftJoin(inventoryItems, eq(inventoryItems.variantId, productVariants.id))
    .where(and(eq(productVariants.id, variantId), eq(productVariants.isActive, true), eq(products.isActive, true)));
  if (!row) throw notFound('Product not found.');
  const label = (await variantLabels(db, [variantId])).get(variantId) ?? '';
  return { name: lineName(row.name, label), restricted: row.restricted, available: Number(row.available) };
}

const notEnough = (name: string, available: number) =>
  apiError([addCartItem, updateCartItem], 'INSUFFICIENT_STOCK', 409, `Only ${available} of ${name} available.`, { name, available });

export interface NewCartLine {
  productId: number;
  /** May be left out only for a product with one variant. */
  variantId?: number | null;
  quantity: number;
}

/**
 * Adds to the variant's line (creating it); refuses more than the variant has available now. The variant is
 * resolved first: left out for a product with several, or one of another product, is a 400 with nothing written.
 */
export async function addItem(deps: CartDeps, userId: string, { productId, variantId, quantity }: NewCartLine): Promise<Cart> {
  const { db } = deps;
  const [product] = await db.select({ id: products.id }).from(products).where(and(eq(products.id, productId), eq(products.isActive, true)));
  const variant = product ? await resolveVariant(db, productId, variantId) : null;
  if (!variant) throw notFound('Product not found.');
  const item = await variantForCart(db, variant.id);
  await assertMayAddToCart(db, userId, item, new Date());
  if (item.available <= 0) throw apiError(addCartItem, 'OUT_OF_STOCK', 409, `${item.name} is out of stock.`, { name: item.name });
  const cartId = await ensureCart(db, userId);
  const [existing] = await db.select({ quantity: cartItems.quantity }).from(cartItems)
    .where(and(eq(cartItems.cartId, cartId), eq(cartItems.variantId, variant.id)));
  const wanted = (existing?.quantity ?? 0) + quantity;
  if (wanted > item.available) throw notEnough(item.name, item.available);
  if (wanted > MAX_LINE_QUANTITY) throw apiError(addCartItem, 'QUANTITY_LIMIT', 409, `At most ${MAX_LINE_QUANTITY} of one product per order.`,
    { max: MAX_LINE_QUANTITY });
  const now = new Date();
  await db.insert(cartItems).values({ cartId, variantId: variant.id, quantity })
    .onConflictDoUpdate({
      target: [cartItems.cartId, cartItems.variantId],
      set: { quantity: sql`${cartItems.quantity} + ${quantity}`, updatedAt: now },
    });
  await touchCart(db, cartId, now);
  await rememberSalePrice(db, userId, cartId, variant.id);
  return cartView(deps, userId);
}

/** The line, only when it is in this user's cart. */
async function ownLine(db: Db, userId: string, itemId: number) {
  const [line] = await db.select({ id: cartItems.id, cartId: cartItems.cartId, variantId: cartItems.variantId, quantity: cartItems.quantity })
    .from(cartItems).innerJoin(carts, eq(carts.id, cartItems.cartId))
    .where(and(eq(cartItems.id, itemId), eq(carts.userId, userId)));
  if (!line) throw notFound('Cart item not found.');
  return line;
}

/** Quantity 0 removes the line; lowering is always allowed, raising only up to what is available. */
export async function updateItem(deps: CartDeps, userId: string, itemId: number, quantity: number): Promise<Cart> {
  const { db } = deps;
  const line = await ownLine(db, userId, itemId);
  const now = new Date();
  if (quantity === 0) {
    await db.delete(cartItems).where(eq(cartItems.id, line.id));
  } else {
    if (quantity > line.quantity) {
      const item = await variantForCart(db, line.variantId);
      if (quantity > item.available) throw notEnough(item.name, item.available);
    }
    await db.update(cartItems).set({ quantity, updatedAt: now }).where(eq(cartItems.id, line.id));
    await rememberSalePrice(db, userId, line.cartId, line.variantId);
  }
  await touchCart(db, line.cartId, now);
  return cartView(deps, userId);
}

export async function removeItem(deps: CartDeps, userId: string, itemId: number): Promise<Cart> {
  const line = await ownLine(deps.db, userId, itemId);
  await deps.db.delete(cartItems).where(eq(cartItems.id, line.id));
  await touchCart(deps.db, line.cartId, new Date());
  return cartView(deps, userId);
}
