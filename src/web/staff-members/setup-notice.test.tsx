import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { mockApi } from '../test/mock-api.ts';
import { renderRoute } from '../test/render-route.tsx';
import { SetupNotice } from './setup-notice.tsx';

let api: ReturnType<typeof mockApi>;
beforeEach(() => {
  api = mockApi();
});
const renderNotice = () => renderRoute(SetupNotice, { path: '/', url: '/' });

describe('setup notice on the home page', () => {
  it('points to /setup while the shop has no staff account', async () => {
    api.on('GET', '/api/setup/', 200, { needed: true });
    renderNotice();
    expect(await screen.findByRole('link', { name: 'Set up the shop' })).toHaveAttribute('href', '/setup');
  });

  it('says nothing once the shop is set up', async () => {
    api.on('GET', '/api/setup/', 200, { needed: false });
    const { container } = renderNotice();
    await expect.poll(() => api.callsTo('GET', '/api/setup/').length).toBe(1);
    expect(container).toBeEmptyDOMElement();
  });
});
