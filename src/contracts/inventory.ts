import { z } from 'zod';
import { WHOLE_NUMBER } from './issues.ts';
import { liveStock } from './catalog.ts';
import { defineContract } from './define.ts';
import { decimalString } from './money.ts';
import { checkReceivedGs1 } from './gs1.ts';
import { staffAccess } from './staff-roles.ts';

/*
 * Inventory management. Every route here is for staff and superusers only (401 signed out, 403 for anyone else),
 * except the live stock stream, which the public product pages read.
 * `:id` is always a PRODUCT id, as the spec's inventory service calls `/inventory/{id}/status/` with the product.
 * Stock is held per variant (a size, tip or finish of a product): a route that takes a product id and answers about
 * stock answers for the product as a whole (the sums over its variants), and one that changes stock names the variant
 * in `variantId` (left out: the only variant of a product without options; a 400 on `variantId` otherwise).
 */

export const INVENTORY_PAGE_SIZE = 20;
export const MAX_INVENTORY_PAGE_SIZE = 100;
export const MAX_STREAM_IDS = 100;
export const MAX_LOW_STOCK_THRESHOLD = 100_000;
export const MAX_MOVEMENT_QUANTITY = 1_000_000;
export const MAX_REASON_LENGTH = 500;

const productIdParams = z.object({
  id: z.coerce.number({ message: 'Enter a product id.' }).int('Enter a product id.').min(1, 'Enter a product id.'),
});

const pageQuery = {
  page: z.coerce.number({ message: 'Enter a page number.' }).int('Enter a whole page number.').min(1, 'Pages start at 1.').default(1),
  per_page: z.coerce.number({ message: 'Enter a page size.' }).int(WHOLE_NUMBER)
    .min(1, 'Enter at least 1.').max(MAX_INVENTORY_PAGE_SIZE, `Enter at most ${MAX_INVENTORY_PAGE_SIZE}.`).default(INVENTORY_PAGE_SIZE),
};

export const pagination = z.object({
  totalItems: z.number().int(),
  page: z.number().int(),
  perPage: z.number().int(),
  totalPages: z.number().int(),
});
export type Pagination = z.infer<typeof pagination>;

/** The spec's inventory status: the product's live stock record (same figures as GET /api/products/{slug}/stock/). */
export const inventoryStatus = liveStock;
export type InventoryStatus = z.infer<typeof inventoryStatus>;

export const getInventoryStatus = defineContract({
  staff: staffAccess.fulfilment,
  method: 'GET',
  path: '/api/inventory/:id/status/',
  errors: ['STAFF_ONLY'],
  params: productIdParams,
  response: inventoryStatus,
});

export const STOCK_STATUSES = ['in_stock', 'low_stock', 'out_of_stock'] as const;
export type StockStatusFilter = (typeof STOCK_STATUSES)[number];

/** Optional in a body that changes a product's stock: which of its variants (see the note at the top). */
const variantIdField = z.number({ message: 'Choose a variant.' }).int('Choose a variant.').min(1, 'Choose a variant.').optional();

/** The stock of one variant. */
export const inventoryItem = z.object({
  /** The inventory item's own id; every inventory route takes the productId (and the variantId) instead. */
  id: z.number().int(),
  productId: z.number().int(),
  variantId: z.number().int(),
  /** The variant's option values ('18 cm · Curved'); '' for a product without options. */
  variantLabel: z.string(),
  productSlug: z.string(),
  productName: z.string(),
  /** The variant's catalogue number. */
  productModel: z.string(),
  productBrand: z.string(),
  productCategory: z.string(),
  availableStock: z.number().int(),
  /** Current stock: units in the warehouse, reserved ones included. */
  totalStock: z.number().int(),
  reservedStock: z.number().int(),
  lowStockThreshold: z.number().int(),
  /** Available stock above 0. */
  isInStock: z.boolean(),
  /** Available stock above 0 and at or under the threshold. */
  isLowStock: z.boolean(),
  /** Last manual movement (receive, adjust, damage, return) or threshold change. */
  lastStockCheck: z.string(),
  /** Always true here: every item belongs to a catalogue product. The spec's client reads this name. */
  hasDjangoProduct: z.boolean(),
  /** Current stock at the variant's unit price, USD. */
  stockValue: decimalString,
});
export type InventoryItem = z.infer<typeof inventoryItem>;

export const inventoryItemsQuery = z.object({
  ...pageQuery,
  /** Matches product name, brand or a variant's catalogue number. */
  search: z.string().trim().max(200).optional().transform((v) => (v ? v : undefined)),
  status: z.enum(STOCK_STATUSES, { message: `Choose one of: ${STOCK_STATUSES.join(', ')}.` }).optional(),
});
export type InventoryItemsQuery = z.input<typeof inventoryItemsQuery>;

/** One item per variant, a product's variants together in their order, products by name. */
export const listInventoryItems = defineContract({
  staff: staffAccess.fulfilment,
  method: 'GET',
  path: '/api/inventory/items/',
  errors: ['STAFF_ONLY'],
  query: inventoryItemsQuery,
  response: z.object({ items: z.array(inventoryItem), pagination }),
});

export const inventoryChoice = z.object({
  productId: z.number().int(),
  variantId: z.number().int(),
  /** '' for a product without options. */
  variantLabel: z.string(),
  productName: z.string(),
  /** The variant's catalogue number. */
  productModel: z.string(),
  availableStock: z.number().int(),
  totalStock: z.number().int(),
});
export type InventoryChoice = z.infer<typeof inventoryChoice>;

/** A short list for picking a variant (the receive-stock dialog): at most 20 matches, out of stock first. */
export const listInventoryChoices = defineContract({
  staff: staffAccess.fulfilment,
  method: 'GET',
  path: '/api/inventory/list/',
  errors: ['STAFF_ONLY'],
  query: z.object({ search: z.string().trim().max(200).optional().transform((v) => (v ? v : undefined)) }),
  response: z.object({ items: z.array(inventoryChoice) }),
});

export const MOVEMENT_KINDS = ['receive', 'adjust', 'damage', 'return', 'reserve', 'release', 'sale'] as const;
export type MovementKind = (typeof MOVEMENT_KINDS)[number];
/** Kinds staff may record; reserve, release and sale are made by checkout only. */
export const MANUAL_MOVEMENT_KINDS = ['receive', 'adjust', 'damage', 'return'] as const;
export type ManualMovementKind = (typeof MANUAL_MOVEMENT_KINDS)[number];

export const stockMovement = z.object({
  id: z.number().int(),
  productId: z.number().int(),
  variantId: z.number().int(),
  /** '' for a product without options. */
  variantLabel: z.string(),
  productName: z.string(),
  kind: z.enum(MOVEMENT_KINDS),
  /** Signed change: to current stock, or to reserved stock for reserve and release. */
  quantity: z.number().int(),
  reason: z.string(),
  /** Who made it (first and last name), or null for the system. */
  user: z.string().nullable(),
  createdAt: z.string(),
});
export type StockMovement = z.infer<typeof stockMovement>;

const movementsQuery = z.object({ ...pageQuery, kind: z.enum(MOVEMENT_KINDS).optional() });
const movementList = z.object({ movements: z.array(stockMovement), pagination });
export type MovementList = z.infer<typeof movementList>;

/** The movements of all the product's variants, newest first. */
export const listProductMovements = defineContract({
  staff: staffAccess.fulfilment,
  method: 'GET',
  path: '/api/inventory/:id/movements/',
  errors: ['STAFF_ONLY'],
  params: productIdParams,
  query: movementsQuery,
  response: movementList,
});

/** Every product's movements, newest first. */
export const listMovements = defineContract({
  staff: staffAccess.fulfilment,
  method: 'GET',
  path: '/api/inventory/movements/',
  errors: ['STAFF_ONLY'],
  query: movementsQuery,
  response: movementList,
});

export const createMovementBody = z.object({
  kind: z.enum(MOVEMENT_KINDS, { message: `Choose one of: ${MANUAL_MOVEMENT_KINDS.join(', ')}.` })
    .refine((kind) => (MANUAL_MOVEMENT_KINDS as readonly string[]).includes(kind), {
      message: 'Only checkout reserves, releases or sells stock.',
    }),
  /** Units; positive, except an adjustment, which is a non-zero signed correction. */
  quantity: z.number({ message: WHOLE_NUMBER }).int(WHOLE_NUMBER)
    .min(-MAX_MOVEMENT_QUANTITY, `Enter at least -${MAX_MOVEMENT_QUANTITY}.`)
    .max(MAX_MOVEMENT_QUANTITY, `Enter at most ${MAX_MOVEMENT_QUANTITY}.`),
  reason: z.string().trim().max(MAX_REASON_LENGTH, `Keep the reason under ${MAX_REASON_LENGTH} characters.`).default(''),
  /** Receiving: the lot's GS1 element string as scanned from the label (GTIN, lot, expiry, serial). */
  gs1: z.string().max(200, 'A GS1 code is at most 200 characters.').optional(),
  /** The product's variant whose stock changes; required when the product has several. */
  variantId: variantIdField,
}).superRefine((body, ctx) => {
  if (body.gs1 !== undefined) {
    const problems = body.kind === 'receive' ? checkReceivedGs1(body.gs1, body.quantity) : ['Only received stock is scanned.'];
    for (const message of problems) ctx.addIssue({ code: 'custom', path: ['gs1'], message });
  }
  if (body.kind === 'adjust' ? body.quantity === 0 : body.quantity <= 0) {
    ctx.addIssue({ code: 'custom', path: ['quantity'], message: body.kind === 'adjust' ? 'Enter a non-zero number.' : 'Enter at least 1.' });
  }
  if ((body.kind === 'adjust' || body.kind === 'damage') && !body.reason) {
    ctx.addIssue({ code: 'custom', path: ['reason'], message: 'Give a reason for this change.' });
  }
});
export type CreateMovementBody = z.input<typeof createMovementBody>;

/**
 * 409 INSUFFICIENT_STOCK when the change would take the variant's available stock below zero; 404 for an unknown
 * product; 400 on `variantId` when it is left out for a product with several variants or is another product's.
 * `item` is the variant's stock after the change.
 */
export const createMovement = defineContract({
  staff: staffAccess.fulfilment,
  method: 'POST',
  path: '/api/inventory/:id/movements/create/',
  errors: ['STAFF_ONLY', 'INSUFFICIENT_STOCK', 'SET_STOCK_DERIVED'],
  params: productIdParams,
  body: createMovementBody,
  status: 201,
  response: z.object({ movement: stockMovement, item: inventoryItem }),
});

/** The variant's low-stock threshold, answered with its item; `variantId` as for a movement. */
export const updateThreshold = defineContract({
  staff: staffAccess.fulfilment,
  method: 'PATCH',
  path: '/api/inventory/:id/threshold/',
  errors: ['STAFF_ONLY'],
  params: productIdParams,
  body: z.object({
    lowStockThreshold: z.number({ message: WHOLE_NUMBER }).int(WHOLE_NUMBER)
      .min(0, 'Enter 0 or more.').max(MAX_LOW_STOCK_THRESHOLD, `Enter at most ${MAX_LOW_STOCK_THRESHOLD}.`),
    variantId: variantIdField,
  }),
  response: inventoryItem,
});

export const inventoryOverview = z.object({
  /** Products with stock records; the other figures count variants. */
  totalProducts: z.number().int(),
  /** Variants with available stock above 0 and at or under their threshold. */
  lowStockItems: z.number().int(),
  /** Variants with no available stock. */
  outOfStock: z.number().int(),
  /** Σ current stock × unit price, USD. */
  totalStockValue: decimalString,
});
export type InventoryOverview = z.infer<typeof inventoryOverview>;

export const getInventoryOverview = defineContract({
  staff: staffAccess.fulfilment,
  method: 'GET',
  path: '/api/inventory/overview/',
  errors: ['STAFF_ONLY'],
  response: inventoryOverview,
});

/** A low or out-of-stock alert of one variant. */
export const stockAlert = z.object({
  id: z.number().int(),
  productId: z.number().int(),
  variantId: z.number().int(),
  /** '' for a product without options. */
  variantLabel: z.string(),
  productSlug: z.string(),
  productName: z.string(),
  kind: z.enum(['low', 'out']),
  availableStock: z.number().int(),
  lowStockThreshold: z.number().int(),
  openedAt: z.string(),
  acknowledged: z.boolean(),
  acknowledgedAt: z.string().nullable(),
});
export type StockAlert = z.infer<typeof stockAlert>;

/** Open alerts (low or out of stock now), out of stock first, newest first. An alert closes when stock recovers. */
export const listAlerts = defineContract({
  staff: staffAccess.fulfilment,
  method: 'GET',
  path: '/api/inventory/alerts/',
  errors: ['STAFF_ONLY'],
  response: z.object({ alerts: z.array(stockAlert) }),
});

/** 404 for an unknown or already resolved alert. */
export const acknowledgeAlert = defineContract({
  staff: staffAccess.fulfilment,
  method: 'POST',
  path: '/api/inventory/alerts/:id/acknowledge/',
  errors: ['STAFF_ONLY'],
  params: z.object({ id: z.coerce.number().int().min(1) }),
  response: stockAlert,
});

/** CSV attachment, one row per variant in the items list's order; not JSON, so not a contract. */
export const INVENTORY_REPORT_PATH = '/api/inventory/report.csv';
export const INVENTORY_REPORT_HEADER = [
  'Product', 'Variant', 'Model', 'Brand', 'Category', 'Current', 'Reserved', 'Available', 'Threshold', 'Status', 'Unit price (USD)',
  'Stock value (USD)',
] as const;

/**
 * Server-sent events: `GET /api/inventory/stream?ids=1,2,3` (at most MAX_STREAM_IDS product ids). PUBLIC, unlike
 * the rest of this file, because public product pages show live stock; it carries only the public live-stock
 * figures. Each `stock` event's data is a StockChange: first the current level of every id, then every change.
 */
export const INVENTORY_STREAM_PATH = '/api/inventory/stream';
export const stockStreamQuery = z.object({
  ids: z.string().trim().min(1, 'Give product ids.')
    .transform((value, ctx) => {
      const ids = [...new Set(value.split(',').map((part) => Number(part.trim())))];
      if (ids.some((id) => !Number.isInteger(id) || id < 1)) {
        ctx.addIssue({ code: 'custom', message: 'Give product ids separated by commas.' });
        return z.NEVER;
      }
      if (ids.length > MAX_STREAM_IDS) {
        ctx.addIssue({ code: 'custom', message: `Give at most ${MAX_STREAM_IDS} ids.` });
        return z.NEVER;
      }
      return ids;
    }),
});

/**
 * A product's live stock: the sums over its active variants (the threshold too), and each variant's own figures,
 * as GET /api/products/{slug}/stock/ gives them.
 */
export const stockChange = z.object({
  productId: z.number().int(),
  availableStock: z.number().int(),
  currentStock: z.number().int(),
  reservedStock: z.number().int(),
  lowStockThreshold: z.number().int(),
  lastUpdated: z.string(),
  variants: z.array(z.object({
    variantId: z.number().int(),
    currentStock: z.number().int(),
    availableStock: z.number().int(),
    reservedStock: z.number().int(),
  })),
});
export type StockChange = z.infer<typeof stockChange>;
