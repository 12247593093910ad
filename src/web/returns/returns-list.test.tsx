import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setLocale } from '../i18n/locale-store.ts';
import { order } from '../orders/order-fixtures.ts';
import { OrderDetails } from '../orders/order-details.tsx';
import { mockApi } from '../test/mock-api.ts';
import { spyOnNotify } from '../test/spy-on-notify.ts';
import { notify } from '../components/ui/notify.ts';
import { returnView } from './return-fixtures.ts';
import { ReturnsList } from './returns-list.tsx';

spyOnNotify();
afterEach(() => act(() => setLocale('en')));

const note = { number: 'CN-000007', pdf_url: '/api/credit-notes/CN-000007.pdf' };
const returns = [
  returnView({ rma: 'RMA-000105', status: 'resolved', resolution: 'store_credit', amounts: { lines: '85.98', fees: '24.90', total: '61.08' }, credit_notes: [note] }),
  returnView({ rma: 'RMA-000104', status: 'received', drop_off_instructions: 'Leave the parcel at the Sialkot dispatch desk, Plot 12.' }),
  returnView({ rma: 'RMA-000103', status: 'approved', label: {
    carrier: 'tcs', carrier_name: 'TCS', tracking_number: 'TCS-RT-7781', pdf_url: '/api/orders/SS-1/returns/RMA-000103/label.pdf',
  } }),
  returnView({ rma: 'RMA-000102', status: 'rejected', rejection_reason: 'The pack was opened and used.' }),
  returnView({
    rma: 'RMA-000101', status: 'requested',
    items: [{ ...returnView().items[0]!, quantity: 2, reason: 'no_longer_needed', used: true, exchange_variant_id: 18, exchange_variant_label: '20 cm' }],
  }),
];
const card = (rma: string) => screen.getByRole('article', { name: `Return ${rma}` });

describe('the returns of an order', () => {
  it('shows each return with its status and what goes with it', () => {
    render(<ReturnsList returns={returns} />);

    const requested = card('RMA-000101');
    expect(requested).toHaveTextContent('Requested');
    expect(within(requested).getByRole('list', { name: 'Items of return RMA-000101' }))
      .toHaveTextContent('2 × Mayo Scissors, 17 cmNo longer needed · used · exchange for 20 cm');

    const rejected = card('RMA-000102');
    expect(rejected).toHaveTextContent('Rejected');
    expect(rejected).toHaveTextContent('Why it was rejectedThe pack was opened and used.');

    const approved = card('RMA-000103');
    expect(approved).toHaveTextContent('Approved');
    expect(approved).toHaveTextContent('Return label: TCS');
    expect(approved).toHaveTextContent('Tracking number: TCS-RT-7781');

    const received = card('RMA-000104');
    expect(received).toHaveTextContent('Received');
    expect(received).toHaveTextContent('Drop-off instructionsLeave the parcel at the Sialkot dispatch desk, Plot 12.');

    const resolved = card('RMA-000105');
    expect(resolved).toHaveTextContent('Resolved');
    expect(resolved).toHaveTextContent('Credited to your store credit');
    const amounts = within(resolved).getByLabelText('Amounts of return RMA-000105');
    expect([...amounts.children].map((cell) => cell.textContent)).toEqual([
      'Items (USD)', '$85.98', 'Kept back by the policy (USD)', '$24.90', 'Given back (USD)', '$61.08',
    ]);
    expect(within(resolved).getByRole('link', { name: 'Credit note CN-000007 (PDF)' })).toHaveAttribute('href', note.pdf_url);
    for (const rma of ['RMA-000101', 'RMA-000102', 'RMA-000104']) {
      expect(within(card(rma)).queryByRole('link')).not.toBeInTheDocument();
    }
    expect(within(approved).getAllByRole('link').map((link) => link.textContent)).toEqual(['Print the return label']);
    expect(rejected).not.toHaveTextContent('Return label');
    expect(requested).not.toHaveTextContent('Why it was rejected');
  });

  it('names an exchange\'s replacement order, kept on one line, and gives no money back for it', () => {
    render(<ReturnsList returns={[returnView({ status: 'resolved', resolution: 'exchange', exchange_order_number: 'SS-9Q2X4KLM' })]} />);
    expect(card('RMA-000123')).toHaveTextContent('Exchanged · Replacement order SS-9Q2X4KLM');
    expect(within(card('RMA-000123')).getByText('SS-9Q2X4KLM')).toHaveClass('whitespace-nowrap');
    expect(card('RMA-000123')).not.toHaveTextContent('Given back');
  });

  it('reads in Urdu', () => {
    act(() => setLocale('ur'));
    render(<ReturnsList returns={returns} />);
    expect(screen.getByRole('article', { name: 'واپسی RMA-000102' })).toHaveTextContent('مسترد');
    expect(screen.getByRole('link', { name: 'کریڈٹ نوٹ \u2068CN-000007\u2069 (PDF)' })).toBeInTheDocument();
  });
});

describe('a return label', () => {
  it('is saved with the session when the buyer prints it', async () => {
    localStorage.setItem('token', 't-1');
    const url = '/api/orders/SS-1/returns/RMA-000103/label.pdf';
    const api = mockApi().on('GET', url, 200, '%PDF-1.7');
    URL.createObjectURL = vi.fn(() => 'blob:label');
    URL.revokeObjectURL = vi.fn();
    const save = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    render(<ReturnsList returns={returns} />);
    await userEvent.click(within(card('RMA-000103')).getByRole('link', { name: 'Print the return label' }));
    await waitFor(() => expect(api.callsTo('GET', url)).toHaveLength(1));
    expect(api.callsTo('GET', url)[0]!.authorization).toBe('Bearer t-1');
    await waitFor(() => expect(save.mock.contexts).toContainEqual(expect.objectContaining({ download: 'return-label-RMA-000103.pdf' })));
    save.mockRestore();
  });

  it('is not offered where the carrier gave none, and a failed download says so', async () => {
    mockApi();
    render(<ReturnsList returns={[
      returnView({ rma: 'RMA-000201', status: 'approved', label: { carrier: 'tcs', carrier_name: 'TCS', tracking_number: 'T-1', pdf_url: null } }),
      returnView({ rma: 'RMA-000202', status: 'approved', label: { carrier: 'tcs', carrier_name: 'TCS', tracking_number: 'T-2', pdf_url: '/x/label.pdf' } }),
    ]} />);
    expect(within(card('RMA-000201')).queryByRole('link', { name: 'Print the return label' })).toBeNull();
    await userEvent.click(within(card('RMA-000202')).getByRole('link', { name: 'Print the return label' }));
    await waitFor(() => expect(notify.error).toHaveBeenCalledWith('The label could not be downloaded', 'Please try again in a moment.'));
  });
});

describe('the order\'s credit notes', () => {
  it('lists them with the refunds, each saved with the session when followed', async () => {
    localStorage.setItem('token', 't-1');
    const api = mockApi().on('GET', note.pdf_url, 200, '%PDF-1.7');
    URL.createObjectURL = vi.fn(() => 'blob:credit-note');
    URL.revokeObjectURL = vi.fn();
    const save = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    render(<OrderDetails order={order({ credit_notes: [note, { number: 'CN-000009', pdf_url: '/api/credit-notes/CN-000009.pdf' }] })}
      onInvoice={() => {}} onCancel={() => {}} cancelling={false} />);

    const list = screen.getByRole('list', { name: 'Credit notes' });
    expect(within(list).getAllByRole('link').map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Credit note CN-000007 (PDF)', '/api/credit-notes/CN-000007.pdf'],
      ['Credit note CN-000009 (PDF)', '/api/credit-notes/CN-000009.pdf'],
    ]);
    await userEvent.click(within(list).getByRole('link', { name: 'Credit note CN-000007 (PDF)' }));
    await waitFor(() => expect(api.callsTo('GET', note.pdf_url)).toHaveLength(1));
    expect(api.callsTo('GET', note.pdf_url)[0]!.authorization).toBe('Bearer t-1');
    await waitFor(() => expect(save.mock.contexts).toContainEqual(expect.objectContaining({ download: 'credit-note-CN-000007.pdf' })));
    save.mockRestore();
  });

  it('tells the buyer when a credit note cannot be downloaded', async () => {
    mockApi();
    render(<OrderDetails order={order({ credit_notes: [note] })} onInvoice={() => {}} onCancel={() => {}} cancelling={false} />);
    await userEvent.click(screen.getByRole('link', { name: 'Credit note CN-000007 (PDF)' }));
    await waitFor(() => expect(notify.error).toHaveBeenCalledWith('Could not download the credit note', 'Please try again in a moment.'));
  });

  it('shows no credit notes for an order without one', () => {
    render(<OrderDetails order={order()} onInvoice={() => {}} onCancel={() => {}} cancelling={false} />);
    expect(screen.queryByRole('list', { name: 'Credit notes' })).not.toBeInTheDocument();
  });
});
