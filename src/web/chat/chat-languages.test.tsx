import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { setLocale } from '../i18n/locale-store.ts';
import { mockApi } from '../test/mock-api.ts';
import { renderWithRouter } from '../test/render-with-router.tsx';
import { ChatWidget } from './chat-widget.tsx';

describe('chat widget in Urdu', () => {
  it('greets in Urdu, shows a quick action in Urdu and asks it in English, the language the assistant reads', async () => {
    const api = mockApi().on('POST', '/api/chat', 200, { response: 'Certifications: ISO 13485.', type: 'text', source: 'assistant' });
    setLocale('ur');
    renderWithRouter(<ChatWidget />);
    await userEvent.click(screen.getByRole('button', { name: 'چیٹ اسسٹنٹ کھولیں' }));
    const panel = await screen.findByRole('dialog', { name: 'چیٹ اسسٹنٹ' });
    const log = within(panel).getByRole('log', { name: 'گفتگو' });
    expect(within(log).getByText(/میں سیالکوٹ سرجیکل کا اسسٹنٹ ہوں/)).toBeInTheDocument();

    await userEvent.click(within(panel).getByRole('button', { name: 'سرٹیفیکیشنز' }));
    expect(within(log).getByText('سرٹیفیکیشنز')).toBeInTheDocument();
    expect(await within(log).findByText('Certifications: ISO 13485.', undefined, { timeout: 3000 })).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/chat')[0].body).toEqual({ message: 'Certifications', context: [], page: '/' });
  });
});
