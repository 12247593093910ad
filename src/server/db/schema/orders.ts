import { sql } from 'drizzle-orm';
import { bigint, check, date, index, integer, jsonb, numeric, pgTable, serial, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { ORDER_TYPES, PAYMENT_CURRENCIES } from '../../../contracts/payment.ts';
import { flashSales, products, productVariants } from './catalog.ts';
import { shippingMethods } from './shipping.ts';
import { users } from './users.ts';

export const ORDER_STATUSES = ['pending', 'confirmed', 'processing', 'partly_shipped', 'shipped', 'delivered', 'cancelled'] as const;
export const ORDER_PAYMENT_STATUSES = ['pending', 'awaiting_payment', 'paid', 'failed', 'refunded'] as const;

/**
 * An order and the prices it was placed at. Amounts are USD cents; total_cents = subtotal − discount + tax +
 * shipping + fee. total_charged_minor is what the gateway charged, in minor units of `currency` (paisa or cents).
 */
export const orders = pgTable('orders', {
  id: uuid('id').primaryKey().defaultRandom(),
  /** 'SS-' + 8 Crockford base32 characters from a random source: readable, not guessable. */
  orderNumber: text('order_number').notNull().unique(),
  userId: uuid('user_id').notNull().references(() => users.id),
  status: text('status', { enum: ORDER_STATUSES }).notNull().default('pending'),
  orderType: text('order_type', { enum: ORDER_TYPES }).notNull().default('individual'),
  currency: text('currency', { enum: PAYMENT_CURRENCIES }).notNull(),
  /** PKR per USD used for this order. */
  exchangeRate: numeric('exchange_rate', { precision: 14, scale: 4 }).notNull(),
  subtotalCents: integer('subtotal_cents').notNull(),
  discountCents: integer('discount_cents').notNull().default(0),
  taxCents: integer('tax_cents').notNull().default(0),
  shippingCents: integer('shipping_cents').notNull().default(0),
  feeCents: integer('fee_cents').notNull().default(0),
  /** The part of total_cents paid with store credit (the gateway charges the rest). */
  storeCreditCents: integer('store_credit_cents').notNull().default(0),
  totalCents: integer('total_cents').notNull(),
  totalChargedMinor: bigint('total_charged_minor', { mode: 'number' }).notNull(),
  /**
   * An order placed for a deposit: what of its total is still to be paid through a gateway before it ships, in minor
   * units of `currency`, before that payment's fee; 0 once paid, and for every other order.
   */
  balanceDueMinor: bigint('balance_due_minor', { mode: 'number' }).notNull().default(0),
  email: text('email').notNull(),
  firstName: text('first_name').notNull(),
  lastName: text('last_name').notNull(),
  company: text('company').notNull().default(''),
  address: text('address').notNull(),
  city: text('city').notNull(),
  postalCode: text('postal_code').notNull(),
  /** ISO 3166-1 alpha-2 of the shipping address. */
  country: text('country').notNull().default('PK'),
  phone: text('phone').notNull(),
  /** The shipping method the buyer chose (null once staff delete it, or for orders before zones); its name as sold. */
  shippingMethodId: integer('shipping_method_id').references(() => shippingMethods.id, { onDelete: 'set null' }),
  shippingMethodName: text('shipping_method_name').notNull().default(''),
  paymentStatus: text('payment_status', { enum: ORDER_PAYMENT_STATUSES }).notNull().default('pending'),
  estimatedDelivery: date('estimated_delivery', { mode: 'string' }),
  /** While pending: when the stock held for this order goes back on sale. */
  reservationExpiresAt: timestamp('reservation_expires_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
}, (t) => [
  index('orders_user_created_idx').on(t.userId, t.createdAt),
  index('orders_created_idx').on(t.createdAt),
  index('orders_pending_expiry_idx').on(t.reservationExpiresAt).where(sql`status = 'pending'`),
  check('orders_amounts_nonneg', sql`subtotal_cents >= 0 AND discount_cents >= 0 AND tax_cents >= 0
    AND shipping_cents >= 0 AND fee_cents >= 0 AND total_cents >= 0 AND total_charged_minor >= 0`),
  check('orders_balance_due_nonneg', sql`balance_due_minor >= 0`),
  check('orders_store_credit_range', sql`store_credit_cents >= 0 AND store_credit_cents <= total_cents`),
]);

export interface OrderSetComponent {
  variant_id: number;
  product_id: number;
  name: string;
  variant_label: string;
  model_number: string;
  quantity: number;
}

/** A snapshot of each line as it was sold. */
export const orderItems = pgTable('order_items', {
  id: serial('id').primaryKey(),
  orderId: uuid('order_id').notNull().references(() => orders.id, { onDelete: 'cascade' }),
  productId: integer('product_id').references(() => products.id, { onDelete: 'set null' }),
  variantId: integer('variant_id').references(() => productVariants.id, { onDelete: 'set null' }),
  name: text('name').notNull(),
  /** The variant's option values as sold ('18 cm · Curved'); '' for a product without options. */
  variantLabel: text('variant_label').notNull().default(''),
  modelNumber: text('model_number').notNull(),
  image: text('image').notNull().default(''),
  categoryName: text('category_name').notNull(),
  /** What each unit was charged; on a line a sale priced in part, each unit beyond the sale's. */
  unitPriceCents: integer('unit_price_cents').notNull(),
  quantity: integer('quantity').notNull(),
  /** sale_quantity × sale_unit_price_cents + (quantity − sale_quantity) × unit_price_cents. */
  lineTotalCents: integer('line_total_cents').notNull(),
  /** The flash sale that priced some or all of this line's units, if any. */
  flashSaleId: integer('flash_sale_id').references(() => flashSales.id, { onDelete: 'set null' }),
  /** Units charged at the sale's price (and claimed from its allocation): 0 without a sale, up to the quantity. */
  saleQuantity: integer('sale_quantity').notNull().default(0),
  /** The sale price those units were charged; null when there are none. */
  saleUnitPriceCents: integer('sale_unit_price_cents'),
  /** The price contract the line was charged under ('' for none), named on the invoice. */
  contractNumber: text('contract_number').notNull().default(''),
  /**
   * For a set: what one set held as sold, [{ variant_id, product_id, name, variant_label, model_number, quantity }];
   * the components' lots are in order_line_lots under their own variants. [] for anything else.
   */
  setComponents: jsonb('set_components').$type<OrderSetComponent[]>().notNull().default([]),
}, (t) => [
  index('order_items_order_idx').on(t.orderId),
  index('order_items_flash_sale_idx').on(t.flashSaleId).where(sql`flash_sale_id IS NOT NULL`),
  check('order_items_quantity_positive', sql`quantity > 0`),
  check('order_items_sale_quantity', sql`sale_quantity >= 0 AND sale_quantity <= quantity
    AND (sale_quantity = 0 OR sale_unit_price_cents IS NOT NULL)`),
]);
