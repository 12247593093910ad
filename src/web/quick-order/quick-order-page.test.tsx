import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import type { QuickOrderLine } from '#contracts/quick-order';
import { cartFixture } from '../test/cart-fixtures.ts';
import { mockApi, wireUser } from '../test/mock-api.ts';
import { renderRoute } from '../test/render-route.tsx';
import { spyOnNotify } from '../test/spy-on-notify.ts';
import { QuickOrderPage } from './quick-order-page.tsx';

spyOnNotify();
beforeEach(() => localStorage.setItem('token', 'access'));

const base = { catalogue_number: 'SS-101', quantity: 2, added: 0, message: '', equivalents: [] };
const lines: QuickOrderLine[] = [
  { ...base, line: 1, input: 'SS-101,2', outcome: 'added', added: 2, product: { id: 7, slug: 'mayo', name: 'Mayo Scissors', variant_label: '' } },
  { ...base, line: 2, input: 'SS-102,5', catalogue_number: 'SS-102', quantity: 5, outcome: 'partial', added: 3, available: 3 },
  { ...base, line: 3, input: 'NOPE,1', catalogue_number: 'NOPE', quantity: 1, outcome: 'unknown' },
  {
    ...base, line: 4, input: 'SS-104,3', catalogue_number: 'SS-104', quantity: 3, outcome: 'discontinued',
    product: { id: 9, slug: 'crest', name: 'Mayo Scissors Crest', variant_label: '' },
    equivalents: [{ product_id: 11, variant_id: 110, variant_label: '14 cm', slug: 'apex', name: 'Mayo Scissors Apex', brand: 'Apex', price: '15.00', available_stock: 50, image: '' }],
  },
  { ...base, line: 5, input: 'CF-1,1', catalogue_number: 'CF-1', quantity: 1, outcome: 'licence_required' },
  { ...base, line: 6, input: 'SS-1 two', catalogue_number: 'SS-1', quantity: 0, outcome: 'invalid' },
];

describe('the quick order page', () => {
  it('sends the pasted lines and words each outcome, offering the equivalent of a discontinued line', async () => {
    const api = mockApi()
      .on('GET', '/api/auth/me/', 200, wireUser())
      .on('POST', '/api/quick-order/', 200, { lines, cart: cartFixture() })
      .on('POST', '/api/cart/add-item/', 200, cartFixture());
    renderRoute(QuickOrderPage, { path: '/quick-order', url: '/quick-order' });
    await userEvent.type(await screen.findByRole('textbox', { name: /Catalogue number and quantity/ }), 'SS-101,2');
    await userEvent.click(screen.getByRole('button', { name: 'Add to cart' }));

    const rows = await screen.findAllByRole('row');
    expect(rows.slice(1).map((row) => within(row).getAllByRole('cell').at(-1)!.textContent)).toEqual([
      'Added 2', 'Only 3 available: 3 of 5 added', 'No product has this catalogue number',
      expect.stringMatching(/^No longer soldEquivalent:Mayo Scissors Apex14 cm\$15\.00Add$/), 'Needs a verified licenceYour licences',
      'Could not read this line: give a catalogue number and a whole quantity from 1 to 999',
    ]);
    expect(api.callsTo('POST', '/api/quick-order/')[0].body).toEqual({ text: 'SS-101,2' });
    await userEvent.click(screen.getByRole('button', { name: 'Add Mayo Scissors Apex to cart' }));
    expect(api.callsTo('POST', '/api/cart/add-item/')[0].body).toEqual({ product_id: 11, variant_id: 110, quantity: 3 });
  });

  it('shows the refusal of a text without lines under the box, and no results', async () => {
    const api = mockApi()
      .on('GET', '/api/auth/me/', 200, wireUser())
      .on('POST', '/api/quick-order/', 400, {
        detail: 'Validation failed', errors: { text: ['Paste at least one line: a catalogue number and a quantity.'] }, issues: { text: [{ key: 'invalid' }] },
      });
    renderRoute(QuickOrderPage, { path: '/quick-order', url: '/quick-order' });
    await userEvent.click(await screen.findByRole('button', { name: 'Add to cart' }));
    expect(await screen.findByText('Paste from 1 to 500 lines, a catalogue number and a quantity on each.')).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/quick-order/')).toHaveLength(1);
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });
});
