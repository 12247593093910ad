import type { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ORDER_EVENTS, PARCEL_EVENTS } from '#contracts/orders';
import { openPglite, type Database } from './client.ts';
import { shopEvent } from '../orders/order-event-text.ts';
import { migrateUntil } from '../test/migrate-until.ts';

/** Timelines as the shop wrote them up to 0017, in English only; each line's status is the one the shop gave it. */
const WRITTEN: [status: string, description: string][] = [
  ['pending', 'Order placed'],
  ['confirmed', 'Payment received'],
  ['confirmed', 'Order confirmed'],
  ['confirmed', 'Order confirmed on Net 30 terms: payment due by 2026-12-24'],
  ['confirmed', 'Order confirmed on Net 60 terms: payment due by 2027-01-23'],
  ['processing', 'Order is being prepared for shipment'],
  ['shipped', 'Order shipped with TCS, tracking number TCS-55501'],
  ['shipped', 'Order shipped with Leopards, Karachi, tracking number LP 2231-09'],
  ['delivered', 'Order delivered'],
  ['cancelled', 'Order cancelled by the buyer'],
  ['cancelled', 'Order cancelled by Sialkot Surgical'],
  ['cancelled', 'Payment failed: Payment declined: your card was declined.'],
  ['cancelled', 'Reservation expired: payment not completed'],
  ['confirmed', 'Invoice payment received'],
  // Typed by staff: a tracking update, a cancellation reason, a custom description on a status change.
  ['shipped', 'Arrived at the Lahore sorting hub'],
  ['cancelled', 'Customer asked by phone'],
  ['processing', 'Packed, waiting for the courier'],
  ['shipped', 'Payment failed: will retry by bank transfer'],
];

const CODED: [event: string | null, params: Record<string, string>][] = [
  ['placed', {}],
  ['payment_received', {}],
  ['confirmed', {}],
  ['confirmed_on_terms', { terms: 'net30', dueDate: '2026-12-24' }],
  ['confirmed_on_terms', { terms: 'net60', dueDate: '2027-01-23' }],
  ['processing', {}],
  ['shipped', { carrier: 'TCS', trackingNumber: 'TCS-55501' }],
  ['shipped', { carrier: 'Leopards, Karachi', trackingNumber: 'LP 2231-09' }],
  ['delivered', {}],
  ['cancelled_by_buyer', {}],
  ['cancelled_by_shop', {}],
  ['payment_failed', { reason: 'Payment declined: your card was declined.' }],
  ['reservation_expired', {}],
  ['invoice_paid', {}],
  [null, {}],
  [null, {}],
  [null, {}],
  [null, {}],
];

/** Events the shop has written with their code since they began (after 0018), never as English alone. */
const CODED_FROM_THE_START = new Set<string>(['refund_due', ...PARCEL_EVENTS, 'confirmed_cash_on_delivery', 'cash_on_delivery_refused', 'exchange_for_return', 'order_edited']);

/** Each text the shop writes today, as it writes it: its English must be the English the backfill knows. */
const TODAY = [
  shopEvent('placed'), shopEvent('payment_received'), shopEvent('confirmed'),
  shopEvent('confirmed_on_terms', { terms: 'net60', dueDate: '2027-02-01' }), shopEvent('processing'),
  shopEvent('shipped', { carrier: 'M&P', trackingNumber: 'MP-1' }), shopEvent('delivered'), shopEvent('cancelled_by_buyer'),
  shopEvent('cancelled_by_shop'), shopEvent('payment_failed', { reason: 'Payment failed.' }), shopEvent('reservation_expired'),
  shopEvent('invoice_paid'),
];
const STATUS_WRITTEN_WITH: Record<string, string> = { confirmed_on_terms: 'confirmed', shipped: 'shipped', payment_failed: 'cancelled' };

/** A shop migrated up to 0017 with English timelines, then migrated to today: each line the shop wrote gets its code. */
describe('migration 0018: order events as codes', () => {
  let database: Database;
  const client = () => (database.db as unknown as { $client: PGlite }).$client;
  const query = async <T>(sql: string) => (await client().query<T>(sql)).rows;

  beforeAll(async () => {
    database = await openPglite();
    await migrateUntil(database, '0017_flash_sales_counted_from_orders');
    await client().exec(`
      insert into users (id, email, password_hash, first_name, last_name)
        values ('00000000-0000-4000-8000-000000000001', 'buyer@example.com', 'x', 'Ada', 'Buyer');
      insert into orders (id, order_number, user_id, currency, exchange_rate, subtotal_cents, total_cents, total_charged_minor,
          email, first_name, last_name, address, city, postal_code, phone)
        values ('00000000-0000-4000-8000-0000000000a1', 'SS-ABCDEFGH', '00000000-0000-4000-8000-000000000001', 'USD', 278.5,
          16998, 16998, 16998, 'buyer@example.com', 'Ada', 'Buyer', '1 Mall Road', 'Lahore', '54000', '03001234567');
    `);
    const today = TODAY.map((text): [string, string] => [STATUS_WRITTEN_WITH[text.event!] ?? 'confirmed', text.description]);
    for (const [status, description] of [...WRITTEN, ...today]) {
      await client().query('insert into order_events (order_id, status, description) values ($1, $2, $3)',
        ['00000000-0000-4000-8000-0000000000a1', status, description]);
    }
    await database.migrate();
  });
  afterAll(() => database.close());

  it('codes every text the shop wrote, with the values in it, and leaves what staff typed uncoded', async () => {
    const rows = await query<{ event: string | null; event_params: Record<string, string> }>(
      `select event, event_params from order_events order by id limit ${WRITTEN.length}`);
    expect(rows.map((row) => [row.event, row.event_params])).toEqual(CODED);
  });

  it('knows the English of every code the shop writes today', async () => {
    const rows = await query<{ event: string | null; event_params: Record<string, string> }>(
      `select event, event_params from order_events order by id offset ${WRITTEN.length}`);
    expect(rows.map((row) => ({ event: row.event, eventParams: row.event_params })))
      .toEqual(TODAY.map(({ event, eventParams }) => ({ event, eventParams })));
    expect(TODAY.map((text) => text.event)).toEqual(ORDER_EVENTS.filter((event) => !CODED_FROM_THE_START.has(event)));
  });

  it('keeps every description and status as it was', async () => {
    const rows = await query<{ status: string; description: string }>(
      `select status, description from order_events order by id limit ${WRITTEN.length}`);
    expect(rows.map((row) => [row.status, row.description])).toEqual(WRITTEN);
  });

  it('gives a new line no code and no values unless it is written with them', async () => {
    const [row] = await query<{ event: string | null; event_params: unknown }>(`
      insert into order_events (order_id, status, description)
        values ('00000000-0000-4000-8000-0000000000a1', 'shipped', 'Out for delivery') returning event, event_params`);
    expect(row).toEqual({ event: null, event_params: {} });
  });
});
