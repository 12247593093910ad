import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { notify } from '../components/ui/notify.ts';
import { i18n } from '../i18n/i18n.ts';
import { setLocale } from '../i18n/locale-store.ts';
import { cartFixture } from '../test/cart-fixtures.ts';
import { mockApi, wireUser } from '../test/mock-api.ts';
import { askedLater } from '../test/namespaces.ts';
import { renderRoute } from '../test/render-route.tsx';
import { reorderItem, reorderList } from './reorder-list-fixtures.ts';
import { ReorderListsPage } from './reorder-lists-page.tsx';
import { spyOnNotify } from '../test/spy-on-notify.ts';

spyOnNotify();

beforeEach(() => localStorage.setItem('token', 'access'));
const LISTS = '/api/reorder-lists';
const kelly = reorderItem();
const mayo = reorderItem({ id: 13, product_id: 8, slug: 'mayo-scissors', name: 'Mayo Scissors', par_level: 4, last_on_hand: 1, counted_at: '2026-02-20T09:00:00.000Z' });
const list = reorderList([kelly, mayo]);
const REORDER = `/api/reorder-lists/${list.id}/reorder`;

async function renderPage(shown = list) {
  const api = mockApi()
    .on('GET', '/api/auth/me/', 200, wireUser())
    .on('GET', LISTS, 200, { lists: [shown] })
    .on('GET', `/api/reorder-lists/${shown.id}`, 200, { list: shown });
  renderRoute(ReorderListsPage, { path: '/profile/reorder-lists', url: '/profile/reorder-lists' });
  await screen.findByRole('heading', { level: 2, name: /Theatre 2/ });
  return api;
}

const onHand = (name: string) => screen.getByRole('spinbutton', { name: `On hand: ${name}` });
const reorder = () => userEvent.click(screen.getByRole('button', { name: 'Reorder into cart' }));

describe('the reorder lists page', () => {
  it('asks for a name before creating a list, and says when the buyer already has one of that name', async () => {
    const api = await renderPage();
    await userEvent.click(screen.getByRole('button', { name: 'Create list' }));
    expect(screen.getByRole('textbox', { name: 'New list name' })).toHaveAccessibleDescription('This field is required.');
    expect(api.callsTo('POST', LISTS)).toHaveLength(0);

    api.on('POST', LISTS, 400, {
      detail: 'Validation failed', errors: { name: ['You already have a list with this name.'] }, issues: { name: [{ key: 'invalid' }] },
    });
    await userEvent.type(screen.getByRole('textbox', { name: 'New list name' }), 'Theatre 2');
    await userEvent.click(screen.getByRole('button', { name: 'Create list' }));
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'New list name' }))
      .toHaveAccessibleDescription('You already have a list with this name.'));
  });

  it('shows a count that is not a whole number under its box and reorders nothing', async () => {
    const api = await renderPage();
    await userEvent.type(onHand('Kelly Hemostat'), '-2');
    await reorder();

    expect(onHand('Kelly Hemostat')).toHaveAccessibleDescription('Enter what is on hand: a whole number from 0 to 100,000.');
    expect(api.callsTo('POST', REORDER)).toHaveLength(0);
  });

  it('sends only the counts typed, and shows what each item added', async () => {
    const api = await renderPage();
    api.on('POST', REORDER, 200, {
      lines: [
        { item_id: kelly.id, product_id: kelly.product_id, variant_id: kelly.variant_id, variant_label: '', name: kelly.name, needed: 3, added: 3, outcome: 'added' },
        { item_id: mayo.id, product_id: mayo.product_id, variant_id: mayo.variant_id, variant_label: '', name: mayo.name, needed: 3, added: 0, outcome: 'in_cart' },
      ],
      cart: cartFixture(),
      list,
    });
    expect(onHand('Mayo Scissors')).toHaveAttribute('placeholder', '1');
    await userEvent.type(onHand('Kelly Hemostat'), '2');
    expect(screen.getAllByText('3')).toHaveLength(2);
    await reorder();

    await waitFor(() => expect(api.callsTo('POST', REORDER)).toHaveLength(1));
    expect(api.callsTo('POST', REORDER)[0]!.body).toEqual({ counts: [{ item_id: kelly.id, on_hand: 2 }] });
    expect(await screen.findByText('+3 added')).toBeInTheDocument();
    expect(notify.success).toHaveBeenCalledWith('Added to cart', '3 units added to your cart.');
    expect(onHand('Kelly Hemostat')).toHaveValue(null);
  });

  it("puts the server's problem with a count on its item", async () => {
    const api = await renderPage();
    api.on('POST', REORDER, 400, {
      detail: 'Validation failed',
      errors: { [`counts.${kelly.id}`]: ['Enter what is on hand of Kelly Hemostat.'] },
      issues: { [`counts.${kelly.id}`]: [{ key: 'invalid' }] },
    });
    await reorder();

    await waitFor(() => expect(onHand('Kelly Hemostat')).toHaveAccessibleDescription('Enter what is on hand: a whole number from 0 to 100,000.'));
    expect(onHand('Mayo Scissors')).not.toHaveAttribute('aria-invalid');
  });

  it('says a licence is needed when the reorder is refused for one (LICENCE_REQUIRED)', async () => {
    const api = await renderPage();
    api.on('POST', REORDER, 403, { detail: 'Sold only to business accounts.', code: 'LICENCE_REQUIRED' });
    await userEvent.type(onHand('Kelly Hemostat'), '2');
    await reorder();

    await waitFor(() => expect(notify.error).toHaveBeenCalledWith(
      'Licence required', 'Sold only to business accounts holding a verified licence: an individual account cannot order it.'));
  });

  it('keeps a par level in range, in Arabic', async () => {
    const api = await renderPage();
    act(() => setLocale('ar'));
    const par = screen.getByRole('spinbutton', { name: 'المستوى المحدد: Kelly Hemostat' });
    await userEvent.clear(par);
    await userEvent.type(par, '1000');
    await userEvent.tab();

    await waitFor(() => expect(par).toHaveAccessibleDescription('أدخل عددًا صحيحًا من ١ إلى ٩٩٩.'));
    expect(api.callsTo('PATCH', `/api/reorder-lists/${list.id}/items/${kelly.id}`)).toHaveLength(0);
  });
});

describe('a variant on a reorder list', () => {
  const rongeur = reorderItem({
    id: 14, product_id: 9, variant_id: 91, variant_label: '14 cm', slug: 'rongeur-zenith', name: 'Rongeur Zenith',
    available_stock: 0, in_stock: false,
    equivalents: [{
      product_id: 10, variant_id: 101, variant_label: '14 cm', slug: 'rongeur-apex', name: 'Rongeur Apex', brand: 'Apex',
      price: '31.00', available_stock: 4, image: '',
    }],
  });
  const sized = reorderList([rongeur]);

  it('shows its size and swaps in the equivalent variant offered', async () => {
    const api = await renderPage(sized);
    expect(screen.getAllByText('14 cm')).toHaveLength(1);
    expect(screen.getByText(/Rongeur Apex \(14 cm\)/)).toBeInTheDocument();
    const swap = `/api/reorder-lists/${sized.id}/items/${rongeur.id}/swap`;
    api.on('POST', swap, 200, { list: sized });
    await userEvent.click(screen.getByRole('button', { name: 'Use this' }));

    await waitFor(() => expect(api.callsTo('POST', swap)).toHaveLength(1));
    expect(api.callsTo('POST', swap)[0]!.body).toEqual({ product_id: 10, variant_id: 101 });
  });

  it('asks for the texts of the list and its forms with the page, so that a list arriving never blanks it and the counts being typed', async () => {
    const asked = vi.spyOn(i18n, 'hasLoadedNamespace');
    await renderPage();
    expect(askedLater(asked, 'reorder-lists')).toEqual([]);
  });
});

describe('department order guides', () => {
  it('lists them apart from the buyer\'s own lists, names the department and reorders to par', async () => {
    const guide = { ...reorderList([kelly]), id: 4, name: 'Cardiac trays', department: { id: 2, name: 'Cardiac Theatre' } };
    const api = mockApi()
      .on('GET', '/api/auth/me/', 200, wireUser())
      .on('GET', LISTS, 200, { lists: [list, guide] })
      .on('GET', `/api/reorder-lists/${guide.id}`, 200, { list: guide })
      .on('POST', `/api/reorder-lists/${guide.id}/reorder`, 200, {
        lines: [{ item_id: kelly.id, product_id: 7, variant_id: 70, variant_label: '', name: 'Kelly Hemostat', needed: 3, added: 3, outcome: 'added' }],
        cart: cartFixture(), list: guide,
      });
    renderRoute(ReorderListsPage, { path: '/profile/reorder-lists', url: '/profile/reorder-lists' });
    const guides = await screen.findByRole('navigation', { name: 'Department order guides' });
    expect(within(guides).getByRole('button', { name: /Cardiac trays/ })).toHaveTextContent('Cardiac Theatre');
    expect(within(screen.getByRole('navigation', { name: 'My lists' })).getByRole('button', { name: /Theatre 2/ })).toBeInTheDocument();
    // The first guide opens first.
    await screen.findByRole('heading', { level: 2, name: /Cardiac trays/ });
    expect(screen.getByText('Order guide: Cardiac Theatre')).toBeInTheDocument();
    await userEvent.type(onHand('Kelly Hemostat'), '2');
    await userEvent.click(screen.getByRole('button', { name: 'Count and reorder to par' }));
    await waitFor(() => expect(api.callsTo('POST', `/api/reorder-lists/${guide.id}/reorder`)[0]?.body).toEqual({ counts: [{ item_id: kelly.id, on_hand: 2 }] }));
  });
});
