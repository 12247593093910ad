import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { StaffProduct } from '#contracts/staff-products';
import { notify } from '../components/ui/notify.ts';
import { i18n } from '../i18n/i18n.ts';
import { mockApi } from '../test/mock-api.ts';
import { askedLater } from '../test/namespaces.ts';
import { renderRoute } from '../test/render-route.tsx';
import { ProductEditorPage } from './product-editor-page.tsx';

const PRODUCT = '/api/staff/products/5/';
const variant = (id: number, length: string, stock: number) => ({
  id, position: id, options: { Length: length }, label: length, model_number: `AF-${length.replace(' cm', '')}`, gtin: null, price: '12.50',
  original_price: null, cost: null, weight_grams: 40, is_active: true, tiers: [], current_stock: stock, available_stock: stock,
  components: [], regulatory: null,
});
const product = (overrides: Partial<StaffProduct> = {}): StaffProduct => ({
  id: 5, slug: 'adson-forceps', name: 'Adson Forceps', short_description: 'Fine tissue forceps.', description: '<p>German steel.</p>',
  brand: 'Sialkot Surgical', category_id: 1, instrument_type: 'Forceps', status: 'active', restricted: false, meta_title: '', meta_description: '',
  certifications: ['CE'], features: ['Serrated tips'], specifications: [{ key: 'Material', value: 'Steel' }],
  handling: { sterile: false, single_use: false, latex_free: true, cold_chain: false }, hs_code: '901890', unspsc: '42291800', country_of_origin: 'PK',
  private_label_moq: null,
  options: [{ name: 'Length', values: ['14 cm', '18 cm'], translations: {} }], variants: [variant(11, '14 cm', 7), variant(12, '18 cm', 3)],
  images: [], redirects: [], created_at: '2026-01-01T00:00:00.000Z', updated_at: '2026-01-02T00:00:00.000Z', ...overrides,
});

let api: ReturnType<typeof mockApi>;
beforeEach(() => {
  api = mockApi();
  api.on('GET', '/api/products/categories/', 200, [
    { id: 1, slug: 'forceps', name: 'Forceps', description: '', image: '', product_count: 3, translations: {} },
    { id: 2, slug: 'scissors', name: 'Scissors', description: '', image: '', product_count: 3, translations: {} },
  ]);
  api.on('GET', '/api/staff/audit/?entity=product&id=5&page=1', 200, {
    count: 1, page: 1, pageSize: 50, results: [{
      id: 1, actor: { id: 'u-2', email: 'bilal@example.com' }, action: 'product.update', entity: 'product', entityId: '5', label: 'Mayo Scissors',
      before: { name: 'Adson Forceps', brand: 'Old', status: 'draft', updated_at: 'a' }, after: { name: 'Adson Forceps', brand: 'Sialkot Surgical', status: 'active', updated_at: 'b' },
      at: '2026-01-02T00:00:00.000Z',
    }],
  });
});

const renderEditor = (url: string) => renderRoute(ProductEditorPage, { path: '/staff/products/:id', url });
const rows = () => screen.getAllByTestId('variant-row');
const field = (row: HTMLElement, name: RegExp) => within(row).getByRole('textbox', { name });

async function addOption(name: string, values: string[]) {
  await userEvent.click(screen.getByRole('button', { name: 'Add option' }));
  const option = screen.getAllByTestId('product-option').at(-1)!;
  await userEvent.type(within(option).getByRole('textbox', { name: /^Option name/ }), name);
  for (const value of values) {
    await userEvent.type(within(option).getByRole('textbox', { name: `New value for Values of ${name}` }), `${value}{Enter}`);
  }
}

describe('product editor: a new product', () => {
  it('generates a variant per combination of two options and creates the product, then opens it', async () => {
    const success = vi.spyOn(notify, 'success');
    api.on('POST', '/api/staff/products/', 201, product({ id: 5, name: 'Metzenbaum Scissors' }));
    api.on('GET', PRODUCT, 200, product({ name: 'Metzenbaum Scissors' }));
    const { router } = renderEditor('/staff/products/new');
    expect(await screen.findByText('Not created yet')).toBeInTheDocument();
    await userEvent.type(screen.getByRole('textbox', { name: /^Name/ }), 'Metzenbaum Scissors');
    await userEvent.type(screen.getByRole('textbox', { name: /^Brand/ }), 'Sialkot Surgical');
    await userEvent.type(screen.getByRole('textbox', { name: /^Instrument type/ }), 'Scissors');
    await waitFor(() => expect(screen.getByRole('option', { name: 'Scissors' })).toBeInTheDocument());
    await userEvent.selectOptions(screen.getByRole('combobox', { name: /^Category/ }), '2');

    await addOption('Length', ['14 cm', '18 cm']);
    await addOption('Tip', ['Straight', 'Curved']);
    expect(screen.getByText(/The variants do not match the options/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Generate variants' }));
    expect(rows().map((row) => within(row).getByText(/ \/ /).textContent)).toEqual(['14 cm / Straight', '14 cm / Curved', '18 cm / Straight', '18 cm / Curved']);
    expect(screen.queryByText(/The variants do not match the options/)).not.toBeInTheDocument();
    for (const [index, row] of rows().entries()) {
      await userEvent.type(field(row, /^Catalogue number/), `MS-${index + 1}`);
      await userEvent.type(field(row, /^Price/), `${20 + index}.00`);
    }
    await userEvent.click(screen.getByRole('button', { name: /Create product/ }));

    await waitFor(() => expect(success).toHaveBeenCalledWith('Product saved', 'Metzenbaum Scissors'));
    const body = api.callsTo('POST', '/api/staff/products/')[0]!.body as Record<string, unknown>;
    expect(body).toMatchObject({
      name: 'Metzenbaum Scissors', brand: 'Sialkot Surgical', category_id: 2, instrument_type: 'Scissors', status: 'draft',
      options: [{ name: 'Length', values: ['14 cm', '18 cm'] }, { name: 'Tip', values: ['Straight', 'Curved'] }],
    });
    expect(body).not.toHaveProperty('slug');
    expect(body.variants).toEqual([
      { options: { Length: '14 cm', Tip: 'Straight' }, model_number: 'MS-1', gtin: null, price: '20.00', original_price: null, weight_grams: null, is_active: true, tiers: [],
        components: [], regulatory: null },
      expect.objectContaining({ options: { Length: '14 cm', Tip: 'Curved' }, model_number: 'MS-2', price: '21.00' }),
      expect.objectContaining({ options: { Length: '18 cm', Tip: 'Straight' }, model_number: 'MS-3', price: '22.00' }),
      expect.objectContaining({ options: { Length: '18 cm', Tip: 'Curved' }, model_number: 'MS-4', price: '23.00' }),
    ]);
    await waitFor(() => expect(router.state.location.pathname).toBe('/staff/products/5'));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });

  it('names each missing field under it and sends nothing', async () => {
    renderEditor('/staff/products/new');
    await userEvent.click(screen.getByRole('button', { name: /Create product/ }));
    await waitFor(() => expect(screen.getByRole('textbox', { name: /^Name/ })).toHaveAccessibleDescription('This field is required.'));
    expect(screen.getByRole('combobox', { name: /^Category/ })).toHaveAccessibleDescription('Choose a category.');
    expect(field(rows()[0]!, /^Catalogue number/)).toHaveAccessibleDescription('This field is required.');
    expect(field(rows()[0]!, /^Price/)).toHaveAccessibleDescription('Enter a price like 12.50.');
    expect(api.callsTo('POST', '/api/staff/products/')).toHaveLength(0);
  });
});

describe('product editor: an existing product', () => {
  beforeEach(() => {
    api.on('GET', PRODUCT, 200, product());
  });

  it('asks for the texts of the photos, documents and history with the page, so that the product arriving never blanks it', async () => {
    const asked = vi.spyOn(i18n, 'hasLoadedNamespace');
    renderEditor('/staff/products/5');
    await screen.findAllByTestId('product-option');
    await screen.findByText(/bilal@example\.com/);
    expect(askedLater(asked, 'staff-products')).toEqual([]);
  });

  it('keeps the existing variants, their ids and stock, when a value is added and the variants generated again', async () => {
    api.on('PATCH', PRODUCT, 200, product());
    renderEditor('/staff/products/5');
    const option = (await screen.findAllByTestId('product-option'))[0]!;
    await userEvent.type(within(option).getByRole('textbox', { name: 'New value for Values of Length' }), '22 cm{Enter}');
    await userEvent.click(within(option).getByRole('button', { name: 'Move 22 cm earlier' }));
    await userEvent.click(screen.getByRole('button', { name: 'Generate variants' }));
    expect(rows().map((row) => row.textContent)).toEqual([
      expect.stringMatching(/^14 cm.*7 available/), expect.stringMatching(/^22 cm.*New/), expect.stringMatching(/^18 cm.*3 available/),
    ]);
    // Only a variant never saved can be removed; the others are switched off instead.
    expect(within(rows()[0]!).queryByRole('button', { name: /^Remove the variant/ })).not.toBeInTheDocument();
    expect(within(rows()[1]!).getByRole('button', { name: 'Remove the variant 22 cm' })).toBeInTheDocument();
    expect(screen.queryByText(/The variants do not match the options/)).not.toBeInTheDocument();
    await userEvent.type(field(rows()[1]!, /^Catalogue number/), 'AF-22');
    await userEvent.type(field(rows()[1]!, /^Price/), '15.00');
    await userEvent.click(screen.getByRole('button', { name: /Save changes/ }));

    await waitFor(() => expect(api.callsTo('PATCH', PRODUCT)).toHaveLength(1));
    const body = api.callsTo('PATCH', PRODUCT)[0]!.body as { variants: { id?: number; model_number: string }[]; options: unknown; updated_at: string };
    expect(body.updated_at).toBe('2026-01-02T00:00:00.000Z');
    expect(body.options).toEqual([{ name: 'Length', values: ['14 cm', '22 cm', '18 cm'], translations: {} }]);
    expect(body.variants.map((each) => [each.id, each.model_number])).toEqual([[11, 'AF-14'], [undefined, 'AF-22'], [12, 'AF-18']]);
  });

  it('gives an option name and its values in Urdu and Arabic, sent with the option', async () => {
    api.on('PATCH', PRODUCT, 200, product());
    renderEditor('/staff/products/5');
    const option = (await screen.findAllByTestId('product-option'))[0]!;
    const arabic = within(option).getByRole('group', { name: 'Length in Arabic' });
    await userEvent.type(within(arabic).getByRole('textbox', { name: 'Arabic name' }), 'الطول');
    await userEvent.type(within(arabic).getByRole('textbox', { name: '14 cm' }), '١٤ سم');
    const urdu = within(option).getByRole('group', { name: 'Length in Urdu' });
    await userEvent.type(within(urdu).getByRole('textbox', { name: '18 cm' }), '18 سینٹی میٹر');
    await userEvent.click(screen.getByRole('button', { name: /Save changes/ }));

    await waitFor(() => expect(api.callsTo('PATCH', PRODUCT)).toHaveLength(1));
    expect((api.callsTo('PATCH', PRODUCT)[0]!.body as { options: unknown }).options).toEqual([{
      name: 'Length', values: ['14 cm', '18 cm'],
      translations: { ur: { name: '', values: { '18 cm': '18 سینٹی میٹر' } }, ar: { name: 'الطول', values: { '14 cm': '١٤ سم' } } },
    }]);
  });

  it('opens a product with its option translations filled in', async () => {
    api.onDeferred('GET', PRODUCT, () => ({ status: 200, body: product({
      options: [{ name: 'Length', values: ['14 cm', '18 cm'], translations: { ar: { name: 'الطول', values: { '18 cm': '١٨ سم' } } } }],
    }) }));
    renderEditor('/staff/products/5');
    const arabic = within((await screen.findAllByTestId('product-option'))[0]!).getByRole('group', { name: 'Length in Arabic' });
    expect(within(arabic).getByRole('textbox', { name: 'Arabic name' })).toHaveValue('الطول');
    expect(within(arabic).getByRole('textbox', { name: '18 cm' })).toHaveValue('١٨ سم');
    expect(within(arabic).getByRole('textbox', { name: '14 cm' })).toHaveValue('');
  });

  it('saves the HS code and the country of origin for customs, the code as digits', async () => {
    api.on('PATCH', PRODUCT, 200, product({ hs_code: '90189010', country_of_origin: 'DE' }));
    renderEditor('/staff/products/5');
    const code = await screen.findByRole('textbox', { name: /^HS code/ });
    expect(code).toHaveValue('901890');
    const origin = screen.getByRole('textbox', { name: /^Country of origin/ });
    await userEvent.type(origin, '{Backspace}{Backspace}QQ');
    await userEvent.click(screen.getByRole('button', { name: /Save changes/ }));
    await waitFor(() => expect(origin).toHaveAccessibleDescription(/^Enter a two-letter country code/));
    expect(api.callsTo('PATCH', PRODUCT)).toHaveLength(0);

    await userEvent.clear(origin);
    await userEvent.type(origin, 'de');
    await userEvent.clear(code);
    await userEvent.type(code, '9018.90.10');
    await userEvent.click(screen.getByRole('button', { name: /Save changes/ }));
    await waitFor(() => expect(api.callsTo('PATCH', PRODUCT)).toHaveLength(1));
    expect(api.callsTo('PATCH', PRODUCT)[0]!.body).toMatchObject({ hs_code: '90189010', country_of_origin: 'DE' });
  });

  it("puts the server's answer for a nested field under that field", async () => {
    api.on('PATCH', PRODUCT, 400, {
      detail: 'Validation failed',
      errors: {
        'variants.1.model_number': ['The catalogue number AF-18 is already used by another product.'],
        'variants.0.tiers.0.price': ['A tier must be cheaper than the unit price.'],
        'specifications.0.value': ['Enter one line of text.'],
        slug: ['This address is taken.'],
      },
    });
    renderEditor('/staff/products/5');
    await screen.findAllByTestId('variant-row');
    await userEvent.click(within(rows()[0]!).getByRole('button', { name: 'Volume prices' }));
    await userEvent.click(within(rows()[0]!).getByRole('button', { name: 'Add volume price' }));
    await userEvent.type(within(rows()[0]!).getByRole('textbox', { name: 'From quantity' }), '10');
    await userEvent.type(within(rows()[0]!).getByRole('textbox', { name: 'Unit price' }), '13.00');
    await userEvent.click(within(rows()[0]!).getByRole('button', { name: '1 volume price' }));
    await userEvent.click(screen.getByRole('button', { name: /Save changes/ }));

    await waitFor(() => expect(field(rows()[1]!, /^Catalogue number/)).toHaveAccessibleDescription('The catalogue number AF-18 is already used by another product.'));
    expect(field(rows()[0]!, /^Catalogue number/)).not.toHaveAttribute('aria-invalid');
    // The tiers of a variant with a problem open by themselves.
    expect(within(rows()[0]!).getByRole('textbox', { name: 'Unit price' })).toHaveAccessibleDescription('A tier must be cheaper than the unit price.');
    expect(screen.getByRole('textbox', { name: 'Value' })).toHaveAccessibleDescription('Enter one line of text.');
    expect(screen.getByRole('textbox', { name: /^Address \(slug\)/ })).toHaveAccessibleDescription(/^This address is taken\./);
  });

  /** Saves my brand while the server answers that someone else saved `fields` since; the conflict banner. */
  async function conflictingSave(fields: string[], by: string | null) {
    api.on('PATCH', PRODUCT, 409, {
      detail: 'Someone saved this product after you opened it.', code: 'EDIT_CONFLICT', changes: { fields, updated_at: '2026-01-03T10:00:00.000Z', by },
    });
    renderEditor('/staff/products/5');
    const brand = await screen.findByRole('textbox', { name: /^Brand/ });
    await userEvent.clear(brand);
    await userEvent.type(brand, 'Mine');
    await userEvent.click(screen.getByRole('button', { name: /Save changes/ }));
    return screen.findByTestId('edit-conflict');
  }

  it('keeps my edits on an edit conflict, names what they changed, and saves mine over theirs on "Keep mine"', async () => {
    const banner = await conflictingSave(['name', 'variants'], 'bilal@example.com');
    api.onDeferred('PATCH', PRODUCT, () => ({ status: 200, body: product({ brand: 'Mine', updated_at: '2026-01-03T11:00:00.000Z' }) }));
    expect(banner).toHaveTextContent('Someone else saved this product');
    expect(banner).toHaveTextContent(/bilal@example\.com saved it at .* while you were editing\. They changed: name and variants\./);
    expect(screen.getByRole('textbox', { name: /^Brand/ })).toHaveValue('Mine');

    api.onDeferred('GET', PRODUCT, () => ({ status: 200, body: product({ name: 'Adson Forceps, Fine', updated_at: '2026-01-03T10:00:00.000Z' }) }));
    await userEvent.click(within(banner).getByRole('button', { name: 'Keep mine' }));
    await waitFor(() => expect(screen.queryByTestId('edit-conflict')).not.toBeInTheDocument());
    expect(screen.getByRole('textbox', { name: /^Brand/ })).toHaveValue('Mine');
    expect(screen.getByRole('textbox', { name: /^Name/ })).toHaveValue('Adson Forceps');
    await userEvent.click(screen.getByRole('button', { name: /Save changes/ }));

    await waitFor(() => expect(api.callsTo('PATCH', PRODUCT)).toHaveLength(2));
    expect(api.callsTo('PATCH', PRODUCT)[1]!.body).toMatchObject({ brand: 'Mine', name: 'Adson Forceps', updated_at: '2026-01-03T10:00:00.000Z' });
    await waitFor(() => expect(screen.getByText('All changes saved')).toBeInTheDocument());
    expect(screen.queryByTestId('edit-conflict')).not.toBeInTheDocument();
  });

  it('replaces my edits with their version on "Load their version"', async () => {
    const banner = await conflictingSave(['brand'], null);
    expect(banner).toHaveTextContent(/Someone else saved it at .* They changed: brand\./);

    api.onDeferred('GET', PRODUCT, () => ({ status: 200, body: product({ brand: 'Theirs', updated_at: '2026-01-03T10:00:00.000Z' }) }));
    await userEvent.click(within(banner).getByRole('button', { name: 'Load their version' }));
    await waitFor(() => expect(screen.getByRole('textbox', { name: /^Brand/ })).toHaveValue('Theirs'));
    expect(screen.queryByTestId('edit-conflict')).not.toBeInTheDocument();
    expect(screen.getByText('All changes saved')).toBeInTheDocument();
  });

  it('asks before leaving with unsaved edits, and stays when told to', async () => {
    const { router } = renderEditor('/staff/products/5');
    const name = await screen.findByRole('textbox', { name: /^Name/ });
    await userEvent.click(screen.getByRole('link', { name: 'All products' }));
    expect(router.state.location.pathname).toBe('/staff/products');

    await router.navigate('/staff/products/5');
    await userEvent.type(await screen.findByRole('textbox', { name: /^Name/ }), ', Fine');
    await userEvent.click(screen.getByRole('link', { name: 'All products' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Leave without saving?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Stay' }));
    expect(router.state.location.pathname).toBe('/staff/products/5');
    expect(screen.getByRole('textbox', { name: /^Name/ })).toHaveValue('Adson Forceps, Fine');

    await userEvent.click(screen.getByRole('link', { name: 'All products' }));
    await userEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Leave' }));
    expect(router.state.location.pathname).toBe('/staff/products');
    expect(name).not.toBeInTheDocument();
  });

  it('shows the history: who changed which fields', async () => {
    renderEditor('/staff/products/5');
    const entry = await screen.findByTestId('audit-entry');
    expect(entry).toHaveTextContent('bilal@example.com');
    expect(entry).toHaveTextContent('Changed brand and status.');
    expect(entry).toHaveTextContent('product.update');
  });

  it('counts the search title and description against their limits and previews the result', async () => {
    renderEditor('/staff/products/5');
    const title = await screen.findByRole('textbox', { name: /^Title in search results/ });
    expect(title).toHaveAccessibleDescription('0 / 70 characters');
    fireEvent.change(title, { target: { value: 'x'.repeat(71) } });
    expect(title).toHaveAccessibleDescription('71 / 70 characters');
    expect(screen.getByRole('figure')).toHaveTextContent('x'.repeat(71));
    expect(screen.getByRole('figure')).toHaveTextContent('Fine tissue forceps.');
  });
});
