import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { StaffCategory } from '#contracts/staff-categories';
import { notify } from '../components/ui/notify.ts';
import { setLocale } from '../i18n/locale-store.ts';
import { mockApi } from '../test/mock-api.ts';
import { renderRoute } from '../test/render-route.tsx';
import { moved, StaffCategoriesPage } from './staff-categories-page.tsx';

const LIST = '/api/staff/categories/';
const category = (id: number, name: string, overrides: Partial<StaffCategory> = {}): StaffCategory => ({
  id, slug: name.toLowerCase().replace(/ /g, '-'), name, description: '', image: '', sort_order: id, restricted: false,
  translations: {}, product_count: 0, ...overrides,
});
const CATEGORIES = [
  category(1, 'General Surgery', { product_count: 12, restricted: true }),
  category(2, 'Dental'),
  category(3, 'Ophthalmic', { translations: { ar: { name: 'أدوات العيون', description: 'أدوات دقيقة.' } } }),
];

let api: ReturnType<typeof mockApi>;
beforeEach(() => {
  api = mockApi();
  api.on('GET', LIST, 200, { categories: CATEGORIES });
});
afterEach(() => {
  setLocale('en');
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

const renderPage = () => renderRoute(StaffCategoriesPage, { path: '/staff/categories', url: '/staff/categories' });
const newForm = () => screen.getByRole('form', { name: 'New category' });
const rows = () => screen.getAllByTestId('category-row');

describe('moved', () => {
  it('swaps a category with its neighbour', () => {
    expect(moved([1, 2, 3], 0, 1)).toEqual([2, 1, 3]);
    expect(moved([1, 2, 3], 2, -1)).toEqual([1, 3, 2]);
  });
});

describe('staff categories page', () => {
  it('lists the categories in order with their product counts and licence flag', async () => {
    renderPage();
    await waitFor(() => expect(rows()).toHaveLength(3));
    expect(within(rows()[0]).getByText(/12 products/)).toBeInTheDocument();
    expect(within(rows()[0]).getByText('Licence required')).toBeInTheDocument();
    expect(within(rows()[2]).getByText('أدوات العيون')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Move General Surgery up' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Move Ophthalmic down' })).toBeDisabled();
  });

  it('moves a category down with the keyboard and sends the whole new order', async () => {
    api.on('PUT', `${LIST}order/`, 200, { categories: [CATEGORIES[1], CATEGORIES[0], CATEGORIES[2]] });
    renderPage();
    const down = await screen.findByRole('button', { name: 'Move General Surgery down' });
    down.focus();
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(api.callsTo('PUT', `${LIST}order/`)).toHaveLength(1));
    expect(api.callsTo('PUT', `${LIST}order/`)[0]!.body).toEqual({ ids: [2, 1, 3] });
  });

  it('names the bad fields under them and sends nothing', async () => {
    renderPage();
    const form = newForm();
    await userEvent.type(within(form).getByRole('textbox', { name: /^Web address/ }), 'Not a slug');
    const [urduName] = within(form).getAllByRole('textbox', { name: /^Name/ }).slice(1);
    await userEvent.type(urduName, 'آلات');
    await userEvent.click(within(form).getByRole('button', { name: 'Create category' }));
    await waitFor(() => expect(within(form).getAllByRole('textbox', { name: /^Name/ })[0]).toHaveAttribute('aria-invalid', 'true'));
    expect(within(form).getByRole('textbox', { name: /^Web address/ })).toHaveAccessibleDescription(/Use lowercase letters, digits and hyphens\./);
    expect(within(form).getAllByRole('textbox', { name: /^Description/ })[1]).toHaveAttribute('aria-invalid', 'true');
    expect(api.callsTo('POST', LIST)).toHaveLength(0);
  });

  it('creates a category, leaving the slug to the server, and puts a refused slug on its field', async () => {
    api.on('POST', LIST, 400, { detail: 'Validation failed', errors: { slug: ['Another category uses this slug.'] } })
      .on('POST', LIST, 201, category(4, 'Cardiology'));
    renderPage();
    const form = newForm();
    await userEvent.type(within(form).getAllByRole('textbox', { name: /^Name/ })[0], 'Dental');
    await userEvent.type(within(form).getByRole('textbox', { name: /^Web address/ }), 'dental');
    await userEvent.click(within(form).getByRole('button', { name: 'Create category' }));
    await waitFor(() => expect(within(form).getByRole('textbox', { name: /^Web address/ }))
      .toHaveAccessibleDescription(/Another category uses this slug\./));

    const success = vi.spyOn(notify, 'success');
    await userEvent.clear(within(form).getAllByRole('textbox', { name: /^Name/ })[0]);
    await userEvent.type(within(form).getAllByRole('textbox', { name: /^Name/ })[0], 'Cardiology');
    await userEvent.clear(within(form).getByRole('textbox', { name: /^Web address/ }));
    await userEvent.click(within(form).getByRole('button', { name: 'Create category' }));
    await waitFor(() => expect(success).toHaveBeenCalledWith('Category created', 'Cardiology'));
    expect(api.callsTo('POST', LIST)[1]!.body).toEqual({
      name: 'Cardiology', description: '', image: '', restricted: false,
      translations: { ur: { name: '', description: '' }, ar: { name: '', description: '' } },
    });
  });

  it('asks before deleting, and says how many products keep a category from going', async () => {
    const error = vi.spyOn(notify, 'error');
    api.on('DELETE', `${LIST}1/`, 409, { detail: 'This category holds 12 products. Move them first.', code: 'CATEGORY_NOT_EMPTY' });
    renderPage();
    await waitFor(() => expect(rows()).toHaveLength(3));
    await userEvent.click(within(rows()[0]).getByRole('button', { name: 'Delete' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Delete General Surgery?' });
    expect(api.callsTo('DELETE', `${LIST}1/`)).toHaveLength(0);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(error).toHaveBeenCalledWith('The category was not deleted',
      'It holds 12 products. Move them to another category first.'));
  });

  it('keeps a category when the question is turned down', async () => {
    renderPage();
    await waitFor(() => expect(rows()).toHaveLength(3));
    await userEvent.click(within(rows()[1]).getByRole('button', { name: 'Delete' }));
    await userEvent.click(screen.getByRole('button', { name: 'Keep it' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(api.callsTo('DELETE', `${LIST}2/`)).toHaveLength(0);
  });

  it('edits a category with its stored translations filled in', async () => {
    api.on('PATCH', `${LIST}3/`, 200, category(3, 'Eye Surgery'));
    renderPage();
    await waitFor(() => expect(rows()).toHaveLength(3));
    await userEvent.click(within(rows()[2]).getByRole('button', { name: 'Edit' }));
    const form = screen.getByRole('form', { name: 'Edit Ophthalmic' });
    expect(within(form).getAllByRole('textbox', { name: /^Name/ })[2]).toHaveValue('أدوات العيون');
    const name = within(form).getAllByRole('textbox', { name: /^Name/ })[0];
    await userEvent.clear(name);
    await userEvent.type(name, 'Eye Surgery');
    await userEvent.click(within(form).getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(api.callsTo('PATCH', `${LIST}3/`)).toHaveLength(1));
    expect(api.callsTo('PATCH', `${LIST}3/`)[0]!.body).toMatchObject({ name: 'Eye Surgery', slug: 'ophthalmic' });
  });

  it('uploads a picture for the category being edited, and says why one is refused', async () => {
    api.on('POST', `${LIST}2/image/`, 400, { detail: 'Validation failed', errors: { file: ['Upload a JPEG, PNG or WebP photo.'] } })
      .on('POST', `${LIST}2/image/`, 200, category(2, 'Dental', { image: '/media/category-images/2/0123456789abcdef/640.webp' }));
    renderPage();
    await waitFor(() => expect(rows()).toHaveLength(3));
    await userEvent.click(within(rows()[1]).getByRole('button', { name: 'Edit' }));
    const form = screen.getByRole('form', { name: 'Edit Dental' });
    const input = within(form).getByLabelText('Upload a picture');
    await userEvent.upload(input, new File(['not a picture'], 'dental.txt', { type: 'image/png' }));
    await waitFor(() => expect(input).toHaveAccessibleDescription(/Upload a JPEG, PNG or WebP photo\./));

    await userEvent.upload(input, new File(['png'], 'dental.png', { type: 'image/png' }));
    await waitFor(() => expect(within(form).getByRole('textbox', { name: /^Image/ }))
      .toHaveValue('/media/category-images/2/0123456789abcdef/640.webp'));
    expect(api.callsTo('POST', `${LIST}2/image/`)).toHaveLength(2);
    expect(input).not.toHaveAttribute('aria-invalid');
  });
});
