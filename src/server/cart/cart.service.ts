import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import {
  addCartItem, MAX_LINE_QUANTITY, updateCartItem, type Cart, type CartItem, type PriceNotice,
  type StockIssue,
} from '#contracts/cart';
import { centsToDecimal, usdCentsToPkrMinor } from '#contracts/money';
import { prepared, type Db } from '../db/client.ts';
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
import { optionOrders, resolveOnSaleVariant, variantLabel } from '../catalog/variants.ts';
import { lineName } from './line-name.ts';
import { buyersCreditBalance, creditSplit } from '../store-credit/store-credit-payer.ts';
import { withSetContents, type SetPart } from '../sets/set-lines.ts';
import type { SetContents } from '../sets/set-choice.ts';
import type { SetChoice } from '#contracts/set-sales';
import { setForBuyer } from '../sets/set-for-buyer.ts';
import { setUnavailableText } from '../sets/set-order-lines.ts';
import { contentsAvailableNow } from '../sets/set-components-now.ts';

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
  /** The variant's shipping weight; null when not given. */
  weightGrams: number | null;
  /** Sold only to licence holders. */
  restricted: boolean;
  quantity: number;
  /** Units of the variant on sale now; 0 for a product or variant taken off sale. */
  available: number;
  /** The flash sale that prices some or all of the line, if one does, and how many units at what price. */
  flashSaleId: number | null;
  saleQuantity: number;
  salePriceCents: number | null;
  /** The contract of the organisation price list that prices the line; '' when none does. */
  contractNumber: string;
  priceNotice: PriceNotice | null;
  /** For a set: what one set holds (standard or customised), its customisation's key, and what keeps it from sale. */
  setContents: SetPart['setContents'];
  configurationKey: string;
  setBlocked: SetPart['setBlocked'];
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

/**
 * Every change of a cart's lines moves its `updated_at`: how long a cart has been left behind is read from it. Sent with
 * the change itself, as a common table expression of its statement.
 */
const touchCart = (db: Db, cartId: number, now: Date) =>
  db.$with('touched').as(db.update(carts).set({ updatedAt: now }).where(eq(carts.id, cartId)).returning({ id: carts.id }));

/** How many of the variant the cart holds already, over all its lines (0 when none). */
export async function quantityInCart(db: Db, cartId: number, variantId: number): Promise<number> {
  const [line] = await db.select({ quantity: sql<number>`coalesce(sum(${cartItems.quantity}), 0)::int` }).from(cartItems)
    .where(and(eq(cartItems.cartId, cartId), eq(cartItems.variantId, variantId)));
  return Number(line?.quantity ?? 0);
}

/** A buyer's cart and the promo code applied to it. */
export interface OpenCart {
  id: number;
  promo: PromoRow | null;
}

/** The user's cart with its promo code, creating the cart on first use (most requests find it: one read). */
export async function openCart(db: Db, userId: string): Promise<OpenCart> {
  const read = async () => (await prepared(db.select({ id: carts.id, promo: promoCodes }).from(carts)
    .leftJoin(promoCodes, eq(promoCodes.id, carts.promoCodeId)).where(eq(carts.userId, userId)), 'open_cart'))[0];
  const existing = await read();
  if (existing) return existing;
  const [created] = await db.insert(carts).values({ userId }).onConflictDoNothing().returning({ id: carts.id });
  // Without a row back, a request beside this one created the cart in between.
  return created ? { id: created.id, promo: null } : (await read())!;
}

/** The user's cart id, creating the cart on first use. */
export async function ensureCart(db: Db, userId: string): Promise<number> {
  return (await openCart(db, userId)).id;
}

// The subquery names its tables: Drizzle leaves columns unqualified in some selects.
const mainImage = sql<string | null>`(
  select pi.url from product_images pi where pi.product_id = "products"."id" order by pi.position limit 1)`;
/** Units of a variant free to sell now (its stock less what orders hold), 0 without a stock row. */
export const availableNow = sql<number>`coalesce(${inventoryItems.currentStock} - ${inventoryItems.reservedStock}, 0)::int`;

/** What a line of the cart, or of any order placed from given variants, reads of its variant (joined with its product, category and stock). */
export const catalogueLineColumns = {
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
  isActive: sql<boolean>`${products.isActive} and ${productVariants.isActive}`,
  available: availableNow,
  // What labelling and pricing the line read of the variant, read here with it.
  options: productVariants.options,
  categoryId: products.categoryId,
  weightGrams: productVariants.weightGrams,
  restricted: productRestricted,
  optionOrder: sql<string[]>`(select coalesce(array_agg(po.name order by po.position), '{}') from product_options po where po.product_id = "products"."id")`,
};

interface CatalogueLineRow {
  productId: number;
  variantId: number;
  categoryId: number;
  options: Record<string, string>;
  /** The product's option names in order; empty for a product without options. */
  optionOrder: string[];
  /** Sold only to licence holders (productRestricted). */
  restricted: boolean;
  quantity: number;
  unitPriceCents: number;
  listPriceCents: number;
  originalPriceCents: number | null;
  image: string | null;
  isActive: boolean;
  available: number;
  /** A customised set's contents (cart_items.set_components); null or absent otherwise. */
  chosenContents?: SetContents | null;
  configurationKey?: string;
}

/**
 * Rows read with `catalogueLineColumns`, labelled and at the buyer's unit prices for their quantities, a set made of
 * its components (set-lines.ts); nothing is on sale of an inactive one.
 */
export async function pricedCatalogueLines<R extends CatalogueLineRow>(
  db: Db, userId: string | null, rows: R[], now: Date,
) {
  const lines = rows.map(({ isActive, image, available, options, optionOrder, categoryId: _categoryId, ...row }) => ({
    ...row, variantLabel: variantLabel(options, optionOrder.length ? optionOrder : undefined), image: image ?? '', available: isActive ? Number(available) : 0,
    onSale: isActive,
  }));
  const variants = rows.map((row) => ({ id: row.variantId, productId: row.productId, categoryId: row.categoryId, priceCents: row.listPriceCents }));
  return withSetContents(db, await withUnitPrices(db, userId, lines, now, variants));
}

/**
 * The cart's lines at its owner's unit prices for their quantities (see pricing/unit-price.ts), each with a notice
 * when the flash sale that priced it as it was added no longer does. `changedVariant`: the variant whose line was
 * just added or changed, whose sale price is remembered from this pricing.
 */
export async function cartLines(db: Db, cartId: number, now = new Date(), changedVariant?: number): Promise<CartLine[]> {
  const rows = await prepared(db.select({
    userId: carts.userId,
    id: cartItems.id,
    ...catalogueLineColumns,
    quantity: cartItems.quantity,
    chosenContents: cartItems.setComponents,
    configurationKey: cartItems.configurationKey,
    storedSaleId: cartItems.flashSaleId,
    storedSalePriceCents: flashSales.salePriceCents,
  }).from(cartItems)
    .innerJoin(carts, eq(carts.id, cartItems.cartId))
    .innerJoin(productVariants, eq(productVariants.id, cartItems.variantId))
    .innerJoin(products, eq(products.id, productVariants.productId))
    .innerJoin(categories, eq(categories.id, products.categoryId))
    .leftJoin(inventoryItems, eq(inventoryItems.variantId, productVariants.id))
    .leftJoin(flashSales, eq(flashSales.id, cartItems.flashSaleId))
    .where(eq(cartItems.cartId, cartId))
    .orderBy(asc(cartItems.createdAt), asc(cartItems.id)), 'cart_lines');
  const priced = await pricedCatalogueLines(db, rows[0]?.userId ?? null, rows, now);
  if (changedVariant !== undefined) await rememberSalePrice(db, cartId, changedVariant, priced);
  return priced.map(({ storedSaleId, storedSalePriceCents, ...line }) => ({
    ...line, priceNotice: saleEndedNotice({ ...line, storedSaleId, storedSalePriceCents }),
  }));
}

/** What a caller of priceCart has read already or has just changed. */
export interface KnownCart {
  /** The cart's promo code as read with the cart (openCart); left out, it is read with the lines. */
  promo?: PromoRow | null;
  /** The variant whose line was just added or changed (cartLines). */
  changedVariant?: number;
}

/**
 * The cart at database prices, with its promo code checked against the subtotal now, shipped to the destination by
 * its method and taxed at its zone's rate.
 */
export async function priceCart(
  deps: CartDeps, userId: string, cartId: number, now = new Date(), destination: CartDestination = PAKISTAN, known: KnownCart = {},
): Promise<PricedCart> {
  const { db } = deps;
  const lines = await cartLines(db, cartId, now, known.changedVariant);
  const promo = known.promo !== undefined ? known.promo : (await db.select({ promo: promoCodes }).from(carts)
    .leftJoin(promoCodes, eq(promoCodes.id, carts.promoCodeId)).where(eq(carts.id, cartId)))[0]?.promo ?? null;
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
    contract_number: line.contractNumber,
    ...(line.setContents ? { set_components: line.setContents, configuration_key: line.configurationKey } : {}),
  };
}

/** The cart as the buyer sees it; `cart`: the cart as the caller read it, and what it changed. */
export async function cartView(
  deps: CartDeps, userId: string, destination: CartDestination = PAKISTAN, cart?: { id: number } & KnownCart,
): Promise<Cart> {
  const { id: cartId, ...known } = cart ?? await openCart(deps.db, userId);
  const priced = await priceCart(deps, userId, cartId, new Date(), destination, known);
  const rate = await usdToPkrRate(deps.db);
  const { totals, shipping } = priced;
  const freeOver = shipping.method?.freeOverCents ?? null;
  // The lines checkout would refuse for want of a verified licence; the buyer's standing matters only when one is restricted.
  const restricted = priced.lines.filter((line) => line.restricted).map((line) => line.productId);
  const licence = restricted.length ? await checkLicenceGate(deps.db, userId, restricted, new Date()) : null;
  const held = new Set(licence?.blocked.map((line) => line.productId));
  const items = priced.lines.map((line) => itemView(line, held.has(line.productId) ? licence!.gate.reason : null));
  const creditCents = await buyersCreditBalance(deps.db, userId);
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

/**
 * A variant on sale, with its product's restriction and the variant's own stock; 404 otherwise. Its name ('Kelly
 * Hemostat 14 cm · Curved') is labelled only when asked for: a refusal names it, an added line does not need it.
 */
export async function variantForCart(db: Db, variantId: number) {
  const [row] = await prepared(db.select({
    productId: products.id,
    name: products.name,
    options: productVariants.options,
    restricted: productRestricted,
    available: availableNow,
  }).from(productVariants)
    .innerJoin(products, eq(products.id, productVariants.productId))
    .innerJoin(categories, eq(categories.id, products.categoryId))
    .leftJoin(inventoryItems, eq(inventoryItems.variantId, productVariants.id))
    .where(and(eq(productVariants.id, variantId), eq(productVariants.isActive, true), eq(products.isActive, true))), 'variant_for_cart');
  if (!row) throw notFound('Product not found.');
  const name = async () => lineName(row.name, variantLabel(row.options, (await optionOrders(db, [row.productId])).get(row.productId)));
  return { name, restricted: row.restricted, available: Number(row.available) };
}

const notEnough = (name: string, available: number) =>
  apiError([addCartItem, updateCartItem], 'INSUFFICIENT_STOCK', 409, `Only ${available} of ${name} available.`, { name, available });

export interface NewCartLine {
  productId: number;
  /** May be left out only for a product with one variant. */
  variantId?: number | null;
  quantity: number;
  /** A business buyer's customisation of a set. */
  setChoice?: SetChoice;
}

/**
 * Adds to the variant's line (creating it); refuses more than the variant has available now. The variant is
 * resolved first: left out for a product with several, or one of another product, is a 400 with nothing written.
 * A set is checked for a component that keeps it from sale; each customisation of it is a line of its own.
 */
export async function addItem(deps: CartDeps, userId: string, { productId, variantId, quantity, setChoice }: NewCartLine): Promise<Cart> {
  const { db } = deps;
  const variant = await resolveOnSaleVariant(db, productId, variantId);
  if (!variant) throw notFound('Product not found.');
  const item = await variantForCart(db, variant.id);
  if (item.restricted) await assertMayAddToCart(db, userId, { name: await item.name(), restricted: true }, new Date());
  const set = await setForBuyer(db, userId, variant.id, setChoice,
    () => apiError(addCartItem, 'SET_NOT_CUSTOMISABLE', 403, 'Only business accounts can change what is in a set.'));
  if (set?.blocked) {
    const { detail, params } = setUnavailableText(await item.name(), set.blocked);
    throw apiError(addCartItem, 'SET_UNAVAILABLE', 409, detail, params);
  }
  const available = set ? set.available : item.available;
  if (available <= 0) {
    const name = await item.name();
    throw apiError(addCartItem, 'OUT_OF_STOCK', 409, `${name} is out of stock.`, { name });
  }
  const cart = await openCart(db, userId);
  const configurationKey = set?.key ?? '';
  const [existing] = await prepared(db.select({ quantity: cartItems.quantity }).from(cartItems)
    .where(and(eq(cartItems.cartId, cart.id), eq(cartItems.variantId, variant.id), eq(cartItems.configurationKey, configurationKey))), 'cart_line_quantity');
  const wanted = (existing?.quantity ?? 0) + quantity;
  if (wanted > available) throw notEnough(await item.name(), available);
  if (wanted > MAX_LINE_QUANTITY) throw apiError(addCartItem, 'QUANTITY_LIMIT', 409, `At most ${MAX_LINE_QUANTITY} of one product per order.`,
    { max: MAX_LINE_QUANTITY });
  const now = new Date();
  await prepared(db.with(touchCart(db, cart.id, now)).insert(cartItems)
    .values({ cartId: cart.id, variantId: variant.id, quantity, configurationKey, setComponents: configurationKey ? set!.contents : null })
    .onConflictDoUpdate({
      target: [cartItems.cartId, cartItems.variantId, cartItems.configurationKey],
      set: { quantity: sql`${cartItems.quantity} + ${quantity}`, updatedAt: now },
    }), 'add_cart_line');
  return cartView(deps, userId, undefined, { ...cart, changedVariant: variant.id });
}

/** The line, only when it is in this user's cart, read with the cart and its promo code. */
async function ownLine(db: Db, userId: string, itemId: number) {
  const [line] = await db.select({
    id: cartItems.id, cartId: cartItems.cartId, variantId: cartItems.variantId, quantity: cartItems.quantity, contents: cartItems.setComponents,
    promo: promoCodes,
  })
    .from(cartItems).innerJoin(carts, eq(carts.id, cartItems.cartId)).leftJoin(promoCodes, eq(promoCodes.id, carts.promoCodeId))
    .where(and(eq(cartItems.id, itemId), eq(carts.userId, userId)));
  if (!line) throw notFound('Cart item not found.');
  return line;
}

/** Quantity 0 removes the line; lowering is always allowed, raising only up to what is available. */
export async function updateItem(deps: CartDeps, userId: string, itemId: number, quantity: number): Promise<Cart> {
  if (quantity === 0) return removeItem(deps, userId, itemId);
  const { db } = deps;
  const line = await ownLine(db, userId, itemId);
  if (quantity > line.quantity) {
    const item = await variantForCart(db, line.variantId);
    const available = line.contents ? await contentsAvailableNow(db, line.contents) : item.available;
    if (quantity > available) throw notEnough(await item.name(), available);
  }
  const now = new Date();
  await db.with(touchCart(db, line.cartId, now)).update(cartItems).set({ quantity, updatedAt: now }).where(eq(cartItems.id, line.id));
  return cartView(deps, userId, undefined, { id: line.cartId, promo: line.promo, changedVariant: line.variantId });
}

/** Takes the line out of this user's cart, in one statement that also checks it is theirs and touches the cart. */
export async function removeItem(deps: CartDeps, userId: string, itemId: number): Promise<Cart> {
  const { db } = deps;
  const gone = db.$with('gone').as(db.delete(cartItems)
    .where(and(eq(cartItems.id, itemId), inArray(cartItems.cartId, db.select({ id: carts.id }).from(carts).where(eq(carts.userId, userId)))))
    .returning({ cartId: cartItems.cartId }));
  const [cart] = await prepared(db.with(gone).update(carts).set({ updatedAt: new Date() })
    .where(inArray(carts.id, db.select({ cartId: gone.cartId }).from(gone)))
    .returning({ id: carts.id, promoCodeId: carts.promoCodeId }), 'remove_cart_line');
  if (!cart) throw notFound('Cart item not found.');
  // A promo code on the cart is read with its pricing.
  return cartView(deps, userId, undefined, { id: cart.id, ...(cart.promoCodeId === null ? { promo: null } : {}) });
}
