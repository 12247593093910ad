import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import type { Order, OrderShipment } from '#contracts/orders';
import { setLocale } from '../i18n/locale-store.ts';
import { ApiError } from '../lib/api.ts';
import { StaffOrderRow } from './staff-order-row.tsx';

const item = (id: number, name: string, quantity: number) => ({ id, name, quantity, variantLabel: '' });
const leopards: OrderShipment = {
  id: '00000000-0000-4000-8000-0000000000a1', number: 'ORD-1001-1', carrier: 'leopards', carrierName: 'Leopards Courier', service: '',
  trackingNumber: 'LE7000001', trackingUrl: null, status: 'in_transit', items: [{ orderItemId: 1, name: 'Kelly Hemostat', variantLabel: '', quantity: 2 }],
  parcels: [{ weightGrams: 600 }], incoterm: null, createdAt: '2026-01-06T10:00:00.000Z', deliveredAt: null, estimatedDelivery: null, events: [],
};
const anOrder = (overrides: Partial<Order> = {}) => ({
  id: '00000000-0000-4000-8000-000000000001', orderNumber: 'ORD-1001', status: 'processing', total: '18.00',
  createdAt: '2026-01-05T10:00:00.000Z', items: [item(1, 'Kelly Hemostat', 2), item(2, 'Mayo Scissors', 1), item(3, 'Adson Forceps', 3)],
  shippingAddress: { name: 'Dr. Ayesha Khan', country: 'PK' }, shipments: [], refunds: [], refundable: '18.00', ...overrides,
} as unknown as Order);

const form = () => screen.getByRole('form', { name: 'Ship lines of ORD-1001' });

describe('StaffOrderRow: shipping', () => {
  it('lists the lines left to ship, and sends the chosen ones with the carrier', async () => {
    const onAction = vi.fn();
    render(<StaffOrderRow order={anOrder({ status: 'partly_shipped', shipments: [leopards] })} busy={false} onAction={onAction} />, { wrapper: MemoryRouter });
    expect(within(form()).queryByText('Kelly Hemostat')).not.toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Ship Mayo Scissors' })).toBeChecked();
    await userEvent.click(screen.getByRole('checkbox', { name: 'Ship Mayo Scissors' }));
    const adson = screen.getByRole('spinbutton', { name: 'Quantity of Adson Forceps to ship' });
    expect(adson).toHaveValue(3);
    fireEvent.change(adson, { target: { value: '2' } });
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Carrier' }), 'DHL Express');
    await userEvent.type(screen.getByRole('spinbutton', { name: 'Parcel weight (g)' }), '900');
    await userEvent.click(screen.getByRole('button', { name: 'Ship' }));
    expect(onAction.mock.calls[0]![0]).toEqual({
      kind: 'ship', id: anOrder().id, body: { items: [{ order_item_id: 3, quantity: 2 }], carrier: 'dhl_express', parcels: [{ weight_grams: 900 }] },
    });
  });

  it('shows the booked shipment with its documents and asks for its tracking', async () => {
    const onAction = vi.fn();
    render(<StaffOrderRow order={anOrder({ status: 'partly_shipped', shipments: [leopards] })} busy={false} onAction={onAction} />, { wrapper: MemoryRouter });
    expect(screen.getByText('LE7000001')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Print label' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Packing slip' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Commercial invoice' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Refresh tracking' }));
    expect(onAction.mock.calls[0]![0]).toEqual({ kind: 'track', id: anOrder().id, shipmentId: leopards.id });
  });

  it('records a cash-on-delivery parcel refused at the door, and offers it for no card order', async () => {
    const onRefused = vi.fn();
    const cod = anOrder({ status: 'shipped', shipments: [leopards], paymentMethod: 'cash_on_delivery', paymentStatus: 'awaiting_payment' });
    const { rerender } = render(<StaffOrderRow order={cod} busy={false} onAction={vi.fn()} onRefused={onRefused} />, { wrapper: MemoryRouter });
    await userEvent.click(screen.getByRole('button', { name: 'Refused at the door' }));
    expect(onRefused).toHaveBeenCalledWith(leopards.id);
    rerender(<StaffOrderRow order={{ ...cod, paymentMethod: 'credit_card', paymentStatus: 'paid' }} busy={false} onAction={vi.fn()} onRefused={onRefused} />);
    expect(screen.queryByRole('button', { name: 'Refused at the door' })).not.toBeInTheDocument();
  });

  it('names nothing chosen and sends nothing; a carrier named by hand sends its name and tracking number', async () => {
    const onAction = vi.fn();
    render(<StaffOrderRow order={anOrder({ items: [item(1, 'Kelly Hemostat', 2)] as Order['items'] })} busy={false} onAction={onAction} />, { wrapper: MemoryRouter });
    await userEvent.click(screen.getByRole('checkbox', { name: 'Ship Kelly Hemostat' }));
    await userEvent.click(screen.getByRole('button', { name: 'Ship' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Choose at least one line to ship.');
    expect(onAction).not.toHaveBeenCalled();

    await userEvent.click(screen.getByRole('checkbox', { name: 'Ship Kelly Hemostat' }));
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Carrier' }), 'Other');
    await userEvent.type(screen.getByRole('textbox', { name: 'Carrier name' }), 'Rider');
    await userEvent.type(screen.getByRole('textbox', { name: 'Tracking number' }), 'R-1');
    await userEvent.click(screen.getByRole('button', { name: 'Ship' }));
    expect(onAction.mock.calls[0]![0].body).toEqual({
      items: [{ order_item_id: 1, quantity: 2 }], carrier: 'other', carrier_name: 'Rider', tracking_number: 'R-1', tracking_url: '',
    });
  });

  it('shows the carrier\'s refusal in Arabic', async () => {
    setLocale('ar');
    const onAction = vi.fn();
    render(<StaffOrderRow order={anOrder()} busy={false} onAction={onAction} />, { wrapper: MemoryRouter });
    await userEvent.click(screen.getByRole('button', { name: 'شحن' }));
    await waitFor(() => expect(onAction).toHaveBeenCalledOnce());
    act(() => (onAction.mock.calls[0]![1] as (error: unknown) => void)(new ApiError(502, 'refused', {}, { code: 'CARRIER_ERROR' })));
    expect(screen.getByRole('alert')).toHaveTextContent('لم تحجز شركة الشحن الشحنة');
    setLocale('en');
  });
});

describe("StaffOrderRow: support's read-only view", () => {
  it('shows the order without any step to take', () => {
    render(<StaffOrderRow order={anOrder()} busy={false} />, { wrapper: MemoryRouter });
    expect(screen.getByRole('heading', { name: 'ORD-1001' })).toBeInTheDocument();
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
  });
});
