import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { notify } from '../components/ui/notify.ts';
import { setLocale } from '../i18n/locale-store.ts';
import { mockApi, wireUser } from '../test/mock-api.ts';
import { renderRoute } from '../test/render-route.tsx';
import { AddToReorderList } from './add-to-reorder-list.tsx';
import { reorderList } from './reorder-list-fixtures.ts';
import { spyOnNotify } from '../test/spy-on-notify.ts';

spyOnNotify();

beforeEach(() => localStorage.setItem('token', 'access'));
const LISTS = '/api/reorder-lists';

async function open(lists = [] as ReturnType<typeof reorderList>[], variantId?: number) {
  const api = mockApi().on('GET', '/api/auth/me/', 200, wireUser()).on('GET', LISTS, 200, { lists });
  renderRoute(() => <AddToReorderList productId={7} variantId={variantId} />, { path: '/', url: '/' });
  await userEvent.click(await screen.findByRole('button', { name: 'Add to reorder list' }));
  await screen.findByRole('combobox', { name: 'List' });
  return api;
}

const parLevel = () => screen.getByRole('spinbutton', { name: /^Par level/ });

describe('adding a product to a reorder list', () => {
  it('asks for a name and a par level, and sends nothing', async () => {
    const api = await open();
    await userEvent.clear(parLevel());
    await userEvent.click(screen.getByRole('button', { name: 'Add' }));

    expect(parLevel()).toHaveAccessibleDescription('Enter a whole number from 1 to 999.');
    await userEvent.type(parLevel(), '3');
    await userEvent.click(screen.getByRole('button', { name: 'Add' }));
    expect(screen.getByRole('textbox', { name: /^New list name/ })).toHaveAccessibleDescription('This field is required.');
    expect(api.callsTo('POST', LISTS)).toHaveLength(0);
  });

  it('adds the product to a list the buyer has, with its par level', async () => {
    const list = reorderList();
    const api = await open([list]);
    api.on('POST', `/api/reorder-lists/${list.id}/items`, 200, { list });
    await userEvent.clear(parLevel());
    await userEvent.type(parLevel(), '3');
    await userEvent.click(screen.getByRole('button', { name: 'Add' }));

    await waitFor(() => expect(notify.success).toHaveBeenCalledWith('Added to reorder list', 'Saved in “Theatre 2”.'));
    expect(api.callsTo('POST', `/api/reorder-lists/${list.id}/items`)[0]!.body).toEqual({ product_id: 7, par_level: 3 });
    expect(api.callsTo('POST', LISTS)).toHaveLength(0);
  });

  it('adds the size chosen on the product page', async () => {
    const list = reorderList();
    const api = await open([list], 71);
    api.on('POST', `/api/reorder-lists/${list.id}/items`, 200, { list });
    await userEvent.click(screen.getByRole('button', { name: 'Add' }));

    await waitFor(() => expect(api.callsTo('POST', `/api/reorder-lists/${list.id}/items`)).toHaveLength(1));
    expect(api.callsTo('POST', `/api/reorder-lists/${list.id}/items`)[0]!.body).toEqual({ product_id: 7, variant_id: 71, par_level: 10 });
  });

  it('says in Arabic that the buyer already has a list of that name', async () => {
    const api = await open();
    api.on('POST', LISTS, 400, {
      detail: 'Validation failed', errors: { name: ['You already have a list with this name.'] }, issues: { name: [{ key: 'invalid' }] },
    });
    act(() => setLocale('ar'));
    await userEvent.type(screen.getByRole('textbox', { name: /^اسم القائمة الجديدة/ }), 'Theatre 2');
    await userEvent.click(screen.getByRole('button', { name: 'إضافة' }));

    await waitFor(() => expect(screen.getByRole('textbox', { name: /^اسم القائمة الجديدة/ })).toHaveAccessibleDescription('لديك قائمة بهذا الاسم بالفعل.'));
  });

  it('asks for the par level in Arabic', async () => {
    await open();
    act(() => setLocale('ar'));
    await userEvent.clear(screen.getByRole('spinbutton', { name: /^المستوى المحدد/ }));
    await userEvent.click(screen.getByRole('button', { name: 'إضافة' }));

    expect(screen.getByRole('spinbutton', { name: /^المستوى المحدد/ })).toHaveAccessibleDescription('أدخل عددًا صحيحًا من ١ إلى ٩٩٩.');
    expect(screen.getByRole('textbox', { name: /^اسم القائمة الجديدة/ })).toHaveAccessibleDescription('هذا الحقل مطلوب.');
  });
});
