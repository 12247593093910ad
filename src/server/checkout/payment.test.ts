import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { StockChange } from '#contracts/inventory';
import type { PaymentMethod } from '#contracts/payment';
import { orderItems, orders } from '../db/schema/orders.ts';
import { orderEvents } from '../db/schema/order-events.ts';
import { inventoryItems } from '../db/schema/inventory.ts';
import { idempotencyKeys, payments } from '../db/schema/payments.ts';
import { stockLevel } from '../inventory/stock-ledger.ts';
import { createTestUser } from '../test/auth-fixtures.ts';
import { insertCatalogue } from '../test/catalog-fixtures.ts';
import {
  createCommerceTestApp, PAKISTAN_STANDARD_ID, paymentBody, TEST_BANK, TEST_CARD, TEST_WALLET, testShippingAddress, type CommerceTestApp,
} from '../test/commerce-fixtures.ts';
import { typedSecretsIn } from '../test/typed-secrets.ts';

let t: CommerceTestApp;
let ayesha: Record<string, string>;
let bilal: Record<string, string>;
let ids: { kelly: number; mayo: number };
/** The products' only variants, whose stock the ledger keeps. */
let variantOf: { kelly: number; mayo: number };
let keyCounter = 0;
const nextKey = () => `key-${++keyCounter}`;

beforeAll(async () => {
  t = await createCommerceTestApp({ env: { TAX_RATE: '17' } });
  const { products } = await insertCatalogue(t.database.db, ['general-surgery'], [
    { name: 'Kelly Hemostat', category: 'general-surgery', priceCents: 1_800, stock: 100 },
    { name: 'Mayo Scissors', category: 'general-surgery', priceCents: 12_950, stock: 100 },
  ]);
  ids = { kelly: products[0].id, mayo: products[1].id };
  variantOf = { kelly: products[0].variantId, mayo: products[1].variantId };
  ayesha = (await createTestUser(t.database.db, { email: 'ayesha@example.com' })).headers;
  bilal = (await createTestUser(t.database.db, { email: 'bilal@example.com' })).headers;
});
afterAll(() => t.close());

const getCart = async (headers = ayesha) => (await t.app.inject({ method: 'GET', url: '/api/cart/', headers })).json();
const add = (productId: number, quantity: number, headers = ayesha) =>
  t.app.inject({ method: 'POST', url: '/api/cart/add-item/', headers, payload: { product_id: productId, quantity } });
const pay = (payload: unknown, key: string | null = nextKey(), headers = ayesha) => t.app.inject({
  method: 'POST', url: '/api/payment/process', payload: payload as Record<string, unknown>,
  headers: key === null ? headers : { ...headers, 'idempotency-key': key },
});
const verify = (transactionId: string, headers = ayesha) =>
  t.app.inject({ method: 'GET', url: `/api/payment/verify/${transactionId}`, headers });
const rowCount = async (table: typeof orders | typeof payments | typeof idempotencyKeys) =>
  (await t.database.db.select({ n: count() }).from(table))[0].n;

/** Ayesha's cart holds 2 Mayo Scissors and 1 Kelly Hemostat: 277.00 + 17% tax 47.09 + 75 shipping = 399.09. */
async function fillCart(headers = ayesha) {
  for (const item of (await getCart(headers)).items) {
    await t.app.inject({ method: 'DELETE', url: `/api/cart/items/${item.id}/`, headers });
  }
  await add(ids.mayo, 2, headers);
  await add(ids.kelly, 1, headers);
  return getCart(headers);
}
const amountFor = (cart: { grand_total: string; grand_total_pkr: string }, method: PaymentMethod) =>
  Number(method === 'credit_card' ? cart.grand_total : cart.grand_total_pkr);

beforeEach(() => t.charges.clear());

describe('POST /api/payment/process: validation', () => {
  it('needs a signed-in user and an Idempotency-Key', async () => {
    const cart = await fillCart();
    expect((await t.app.inject({ method: 'POST', url: '/api/payment/process', payload: paymentBody('credit_card', 1) })).statusCode).toBe(401);
    const res = await pay(paymentBody('credit_card', amountFor(cart, 'credit_card')), null);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ detail: 'Idempotency-Key header is required.', errors: { 'Idempotency-Key': ['This header is required.'] } });
    expect((await pay(paymentBody('credit_card', amountFor(cart, 'credit_card')), 'has spaces in it')).statusCode).toBe(400);
  });

  const card = (data: Partial<typeof TEST_CARD>) => paymentBody('credit_card', 399.09, { paymentData: { ...TEST_CARD, ...data } });
  const wallet = (method: PaymentMethod, data: Partial<typeof TEST_WALLET>) =>
    paymentBody(method, 111_146.57, { paymentData: { ...TEST_WALLET, ...data } });
  const bank = (data: Partial<typeof TEST_BANK>) => paymentBody('hbl_pay', 111_146.57, { paymentData: { ...TEST_BANK, ...data } });
  const cases: [string, unknown, Record<string, string[]>][] = [
    ['unknown method', { ...paymentBody('credit_card', 1), paymentMethod: 'bitcoin' },
      { paymentMethod: ['Choose a payment method: jazzcash, easypaisa, hbl_pay, credit_card, invoice, cash_on_delivery.'] }],
    ['card number failing Luhn', card({ cardNumber: '4242 4242 4242 4241' }), { 'paymentData.cardNumber': ['Enter a valid card number.'] }],
    ['card number too short', card({ cardNumber: '4242' }), { 'paymentData.cardNumber': ['Enter a valid card number.'] }],
    ['card number missing', card({ cardNumber: '' }), { 'paymentData.cardNumber': ['This field is required.'] }],
    ['expiry format', card({ expiry: '13/30' }), { 'paymentData.expiry': ['Enter the expiry as MM/YY.'] }],
    ['expired card', card({ expiry: '01/20' }), { 'paymentData.expiry': ['This card has expired.'] }],
    ['cvv', card({ cvv: '12' }), { 'paymentData.cvv': ['Enter the 3 or 4 digit security code.'] }],
    ['card name', card({ cardName: ' ' }), { 'paymentData.cardName': ['Enter the name on the card.'] }],
    ['card currency', { ...card({}), currency: 'EUR' }, { currency: ['Choose PKR or USD.'] }],
    ['jazzcash mobile', wallet('jazzcash', { mobile: '0412345678' }), { 'paymentData.mobile': ['Enter a mobile number like 03001234567.'] }],
    ['jazzcash pin', wallet('jazzcash', { pin: '12' }), { 'paymentData.pin': ['Enter your 4 to 6 digit PIN.'] }],
    ['jazzcash in USD', { ...wallet('jazzcash', {}), currency: 'USD' }, { currency: ['JazzCash payments are in PKR.'] }],
    ['easypaisa pin', wallet('easypaisa', { pin: '1234567' }), { 'paymentData.pin': ['Enter your 4 to 6 digit PIN.'] }],
    ['hbl account', bank({ accountNumber: '12345' }), { 'paymentData.accountNumber': ['Enter a valid account number (10 to 20 digits).'] }],
    ['hbl pin', bank({ bankPin: 'abcd' }), { 'paymentData.bankPin': ['Enter your 4 to 6 digit PIN.'] }],
    ['amount', { ...card({}), amount: -5 }, { amount: ['Enter an amount above 0.'] }],
    ['amount decimals', { ...card({}), amount: 399.091 }, { amount: ['Use at most 2 decimal places.'] }],
    ['order type', { ...card({}), orderDetails: { shippingAddress: paymentBody('credit_card', 1).orderDetails.shippingAddress, orderType: 'clinic' } },
      { 'orderDetails.orderType': ['Choose individual or hospital.'] }],
    ['shipping address', { ...card({}), orderDetails: { shippingAddress: { email: 'nope', firstName: '', lastName: 'Khan', address: 'x', city: 'Lahore', postalCode: '5', phone: '12' } } }, {
      'orderDetails.shippingAddress.email': ['Enter a valid email address.'],
      'orderDetails.shippingAddress.firstName': ['This field is required.'],
      'orderDetails.shippingAddress.phone': ['Enter a valid phone number (7 to 15 digits).'],
      'orderDetails.shippingAddress.postalCode': ['Enter a valid postal code, such as 54000.'],
    }],
    ['postal code', { ...card({}), orderDetails: { ...card({}).orderDetails, shippingAddress: { ...testShippingAddress, postalCode: '5400' } } },
      { 'orderDetails.shippingAddress.postalCode': ['Enter a valid postal code, such as 54000.'] }],
    ['country', { ...card({}), orderDetails: { ...card({}).orderDetails, shippingAddress: { ...testShippingAddress, country: 'Pakistan' } } },
      { 'orderDetails.shippingAddress.country': ['Choose a country.'] }],
  ];
  it.each(cases)('answers 400 per field for a bad %s, writing nothing and charging nothing', async (_name, payload, errors) => {
    const before = await stockLevel(t.database.db, variantOf.mayo);
    const res = await pay(payload);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toEqual({ detail: 'Validation failed', errors, issues: expect.any(Object) });
    expect(await rowCount(orders)).toBe(0);
    expect(await rowCount(idempotencyKeys)).toBe(0);
    expect(t.charges.size).toBe(0);
    expect(await stockLevel(t.database.db, variantOf.mayo)).toEqual(before);
  });

  it('refuses an empty cart', async () => {
    const res = await pay(paymentBody('credit_card', 75), nextKey(), bilal);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ detail: 'Your cart is empty.', code: 'CART_EMPTY' });
  });

  it('refuses an amount other than the cart\'s total with the current total, and the key can be used again', async () => {
    const cart = await fillCart();
    expect(cart.grand_total).toBe('399.09');
    const key = nextKey();
    const res = await pay(paymentBody('credit_card', 300), key);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      detail: 'The order total is now USD 399.09. Please review it and pay again.', code: 'AMOUNT_MISMATCH', amount: 399.09, currency: 'USD',
      params: { amount: 399.09, currency: 'USD' },
    });
    const pkr = await pay(paymentBody('jazzcash', 399.09));
    expect(pkr.json()).toMatchObject({ code: 'AMOUNT_MISMATCH', amount: Number(cart.grand_total_pkr), currency: 'PKR' });
    expect(await rowCount(orders)).toBe(0);
    expect(t.charges.size).toBe(0);
    const retried = await pay(paymentBody('credit_card', 399.09), key);
    expect(retried.statusCode, retried.body).toBe(201);
  });

  it('ignores item prices sent by the client: the order is built from database prices', async () => {
    const cart = await fillCart();
    const tampered = paymentBody('credit_card', 0.01, {
      orderDetails: {
        items: [{ productId: ids.mayo, name: 'Mayo Scissors', price: 0.01, quantity: 2 }],
        shippingAddress: paymentBody('credit_card', 1).orderDetails.shippingAddress,
        shippingOptionId: PAKISTAN_STANDARD_ID,
        orderType: 'individual',
      },
    });
    const refused = await pay(tampered);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().amount).toBe(399.09);
    const res = await pay({ ...tampered, amount: Number(cart.grand_total) });
    expect(res.statusCode, res.body).toBe(201);
    const [order] = await t.database.db.select().from(orders).where(eq(orders.id, res.json().orderId));
    expect(order).toMatchObject({ subtotalCents: 27_700, taxCents: 4_709, shippingCents: 7_500 });
    const items = await t.database.db.select().from(orderItems).where(eq(orderItems.orderId, order.id));
    expect(items.map((i) => [i.name, i.unitPriceCents, i.quantity])).toEqual(
      expect.arrayContaining([['Mayo Scissors', 12_950, 2], ['Kelly Hemostat', 1_800, 1]]));
  });
});

describe('POST /api/payment/process: outcomes', () => {
  it('charges a card in USD with the 2.5% fee, confirms the order, sells the stock and empties the cart', async () => {
    const cart = await fillCart();
    const mayoBefore = await stockLevel(t.database.db, variantOf.mayo);
    const published: StockChange[] = [];
    const unsubscribe = t.stockCommits.subscribe((change) => published.push(change));
    const res = await pay(paymentBody('credit_card', Number(cart.grand_total)));
    unsubscribe();
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json();
    expect(body).toEqual({
      success: true, message: 'Payment successful. Your order has been placed.', transactionId: expect.stringMatching(/^TXN-[0-9A-HJKMNP-TV-Z]{16}$/),
      orderId: expect.any(String), orderNumber: expect.stringMatching(/^SS-[0-9A-HJKMNP-TV-Z]{8}$/), paymentMethod: 'credit_card',
      amount: 399.09, currency: 'USD', fee: 9.98, totalCharged: 409.07,
    });
    expect(t.charges.get(body.transactionId)).toBe(1);
    const [order] = await t.database.db.select().from(orders).where(eq(orders.id, body.orderId));
    expect(order).toMatchObject({
      status: 'confirmed', paymentStatus: 'paid', currency: 'USD', exchangeRate: '278.5000', subtotalCents: 27_700,
      discountCents: 0, taxCents: 4_709, shippingCents: 7_500, feeCents: 998, totalCents: 40_907, totalChargedMinor: 40_907,
      reservationExpiresAt: null, firstName: 'Ayesha', city: 'Lahore',
    });
    const events = await t.database.db.select().from(orderEvents).where(eq(orderEvents.orderId, order.id)).orderBy(orderEvents.id);
    expect(events.map((e) => [e.status, e.description])).toEqual([['pending', 'Order placed'], ['confirmed', 'Payment received']]);
    const [payment] = await t.database.db.select().from(payments).where(eq(payments.transactionId, body.transactionId));
    expect(payment).toMatchObject({
      status: 'succeeded', method: 'credit_card', amountMinor: 39_909, feeMinor: 998, cardBrand: 'visa', cardLast4: '4242',
      providerReference: expect.stringMatching(/^sandbox-typed:ch_/),
    });
    expect(await stockLevel(t.database.db, variantOf.mayo)).toEqual({ ...mayoBefore, currentStock: mayoBefore.currentStock - 2, availableStock: mayoBefore.availableStock - 2 });
    // Live stock pages hear of the sale by the time the buyer is answered.
    expect(published.filter((c) => c.productId === ids.mayo).map((c) => [c.currentStock, c.reservedStock]).at(-1))
      .toEqual([mayoBefore.currentStock - 2, 0]);
    expect((await getCart()).items).toEqual([]);
  });

  it.each([
    ['jazzcash', { walletMasked: '0300****567' }],
    ['easypaisa', { walletMasked: '0300****567' }],
    ['hbl_pay', { accountMasked: '****1234' }],
  ] as const)('charges %s in PKR at the stored rate with no fee', async (method, masked) => {
    const cart = await fillCart();
    expect(cart.grand_total_pkr).toBe('111147.00'); // 399.09 × 278.50 = 111,146.565: whole rupees, half up
    const res = await pay(paymentBody(method, amountFor(cart, method)));
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ amount: 111_147, currency: 'PKR', fee: 0, totalCharged: 111_147, paymentMethod: method });
    const [payment] = await t.database.db.select().from(payments).where(eq(payments.transactionId, res.json().transactionId));
    expect(payment).toMatchObject({ status: 'succeeded', currency: 'PKR', amountMinor: 11_114_700, feeMinor: 0, ...masked });
    const [order] = await t.database.db.select().from(orders).where(eq(orders.id, res.json().orderId));
    expect(order).toMatchObject({ currency: 'PKR', totalChargedMinor: 11_114_700, totalCents: 39_909, status: 'confirmed' });
  });

  it('takes the card fee on PKR card payments too', async () => {
    const cart = await fillCart();
    const res = await pay(paymentBody('credit_card', Number(cart.grand_total_pkr), { currency: 'PKR' }));
    expect(res.json()).toMatchObject({ amount: 111_147, fee: 2_778.68, totalCharged: 113_925.68, currency: 'PKR' });
  });

  it.each([
    ['jazzcash', { paymentData: { mobile: '03001234567', cnic: '345678', pin: '0000' } }, 'Low balance: insufficient funds in wallet.', 'insufficient_funds'],
    ['easypaisa', { paymentData: { mobile: '03000000000', pin: '1234' } }, 'The mobile account is blocked.', 'account_blocked'],
    ['jazzcash', { paymentData: { mobile: '0300-0000000', cnic: '345678', pin: '1234' } }, 'Customer blocked: the wallet account is blocked.', 'account_blocked'],
    ['easypaisa', { paymentData: { mobile: '03001234567', pin: '0000' } }, 'Insufficient balance in the mobile account.', 'insufficient_funds'],
    ['hbl_pay', { paymentData: { accountNumber: '12345678901234', bankPin: '0000' } }, 'Payment declined: insufficient funds in account.', 'insufficient_funds'],
    ['credit_card', { paymentData: { ...TEST_CARD, cardNumber: '4000 0000 0000 0002' } }, 'Payment declined: your card was declined.', 'card_declined'],
  ] as const)('answers 402 for a %s test decline with its reason, leaving stock and cart as they were', async (method, overrides, message, reason) => {
    const cart = await fillCart();
    const before = [await stockLevel(t.database.db, variantOf.mayo), await stockLevel(t.database.db, variantOf.kelly)];
    const res = await pay(paymentBody(method, amountFor(cart, method), overrides));
    expect(res.statusCode, res.body).toBe(402);
    const body = res.json();
    expect(body).toEqual({ detail: message, code: 'PAYMENT_DECLINED', params: { reason }, transactionId: expect.stringMatching(/^TXN-/) });
    expect([await stockLevel(t.database.db, variantOf.mayo), await stockLevel(t.database.db, variantOf.kelly)]).toEqual(before);
    expect((await getCart()).items).toHaveLength(2);
    const [payment] = await t.database.db.select().from(payments).where(eq(payments.transactionId, body.transactionId));
    expect(payment).toMatchObject({ status: 'failed', failureMessage: message });
    const [order] = await t.database.db.select().from(orders).where(eq(orders.id, payment.orderId));
    expect(order).toMatchObject({ status: 'cancelled', paymentStatus: 'failed', reservationExpiresAt: null });
    const result = (await verify(body.transactionId)).json();
    expect(result).toMatchObject({ success: false, status: 'failed', message });
  });

  it('refuses with the stock left when the cart asks for more than there is', async () => {
    await fillCart();
    const { mayo } = variantOf;
    const level = await stockLevel(t.database.db, mayo);
    const { db } = t.database;
    await db.update(inventoryItems).set({ reservedStock: level.currentStock - 1 }).where(eq(inventoryItems.variantId, mayo));
    const res = await pay(paymentBody('credit_card', 399.09));
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      detail: 'Insufficient stock for Mayo Scissors: only 1 available.', code: 'INSUFFICIENT_STOCK', params: { name: 'Mayo Scissors', available: 1 },
    });
    expect(t.charges.size).toBe(0);
    await db.update(inventoryItems).set({ reservedStock: 0 }).where(eq(inventoryItems.variantId, mayo));
  });
});

describe('idempotency', () => {
  it('answers a repeated key with the first answer and charges once', async () => {
    const cart = await fillCart();
    const payload = paymentBody('credit_card', Number(cart.grand_total));
    const first = await pay(payload, 'same-key');
    const second = await pay(payload, 'same-key');
    expect(first.statusCode).toBe(201);
    expect(second.statusCode).toBe(201);
    expect(second.json()).toEqual(first.json());
    expect([...t.charges.values()]).toEqual([1]);
    expect(await t.database.db.select().from(payments).where(eq(payments.orderId, first.json().orderId))).toHaveLength(1);
  });

  it('answers a repeated decline the same way without charging again', async () => {
    const cart = await fillCart();
    const payload = paymentBody('jazzcash', amountFor(cart, 'jazzcash'), { paymentData: { mobile: '03001234567', cnic: '345678', pin: '0000' } });
    const first = await pay(payload, 'declined-key');
    const second = await pay(payload, 'declined-key');
    expect([first.statusCode, second.statusCode]).toEqual([402, 402]);
    expect(second.json()).toEqual(first.json());
    expect([...t.charges.values()]).toEqual([1]);
  });

  it('refuses the same key with a different request', async () => {
    const cart = await fillCart();
    await pay(paymentBody('credit_card', Number(cart.grand_total)), 'reused-key');
    const res = await pay(paymentBody('credit_card', Number(cart.grand_total), { currency: 'PKR' }), 'reused-key');
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ detail: 'Idempotency-Key reused with a different request.', code: 'IDEMPOTENCY_KEY_REUSED' });
  });

  it('charges once when the same key arrives twice at the same moment', async () => {
    const cart = await fillCart();
    const payload = paymentBody('credit_card', Number(cart.grand_total));
    const answers = await Promise.all([pay(payload, 'racing-key'), pay(payload, 'racing-key')]);
    const statuses = answers.map((a) => a.statusCode).sort();
    expect(statuses[0]).toBe(201);
    if (statuses[1] === 409) {
      expect(answers.find((a) => a.statusCode === 409)!.json()).toEqual({
        detail: 'A payment with this key is already being processed.', code: 'PAYMENT_IN_PROGRESS',
      });
    } else {
      expect(statuses[1]).toBe(201);
    }
    expect([...t.charges.values()]).toEqual([1]);
  });

  it('keeps keys per user: the same key from someone else is their own payment', async () => {
    const mine = await fillCart();
    const theirs = await fillCart(bilal);
    const a = await pay(paymentBody('credit_card', Number(mine.grand_total)), 'shared-key');
    const b = await pay(paymentBody('credit_card', Number(theirs.grand_total)), 'shared-key', bilal);
    expect([a.statusCode, b.statusCode]).toEqual([201, 201]);
    expect(a.json().transactionId).not.toBe(b.json().transactionId);
  });
});

describe('GET /api/payment/verify/:transaction_id', () => {
  it('answers the spec\'s payment result to the owner, and 404 to anyone else', async () => {
    const cart = await fillCart();
    const paid = (await pay(paymentBody('credit_card', Number(cart.grand_total)))).json();
    const res = await verify(paid.transactionId);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      success: true, transactionId: paid.transactionId, orderId: paid.orderId, orderNumber: paid.orderNumber, status: 'succeeded',
      amount: 399.09, currency: 'USD', fee: 9.98, paymentMethod: 'credit_card', message: 'Payment successful. Your order has been placed.',
      breakdown: { subtotal: '277.00', discount: '0.00', shipping: '75.00', tax: '47.09', fee: '9.98', total: '409.07' },
      amountCharged: '409.07', exchangeRate: null, promoCode: null, approveOnPhone: false, invoiceTerms: null,
      orderDetails: {
        items: expect.arrayContaining([
          { name: 'Mayo Scissors', quantity: 2, price: 129.5, saleQuantity: 0, salePrice: null, lineTotal: 259 },
          { name: 'Kelly Hemostat', quantity: 1, price: 18, saleQuantity: 0, salePrice: null, lineTotal: 18 },
        ]),
        shippingAddress: { name: 'Ayesha Khan', address: 'Mayo Hospital, 12 Hospital Road, Lahore 54000' },
        estimatedDelivery: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
      },
    });
    for (const res of [await verify(paid.transactionId, bilal), await verify('TXN-UNKNOWN')]) {
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ detail: 'Payment not found.' });
    }
    expect((await t.app.inject(`/api/payment/verify/${paid.transactionId}`)).statusCode).toBe(401);
  });
});

/**
 * Row values that could hold what the buyer typed, at any depth (the stored answer is JSON): ids, keys, hashes,
 * gateway references and timestamps left out, as they are random or clock digits that may contain a secret's digits
 * by chance.
 */
const typedValues = (rows: Record<string, unknown>[]) => JSON.stringify(rows, function (this: Record<string, unknown>, key, value) {
  return /(^id|^key|Id|Number|Hash|Reference|At|Delivery)$/.test(key) || this[key] instanceof Date ? undefined : value;
});

describe('payment secrets', () => {
  it('stores no card number, CVV or PIN', async () => {
    const card = { cardNumber: '5555 5555 5555 4444', expiry: '11/38', cvv: '7319', cardName: 'Ayesha Khan' };
    let cart = await fillCart();
    const byCard = await pay(paymentBody('credit_card', Number(cart.grand_total), { paymentData: card }));
    cart = await fillCart();
    const byWallet = await pay(paymentBody('jazzcash', amountFor(cart, 'jazzcash'), { paymentData: { mobile: '03451234567', cnic: '864201', pin: '975319' } }));
    cart = await fillCart();
    const byBank = await pay(paymentBody('hbl_pay', amountFor(cart, 'hbl_pay'), { paymentData: { accountNumber: '99887766554433', bankPin: '864213' } }));
    expect([byCard.statusCode, byWallet.statusCode, byBank.statusCode]).toEqual([201, 201, 201]);
    const stored = typedValues([
      ...await t.database.db.select().from(payments),
      ...await t.database.db.select().from(orders),
      ...await t.database.db.select().from(idempotencyKeys),
    ]);
    expect(stored).toContain('0345****567');
    expect(typedSecretsIn(stored, ['5555555555554444', '5555 5555 5555 4444', '7319', '975319', '864213', '99887766554433', '03451234567'])).toEqual([]);
    const [cardPayment] = await t.database.db.select().from(payments).where(eq(payments.transactionId, byCard.json().transactionId));
    expect(cardPayment).toMatchObject({ cardBrand: 'mastercard', cardLast4: '4444' });
    const [bankPayment] = await t.database.db.select().from(payments).where(eq(payments.transactionId, byBank.json().transactionId));
    expect(bankPayment.accountMasked).toBe('****4433');
  });
});
