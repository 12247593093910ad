import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { notify } from '../components/ui/notify.ts';
import { setLocale } from '../i18n/locale-store.ts';
import { mockApi } from '../test/mock-api.ts';
import { renderRoute } from '../test/render-route.tsx';
import { ORGANISATION_ID } from './organisation-fixtures.ts';
import { PriceRuleForm } from './price-rule-form.tsx';
import { spyOnNotify } from '../test/spy-on-notify.ts';

spyOnNotify();

const PRICES = `/api/staff/organisations/${ORGANISATION_ID}/prices/`;

function renderForm() {
  const api = mockApi().on('GET', '/api/products/categories/', 200, []);
  renderRoute(() => <PriceRuleForm organisationId={ORGANISATION_ID} />, { path: '/', url: '/' });
  return api;
}

async function percentOffProduct(product: string, value: string) {
  await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Applies to' }), 'A product');
  if (product) await userEvent.type(screen.getByRole('textbox', { name: 'Product model number or slug' }), product);
  await userEvent.type(screen.getByRole('textbox', { name: 'Percent off' }), value);
  await userEvent.click(screen.getByRole('button', { name: 'Add price' }));
}

describe('the price list form', () => {
  it('says what a percentage must be, and sends nothing', async () => {
    const api = renderForm();
    await percentOffProduct('ZI-10012', '120');

    expect(screen.getByRole('textbox', { name: 'Percent off' })).toHaveAccessibleDescription('Enter a percentage between 0.01 and 99.99.');
    expect(api.callsTo('POST', PRICES)).toHaveLength(0);
  });

  it('asks for the product when the price is for one, and for a category when it is for one', async () => {
    const api = renderForm();
    await percentOffProduct('', '5');
    expect(screen.getByRole('textbox', { name: 'Product model number or slug' }))
      .toHaveAccessibleDescription('Enter the model number or slug of a catalogue product.');

    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Applies to' }), 'A category');
    await userEvent.click(screen.getByRole('button', { name: 'Add price' }));
    expect(screen.getByRole('combobox', { name: 'Category' })).toHaveAccessibleDescription('Choose a category.');
    expect(api.callsTo('POST', PRICES)).toHaveLength(0);
  });

  it('sends the value as decimal text, with only the target its scope names', async () => {
    const api = renderForm().on('POST', PRICES, 200, { price_list: [] });
    await percentOffProduct('ZI-10012', '3');

    await waitFor(() => expect(api.callsTo('POST', PRICES)).toHaveLength(1));
    expect(api.callsTo('POST', PRICES)[0]!.body).toEqual({ scope: 'product', kind: 'percent', value: '3.00', product: 'ZI-10012' });
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Percent off' })).toHaveValue(''));
  });

  it('sends a unit price for one size or version by its catalogue number, asking for it when missing', async () => {
    const api = renderForm().on('POST', PRICES, 200, { price_list: [] });
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Applies to' }), 'One size or version');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Price' }), 'Fixed unit price');
    await userEvent.type(screen.getByRole('textbox', { name: 'Unit price (USD)' }), '28');
    await userEvent.click(screen.getByRole('button', { name: 'Add price' }));
    const variant = screen.getByRole('textbox', { name: 'Catalogue number of the size or version' });
    expect(variant).toHaveAccessibleDescription('Enter the catalogue number of one size or version of a catalogue product.');
    expect(api.callsTo('POST', PRICES)).toHaveLength(0);

    await userEvent.type(variant, 'MZ-18C');
    await userEvent.click(screen.getByRole('button', { name: 'Add price' }));
    await waitFor(() => expect(api.callsTo('POST', PRICES)).toHaveLength(1));
    expect(api.callsTo('POST', PRICES)[0]!.body).toEqual({ scope: 'variant', kind: 'fixed', value: '28.00', variant: 'MZ-18C' });
  });

  it("puts the server's problem with the product on its field", async () => {
    renderForm().on('POST', PRICES, 400, {
      detail: 'Validation failed',
      errors: { product: ['No product with this model number or slug.'] },
      issues: { product: [{ key: 'invalid' }] },
    });
    await percentOffProduct('NO-SUCH', '3');

    const product = screen.getByRole('textbox', { name: 'Product model number or slug' });
    await waitFor(() => expect(product).toHaveAccessibleDescription('Enter the model number or slug of a catalogue product.'));
    expect(product).toHaveAttribute('aria-invalid', 'true');
  });

  it('says why when the organisation is no longer verified (NOT_VERIFIED)', async () => {
    renderForm().on('POST', PRICES, 409, { detail: 'The organisation is not verified.', code: 'NOT_VERIFIED' });
    await percentOffProduct('ZI-10012', '3');

    await waitFor(() => expect(notify.error).toHaveBeenCalledWith('Not saved', 'Verify this organisation to set its account manager, terms and prices.'));
  });

  it('says what a unit price must be in Arabic', async () => {
    renderForm();
    act(() => setLocale('ar'));
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'السعر' }), 'سعر وحدة ثابت');
    await userEvent.click(screen.getByRole('button', { name: 'إضافة سعر' }));

    expect(screen.getByRole('textbox', { name: 'سعر الوحدة (USD)' }))
      .toHaveAccessibleDescription('أدخل سعر وحدة أكبر من صفر وأقل من سعر القائمة، مثل 89.00.');
  });
});
