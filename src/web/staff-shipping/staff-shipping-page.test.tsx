import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { StaffShippingMethod, StaffShippingZone } from '#contracts/staff-shipping';
import { notify } from '../components/ui/notify.ts';
import { setLocale } from '../i18n/locale-store.ts';
import { mockApi } from '../test/mock-api.ts';
import { renderRoute } from '../test/render-route.tsx';
import { codesOf, namesOf } from './zone-form.tsx';
import { StaffShippingPage } from './staff-shipping-page.tsx';

const ZONES = '/api/staff/shipping/zones/';
const method = (overrides: Partial<StaffShippingMethod> = {}): StaffShippingMethod => ({
  id: 3, zone_id: 1, position: 1, name: 'TCS Overnight', carrier: 'tcs', service_code: 'O',
  weight_bands: [{ up_to_grams: 500, price: '4.00' }, { up_to_grams: 1_000, price: '6.00' }], flat_price: null, free_over: null,
  days_min: 1, days_max: 2, cod_allowed: true, cod_limit: '300.00', cod_fee: '1.50', active: true, ...overrides,
});
const zone = (overrides: Partial<StaffShippingZone> = {}): StaffShippingZone => ({
  id: 1, name: 'Pakistan', countries: ['PK'], provinces: [], cities: [], rest_of_world: false, tax_rate: null,
  methods: [method(), method({ id: 4, name: 'Standard', carrier: 'other', service_code: '', weight_bands: [], flat_price: '75.00', free_over: '500.00', days_min: 3, days_max: 5, cod_allowed: false, cod_limit: null, cod_fee: '0.00', active: false })],
  ...overrides,
});

let api: ReturnType<typeof mockApi>;
beforeEach(() => {
  api = mockApi();
  api.on('GET', ZONES, 200, { zones: [zone(), zone({ id: 2, name: 'Sindh', provinces: ['PK-SD'], cities: [], tax_rate: '13.00', methods: [method({ id: 6, name: 'Leopards', cod_limit: null, cod_fee: '0.00' })] }), zone({ id: 5, name: 'Gulf', countries: ['AE', 'SA'], tax_rate: '0.00', methods: [] })] });
});
afterEach(() => {
  setLocale('en');
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

const renderPage = () => renderRoute(StaffShippingPage, { path: '/staff/shipping', url: '/staff/shipping' });

describe('the zone form’s lists', () => {
  it('reads codes between commas or spaces, and names between commas', () => {
    expect(codesOf(' kz, UZ  tj;')).toEqual(['kz', 'UZ', 'tj']);
    expect(namesOf('Karachi, Dera Ismail Khan,, ')).toEqual(['Karachi', 'Dera Ismail Khan']);
  });
});

describe('staff shipping page', () => {
  it('lists each zone with its places, tax and methods', async () => {
    renderPage();
    const [pakistan, sindh, gulf] = await screen.findAllByTestId('shipping-zone');
    expect(within(pakistan).getByText('Tax: the shop\'s rate')).toBeInTheDocument();
    const [tcs, standard] = within(pakistan).getAllByTestId('shipping-method');
    expect(tcs).toHaveTextContent('TCS · O · 1–2 days');
    expect(tcs).toHaveTextContent('By weight: up to 500 g $4.00, up to 1,000 g $6.00');
    expect(tcs).toHaveTextContent('Cash on delivery up to $300.00, fee $1.50');
    expect(within(tcs).getByText('Active')).toBeInTheDocument();
    expect(standard).toHaveTextContent('Flat $75.00');
    expect(standard).toHaveTextContent('Free from $500.00');
    expect(standard).toHaveTextContent('No cash on delivery');
    expect(within(standard).getByText('Off')).toBeInTheDocument();
    expect(sindh).toHaveTextContent('Provinces: Sindh');
    expect(sindh).toHaveTextContent('Tax: 13%');
    expect(within(sindh).getByText('Cash on delivery')).toBeInTheDocument();
    expect(gulf).toHaveTextContent('United Arab Emirates, Saudi Arabia');
    expect(within(gulf).getByText('No methods: buyers here cannot check out.')).toBeInTheDocument();
  });

  it('creates a zone, and shows the server’s refusal under its field', async () => {
    const success = vi.spyOn(notify, 'success');
    api.on('POST', ZONES, 400, { detail: 'Validation failed', errors: { countries: ['Kazakhstan is already in the zone Steppe.'] } });
    api.on('POST', ZONES, 201, zone({ id: 9, name: 'Central Asia', countries: ['KZ', 'UZ'], methods: [] }));
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Add zone' }));
    const form = screen.getByRole('form', { name: 'New zone' });
    await userEvent.type(within(form).getByRole('textbox', { name: /^Name/ }), 'Central Asia');
    const countries = within(form).getByRole('textbox', { name: /^Countries/ });
    await userEvent.type(countries, 'kz, uz');
    expect(within(form).getByTestId('country-preview')).toHaveTextContent('Kazakhstan, Uzbekistan');
    await userEvent.click(within(form).getByRole('button', { name: 'Create zone' }));
    await waitFor(() => expect(countries).toHaveAccessibleDescription(/Kazakhstan is already in the zone Steppe\./));
    await userEvent.click(within(form).getByRole('button', { name: 'Create zone' }));
    await waitFor(() => expect(success).toHaveBeenCalledWith('Zone created', 'Central Asia'));
    expect(api.callsTo('POST', ZONES).at(-1)!.body).toEqual({
      name: 'Central Asia', countries: ['KZ', 'UZ'], provinces: [], cities: [], rest_of_world: false, tax_rate: null,
    });
  });

  it('refuses provinces outside a zone of Pakistan alone before sending', async () => {
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Add zone' }));
    const form = screen.getByRole('form', { name: 'New zone' });
    await userEvent.type(within(form).getByRole('textbox', { name: /^Name/ }), 'South');
    await userEvent.type(within(form).getByRole('textbox', { name: /^Countries/ }), 'PK, AF');
    await userEvent.click(within(form).getByRole('checkbox', { name: 'Sindh' }));
    await userEvent.type(within(form).getByRole('textbox', { name: /^Tax rate/ }), '120');
    await userEvent.click(within(form).getByRole('button', { name: 'Create zone' }));
    expect(await within(form).findByText(/Provinces are Pakistan’s/)).toBeInTheDocument();
    expect(within(form).getByRole('textbox', { name: /^Tax rate/ })).toHaveAttribute('aria-invalid', 'true');
    expect(api.callsTo('POST', ZONES)).toHaveLength(0);
  });

  it('adds a method with weight bands, checking that they rise', async () => {
    const success = vi.spyOn(notify, 'success');
    api.on('POST', `${ZONES}5/methods/`, 201, method({ id: 11, zone_id: 5, name: 'DHL Express Worldwide' }));
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'New method in Gulf' }));
    const form = screen.getByRole('form', { name: 'New method in Gulf' });
    await userEvent.type(within(form).getByRole('textbox', { name: /^Name buyers see/ }), 'DHL Express Worldwide');
    await userEvent.selectOptions(within(form).getByRole('combobox', { name: /^Carrier/ }), 'dhl_express');
    await userEvent.type(within(form).getByRole('textbox', { name: /^Service code/ }), 'P');
    for (const [grams, price] of [['1000', '48'], ['500', '79.50']]) {
      await userEvent.click(within(form).getByRole('button', { name: 'Add band' }));
      const row = within(form).getAllByTestId('weight-band').at(-1)!;
      await userEvent.type(within(row).getByRole('textbox', { name: /^Up to/ }), grams);
      await userEvent.type(within(row).getByRole('textbox', { name: /^Price/ }), price);
    }
    await userEvent.type(within(form).getByRole('textbox', { name: /^Fewest days/ }), '2');
    await userEvent.type(within(form).getByRole('textbox', { name: /^Most days/ }), '4');
    await userEvent.click(within(form).getByRole('button', { name: 'Create method' }));
    const second = within(form).getAllByRole('textbox', { name: /^Up to/ })[1]!;
    await waitFor(() => expect(second).toHaveAccessibleDescription(/more grams than the band before \(1000 g\)/));
    expect(api.callsTo('POST', `${ZONES}5/methods/`)).toHaveLength(0);

    await userEvent.clear(second);
    await userEvent.type(second, '2000');
    await userEvent.click(within(form).getByRole('button', { name: 'Create method' }));
    await waitFor(() => expect(success).toHaveBeenCalledWith('Method created', 'DHL Express Worldwide'));
    expect(api.callsTo('POST', `${ZONES}5/methods/`)[0]!.body).toEqual({
      name: 'DHL Express Worldwide', carrier: 'dhl_express', service_code: 'P',
      weight_bands: [{ up_to_grams: 1_000, price: '48' }, { up_to_grams: 2_000, price: '79.50' }],
      flat_price: null, free_over: null, days_min: 2, days_max: 4, cod_allowed: false, cod_limit: null, cod_fee: '0.00', active: true,
    });
  });

  it('changes a method with PATCH, its stored values in the form', async () => {
    api.on('PATCH', '/api/staff/shipping/methods/3/', 200, method({ cod_fee: '2.00' }));
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Edit method TCS Overnight' }));
    const form = screen.getByRole('form', { name: 'Edit method TCS Overnight' });
    const fee = within(form).getByRole('textbox', { name: /^Cash collection fee/ });
    expect(fee).toHaveValue('1.50');
    await userEvent.clear(fee);
    await userEvent.type(fee, '2');
    await userEvent.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.callsTo('PATCH', '/api/staff/shipping/methods/3/')).toHaveLength(1));
    expect(api.callsTo('PATCH', '/api/staff/shipping/methods/3/')[0]!.body).toMatchObject({
      weight_bands: [{ up_to_grams: 500, price: '4.00' }, { up_to_grams: 1_000, price: '6.00' }], cod_allowed: true, cod_limit: '300.00', cod_fee: '2',
    });
  });

  it('asks before deleting a zone', async () => {
    api.on('DELETE', `${ZONES}5/`, 200, { detail: 'The zone Gulf was deleted.' });
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Delete zone Gulf' }));
    const dialog = screen.getByRole('alertdialog');
    expect(dialog).toHaveTextContent('Orders already placed keep the name of their method.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(api.callsTo('DELETE', `${ZONES}5/`)).toHaveLength(1));
  });
});
