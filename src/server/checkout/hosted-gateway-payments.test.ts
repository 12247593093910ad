import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { merchantHashedReq } from '../payment/gateways/easypaisa-protocol.ts';
import { payOnPage, reservedUnits, startGatewayCheckout, type GatewayCheckout } from '../test/gateway-checkout.ts';
import { formsOf, postForm } from '../test/gateway-simulator-kit.ts';
import { resend, type SentNotification } from '../test/notification-gate.ts';

/**
 * The hosted pages of Easypaisa, HBL Pay and Safepay over the network, through the shop's own return and notify
 * routes: the buyer's browser is played by fetching each simulator's page and posting its form, and the gateways'
 * notifications pass a gate the tests hold, to order them against the buyer's return.
 */
let shop: GatewayCheckout;

beforeAll(async () => {
  shop = await startGatewayCheckout();
});
afterAll(() => shop.close());

const CARD = { cardNumber: '4242 4242 4242 4242', expiry: '12/30', cvv: '123', cardName: 'Ayesha Khan' };
const DECLINED_CARD = { ...CARD, cardNumber: '4000 0000 0000 0002' };

/** The buyer's browser following a redirect back to the shop: the shop's answer, not followed further. */
const follow = (response: Response) => fetch(new URL(response.headers.get('location')!, response.url).href, { redirect: 'manual' });
const resultOf = (transactionId: string, status: string) => `/payment/result?transaction_id=${transactionId}&status=${status}`;

/** The notifications the gateway has sent the shop that `mention` picks, once there is one. */
async function notificationsOf(gateway: string, mention: (notification: SentNotification) => boolean) {
  return vi.waitFor(() => {
    const found = shop.gate.sent.filter((notification) => notification.url.includes(`/notify/${gateway}`) && mention(notification));
    expect(found.length).toBeGreaterThan(0);
    return found;
  });
}

/** A payment started without paymentData: on its way to the hosted page, its order placed and its unit reserved. */
async function hostedPayment(method: 'easypaisa' | 'hbl_pay' | 'credit_card') {
  const reservedBefore = await reservedUnits(shop);
  const paid = await shop.pay(method, undefined, method === 'credit_card' ? 'USD' : 'PKR');
  expect(paid.answer.statusCode).toBe(202);
  expect(paid.body).toMatchObject({ status: 'requires_action', next_action: { type: 'redirect' } });
  expect(await reservedUnits(shop)).toBe(reservedBefore + 1);
  return { ...paid, transactionId: paid.body.transactionId, reservedBefore };
}

async function expectConfirmedOnce(transactionId: string) {
  await vi.waitFor(async () => expect((await shop.orderOf(transactionId)).payment.status).toBe('succeeded'));
  const { order, confirmations } = await shop.orderOf(transactionId);
  expect(order).toMatchObject({ status: 'confirmed', paymentStatus: 'paid' });
  expect(confirmations).toBe(1);
}

/** Still waiting for the hosted page: neither confirmed nor cancelled, its unit still held. */
async function expectUnchanged(transactionId: string, reservedBefore: number) {
  const { order, payment, confirmations } = await shop.orderOf(transactionId);
  expect(payment.status).toBe('requires_action');
  expect(order.status).not.toMatch(/confirmed|cancelled/);
  expect(confirmations).toBe(0);
  expect(await reservedUnits(shop)).toBe(reservedBefore + 1);
}

async function expectCancelled(transactionId: string, reservedBefore: number) {
  const { order, payment, confirmations } = await shop.orderOf(transactionId);
  expect(payment.status).toBe('failed');
  expect(order.status).toBe('cancelled');
  expect(confirmations).toBe(0);
  expect(await reservedUnits(shop)).toBe(reservedBefore);
}

describe('Easypaisa\'s hosted checkout (merchantHashedReq, auth_token, IPN)', () => {
  const MOBILE = { method: 'MA', mobile: '03001234567', pin: '1234' };
  const easypaisaIpn = (transactionId: string) => notificationsOf('easypaisa', (ipn) => Boolean(new URL(ipn.url).searchParams.get('url')?.endsWith(`/${transactionId}`)));

  /**
   * The buyer pays on Easypay's page; Easypay sends them back with an auth_token, the shop sends them on to
   * Confirm.jsf, where Easypay pays (and sends its IPN) and sends them back with the unsigned status. Answers that
   * last redirect, not yet followed.
   */
  async function payOnEasypay(nextAction: Parameters<typeof payOnPage>[0], typed: Record<string, string>) {
    const proceeded = await payOnPage(nextAction, typed);
    expect(proceeded.status).toBe(302);
    expect(proceeded.headers.get('location')!.startsWith(`${shop.origin}/api/payment/return/easypaisa?auth_token=`)).toBe(true);
    const onward = await follow(proceeded);
    expect(onward.status).toBe(200);
    const [form] = formsOf(await onward.text());
    expect(form.action).toBe(`${shop.origin}/sandbox/easypaisa/easypay/Confirm.jsf`);
    const confirmed = await postForm(form.action, form.fields);
    expect(confirmed.status).toBe(302);
    expect(confirmed.headers.get('location')!.startsWith(`${shop.origin}/api/payment/return/easypaisa?`)).toBe(true);
    return confirmed;
  }

  it('paid by mobile account on the page: the return tells the buyer at once, and the IPN after it confirms nothing more', async () => {
    const { transactionId, headers, body } = await hostedPayment('easypaisa');
    expect(body.next_action).toMatchObject({ method: 'POST', url: `${shop.origin}/sandbox/easypaisa/easypay/Index.jsf` });
    shop.gate.hold();
    try {
      const confirmed = await payOnEasypay(body.next_action, MOBILE);
      const returned = await follow(confirmed);
      expect(returned.status).toBe(303);
      expect(returned.headers.get('location')).toBe(resultOf(transactionId, 'success'));
      await expectConfirmedOnce(transactionId);
      await easypaisaIpn(transactionId);
    } finally {
      shop.gate.release();
    }
    const [ipn] = await easypaisaIpn(transactionId);
    // The held IPN went on once released: answered 200 as applied, and the order stays confirmed once.
    const again = await resend(ipn);
    expect(again.status).toBe(200);
    await expectConfirmedOnce(transactionId);
    expect(await shop.verify(transactionId, headers)).toMatchObject({ success: true, status: 'succeeded' });
  });

  it('the IPN before the return: confirmed once, and the return still says success', async () => {
    const { transactionId, body } = await hostedPayment('easypaisa');
    const confirmed = await payOnEasypay(body.next_action, { method: 'CC', cardNumber: CARD.cardNumber });
    await easypaisaIpn(transactionId);
    await expectConfirmedOnce(transactionId);
    expect((await follow(confirmed)).headers.get('location')).toBe(resultOf(transactionId, 'success'));
    await expectConfirmedOnce(transactionId);
  });

  it('a card declined on the page (Easypay sends no IPN for it): the return cancels the order and frees its unit', async () => {
    const { transactionId, reservedBefore, body } = await hostedPayment('easypaisa');
    const confirmed = await payOnEasypay(body.next_action, { method: 'CC', cardNumber: DECLINED_CARD.cardNumber });
    expect((await follow(confirmed)).headers.get('location')).toBe(resultOf(transactionId, 'failed'));
    await expectCancelled(transactionId, reservedBefore);
  });

  it('the same IPN three times is applied once', async () => {
    const { transactionId, body } = await hostedPayment('easypaisa');
    await payOnEasypay(body.next_action, MOBILE);
    const [ipn] = await easypaisaIpn(transactionId);
    await expectConfirmedOnce(transactionId);
    const answers = await Promise.all([resend(ipn), resend(ipn), resend(ipn)]);
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200]);
    await expectConfirmedOnce(transactionId);
  });

  it('refuses an IPN naming another host and a forged return, and changes nothing', async () => {
    const { transactionId, reservedBefore } = await hostedPayment('easypaisa');
    // Content the shop would fetch from anywhere but Easypay: refused before it is fetched.
    const forged = `${shop.origin}/api/payment/notify/easypaisa?url=${encodeURIComponent(`https://easypay.example/easypay-service/rest/v1/order-status/100000001/${transactionId}`)}`;
    expect((await fetch(forged)).status).toBe(400);
    // The return's status is unsigned: the shop asks Easypay, which has no payment of this order yet.
    const returned = await fetch(`${shop.origin}/api/payment/return/easypaisa?status=Success&desc=0000&orderRefNumber=${transactionId}`, { redirect: 'manual' });
    expect(returned.headers.get('location')).toBe(resultOf(transactionId, 'pending'));
    await expectUnchanged(transactionId, reservedBefore);
  });

  it('refuses a payment Easypay took for another amount (the request re-hashed with the sandbox key): nothing changes', async () => {
    const { transactionId, reservedBefore, body } = await hostedPayment('easypaisa');
    const fields: Record<string, string> = { ...body.next_action.fields, amount: '1.0' };
    fields.merchantHashedReq = merchantHashedReq(fields, 'sandbox-ep-key16');
    const confirmed = await payOnEasypay({ ...body.next_action, fields }, MOBILE);
    const [ipn] = await easypaisaIpn(transactionId);
    expect((await resend(ipn)).status).toBeGreaterThanOrEqual(400);
    expect((await follow(confirmed)).headers.get('location')).toBe(resultOf(transactionId, 'unverified'));
    await expectUnchanged(transactionId, reservedBefore);
  });
});

describe('HBL Pay\'s hosted checkout (RSA-encrypted order and answer)', () => {
  /** HBL's answer posted to the shop since `sentBefore` notifications had been sent (it names its order encrypted). */
  const answerSince = async (sentBefore: number) =>
    (await notificationsOf('hbl_pay', (answer) => shop.gate.sent.indexOf(answer) >= sentBefore))[0];

  /**
   * The buyer's browser on HBL's page: index.html reads the session from the address's fragment with its script,
   * which goes on to the card page; the card is paid there. Answers HBL's redirect back to the shop, not followed.
   */
  async function payOnHbl(url: string, typed: Record<string, string>) {
    const index = await fetch(url);
    expect(index.status).toBe(200);
    const data = /#\/checkout\?data=(.+)$/.exec(url)![1];
    const page = await fetch(new URL(`checkout?data=${data}`, url).href);
    expect(page.status).toBe(200);
    const [form] = formsOf(await page.text());
    const back = await postForm(new URL(form.action, page.url).href, { ...form.fields, ...typed });
    expect(back.status).toBe(303);
    expect(back.headers.get('location')!.startsWith(`${shop.origin}/api/payment/return/hbl_pay?data=`)).toBe(true);
    return back;
  }

  it('paid on the page: the return before the answer posted to the shop, confirmed once', async () => {
    const { transactionId, headers, body } = await hostedPayment('hbl_pay');
    expect(body.next_action).toMatchObject({ method: 'GET', fields: {} });
    expect(body.next_action.url.startsWith(`${shop.origin}/sandbox/hbl_pay/HBLPay/Site/index.html#/checkout?data=`)).toBe(true);
    const sentBefore = shop.gate.sent.length;
    shop.gate.hold();
    try {
      const back = await payOnHbl(body.next_action.url, { ...CARD, action: 'pay' });
      const returned = await follow(back);
      expect(returned.status).toBe(303);
      expect(returned.headers.get('location')).toBe(resultOf(transactionId, 'success'));
      await expectConfirmedOnce(transactionId);
      await answerSince(sentBefore);
    } finally {
      shop.gate.release();
    }
    expect((await resend(await answerSince(sentBefore))).status).toBe(200);
    await expectConfirmedOnce(transactionId);
    expect(await shop.verify(transactionId, headers)).toMatchObject({ success: true, status: 'succeeded' });
  });

  it('the answer posted to the shop before the return: confirmed once, and the same answer three times applied once', async () => {
    const { transactionId, body } = await hostedPayment('hbl_pay');
    const sentBefore = shop.gate.sent.length;
    const back = await payOnHbl(body.next_action.url, { ...CARD, action: 'pay' });
    await expectConfirmedOnce(transactionId);
    expect((await follow(back)).headers.get('location')).toBe(resultOf(transactionId, 'success'));
    const answer = await answerSince(sentBefore);
    const answers = await Promise.all([resend(answer), resend(answer), resend(answer)]);
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
    await expectConfirmedOnce(transactionId);
  });

  it('a card declined on the page cancels the order and frees its unit', async () => {
    const { transactionId, reservedBefore, body } = await hostedPayment('hbl_pay');
    const back = await payOnHbl(body.next_action.url, { ...DECLINED_CARD, action: 'pay' });
    expect((await follow(back)).headers.get('location')).toBe(resultOf(transactionId, 'failed'));
    await expectCancelled(transactionId, reservedBefore);
  });

  it('refuses an answer that does not decrypt with the shop\'s key, on the return and posted, and changes nothing', async () => {
    const { transactionId, reservedBefore, body } = await hostedPayment('hbl_pay');
    const sentBefore = shop.gate.sent.length;
    shop.gate.hold();
    try {
      const back = await payOnHbl(body.next_action.url, { ...CARD, action: 'pay' });
      const data = new URL(back.headers.get('location')!).searchParams.get('data')!;
      // One byte of the answer changed: it no longer decrypts (HBL's answer is encrypted, not signed).
      const bytes = Buffer.from(data, 'base64');
      bytes[bytes.length - 1] ^= 1;
      const altered = bytes.toString('base64');
      const returned = await fetch(`${shop.origin}/api/payment/return/hbl_pay?${new URLSearchParams({ data: altered })}`, { redirect: 'manual' });
      expect(returned.headers.get('location')).toBe('/payment/result?status=unverified');
      const answer = await answerSince(sentBefore);
      expect((await resend(answer, { body: new URLSearchParams({ data: altered }).toString() })).status).toBe(400);
      await expectUnchanged(transactionId, reservedBefore);
    } finally {
      shop.gate.release();
    }
    // HBL's own answer, held until now, still confirms it.
    await expectConfirmedOnce(transactionId);
  });
});

describe('Safepay\'s hosted card checkout (tracker, sig, signed webhooks)', () => {
  const webhooksOf = (transactionId: string) => notificationsOf('safepay', (webhook) => webhook.body.includes(`"order_id":"${transactionId}"`));

  /** The buyer pays by card on Safepay's page: its redirect back to the shop, not followed. */
  async function payOnSafepay(url: string, typed: Record<string, string>) {
    const back = await payOnPage({ url, method: 'GET', fields: {} }, typed);
    expect(back.status).toBe(303);
    expect(back.headers.get('location')!.startsWith(`${shop.origin}/api/payment/return/safepay?`)).toBe(true);
    return back;
  }

  it('the webhook before the return, and the return before the webhook: one order, confirmed once each time', async () => {
    const first = await hostedPayment('credit_card');
    const back = await payOnSafepay(first.body.next_action.url, CARD);
    await webhooksOf(first.transactionId);
    await expectConfirmedOnce(first.transactionId);
    expect((await follow(back)).headers.get('location')).toBe(resultOf(first.transactionId, 'success'));
    await expectConfirmedOnce(first.transactionId);

    const second = await hostedPayment('credit_card');
    shop.gate.hold();
    try {
      const returned = await follow(await payOnSafepay(second.body.next_action.url, CARD));
      expect(returned.headers.get('location')).toBe(resultOf(second.transactionId, 'success'));
      await expectConfirmedOnce(second.transactionId);
      await webhooksOf(second.transactionId);
    } finally {
      shop.gate.release();
    }
    const [webhook] = await webhooksOf(second.transactionId);
    const answers = await Promise.all([resend(webhook), resend(webhook), resend(webhook)]);
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200]);
    await expectConfirmedOnce(second.transactionId);
  });

  it('a declined card keeps the page open for another; cancelled there, the order is cancelled and its unit freed', async () => {
    const { transactionId, reservedBefore, body } = await hostedPayment('credit_card');
    const declined = await payOnPage({ url: body.next_action.url, method: 'GET', fields: {} }, DECLINED_CARD);
    expect(declined.status).toBe(402);
    const [form] = formsOf(await declined.text());
    const cancelled = await postForm(new URL(form.action, body.next_action.url).href, { ...form.fields, action: 'cancel' });
    expect(cancelled.status).toBe(303);
    expect((await follow(cancelled)).headers.get('location')).toBe(resultOf(transactionId, 'failed'));
    await expectCancelled(transactionId, reservedBefore);
  });

  it('refuses a webhook and a return whose amount or signature was changed, and changes nothing', async () => {
    const { transactionId, reservedBefore, body } = await hostedPayment('credit_card');
    shop.gate.hold();
    try {
      const back = await payOnSafepay(body.next_action.url, CARD);
      const [webhook] = await webhooksOf(transactionId);
      const amount = /"amount":"([\d.]+)"/.exec(webhook.body)![1];
      expect((await resend(webhook, { body: webhook.body.replace(`"amount":"${amount}"`, '"amount":"1.00"') })).status).toBe(400);
      expect((await resend(webhook, { headers: { ...webhook.headers, 'x-sfpy-signature': '0'.repeat(64) } })).status).toBe(400);

      const location = new URL(back.headers.get('location')!);
      for (const [name, value] of [['shop_amount', '100'], ['sig', '0'.repeat(64)]]) {
        const altered = new URL(location);
        altered.searchParams.set(name, value);
        const returned = await fetch(altered, { redirect: 'manual' });
        expect(returned.headers.get('location')).toBe('/payment/result?status=unverified');
      }
      await expectUnchanged(transactionId, reservedBefore);
    } finally {
      shop.gate.release();
    }
    // Safepay's own webhook, held until now, still confirms it.
    await expectConfirmedOnce(transactionId);
  });
});
