import { asc, eq, sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, shopDay } from '#contracts/standing-orders';
import { openPostgres, type Database } from '../db/client.ts';
import { mailOutbox } from '../db/schema/mail-outbox.ts';
import { orders } from '../db/schema/orders.ts';
import { standingOrderRuns } from '../db/schema/standing-orders.ts';
import { insertCatalogue } from '../test/catalog-fixtures.ts';
import { createCommerceTestApp, testShippingAddress, type CommerceTestApp } from '../test/commerce-fixtures.ts';
import { addMember, createBusinessBuyer } from '../test/organisation-fixtures.ts';
import { shopNoon, standingOrderDeps } from '../test/standing-order-fixtures.ts';
import { TEST_PUBLIC_URL } from '../test/test-app.ts';
import { runStandingOrders } from './standing-order-runs.ts';

// Two job runners, each with its own connections to one PostgreSQL database, sweep the standing orders at the same
// moment, twice over: each run is claimed by one of them through its standing_order_runs row. PGlite is one
// process's own database, so this runs only with TEST_DATABASE_URL.
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

let t: CommerceTestApp;
let other: Database;

beforeAll(async () => {
  if (!onPostgres) return;
  t = await createCommerceTestApp();
  other = await openPostgres((t.database as Database & { url?: string }).url!, { max: 4 });
});
afterAll(async () => {
  await other?.close();
  await t?.close();
});

describe.skipIf(!onPostgres)('standing orders with two job runners on one PostgreSQL', () => {
  it('each run orders once and each notice is mailed once, whichever runner claims it', async () => {
    const { db } = t.database;
    const founder = await createBusinessBuyer(db, { email: 'admin@mayo.example', status: 'verified', paymentTerms: 'net30', creditLimitCents: 10_000_000 });
    const buyer = await addMember(db, founder.organisation!.id, 'buyer@mayo.example', 'buyer');
    const { products } = await insertCatalogue(db, ['general-surgery'], [
      { name: 'Kelly Hemostat', category: 'general-surgery', priceCents: 1_850, stock: 500 },
    ]);
    const listIds: number[] = [];
    for (const name of ['Theatre', 'Ward 7', 'Emergency']) {
      const created = await t.app.inject({ method: 'POST', url: '/api/reorder-lists', headers: buyer.headers, payload: { name } });
      const listId = created.json<{ list: { id: number } }>().list.id;
      await t.app.inject({ method: 'POST', url: `/api/reorder-lists/${listId}/items`, headers: buyer.headers, payload: { product_id: products[0].id, par_level: 3 } });
      const saved = await t.app.inject({
        method: 'PUT', url: `/api/reorder-lists/${listId}/standing-order/`, headers: buyer.headers,
        payload: { frequency: 'weekly', first_run_on: addDays(shopDay(new Date()), 1), shipping_address: testShippingAddress },
      });
      expect(saved.statusCode, saved.body).toBe(200);
      listIds.push(listId);
    }
    const runners = [standingOrderDeps(t, TEST_PUBLIC_URL), { ...standingOrderDeps(t, TEST_PUBLIC_URL), db: other.db, log: pino({ level: 'silent' }) }];
    const runOn = addDays(shopDay(new Date()), 1);
    const sweepTogether = (now: Date) => Promise.all([...runners, ...runners].map((deps) => runStandingOrders(deps, now)));

    await sweepTogether(shopNoon(addDays(runOn, -1)));
    const notices = await db.select().from(mailOutbox).where(sql`${mailOutbox.kind} = 'standing_order'`);
    expect(notices).toHaveLength(3);

    const finished = await sweepTogether(shopNoon(runOn));
    expect(finished.reduce((sum, count) => sum + count, 0)).toBe(3);
    const runs = await db.select().from(standingOrderRuns).orderBy(asc(standingOrderRuns.id));
    expect(runs.map((run) => [run.runOn, run.status])).toEqual([[runOn, 'placed'], [runOn, 'placed'], [runOn, 'placed']]);
    const placed = await db.select().from(orders).where(eq(orders.userId, buyer.user.id));
    expect(placed).toHaveLength(3);
    expect(new Set(runs.map((run) => run.orderId))).toEqual(new Set(placed.map((order) => order.id)));

    // The same day again, on both: nothing more.
    await sweepTogether(shopNoon(runOn));
    expect(await db.select().from(standingOrderRuns)).toHaveLength(3);
    expect(await db.select().from(orders).where(eq(orders.userId, buyer.user.id))).toHaveLength(3);
  }, 60_000);
});
