import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import type { Order } from '#contracts/orders';
import { NOT_RETURNABLE } from '#contracts/returns';
import { setLocale } from '../i18n/locale-store.ts';
import { order } from '../orders/order-fixtures.ts';
import { OrderDetails } from '../orders/order-details.tsx';
import { mockApi } from '../test/mock-api.ts';
import { renderApp } from '../test/render-app.tsx';
import { spyOnNotify } from '../test/spy-on-notify.ts';
import { notify } from '../components/ui/notify.ts';
import { orderReturnsAnswer, returnableLines, returnView } from './return-fixtures.ts';

const RETURNS = '/api/orders/SS-7K2M9QXD/returns/';
const noop = () => {};

function renderOrder(answer = orderReturnsAnswer(), placed = order({ status: 'delivered' })) {
  const api = mockApi().on('GET', RETURNS, 200, answer);
  renderApp([{ path: '/', element: <OrderDetails order={placed} onInvoice={noop} onCancel={noop} cancelling={false} /> }]);
  return api;
}

async function openForm() {
  await userEvent.click(await screen.findByRole('button', { name: 'Return items' }));
  return screen.getByRole('form', { name: 'Return items from SS-7K2M9QXD' });
}

const lineOf = (name: string) => screen.getByRole('group', { name: new RegExp(name) });
const quantityOf = (name: string) => within(lineOf(name)).getByRole('spinbutton', { name: /Units to return/ });

async function choose(name: string, quantity: number, reason: string) {
  await userEvent.clear(quantityOf(name));
  await userEvent.type(quantityOf(name), String(quantity));
  await userEvent.selectOptions(within(lineOf(name)).getByRole('combobox', { name: /Reason/ }), reason);
}

const send = (form: HTMLElement) => userEvent.click(within(form).getByRole('button', { name: 'Send return request' }));
const fees = () => screen.getByRole('note', { name: 'What the return policy keeps back' });

spyOnNotify();
afterEach(() => act(() => setLocale('en')));

describe('asking to return items of a delivered order', () => {
  it('offers no returns before anything is delivered', () => {
    const api = renderOrder(orderReturnsAnswer(), order({ status: 'shipped' }));
    expect(screen.queryByRole('button', { name: 'Return items' })).not.toBeInTheDocument();
    expect(api.calls).toEqual([]);
  });

  it('offers returns once one parcel of a partly shipped order is delivered', async () => {
    const parcel: Order['shipments'][number] = {
      id: 's1', number: 'SS-7K2M9QXD-1', carrier: 'tcs', carrierName: 'TCS', service: 'Overnight', trackingNumber: 'TCS-1', trackingUrl: null,
      status: 'delivered', items: [{ orderItemId: 1, name: 'Mayo Scissors, 17 cm', variantLabel: '', quantity: 2 }], parcels: [],
      incoterm: null, createdAt: '2026-03-11T10:00:00.000Z', deliveredAt: '2026-03-13T10:00:00.000Z', estimatedDelivery: null, events: [],
    };
    renderOrder(orderReturnsAnswer(), order({ status: 'partly_shipped', shipments: [parcel] }));
    expect(await screen.findByRole('button', { name: 'Return items' })).toBeInTheDocument();
  });

  it('shows the window\'s last day, and sends the lines chosen with reason, use, exchange, comment and declaration', async () => {
    const api = renderOrder();
    expect(await screen.findByText('Last day to ask for a return: Apr 12, 2026')).toBeInTheDocument();
    const form = await openForm();
    expect(fees()).toHaveTextContent('Choose what to return and why to see which fees apply.');

    await choose('Mayo Scissors', 2, 'No longer needed');
    await userEvent.click(within(lineOf('Mayo Scissors')).getByRole('checkbox', { name: 'I used this instrument' }));
    const exchange = within(lineOf('Mayo Scissors')).getByRole('combobox', { name: 'Exchange for another size' });
    // A length that is out of stock is not offered.
    expect(within(exchange).getAllByRole('option').map((option) => option.textContent)).toEqual(['No exchange', '20 cm']);
    await userEvent.selectOptions(exchange, '20 cm');
    await userEvent.type(within(form).getByRole('textbox', { name: 'Comment' }), 'Ordered one length too short');
    await userEvent.click(screen.getByRole('checkbox', { name: /I declare that the used instruments were cleaned/ }));
    expect(fees()).toHaveTextContent('A restocking fee of 15% of their value is kept back on items returned as no longer needed.');
    expect(fees()).toHaveTextContent('The return shipping fee of $12.00 is kept back: you pay return shipping when the reason is No longer needed.');

    const created = returnView({ status: 'requested', items: [{ ...returnView().items[0]!, quantity: 2, reason: 'no_longer_needed' }] });
    api.on('POST', RETURNS, 201, { return: created })
      .onDeferred('GET', RETURNS, () => ({
        status: 200,
        body: orderReturnsAnswer({ returns: [created], lines: returnableLines({ 1: { returnable_quantity: 0, blocked: 'all_returned' } }) }),
      }));
    await send(form);

    await waitFor(() => expect(api.callsTo('POST', RETURNS)).toHaveLength(1));
    expect(api.callsTo('POST', RETURNS)[0]!.body).toEqual({
      items: [{ order_item_id: 1, quantity: 2, reason: 'no_longer_needed', used: true, opened: false, exchange_variant_id: 18 }],
      comment: 'Ordered one length too short',
      decontamination_declared: true,
    });
    expect(await screen.findByRole('status')).toHaveTextContent('Return RMA-000123 requested.');
    expect(await screen.findByRole('article', { name: 'Return RMA-000123' })).toHaveTextContent('Requested');
    expect(api.callsTo('GET', RETURNS)).toHaveLength(2);
    expect(screen.queryByRole('form')).not.toBeInTheDocument();
  });

  it('says no fee applies when the shop pays for the reason', async () => {
    renderOrder();
    await openForm();
    await choose('Kelly Hemostat', 1, 'Defective');
    expect(fees()).toHaveTextContent('No fees apply to the reasons you chose.');
    expect(fees()).not.toHaveTextContent('restocking');
  });

  it('shows why each line that cannot go back cannot, without fields for it', async () => {
    for (const blocked of NOT_RETURNABLE) {
      const { unmount } = renderOrderOnce(blocked);
      await openForm();
      expect(screen.queryByRole('group', { name: /Kelly Hemostat/ })).not.toBeInTheDocument();
      expect(screen.getByRole('group', { name: /Mayo Scissors/ })).toBeInTheDocument();
      expect(within(screen.getByRole('list', { name: 'Cannot be returned' })).getByRole('listitem'))
        .toHaveTextContent(`Kelly Hemostat${BLOCKED_TEXT[blocked]}`);
      unmount();
    }
  });

  it('says when nothing can be returned, and offers nothing to send', async () => {
    renderOrder(orderReturnsAnswer({
      window_ends: '2026-03-01',
      lines: returnableLines({ 1: { returnable_quantity: 0, blocked: 'window_closed' }, 2: { returnable_quantity: 0, blocked: 'window_closed' } }),
    }));
    const form = await openForm();
    expect(form).toHaveTextContent('Nothing on this order can be returned now.');
    expect(within(form).queryByRole('button', { name: 'Send return request' })).not.toBeInTheDocument();
    expect(within(screen.getByRole('list', { name: 'Cannot be returned' })).getAllByRole('listitem')).toHaveLength(2);
  });

  it('asks for the decontamination declaration only once a line is marked used, and sends nothing without it', async () => {
    const api = renderOrder();
    const form = await openForm();
    const declaration = () => screen.queryByRole('checkbox', { name: /I declare that the used instruments were cleaned/ });
    await choose('Mayo Scissors', 1, 'Damaged');
    expect(declaration()).not.toBeInTheDocument();
    const used = within(lineOf('Mayo Scissors')).getByRole('checkbox', { name: 'I used this instrument' });
    await userEvent.click(used);
    expect(declaration()).toBeInTheDocument();
    await send(form);
    await waitFor(() => expect(declaration()).toHaveAccessibleDescription('Declare that the used instruments were cleaned and decontaminated.'));
    await userEvent.click(used);
    expect(declaration()).not.toBeInTheDocument();
    expect(api.callsTo('POST', RETURNS)).toEqual([]);
  });

  it('refuses an opened sterile pack and a line without units or reason before sending', async () => {
    const api = renderOrder();
    const form = await openForm();
    await send(form);
    expect(await within(form).findByRole('alert')).toHaveTextContent('Choose what to return.');

    await userEvent.type(quantityOf('Kelly Hemostat'), '{Backspace}1');
    const opened = () => within(lineOf('Kelly Hemostat')).getByRole('checkbox', { name: 'The pack was opened' });
    await userEvent.click(opened());
    expect(within(lineOf('Mayo Scissors')).queryByRole('checkbox', { name: 'The pack was opened' })).not.toBeInTheDocument();
    await send(form);
    const reason = within(lineOf('Kelly Hemostat')).getByRole('combobox', { name: /Reason/ });
    await waitFor(() => expect(reason).toHaveAccessibleDescription('Choose a reason.'));
    await userEvent.selectOptions(reason, 'Damaged');
    await send(form);
    await waitFor(() => expect(opened()).toHaveAccessibleDescription('A sterile pack cannot be returned once opened.'));
    await choose('Mayo Scissors', 3, 'Damaged');
    await send(form);
    await waitFor(() => expect(quantityOf('Mayo Scissors')).toHaveAccessibleDescription('Enter at most 2.'));
    expect(api.callsTo('POST', RETURNS)).toEqual([]);
  });

  it('puts the server\'s problems next to the fields of the line they are about', async () => {
    const api = renderOrder();
    const form = await openForm();
    await choose('Kelly Hemostat', 1, 'Wrong item');
    api.on('POST', RETURNS, 400, {
      detail: 'Validation failed',
      errors: { 'items.0.quantity': ['At most 0 of this line may be returned.'], comment: ['Enter at most 1000 characters.'] },
      issues: { 'items.0.quantity': [{ key: 'more_than_returnable', params: { max: 0 } }], comment: [{ key: 'too_long', params: { max: 1000 } }] },
    });
    await send(form);
    // The only line sent is the form's second.
    await waitFor(() => expect(quantityOf('Kelly Hemostat')).toHaveAccessibleDescription('At most 0 of this line may be returned.'));
    expect(quantityOf('Mayo Scissors')).not.toHaveAccessibleDescription();
    expect(within(form).getByRole('textbox', { name: 'Comment' })).toHaveAccessibleDescription('Enter at most 1000 characters.');
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('shows a line the server will not take back as that line\'s problem', async () => {
    const api = renderOrder();
    const form = await openForm();
    await choose('Mayo Scissors', 1, 'Damaged');
    await choose('Kelly Hemostat', 1, 'Damaged');
    api.on('POST', RETURNS, 400, {
      detail: 'Validation failed',
      errors: { 'items.1.order_item_id': ['This line cannot be returned.'] },
      issues: { 'items.1.order_item_id': [{ key: 'line_not_returnable' }] },
    });
    await send(form);
    expect(await within(lineOf('Kelly Hemostat')).findByRole('alert')).toHaveTextContent('This line cannot be returned.');
    expect(within(lineOf('Mayo Scissors')).queryByRole('alert')).not.toBeInTheDocument();
  });

  it('uploads the photo once the return is created', async () => {
    const api = renderOrder();
    const form = await openForm();
    await choose('Mayo Scissors', 1, 'Damaged');
    const photo = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'bent-tip.png', { type: 'image/png' });
    await userEvent.upload(within(form).getByLabelText('Photo of the items'), photo);
    api.on('POST', RETURNS, 201, { return: returnView() })
      .on('POST', `${RETURNS}RMA-000123/photo/`, 200, { return: returnView({ photo_url: '/api/returns/photo.png' }) });
    await send(form);

    expect(await screen.findByRole('status')).toHaveTextContent('Return RMA-000123 requested.');
    const upload = api.fetchMock.mock.calls.find(([url]) => String(url) === `${RETURNS}RMA-000123/photo/`);
    const sent = upload?.[1]?.body;
    expect(sent).toBeInstanceOf(FormData);
    expect((sent as FormData).get('file')).toMatchObject({ name: 'bent-tip.png', type: 'image/png' });
    expect(api.calls.filter((call) => call.method === 'POST').map((call) => call.path)).toEqual([RETURNS, `${RETURNS}RMA-000123/photo/`]);
  });

  it('keeps the return when its photo is refused, and says so', async () => {
    const api = renderOrder();
    const form = await openForm();
    await choose('Mayo Scissors', 1, 'Damaged');
    await userEvent.upload(within(form).getByLabelText('Photo of the items'), new File(['x'], 'tip.jpg', { type: 'image/jpeg' }));
    api.on('POST', RETURNS, 201, { return: returnView() })
      .on('POST', `${RETURNS}RMA-000123/photo/`, 413, { detail: 'Payload too large' });
    await send(form);

    expect(await screen.findByRole('status')).toHaveTextContent('Return RMA-000123 requested.');
    expect(notify.error).toHaveBeenCalledWith('Return RMA-000123 was requested, but the photo could not be added', expect.any(String));
  });

  it('says when the returns cannot be loaded, and loads them again on request', async () => {
    const api = mockApi().on('GET', RETURNS, 503, { detail: 'Unavailable' });
    renderApp([{ path: '/', element: <OrderDetails order={order({ status: 'delivered' })} onInvoice={noop} onCancel={noop} cancelling={false} /> }]);
    expect(await screen.findByRole('alert')).toHaveTextContent('Could not load the returns of this order');
    api.onDeferred('GET', RETURNS, () => ({ status: 200, body: orderReturnsAnswer() }));
    await userEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByRole('button', { name: 'Return items' })).toBeInTheDocument();
  });

  it('takes only a JPEG or PNG photo, and sends nothing otherwise', async () => {
    const api = renderOrder();
    const form = await openForm();
    await choose('Mayo Scissors', 1, 'Damaged');
    const input = within(form).getByLabelText('Photo of the items');
    await userEvent.setup({ applyAccept: false }).upload(input, new File(['GIF89a'], 'tip.gif', { type: 'image/gif' }));
    await send(form);
    await waitFor(() => expect(input).toHaveAccessibleDescription(expect.stringContaining('Choose a JPEG or PNG photo of at most 5 MB.')));
    expect(api.callsTo('POST', RETURNS)).toEqual([]);
  });

  it('reads in Arabic, right to left', async () => {
    act(() => setLocale('ar'));
    renderOrder();
    await userEvent.click(await screen.findByRole('button', { name: 'إرجاع منتجات' }));
    expect(screen.getByRole('form', { name: 'إرجاع منتجات من SS-7K2M9QXD' })).toBeInTheDocument();
    expect(screen.getByText('آخر يوم لطلب الإرجاع: ١٢ أبريل ٢٠٢٦')).toBeInTheDocument();
    expect(document.documentElement).toHaveAttribute('dir', 'rtl');
  });
});

const BLOCKED_TEXT: Record<(typeof NOT_RETURNABLE)[number], string> = {
  not_delivered: 'Not delivered yet',
  window_closed: 'The return window has closed',
  all_returned: 'All units already returned',
  private_label: 'Private-label products are not returnable',
  made_to_order: 'Made-to-order products are not returnable',
};

function renderOrderOnce(blocked: (typeof NOT_RETURNABLE)[number]) {
  mockApi().on('GET', RETURNS, 200, orderReturnsAnswer({ lines: returnableLines({ 2: { returnable_quantity: 0, blocked } }) }));
  return renderApp([{ path: '/', element: <OrderDetails order={order({ status: 'delivered' })} onInvoice={noop} onCancel={noop} cancelling={false} /> }]);
}
