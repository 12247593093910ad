import { inArray } from 'drizzle-orm';
import { message } from '#contracts/issues';
import type { SetComponentFields } from '#contracts/instrument-sets';
import type { Tx } from '../db/client.ts';
import { productVariants } from '../db/schema/catalog.ts';
import { setComponents } from '../db/schema/instrument-sets.ts';
import { inventoryItems } from '../db/schema/inventory.ts';
import type { FieldErrors } from '../lib/errors.ts';

/*
 * The rules of a set's composition beyond the contract's schema (contracts/instrument-sets.ts), for every variant of
 * every product about to be saved, in a few queries for all of them. Keys follow the body:
 * `variants.0.components.1.variant_id`.
 */
export const COMPONENT_UNKNOWN = message('component_unknown', 'No variant has this id or catalogue number.');
export const COMPONENT_IS_SET = message('component_is_set', 'A set cannot be a component of another set.');
export const COMPONENT_SAME_PRODUCT = message('component_same_product', 'A variant of this product cannot be one of its components.');
export const COMPONENT_TWICE = message('variant_twice', 'This component is listed twice.');
export const CHOOSE_REPLACED = message('choose_replaced', 'Choose the component this alternative replaces.');
export const REPLACES_NOT_STANDARD = message('replaces_not_standard', 'An alternative replaces a standard or optional component of this set.');
export const REPLACES_ONLY_ALTERNATIVE = message('replaces_only_alternative', 'Only an alternative replaces a component.');
export const CONTAINER_TWICE = message('container_twice', 'A set has one container at most.');
export const SET_NEEDS_STANDARD = message('set_needs_standard', 'Add at least one standard or optional component.');
export const SET_IN_SET = message('set_in_set', 'This variant is a component of another set, so it cannot be a set.');
export const SET_HOLDS_STOCK = message('set_holds_stock', 'This variant holds stock of its own: write it off before making it a set.');

/** A variant of a product about to be saved: its stored id (undefined: new) and the components it is given. */
export interface ComposedVariant {
  id: number | undefined;
  components: SetComponentFields[];
}

/** A product about to be saved: its stored id (null: new) and its variants in body order. */
export interface ComposedProduct {
  productId: number | null;
  variants: ComposedVariant[];
}

interface ShopFacts {
  productOf: Map<number, number>;
  sets: Set<number>;
  inSets: Set<number>;
  ownStock: Set<number>;
}

const isStandard = (component: SetComponentFields) => component.role === 'standard' || component.role === 'optional';

/** What the rules need to know of the shop: each named variant's product, which are sets or in sets, and which hold stock. */
async function shopFacts(tx: Tx, products: ComposedProduct[]): Promise<ShopFacts> {
  const named = [...new Set(products.flatMap((product) => product.variants.flatMap((variant) => variant.components
    .flatMap((component) => [component.variant_id, ...(component.replaces_variant_id ? [component.replaces_variant_id] : [])]))))];
  const composing = [...new Set(products.flatMap((product) => product.variants
    .flatMap((variant) => (variant.components.length && variant.id !== undefined ? [variant.id] : []))))];
  const ids = [...new Set([...named, ...composing])];
  if (ids.length === 0) return { productOf: new Map(), sets: new Set(), inSets: new Set(), ownStock: new Set() };
  const [variants, asSet, asComponent, stock] = await Promise.all([
    tx.select({ id: productVariants.id, productId: productVariants.productId }).from(productVariants).where(inArray(productVariants.id, ids)),
    tx.selectDistinct({ id: setComponents.setVariantId }).from(setComponents).where(inArray(setComponents.setVariantId, ids)),
    tx.selectDistinct({ id: setComponents.componentVariantId }).from(setComponents).where(inArray(setComponents.componentVariantId, ids)),
    tx.select({ id: inventoryItems.variantId, current: inventoryItems.currentStock, reserved: inventoryItems.reservedStock })
      .from(inventoryItems).where(inArray(inventoryItems.variantId, ids)),
  ]);
  return {
    productOf: new Map(variants.map((row) => [row.id, row.productId])),
    sets: new Set(asSet.map((row) => row.id)),
    inSets: new Set(asComponent.map((row) => row.id)),
    ownStock: new Set(stock.filter((row) => row.current !== 0 || row.reserved !== 0).map((row) => row.id)),
  };
}

function add(errors: FieldErrors, field: string, text: string): void {
  if (!errors[field]?.includes(text)) (errors[field] ??= []).push(text);
}

/** One variant's components against the shop; `setsNow` holds the variants of this save that are becoming sets. */
function variantErrors(product: ComposedProduct, variant: ComposedVariant, i: number, facts: ShopFacts, setsNow: Set<number>, errors: FieldErrors) {
  const { components } = variant;
  if (components.length === 0) return;
  const at = `variants.${i}.components`;
  if (variant.id !== undefined) {
    if (facts.inSets.has(variant.id)) add(errors, at, SET_IN_SET);
    if (!facts.sets.has(variant.id) && facts.ownStock.has(variant.id)) add(errors, at, SET_HOLDS_STOCK);
  }
  if (!components.some(isStandard)) add(errors, at, SET_NEEDS_STANDARD);
  const standard = new Set(components.filter(isStandard).map((component) => component.variant_id));
  const seen = new Set<number>();
  let containers = 0;
  components.forEach((component, c) => {
    const field = `${at}.${c}`;
    const owner = facts.productOf.get(component.variant_id);
    if (owner === undefined) add(errors, `${field}.variant_id`, COMPONENT_UNKNOWN);
    else if (product.productId !== null && owner === product.productId) add(errors, `${field}.variant_id`, COMPONENT_SAME_PRODUCT);
    else if (facts.sets.has(component.variant_id) || setsNow.has(component.variant_id)) add(errors, `${field}.variant_id`, COMPONENT_IS_SET);
    if (seen.has(component.variant_id)) add(errors, `${field}.variant_id`, COMPONENT_TWICE);
    seen.add(component.variant_id);
    if (component.role === 'alternative') {
      if (component.replaces_variant_id === null) add(errors, `${field}.replaces_variant_id`, CHOOSE_REPLACED);
      else if (!standard.has(component.replaces_variant_id)) add(errors, `${field}.replaces_variant_id`, REPLACES_NOT_STANDARD);
    } else if (component.replaces_variant_id !== null) {
      add(errors, `${field}.replaces_variant_id`, REPLACES_ONLY_ALTERNATIVE);
    }
    if (component.is_container && ++containers > 1) add(errors, `${field}.is_container`, CONTAINER_TWICE);
  });
}

/** Each product's composition errors, in the order given; empty when its sets may be saved. */
export async function setCompositionErrors(tx: Tx, products: ComposedProduct[]): Promise<FieldErrors[]> {
  const facts = await shopFacts(tx, products);
  const setsNow = new Set(products.flatMap((product) => product.variants
    .flatMap((variant) => (variant.components.length && variant.id !== undefined ? [variant.id] : []))));
  return products.map((product) => {
    const errors: FieldErrors = {};
    product.variants.forEach((variant, i) => variantErrors(product, variant, i, facts, setsNow, errors));
    return errors;
  });
}
