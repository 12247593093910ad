import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import type { AppliedPromo } from '#contracts/cart';
import { setLocale } from '../i18n/locale-store.ts';
import { mockApi } from '../test/mock-api.ts';
import { cartFixture } from '../test/cart-fixtures.ts';
import { PromoCodeBox } from './promo-code-box.tsx';

function renderBox(promo: AppliedPromo | null) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  return render(
    <QueryClientProvider client={queryClient}>
      <PromoCodeBox promo={promo} />
    </QueryClientProvider>,
  );
}

const welcome: AppliedPromo = { code: 'WELCOME10', kind: 'percent', description: '10% off', applies: true, message: null, problem: null };

describe('PromoCodeBox', () => {
  it('applies a code, upper-cased, and clears the field', async () => {
    const api = mockApi().on('POST', '/api/cart/promo/', 200, cartFixture({ promo: welcome, discount_amount: '9.00' }));
    renderBox(null);

    await userEvent.type(screen.getByLabelText('Promo code'), 'welcome10');
    await userEvent.click(screen.getByRole('button', { name: 'Apply' }));

    await waitFor(() => expect(api.callsTo('POST', '/api/cart/promo/')).toHaveLength(1));
    expect(api.callsTo('POST', '/api/cart/promo/')[0]!.body).toEqual({ code: 'WELCOME10' });
    await waitFor(() => expect(screen.getByLabelText('Promo code')).toHaveValue(''));
  });

  it("shows the server's reason when a code does not apply", async () => {
    mockApi().on('POST', '/api/cart/promo/', 400, {
      detail: 'This promo code does not exist.',
      code: 'PROMO_NOT_FOUND',
      errors: { code: ['This promo code does not exist.'] },
    });
    renderBox(null);

    await userEvent.type(screen.getByLabelText('Promo code'), 'NOPE');
    await userEvent.click(screen.getByRole('button', { name: 'Apply' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('This promo code does not exist.');
    expect(screen.getByLabelText('Promo code')).toHaveAttribute('aria-invalid', 'true');
  });

  it("gives a refusal's reason in the visitor's language from its code, whatever the server's wording", async () => {
    mockApi().on('POST', '/api/cart/promo/', 400, {
      detail: 'No such code.',
      code: 'PROMO_ALREADY_USED',
      errors: { code: ['No such code.'] },
    });
    renderBox(null);
    act(() => setLocale('ar'));

    await userEvent.type(screen.getByLabelText('رمز الخصم'), 'WELCOME10');
    await userEvent.click(screen.getByRole('button', { name: 'تطبيق' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('لقد استخدمت رمز الخصم هذا من قبل.');
    expect(screen.getByLabelText('رمز الخصم')).toHaveAccessibleDescription('لقد استخدمت رمز الخصم هذا من قبل.');
  });

  it('writes the date a refusal names in the language of the page', async () => {
    mockApi().on('POST', '/api/cart/promo/', 400, {
      detail: 'The server said this in English.',
      code: 'PROMO_EXPIRED',
      params: { date: '2026-03-01T07:00:00.000Z' },
      errors: { code: ['The server said this in English.'] },
    });
    renderBox(null);
    act(() => setLocale('ar'));

    await userEvent.type(screen.getByLabelText('رمز الخصم'), 'SPRING');
    await userEvent.click(screen.getByRole('button', { name: 'تطبيق' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('انتهت صلاحية رمز الخصم هذا في ١ مارس ٢٠٢٦.');
    expect(screen.getByLabelText('رمز الخصم')).toHaveAccessibleDescription('انتهت صلاحية رمز الخصم هذا في ١ مارس ٢٠٢٦.');
  });

  it('asks for a code in Arabic before calling the server', async () => {
    const api = mockApi();
    renderBox(null);
    act(() => setLocale('ar'));

    await userEvent.click(screen.getByRole('button', { name: 'تطبيق' }));

    expect(screen.getByRole('alert')).toHaveTextContent('أدخل رمز الخصم.');
    expect(api.calls).toHaveLength(0);
  });

  it('asks for a code before calling the server', async () => {
    const api = mockApi();
    renderBox(null);

    await userEvent.click(screen.getByRole('button', { name: 'Apply' }));

    expect(screen.getByRole('alert')).toHaveTextContent('Enter a promo code.');
    expect(api.calls).toHaveLength(0);
  });

  it('shows the applied code and removes it', async () => {
    const api = mockApi().on('DELETE', '/api/cart/promo/', 200, cartFixture());
    renderBox(welcome);

    expect(screen.getByText('WELCOME10')).toBeInTheDocument();
    expect(screen.getByText('10% off')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: /Remove/ }));

    await waitFor(() => expect(api.callsTo('DELETE', '/api/cart/promo/')).toHaveLength(1));
  });

  it('says why an applied code no longer gives a discount', () => {
    mockApi();
    renderBox({
      ...welcome, code: 'HOSPITAL50', applies: false, message: 'Add $410.00 more to use this code.',
      problem: { code: 'PROMO_MIN_SUBTOTAL', params: { amount: 410 } },
    });
    act(() => setLocale('ur'));

    expect(screen.getByText(/^یہ کوڈ استعمال کرنے کے لیے .*410\.00.* مزید شامل کریں۔$/)).toBeInTheDocument();
  });
});
