import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { getCartReminderSettings, updateCartReminderSettings, type CartReminderSettingsBody } from '#contracts/cart-reminders';
import { apiFetch } from '../lib/api.ts';

const settingsKey = ['cart-reminders', 'settings'] as const;

export const cartReminderSettingsQuery = () =>
  queryOptions({ queryKey: settingsKey, queryFn: ({ signal }) => apiFetch(getCartReminderSettings, { signal }) });

export function useSaveCartReminderSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CartReminderSettingsBody) => apiFetch(updateCartReminderSettings, { body }),
    onSuccess: (settings) => queryClient.setQueryData(settingsKey, settings),
  });
}
