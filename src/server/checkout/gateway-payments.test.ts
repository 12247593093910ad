import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestUser } from '../test/auth-fixtures.ts';
import { payOnPage, startGatewayCheckout, type GatewayCheckout } from '../test/gateway-checkout.ts';
import { formsOf, postForm } from '../test/gateway-simulator-kit.ts';
import { signJazzcash } from '../payment/gateways/jazzcash-protocol.ts';

/**
 * Payments through each gateway's adapter and simulator over the network, as in the demo: the shop listens on its
 * own address, the simulators post the buyer back and send their notifications to it, and the buyer's browser is
 * played by posting the pages' forms. The hosted pages of Easypaisa, HBL Pay and Safepay have their own file.
 */
let shop: GatewayCheckout;
let origin: string;

beforeAll(async () => {
  shop = await startGatewayCheckout();
  origin = shop.origin;
});
afterAll(() => shop.close());

const pay: GatewayCheckout['pay'] = (...args) => shop.pay(...args);
const verify: GatewayCheckout['verify'] = (...args) => shop.verify(...args);
const orderOf: GatewayCheckout['orderOf'] = (transactionId) => shop.orderOf(transactionId);

/** JazzCash's page answers with a form of signed fields that posts itself back to the shop. */
const payOnJazzcash = async (nextAction: Parameters<typeof payOnPage>[0], typed: Record<string, string>) =>
  formsOf(await (await payOnPage(nextAction, typed)).text())[0];

describe('JazzCash through its simulator', () => {
  it('a wallet payment waits for the phone; approved there, the IPN confirms the order once', async () => {
    const { headers, answer, body } = await pay('jazzcash', { mobile: '03001234567', cnic: '345678' });
    expect(answer.statusCode).toBe(202);
    expect(body).toMatchObject({ success: false, status: 'pending', paymentMethod: 'jazzcash', message: 'Approve the payment on your phone.' });
    expect(await verify(body.transactionId, headers)).toMatchObject({ success: false, status: 'pending', approveOnPhone: true });

    const phone = `${origin}/sandbox/jazzcash/wallet/${body.transactionId}`;
    expect((await fetch(phone)).status).toBe(200);
    await postForm(phone, { decision: 'approve', pin: '1234' });

    await vi.waitFor(async () => expect(await verify(body.transactionId, headers)).toMatchObject({ success: true, status: 'succeeded', approveOnPhone: false }));
    const { order, confirmations } = await orderOf(body.transactionId);
    expect(order.status).toBe('confirmed');
    expect(confirmations).toBe(1);
    expect((await shop.t.app.inject({ method: 'GET', url: '/api/cart/', headers })).json().items).toEqual([]);
  });

  it('on the hosted page: the return and the IPN both arrive, and the order is confirmed once', async () => {
    const { headers, answer, body } = await pay('jazzcash', undefined);
    expect(answer.statusCode).toBe(202);
    expect(body).toMatchObject({ status: 'requires_action', next_action: { type: 'redirect', method: 'POST', url: `${origin}/sandbox/jazzcash/CustomerPortal/transactionmanagement/merchantform/` } });
    const back = await payOnJazzcash(body.next_action, { instrument: 'card', cardNumber: '4242 4242 4242 4242', expiry: '12/30', cvv: '123' });
    expect(back.action).toBe(`${origin}/api/payment/return/jazzcash`);

    const returned = await postForm(back.action, back.fields);
    expect(returned.status).toBe(303);
    expect(returned.headers.get('location')).toBe(`/payment/result?transaction_id=${body.transactionId}&status=success`);
    // The buyer comes back a second time (a reload): nothing more happens.
    expect((await postForm(back.action, back.fields)).status).toBe(303);
    await vi.waitFor(async () => expect((await orderOf(body.transactionId)).payment.status).toBe('succeeded'));
    const { order, confirmations } = await orderOf(body.transactionId);
    expect(order).toMatchObject({ status: 'confirmed', paymentStatus: 'paid' });
    expect(confirmations).toBe(1);
    expect(await verify(body.transactionId, headers)).toMatchObject({ success: true });
  });

  it('a card declined on the hosted page cancels the order and gives its stock back', async () => {
    const { body } = await pay('jazzcash', undefined);
    const back = await payOnJazzcash(body.next_action, { instrument: 'card', cardNumber: '4000000000000002', expiry: '12/30', cvv: '123' });
    const returned = await postForm(back.action, back.fields);
    expect(returned.headers.get('location')).toBe(`/payment/result?transaction_id=${body.transactionId}&status=failed`);
    const { order, payment } = await orderOf(body.transactionId);
    expect(order.status).toBe('cancelled');
    expect(payment.status).toBe('failed');
  });

  it('refuses a notification with a bad signature or another amount, and applies the same one three times as one', async () => {
    const { body } = await pay('jazzcash', undefined);
    const back = await payOnJazzcash(body.next_action, { instrument: 'card', cardNumber: '4242 4242 4242 4242', expiry: '12/30', cvv: '123' });
    const notify = (fields: Record<string, string>) => postForm(`${origin}/api/payment/notify/jazzcash`, fields);

    const forged = await notify({ ...back.fields, pp_ResponseCode: '000', pp_Amount: '100' });
    expect(forged.status).toBe(400);
    const otherAmount = await notify(signJazzcash({ ...back.fields, pp_Amount: '100' }, 'sandbox-jazzcash-salt'));
    expect(otherAmount.status).toBeGreaterThanOrEqual(400);
    // Neither changed anything (the simulator's own IPN may already have confirmed it: wait for the return instead).
    const before = await orderOf(body.transactionId);
    expect(before.payment.status === 'requires_action' || before.confirmations === 1).toBe(true);

    const answers = await Promise.all([notify(back.fields), notify(back.fields), notify(back.fields)]);
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
    const { order, confirmations } = await orderOf(body.transactionId);
    expect(order.status).toBe('confirmed');
    expect(confirmations).toBe(1);
  });
});

describe('the other gateways through their simulators', () => {
  it('Easypaisa: a mobile-account payment approved on the phone is placed at once', async () => {
    const { answer, body } = await pay('easypaisa', { mobile: '03001234567', pin: '1234' });
    expect(answer.statusCode).toBe(201);
    expect((await orderOf(body.transactionId)).order.status).toBe('confirmed');
  });

  it('Easypaisa\'s hosted checkout: the shop posts the buyer on with the auth_token by the one script its policy names by hash', async () => {
    const { body } = await pay('easypaisa', undefined);
    const page = await postForm(body.next_action.url, body.next_action.fields);
    const [form] = formsOf(await page.text());
    const proceeded = await postForm(new URL(form.action, body.next_action.url).href, { ...form.fields, method: 'MA', mobile: '03001234567', pin: '1234' });
    const withToken = proceeded.headers.get('location')!;
    expect(withToken.startsWith(`${origin}/api/payment/return/easypaisa?auth_token=`)).toBe(true);

    const onward = await fetch(withToken);
    expect(onward.status).toBe(200);
    const policy = onward.headers.get('content-security-policy')!;
    const html = await onward.text();
    expect(policy).not.toContain("'unsafe-inline'");
    const scripts = [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map(([, script]) => script);
    expect(scripts).toHaveLength(1);
    const hash = Buffer.from(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(scripts[0]))).toString('base64');
    expect(policy).toContain(`script-src 'sha256-${hash}';`);
    expect(policy).toContain(`form-action ${origin}`);

    const [confirm] = formsOf(html);
    expect(confirm).toEqual({
      action: `${origin}/sandbox/easypaisa/easypay/Confirm.jsf`, fields: { auth_token: expect.any(String), postBackURL: `${origin}/api/payment/return/easypaisa` },
    });
    const confirmed = await postForm(confirm.action, confirm.fields);
    const returned = await fetch(confirmed.headers.get('location')!, { redirect: 'manual' });
    expect(returned.headers.get('location')).toMatch(new RegExp(`^/payment/result\\?transaction_id=${body.transactionId}&status=`));
  });

  it('a card through the card gateway\'s hosted page (Safepay), in US dollars with the card fee', async () => {
    const { headers, answer, body } = await pay('credit_card', undefined, 'USD');
    expect(answer.statusCode).toBe(202);
    expect(body.next_action.url.startsWith(`${origin}/sandbox/safepay/checkout/pay?`)).toBe(true);
    const page = await fetch(body.next_action.url);
    const [form] = formsOf(await page.text());
    const paid = await postForm(new URL(form.action, body.next_action.url).href, {
      ...form.fields, cardNumber: '4242 4242 4242 4242', expiry: '12/30', cvv: '123', cardName: 'Ayesha Khan',
    });
    const back = paid.headers.get('location')!;
    expect(back.startsWith(`${origin}/api/payment/return/safepay?`)).toBe(true);
    const returned = await fetch(back, { redirect: 'manual' });
    expect(returned.headers.get('location')).toBe(`/payment/result?transaction_id=${body.transactionId}&status=success`);
    await vi.waitFor(async () => expect(await verify(body.transactionId, headers)).toMatchObject({ success: true, status: 'succeeded' }));
    expect((await orderOf(body.transactionId)).confirmations).toBe(1);

    // Refunded in part through Safepay's refund API, up to what was captured and no more.
    const owner = (await createTestUser(shop.t.database.db, { email: 'owner@staff.example', staffRole: 'owner' })).headers;
    const refund = (amount: string, key: string) => shop.t.app.inject({
      method: 'POST', url: `/api/staff/orders/${body.orderId}/refunds/`, headers: { ...owner, 'idempotency-key': key },
      payload: { amount, reason: 'One returned unused' },
    });
    const part = await refund('10.00', 'r-1');
    expect(part.statusCode).toBe(201);
    expect(part.json().refund).toMatchObject({ status: 'succeeded', amount: '10.00' });
    expect((await refund('10.00', 'r-1')).json().refund.id).toBe(part.json().refund.id);
    const over = await refund('1000.00', 'r-2');
    expect(over.statusCode).toBe(409);
    expect(over.json().code).toBe('REFUND_EXCEEDS_CAPTURED');
  });
});
