import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockApi, wireUser } from '../test/mock-api.ts';
import { renderApp } from '../test/render-app.tsx';
import { NotifyWhenAvailableButton } from './notify-when-available-button.tsx';

describe('NotifyWhenAvailableButton', () => {
  it('waits for the size chosen, asking about that size only', async () => {
    localStorage.setItem('token', 'access');
    localStorage.setItem('refreshToken', 'refresh');
    const url = '/api/products/5/notify/?variant_id=51';
    const api = mockApi()
      .on('GET', '/api/auth/me/', 200, wireUser())
      .on('GET', url, 200, { product_id: 5, variant_id: 51, subscribed: false })
      .on('POST', url, 200, { product_id: 5, variant_id: 51, subscribed: true });
    renderApp([{ path: '/', element: <NotifyWhenAvailableButton productId={5} variantId={51} productName="Mayo Scissors" /> }]);

    const button = await screen.findByRole('button', { name: 'Notify When Available: Mayo Scissors' });
    await waitFor(() => expect(button).toBeEnabled());
    await userEvent.click(button);
    await waitFor(() => expect(api.callsTo('POST', url)).toHaveLength(1));
    expect(await screen.findByRole('button', { pressed: true })).toBeInTheDocument();
  });
});
