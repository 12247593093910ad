import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products } from '../db/schema/catalog.ts';
import { setComponents } from '../db/schema/instrument-sets.ts';
import { recalls } from '../db/schema/recalls.ts';
import { receive, stockLevel } from '../inventory/stock-ledger.ts';
import { createTestUser } from '../test/auth-fixtures.ts';
import { insertCatalogue } from '../test/catalog-fixtures.ts';
import { createCommerceTestApp, paymentBody, type CommerceTestApp } from '../test/commerce-fixtures.ts';
import { daysFromToday } from '../test/lot-fixtures.ts';
import { createBusinessBuyer } from '../test/organisation-fixtures.ts';

type Headers = Record<string, string>;
let t: CommerceTestApp;
/** Variant ids: scissors ×2, forceps ×1, needle holder ×1 (optional), tray (container); retractor (extra), long scissors (alternative to scissors). */
const v = { scissors: 0, forceps: 0, holder: 0, tray: 0, retractor: 0, longScissors: 0, set: 0, minor: 0, gauze: 0, dressing: 0 };
const p = { set: 0, minor: 0, dressing: 0 };
let business: Headers;
let individual: Headers;
let buyers = 0;

const inject = (method: 'GET' | 'POST', url: string, headers: Headers, payload?: object) => t.app.inject({ method, url, headers, payload });
const newBusiness = async () => (await createBusinessBuyer(t.database.db, { email: `set-buyer-${++buyers}@hospital.example` })).headers;
const available = async (slug: string) => (await inject('GET', `/api/products/${slug}/`, {})).json().variants[0].available_stock as number;
const free = async (variantId: number) => (await stockLevel(t.database.db, variantId)).availableStock;
const add = (headers: Headers, productId: number, variantId: number, quantity = 1, setChoice?: object) =>
  inject('POST', '/api/cart/add-item/', headers, { product_id: productId, variant_id: variantId, quantity, ...(setChoice ? { set_choice: setChoice } : {}) });
/** Pays for the whole cart by card at what the cart says it costs. */
async function checkout(headers: Headers, key: string) {
  const cart = (await inject('GET', '/api/cart/?country=PK&shipping_option_id=1', headers)).json();
  return t.app.inject({
    method: 'POST', url: '/api/payment/process', headers: { ...headers, 'idempotency-key': key },
    payload: paymentBody('credit_card', Number(cart.grand_total)),
  });
}

beforeAll(async () => {
  t = await createCommerceTestApp();
  const db = t.database.db;
  const { products: rows } = await insertCatalogue(db, ['general-surgery'], [
    { name: 'Mayo Scissors', category: 'general-surgery', priceCents: 1_000, stock: 10 },
    { name: 'Kelly Forceps', category: 'general-surgery', priceCents: 800, stock: 6 },
    { name: 'Needle Holder', category: 'general-surgery', priceCents: 500, stock: 5 },
    { name: 'Instrument Tray', category: 'general-surgery', priceCents: 1_500, stock: 10 },
    { name: 'Deaver Retractor', category: 'general-surgery', priceCents: 2_000, stock: 5 },
    { name: 'Long Mayo Scissors', category: 'general-surgery', priceCents: 1_200, stock: 10 },
    { name: 'Basic Laparotomy Set', category: 'general-surgery', priceCents: 10_000, stock: 0 },
    { name: 'Minor Procedure Set', category: 'general-surgery', priceCents: 3_000, stock: 0 },
    { name: 'Gauze Swab', category: 'general-surgery', priceCents: 100, stock: 50 },
    { name: 'Dressing Set', category: 'general-surgery', priceCents: 900, stock: 0 },
  ]);
  [v.scissors, v.forceps, v.holder, v.tray, v.retractor, v.longScissors, v.set, v.minor, v.gauze, v.dressing] = rows.map((row) => row.variantId);
  [p.set, p.minor, p.dressing] = [rows[6].id, rows[7].id, rows[9].id];
  // The earliest-expiring scissors are the ones a set ships with.
  await receive(db, { variantId: v.scissors, quantity: 4, lot: { lotNumber: 'SC-SOON', expiryDate: daysFromToday(90) } });
  await receive(db, { variantId: v.scissors, quantity: 4, lot: { lotNumber: 'SC-LATE', expiryDate: daysFromToday(400) } });
  await db.insert(setComponents).values([
    { setVariantId: v.set, componentVariantId: v.scissors, quantity: 2, position: 0 },
    { setVariantId: v.set, componentVariantId: v.forceps, quantity: 1, position: 1 },
    { setVariantId: v.set, componentVariantId: v.holder, quantity: 1, role: 'optional', position: 2 },
    { setVariantId: v.set, componentVariantId: v.tray, quantity: 1, isContainer: true, position: 3 },
    { setVariantId: v.set, componentVariantId: v.retractor, quantity: 1, role: 'extra', position: 4 },
    { setVariantId: v.set, componentVariantId: v.longScissors, quantity: 2, role: 'alternative', replacesVariantId: v.scissors, position: 5 },
    // The forceps are in both sets.
    { setVariantId: v.minor, componentVariantId: v.forceps, quantity: 2, position: 0 },
    { setVariantId: v.minor, componentVariantId: v.holder, quantity: 1, position: 1 },
    { setVariantId: v.dressing, componentVariantId: v.gauze, quantity: 5, position: 0 },
  ]);
  business = await newBusiness();
  individual = (await createTestUser(db, { email: 'set-individual@example.com' })).headers;
}, 60_000);
afterAll(() => t.close());

describe(`instrument sets on sale (${process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`, () => {
  it('shows a set with its contents, and as many as its scarcest component makes', async () => {
    const detail = (await inject('GET', '/api/products/basic-laparotomy-set/', {})).json();
    const [variant] = detail.variants;
    // Scissors 18 free ÷ 2, forceps 6, needle holders 5, trays 10: five sets.
    expect(variant.available_stock).toBe(5);
    expect(variant.set.blocked).toBeNull();
    expect(variant.set.components.map((c: { name: string; quantity: number; role: string }) => [c.name, c.quantity, c.role])).toEqual([
      ['Mayo Scissors', 2, 'standard'], ['Kelly Forceps', 1, 'standard'], ['Needle Holder', 1, 'optional'],
      ['Instrument Tray', 1, 'standard'], ['Deaver Retractor', 1, 'extra'], ['Long Mayo Scissors', 2, 'alternative'],
    ]);
    expect(variant.set.components[5]).toMatchObject({
      product_slug: 'long-mayo-scissors', replaces_variant_id: v.scissors, is_container: false, unit_price: '12.00', available: 10,
    });
    expect(variant.set.components[3].is_container).toBe(true);
    expect(await available('minor-procedure-set')).toBe(3);
  });

  it('prices a customisation by one rule, for the preview and the cart alike, and keeps each customisation a line of its own', async () => {
    const choice = { remove: [v.holder], add: [v.retractor], swap: [{ from: v.scissors, to: v.longScissors }] };
    const preview = await inject('POST', `/api/sets/${v.set}/price/`, business, { set_choice: choice, quantity: 2 });
    expect(preview.statusCode, preview.body).toBe(200);
    // $100 − $5 needle holder + $20 retractor + 2 × ($12 − $10) long scissors = $119 a set.
    expect(preview.json()).toMatchObject({ unit_price: '119.00', total_price: '238.00', available: 5 });
    expect(preview.json().components).toEqual([
      { variant_id: v.forceps, quantity: 1 }, { variant_id: v.tray, quantity: 1 },
      { variant_id: v.retractor, quantity: 1 }, { variant_id: v.longScissors, quantity: 2 },
    ]);
    const standard = (await inject('POST', `/api/sets/${v.set}/price/`, business, {})).json();
    expect(standard).toMatchObject({ unit_price: '100.00', configuration_key: '' });

    const buyer = await newBusiness();
    expect((await add(buyer, p.set, v.set, 1, choice)).statusCode).toBe(200);
    expect((await add(buyer, p.set, v.set, 1)).statusCode).toBe(200);
    // The same customisation written in another order is the same line.
    const again = await add(buyer, p.set, v.set, 1, { ...choice, swap: choice.swap, add: [v.retractor], remove: [v.holder] });
    const items = again.json().items;
    expect(items).toHaveLength(2);
    expect(items[0]).toMatchObject({ quantity: 2, unit_price: '119.00', total_price: '238.00', configuration_key: preview.json().configuration_key });
    expect(items[0].configuration_key).not.toBe('');
    expect(items[1]).toMatchObject({ quantity: 1, unit_price: '100.00', configuration_key: '' });
    expect(items[1].set_components).toHaveLength(4);
  });

  it('keeps customisation within the rules of the set, and to business accounts', async () => {
    const wrong = await inject('POST', `/api/sets/${v.set}/price/`, business, {
      set_choice: { remove: [v.forceps], add: [v.holder], swap: [{ from: v.forceps, to: v.longScissors }] },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errors).toEqual({
      'set_choice.remove': [`Component ${v.forceps} is not an optional part of this set.`],
      'set_choice.add': [`Component ${v.holder} is not an extra this set may take.`],
      'set_choice.swap': [`Component ${v.longScissors} is not an alternative to component ${v.forceps} in this set.`],
      set_choice: [`Each component may be chosen once: ${v.forceps}.`],
    });
    const notASet = await add(business, p.set - 6, v.scissors, 1, { remove: [v.holder] });
    expect(notASet.statusCode).toBe(400);
    expect(notASet.json().errors).toEqual({ set_choice: ['This product is not a set, so nothing in it can be changed.'] });
    const byIndividual = await add(individual, p.set, v.set, 1, { remove: [v.holder] });
    expect(byIndividual.statusCode).toBe(403);
    expect(byIndividual.json()).toMatchObject({ code: 'SET_NOT_CUSTOMISABLE', detail: 'Only business accounts can change what is in a set.' });
    const cart = (await inject('GET', '/api/cart/', individual)).json();
    expect(cart.items).toEqual([]);
    // The standard set is for everyone.
    expect((await add(individual, p.set, v.set, 1)).statusCode).toBe(200);
  });

  it('reserves and sells the components, earliest expiry first, and records each component with its lot on the order line', async () => {
    const buyer = await newBusiness();
    expect((await add(buyer, p.set, v.set, 2, { remove: [v.holder] })).statusCode).toBe(200);
    const before = { scissors: await free(v.scissors), forceps: await free(v.forceps), holder: await free(v.holder), tray: await free(v.tray) };
    const paid = await checkout(buyer, 'set-fefo');
    expect(paid.statusCode, paid.body).toBe(201);
    expect(await free(v.scissors)).toBe(before.scissors - 4);
    expect(await free(v.forceps)).toBe(before.forceps - 2);
    expect(await free(v.holder)).toBe(before.holder);
    expect(await free(v.tray)).toBe(before.tray - 2);
    // The set's own row keeps showing what can still be made, never reserved.
    expect(await stockLevel(t.database.db, v.set)).toMatchObject({ reservedStock: 0, currentStock: 4 });

    const order = (await inject('GET', `/api/orders/`, buyer)).json().orders[0];
    const [line] = order.items;
    expect(line).toMatchObject({ variantId: v.set, quantity: 2, price: 95 });
    expect(line.set_components.map((c: { name: string; quantity: number }) => [c.name, c.quantity]))
      .toEqual([['Mayo Scissors', 2], ['Kelly Forceps', 1], ['Instrument Tray', 1]]);
    expect(line.set_components[0].lots).toEqual([
      { lot_number: 'SC-SOON', expiry_date: daysFromToday(90), quantity: 4, serials: [], udis: [] },
    ]);
  });

  it('follows components another set and single sales take: a component shared by two sets', async () => {
    const before = { set: await available('basic-laparotomy-set'), minor: await available('minor-procedure-set') };
    const buyer = await newBusiness();
    // Two minor sets take four of the forceps the laparotomy set needs too.
    await add(buyer, p.minor, v.minor, 2);
    expect((await checkout(buyer, 'minor-sets')).statusCode).toBe(201);
    expect(await free(v.forceps)).toBe(0);
    expect(await available('minor-procedure-set')).toBe(0);
    expect(await available('basic-laparotomy-set')).toBe(0);
    expect(before).toEqual({ set: 4, minor: 2 });
  });

  it('cancelling an order gives the components back', async () => {
    await receive(t.database.db, { variantId: v.forceps, quantity: 4 });
    const buyer = await newBusiness();
    await add(buyer, p.minor, v.minor, 1);
    const paid = (await checkout(buyer, 'minor-cancel')).json();
    expect(await free(v.forceps)).toBe(2);
    const cancelled = await inject('POST', `/api/orders/${paid.orderId}/cancel/`, buyer);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(await free(v.forceps)).toBe(4);
    expect(await available('minor-procedure-set')).toBe(2);
  });

  it('refuses a set whose component is archived or recalled, naming it, in the product page, the cart and checkout', async () => {
    const buyer = await newBusiness();
    expect((await add(buyer, p.dressing, v.dressing, 1)).statusCode).toBe(200);
    await t.database.db.update(products).set({ status: 'archived' }).where(eq(products.slug, 'gauze-swab'));
    const detail = (await inject('GET', '/api/products/dressing-set/', {})).json();
    expect(detail.variants[0].set.blocked).toEqual({ reason: 'inactive', component_name: 'Gauze Swab' });
    expect(detail.variants[0].available_stock).toBe(0);
    const refusedAdd = await add(await newBusiness(), p.dressing, v.dressing, 1);
    expect(refusedAdd.statusCode).toBe(409);
    expect(refusedAdd.json()).toEqual({
      code: 'SET_UNAVAILABLE', detail: 'Dressing Set cannot be sold now: its component Gauze Swab is archived.',
      params: { name: 'Dressing Set', component: 'Gauze Swab', reason: 'inactive' },
    });
    const refusedCheckout = await checkout(buyer, 'dressing-archived');
    expect(refusedCheckout.statusCode).toBe(409);
    expect(refusedCheckout.json()).toMatchObject({ code: 'SET_UNAVAILABLE', params: { component: 'Gauze Swab', reason: 'inactive' } });

    await t.database.db.update(products).set({ status: 'active' }).where(eq(products.slug, 'gauze-swab'));
    await t.database.db.insert(recalls).values({ variantId: v.gauze, lotNumbers: ['G-1'], reason: 'Sterility breach' });
    const recalled = await checkout(buyer, 'dressing-recalled');
    expect(recalled.statusCode).toBe(409);
    expect(recalled.json().detail).toBe('Dressing Set cannot be sold now: its component Gauze Swab is under recall.');
    expect(await free(v.gauze)).toBe(50);
  });
});

describe(`concurrent checkouts of sets and their components (${process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`, () => {
  it('never sells more of a component than there is, whichever lines take it', async () => {
    const db = t.database.db;
    const { products: [kit, blade, handle] } = await insertCatalogue(db, ['race'], [
      { name: 'Scalpel Kit', category: 'race', priceCents: 2_000, stock: 0, variants: [{ options: {}, modelNumber: 'R-1' }] },
      { name: 'Scalpel Blade', category: 'race', priceCents: 100, stock: 7, variants: [{ options: {}, modelNumber: 'R-2' }] },
      { name: 'Scalpel Handle', category: 'race', priceCents: 900, stock: 20, variants: [{ options: {}, modelNumber: 'R-3' }] },
    ]);
    await db.insert(setComponents).values([
      { setVariantId: kit.variantId, componentVariantId: blade.variantId, quantity: 2 },
      { setVariantId: kit.variantId, componentVariantId: handle.variantId, quantity: 1 },
    ]);
    const racers: Headers[] = [];
    for (let i = 0; i < 8; i++) {
      const headers = await newBusiness();
      // Half buy a kit (two blades each), half two single blades.
      const res = i % 2 === 0 ? await add(headers, kit.id, kit.variantId, 1) : await add(headers, blade.id, blade.variantId, 2);
      expect(res.statusCode, res.body).toBe(200);
      racers.push(headers);
    }
    const answers = await Promise.all(racers.map((headers, i) => checkout(headers, `race-${i}`)));
    const paid = answers.filter((answer) => answer.statusCode === 201);
    // Seven blades make three orders of two.
    expect(paid).toHaveLength(3);
    for (const answer of answers.filter((a) => a.statusCode !== 201)) {
      expect(answer.statusCode, answer.body).toBe(409);
      expect(answer.json().code).toBe('INSUFFICIENT_STOCK');
    }
    expect(await stockLevel(db, blade.variantId)).toMatchObject({ currentStock: 1, reservedStock: 0 });
    const kits = answers.filter((answer, i) => answer.statusCode === 201 && i % 2 === 0).length;
    expect(await stockLevel(db, handle.variantId)).toMatchObject({ currentStock: 20 - kits, reservedStock: 0 });
    expect(await stockLevel(db, kit.variantId)).toMatchObject({ currentStock: 0, reservedStock: 0 });
  });
});
