import type { NextAction, PaymentWaiting } from '#contracts/payment';

/** Sends the browser to the gateway's page: a form posted with the gateway's signed fields, or a plain visit. */
export function followNextAction(action: NextAction, doc: Document = document): void {
  if (action.method === 'GET') {
    const url = new URL(action.url, doc.baseURI);
    for (const [name, value] of Object.entries(action.fields)) url.searchParams.set(name, value);
    doc.location.assign(url.toString());
    return;
  }
  const form = doc.createElement('form');
  form.method = 'POST';
  form.action = action.url;
  for (const [name, value] of Object.entries(action.fields)) {
    const input = doc.createElement('input');
    input.type = 'hidden';
    input.name = name;
    input.value = value;
    form.append(input);
  }
  doc.body.append(form);
  form.submit();
}

/** A placed order whose payment waits: on to the gateway's page, or to the result page that waits for the phone. */
export async function followWaitingPayment(payment: PaymentWaiting, navigate: (to: string) => Promise<void> | void): Promise<void> {
  if (payment.next_action) return followNextAction(payment.next_action);
  await navigate(`/payment/result?${new URLSearchParams({ transaction_id: payment.transactionId, status: 'pending' })}`);
}
