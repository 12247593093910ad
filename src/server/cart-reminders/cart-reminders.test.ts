import { asc, eq, sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { REMINDER_SWEEP_MINUTES } from '#contracts/cart-reminders';
import { openPostgres, type Database } from '../db/client.ts';
import { cartReminderSettings } from '../db/schema/cart.ts';
import { jobRuns } from '../db/schema/job-runs.ts';
import { mailOutbox } from '../db/schema/mail-outbox.ts';
import { orders } from '../db/schema/orders.ts';
import { promoCodes } from '../db/schema/promo.ts';
import { users } from '../db/schema/users.ts';
import { createJobScheduler } from '../jobs/job-scheduler.ts';
import { periodicJobs, type JobDeps } from '../jobs/jobs.ts';
import { createTestUser } from '../test/auth-fixtures.ts';
import { insertCatalogue } from '../test/catalog-fixtures.ts';
import { createCommerceTestApp, type CommerceTestApp } from '../test/commerce-fixtures.ts';
import { buyByCard } from '../test/paid-order-fixture.ts';
import { TEST_PUBLIC_URL } from '../test/test-app.ts';
import { sendCartReminders, type CartReminderDeps } from './cart-reminders.ts';

type Headers = Record<string, string>;
interface Buyer { id: string; email: string; headers: Headers }

let t: CommerceTestApp;
let deps: CartReminderDeps;
let kelly: number;
let mayo: number;
let owner: Headers;
let nextBuyer = 0;

beforeAll(async () => {
  t = await createCommerceTestApp();
  const { db } = t.database;
  deps = { db, taxBasisPoints: 0, publicUrl: TEST_PUBLIC_URL };
  const { products } = await insertCatalogue(db, ['general-surgery'], [
    { name: 'Kelly Hemostat', category: 'general-surgery', priceCents: 1_850, stock: 50 },
    { name: 'Mayo Scissors', category: 'general-surgery', priceCents: 2_400, stock: 50 },
  ]);
  [kelly, mayo] = products.map((product) => product.id);
  owner = (await createTestUser(db, { email: 'owner@staff.example', staffRole: 'owner' })).headers;
});
afterAll(() => t.close());
beforeEach(async () => {
  const { db } = t.database;
  await db.execute(sql`delete from cart_items`);
  await db.update(cartReminderSettings).set({ enabled: true, idleHours: 24, promoCodeId: null });
  await db.delete(mailOutbox).where(eq(mailOutbox.kind, 'cart_reminder'));
});

async function buyer(options: { language?: 'en' | 'ur' | 'ar'; verified?: boolean } = {}): Promise<Buyer> {
  const email = `buyer${++nextBuyer}@example.com`;
  const { user, headers } = await createTestUser(t.database.db, { email, isVerified: options.verified ?? true });
  await t.database.db.update(users).set({ firstName: 'Ayesha', language: options.language ?? 'en' }).where(eq(users.id, user.id));
  return { id: user.id, email, headers };
}

async function add(who: Buyer, productId: number, quantity = 1) {
  const res = await t.app.inject({ method: 'POST', url: '/api/cart/add-item/', headers: who.headers, payload: { product_id: productId, quantity } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ items: { id: number }[]; subtotal: string }>();
}

/** The buyer's cart as the clock would leave it `hours` later: every time it holds moves back together. */
async function leave(who: Buyer, hours: number) {
  const back = `${hours} hours`;
  await t.database.db.execute(sql`update carts set updated_at = updated_at - ${back}::interval,
    reminded_at = reminded_at - ${back}::interval where user_id = ${who.id}`);
  await t.database.db.execute(sql`update cart_items set updated_at = updated_at - ${back}::interval
    where cart_id = (select id from carts where user_id = ${who.id})`);
}

const remindersTo = (who: Buyer) => t.database.db.select().from(mailOutbox)
  .where(sql`${mailOutbox.kind} = 'cart_reminder' and ${mailOutbox.to} = ${who.email}`).orderBy(asc(mailOutbox.id));

const setSettings = (payload: object, headers = owner) => t.app.inject({ method: 'PUT', url: '/api/staff/cart-reminders/', headers, payload });

describe('reminders of carts left behind', () => {
  it('mails the owner once per abandoned cart: a second sweep sends nothing more', async () => {
    const ayesha = await buyer();
    const bilal = await buyer();
    await add(ayesha, kelly, 2);
    await add(bilal, mayo);
    await leave(ayesha, 25);
    await leave(bilal, 25);
    expect(await sendCartReminders(deps)).toBe(2);
    expect(await sendCartReminders(deps)).toBe(0);
    expect(await remindersTo(ayesha)).toHaveLength(1);
    expect(await remindersTo(bilal)).toHaveLength(1);
  });

  it('lists the items at the cart\'s own prices and links back to the cart, in English', async () => {
    const ayesha = await buyer();
    await add(ayesha, kelly, 2);
    const cart = await add(ayesha, mayo);
    await leave(ayesha, 25);
    await sendCartReminders(deps);
    const [mail] = await remindersTo(ayesha);
    expect(mail.subject).toBe('Sialkot Surgical: Your cart is waiting for you');
    expect(mail.text).toContain('Kelly Hemostat');
    expect(mail.text).toContain('2 × $18.50 each: $37.00');
    expect(mail.text).toContain('1 × $24.00 each: $24.00');
    expect(cart.subtotal).toBe('61.00');
    expect(mail.text).toContain('Subtotal: $61.00');
    expect(mail.text).toContain(`Return to your cart: ${TEST_PUBLIC_URL}/cart`);
    expect(mail.text).toContain(`${TEST_PUBLIC_URL}/profile/settings?tab=notifications`);
    expect(mail.text).not.toContain('Use the code');
    expect(mail.html).toContain(`href="${TEST_PUBLIC_URL}/cart"`);
  });

  it('writes in the buyer\'s language: Arabic, right to left', async () => {
    const ayesha = await buyer({ language: 'ar' });
    await add(ayesha, kelly);
    await leave(ayesha, 25);
    await sendCartReminders(deps);
    const [mail] = await remindersTo(ayesha);
    expect(mail.subject).toBe('سيالكوت سرجيكال: سلتك بانتظارك');
    expect(mail.text).toContain(`العودة إلى سلتك: ${TEST_PUBLIC_URL}/cart`);
    expect(mail.html).toContain('<html lang="ar" dir="rtl">');
  });

  it('sends nothing before the period staff set has passed, and follows a period they change', async () => {
    const ayesha = await buyer();
    await add(ayesha, kelly);
    await leave(ayesha, 23);
    expect(await sendCartReminders(deps)).toBe(0);
    expect((await setSettings({ enabled: true, idle_hours: 2, promo_code: null })).statusCode).toBe(200);
    expect(await sendCartReminders(deps)).toBe(1);
    expect(await remindersTo(ayesha)).toHaveLength(1);
  });

  it('reminds again only after the cart was changed and left behind again', async () => {
    const ayesha = await buyer();
    await add(ayesha, kelly);
    await leave(ayesha, 25);
    await sendCartReminders(deps);
    await add(ayesha, mayo);
    expect(await sendCartReminders(deps)).toBe(0);
    await leave(ayesha, 25);
    expect(await sendCartReminders(deps)).toBe(1);
    const mails = await remindersTo(ayesha);
    expect(mails).toHaveLength(2);
    expect(mails[1].text).toContain('Mayo Scissors');
  });

  it('counts a line removed as a change of the cart', async () => {
    const ayesha = await buyer();
    await add(ayesha, kelly);
    const cart = await add(ayesha, mayo);
    await leave(ayesha, 25);
    const removed = await t.app.inject({ method: 'DELETE', url: `/api/cart/items/${cart.items[1].id}/`, headers: ayesha.headers });
    expect(removed.statusCode).toBe(200);
    expect(await sendCartReminders(deps)).toBe(0);
  });

  it('sends none for a cart that was emptied', async () => {
    const ayesha = await buyer();
    const cart = await add(ayesha, kelly);
    await t.app.inject({ method: 'PATCH', url: `/api/cart/items/${cart.items[0].id}/`, headers: ayesha.headers, payload: { quantity: 0 } });
    await leave(ayesha, 25);
    expect(await sendCartReminders(deps)).toBe(0);
    expect(await remindersTo(ayesha)).toHaveLength(0);
  });

  it('sends none for a cart that was bought, nor while its owner is paying for an order', async () => {
    const ayesha = await buyer();
    await buyByCard(t, ayesha.headers, [{ productId: kelly, quantity: 1 }]);
    await leave(ayesha, 25);
    expect(await sendCartReminders(deps)).toBe(0);

    const bilal = await buyer();
    const { orderId } = await buyByCard(t, bilal.headers, [{ productId: kelly, quantity: 1 }]);
    await add(bilal, mayo);
    await t.database.db.update(orders).set({ status: 'pending' }).where(eq(orders.id, orderId));
    await leave(bilal, 25);
    expect(await sendCartReminders(deps)).toBe(0);
    await t.database.db.update(orders).set({ status: 'cancelled' }).where(eq(orders.id, orderId));
    expect(await sendCartReminders(deps)).toBe(1);
  });

  it('sends none to a buyer who turned cart reminders off in their notification settings', async () => {
    const ayesha = await buyer();
    const off = await t.app.inject({
      method: 'PUT', url: '/api/auth/profile/', headers: ayesha.headers, payload: { preferences: { notifications: { cartReminders: false } } },
    });
    expect(off.json().preferences.notifications).toEqual({ email: true, sms: false, push: false, cartReminders: false });
    await add(ayesha, kelly);
    await leave(ayesha, 25);
    expect(await sendCartReminders(deps)).toBe(0);
  });

  it('sends none to staff, unverified or deactivated accounts', async () => {
    const unverified = await buyer({ verified: false });
    const gone = await buyer();
    const staffMember = await buyer();
    for (const who of [unverified, gone, staffMember]) await add(who, kelly);
    await t.database.db.update(users).set({ isVerified: false }).where(eq(users.id, unverified.id));
    await t.database.db.update(users).set({ deactivatedAt: new Date() }).where(eq(users.id, gone.id));
    await t.database.db.update(users).set({ staffRole: 'sales' }).where(eq(users.id, staffMember.id));
    for (const who of [unverified, gone, staffMember]) await leave(who, 25);
    expect(await sendCartReminders(deps)).toBe(0);
  });

  it('sends none while staff have turned reminders off', async () => {
    const ayesha = await buyer();
    await add(ayesha, kelly);
    await leave(ayesha, 25);
    expect((await setSettings({ enabled: false, idle_hours: 24, promo_code: null })).statusCode).toBe(200);
    expect(await sendCartReminders(deps)).toBe(0);
    expect((await setSettings({ enabled: true, idle_hours: 24, promo_code: null })).statusCode).toBe(200);
    expect(await sendCartReminders(deps)).toBe(1);
  });

  it('offers a discount only when staff chose a code, and only while it applies', async () => {
    const { db } = t.database;
    await db.insert(promoCodes).values([
      { code: 'COMEBACK10', kind: 'percent', value: 1_000 },
      { code: 'FIVEOFF', kind: 'fixed', value: 500, minSubtotalCents: 5_000 },
    ]).onConflictDoNothing();
    const ayesha = await buyer();
    await add(ayesha, kelly);
    await leave(ayesha, 25);
    expect((await setSettings({ enabled: true, idle_hours: 24, promo_code: 'comeback10' })).json().promo_code).toBe('COMEBACK10');
    await sendCartReminders(deps);
    expect((await remindersTo(ayesha))[0].text).toContain('Use the code COMEBACK10 at checkout for 10% off.');

    // A subtotal below the code's minimum: the code does not apply, so it is not offered.
    const bilal = await buyer();
    await add(bilal, kelly);
    await leave(bilal, 25);
    await setSettings({ enabled: true, idle_hours: 24, promo_code: 'FIVEOFF' });
    await sendCartReminders(deps);
    expect((await remindersTo(bilal))[0].text).not.toContain('FIVEOFF');

    // A code staff switched off is not offered either.
    const sana = await buyer();
    await add(sana, mayo, 3);
    await leave(sana, 25);
    await db.update(promoCodes).set({ active: false }).where(eq(promoCodes.code, 'FIVEOFF'));
    await sendCartReminders(deps);
    expect((await remindersTo(sana))[0].text).not.toContain('FIVEOFF');
    await db.update(promoCodes).set({ active: true }).where(eq(promoCodes.code, 'FIVEOFF'));
    await add(sana, kelly);
    await leave(sana, 25);
    await sendCartReminders(deps);
    const [, again] = await remindersTo(sana);
    expect(again.text).toContain('Use the code FIVEOFF at checkout for $5.00 off.');
    expect(again.text).toContain('The code applies to orders of $50.00 or more.');
  });

  it('mails each cart once when two sweeps run at once', async () => {
    const ayesha = await buyer();
    await add(ayesha, kelly);
    await leave(ayesha, 25);
    const sent = await Promise.all([sendCartReminders(deps), sendCartReminders(deps)]);
    expect(sent.reduce((sum, n) => sum + n, 0)).toBe(1);
    expect(await remindersTo(ayesha)).toHaveLength(1);
  });
});

describe('the reminder job in two processes on one database', () => {
  const log = pino({ level: 'silent' });
  /** A second process's view of the database: its own connections on PostgreSQL, the same database on PGlite. */
  let other: Database;
  beforeAll(async () => {
    const url = (t.database as Database & { url?: string }).url;
    other = url ? await openPostgres(url, { max: 2 }) : t.database;
  });
  afterAll(async () => {
    if (other !== t.database) await other.close();
  });

  const jobOf = (db: Database['db']) => periodicJobs({ ...deps, db } as JobDeps).find((job) => job.name === 'cart-reminders')!;
  const runs = async () => (await t.database.db.select({ runs: jobRuns.runs }).from(jobRuns).where(eq(jobRuns.name, 'cart-reminders')))[0]?.runs ?? 0;
  /** One period of the job passes, as the clock would make it. */
  const periodPasses = () => t.database.db.execute(sql`update job_runs
    set last_started_at = last_started_at - ${`${REMINDER_SWEEP_MINUTES} minutes`}::interval where name = 'cart-reminders'`);

  it('runs once per period across both, mailing each cart once', async () => {
    const ayesha = await buyer();
    const bilal = await buyer();
    await add(ayesha, kelly);
    await add(bilal, mayo);
    await leave(ayesha, 25);
    await leave(bilal, 25);
    const first = createJobScheduler({ db: t.database.db, log, jobs: [jobOf(t.database.db)] });
    const second = createJobScheduler({ db: other.db, log, jobs: [jobOf(other.db)] });
    const before = await runs();

    await periodPasses();
    await Promise.all([first.tick(), second.tick(), first.tick(), second.tick()]);
    expect(await runs()).toBe(before + 1);
    expect(await remindersTo(ayesha)).toHaveLength(1);
    expect(await remindersTo(bilal)).toHaveLength(1);

    await periodPasses();
    await Promise.all([first.tick(), second.tick()]);
    expect(await remindersTo(ayesha)).toHaveLength(1);
    expect(await remindersTo(bilal)).toHaveLength(1);
  });
});
