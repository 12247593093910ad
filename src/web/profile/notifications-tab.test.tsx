import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { normalizeUser } from '../auth/normalize-user.ts';
import { mockApi, wireUser } from '../test/mock-api.ts';
import { NotificationsTab } from './notifications-tab.tsx';

const renderTab = (notifications: Record<string, boolean>) => {
  const user = normalizeUser(wireUser({ preferences: { language: 'en', currency: 'USD', notifications } }));
  const queryClient = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  render(<QueryClientProvider client={queryClient}><NotificationsTab user={user} /></QueryClientProvider>);
};

describe('NotificationsTab', () => {
  it('offers email and cart reminders: there is no SMS or push sender to switch on', async () => {
    renderTab({ email: true, sms: true, push: true, cartReminders: false });
    expect(screen.getAllByRole('switch')).toHaveLength(2);
    expect(screen.getByRole('switch', { name: 'Email notifications' })).toBeChecked();
    expect(screen.getByRole('switch', { name: 'Reminders about my cart' })).not.toBeChecked();
    expect(screen.queryByText(/SMS|Push/i)).not.toBeInTheDocument();
  });

  it('shows cart reminders on for an account that never chose', () => {
    renderTab({ email: true, sms: false, push: false });
    expect(screen.getByRole('switch', { name: 'Reminders about my cart' })).toBeChecked();
  });

  it('turns cart reminders off alone, leaving email as it is', async () => {
    const api = mockApi().on('PUT', '/api/auth/profile/', 200, wireUser());
    renderTab({ email: true, sms: false, push: false, cartReminders: true });
    await userEvent.click(screen.getByRole('switch', { name: 'Reminders about my cart' }));
    expect(api.callsTo('PUT', '/api/auth/profile/').map((call) => call.body)).toEqual([{ preferences: { notifications: { cartReminders: false } } }]);
  });

  it('turns email notifications off, leaving the stored SMS and push settings alone', async () => {
    const api = mockApi().on('PUT', '/api/auth/profile/', 200, wireUser());
    renderTab({ email: true, sms: false, push: false });
    await userEvent.click(screen.getByRole('switch', { name: 'Email notifications' }));
    expect(api.callsTo('PUT', '/api/auth/profile/').map((call) => call.body)).toEqual([{ preferences: { notifications: { email: false } } }]);
  });
});
