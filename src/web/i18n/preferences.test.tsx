import { act, render, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { mockApi, wireUser } from '../test/mock-api.ts';
import { currentUserKey } from '../auth/auth.api.ts';
import { followLinkedLocale, getLocale, setLocale } from './locale-store.ts';
import { usePreferenceSync } from './preferences.ts';

function Synced() {
  usePreferenceSync();
  return null;
}

/** A signed-in buyer whose profile says `language`, then (if given) says `changed` when asked again. */
function signedIn(language: string, changed?: string) {
  localStorage.setItem('token', 'access');
  const api = mockApi().on('GET', '/api/auth/me/', 200, wireUser({ preferences: { language, currency: 'USD', notifications: { email: true, sms: false, push: false, cartReminders: true } } }));
  if (changed) api.on('GET', '/api/auth/me/', 200, wireUser({ preferences: { language: changed, currency: 'USD', notifications: { email: true, sms: false, push: false, cartReminders: true } } }));
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(<QueryClientProvider client={queryClient}><Synced /></QueryClientProvider>);
  return { api, queryClient };
}

describe('usePreferenceSync', () => {
  it("applies a signed-in buyer's profile language", async () => {
    setLocale('ar');
    const { api } = signedIn('ur');
    await waitFor(() => expect(getLocale()).toBe('ur'));
    expect(api.callsTo('PUT', '/api/auth/profile/')).toEqual([]);
  });

  it("keeps the language a link named for the visit over the profile's, without changing the profile", async () => {
    followLinkedLocale('ar');
    const { api, queryClient } = signedIn('en');
    await waitFor(() => expect(queryClient.getQueryData(currentUserKey)).toBeTruthy());
    // The profile arrived and its effects ran; the link's language stays.
    await act(async () => {});
    expect(getLocale()).toBe('ar');
    expect(document.documentElement.lang).toBe('ar');
    expect(api.calls.filter((call) => call.method !== 'GET')).toEqual([]);
  });

  it('applies the profile language again once the buyer changes it during the visit', async () => {
    followLinkedLocale('ar');
    const { queryClient } = signedIn('en', 'ur');
    await waitFor(() => expect(queryClient.getQueryData(currentUserKey)).toBeTruthy());
    await act(async () => {});
    expect(getLocale()).toBe('ar');
    await act(() => queryClient.invalidateQueries());
    await waitFor(() => expect(getLocale()).toBe('ur'));
  });
});
