import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../i18n/i18n.ts';
import { mockApi, wireUser } from '../test/mock-api.ts';
import { askedLater } from '../test/namespaces.ts';
import { renderApp } from '../test/render-app.tsx';
import { ProfileSettingsPage } from './profile-settings-page.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('ProfileSettingsPage', () => {
  it('asks for the texts of every tab with the page, so that the account arriving or a tab opened never blanks it', async () => {
    const asked = vi.spyOn(i18n, 'hasLoadedNamespace');
    localStorage.setItem('token', 'access');
    mockApi()
      .on('GET', '/api/auth/me/', 200, wireUser({ account_type: 'business' }))
      .on('GET', '/api/addresses/', 200, { addresses: [] });
    renderApp([{ path: '/profile', Component: ProfileSettingsPage }], { initialEntries: ['/profile'] });

    await screen.findByRole('link', { name: /My Quotes/ });
    for (const tab of ['Security', 'Notifications', 'Billing']) await userEvent.click(screen.getByRole('tab', { name: tab }));
    await userEvent.click(screen.getByRole('button', { name: 'Add Address' }));
    expect(askedLater(asked, 'profile')).toEqual([]);
  });
});
