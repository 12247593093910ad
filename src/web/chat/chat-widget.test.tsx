import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '../test/mock-api.ts';
import { renderWithRouter } from '../test/render-with-router.tsx';
import { QUICK_ACTIONS } from './chat-panel.tsx';
import { ChatWidget } from './chat-widget.tsx';

const CHAT_UNREACHABLE = 'Sorry, I could not reach the assistant. Please try again.';

const ANSWERED = { timeout: 3000 };

afterEach(() => vi.unstubAllGlobals());

async function openWidget() {
  renderWithRouter(<ChatWidget />);
  await userEvent.click(screen.getByRole('button', { name: 'Open chat assistant' }));
  const panel = await screen.findByRole('dialog', { name: 'Chat assistant' });
  return { panel, input: within(panel).getByLabelText('Message') };
}

const log = () => screen.getByRole('log', { name: 'Conversation' });

describe('chat widget', () => {
  it('steps aside while a form field on the page has focus, and comes back after', async () => {
    renderWithRouter(<><input aria-label="Email" /><input type="checkbox" aria-label="Remember me" /><ChatWidget /></>);
    await userEvent.click(screen.getByRole('textbox', { name: 'Email' }));
    expect(screen.queryByRole('button', { name: 'Open chat assistant' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('checkbox', { name: 'Remember me' }));
    expect(screen.getByRole('button', { name: 'Open chat assistant' })).toBeVisible();
  });

  it('opens with the greeting and quick actions, focused on the input; Escape minimises', async () => {
    mockApi();
    const { panel, input } = await openWidget();
    expect(within(log()).getByText(/I am the Sialkot Surgical assistant/)).toBeInTheDocument();
    expect(within(panel).getByRole('group', { name: 'Quick actions' })).toBeInTheDocument();
    for (const action of Object.values(QUICK_ACTIONS)) expect(within(panel).getByRole('button', { name: action })).toBeInTheDocument();
    expect(input).toHaveFocus();

    await userEvent.keyboard('{Escape}');
    expect(within(panel).getByRole('button', { name: 'Restore chat' })).toHaveFocus();
    await userEvent.click(within(panel).getByRole('button', { name: 'Close chat' }));
    expect(screen.getByRole('button', { name: 'Open chat assistant' })).toHaveFocus();
  });

  it('sends a quick action and hides the quick actions once the greeting is not the sole message', async () => {
    const api = mockApi().on('POST', '/api/chat', 200, {
      response: 'Certifications: ISO 13485, CE and FDA 510(k).', type: 'text', source: 'assistant',
    });
    const { panel } = await openWidget();
    await userEvent.click(within(panel).getByRole('button', { name: 'Certifications' }));
    expect(within(panel).queryByRole('group', { name: 'Quick actions' })).not.toBeInTheDocument();
    expect(screen.getByRole('status', { name: 'Assistant is typing' })).toBeInTheDocument();
    expect(await within(log()).findByText(/ISO 13485, CE and FDA/, undefined, ANSWERED)).toBeInTheDocument();
    expect(screen.queryByRole('status', { name: 'Assistant is typing' })).not.toBeInTheDocument();
    expect(api.callsTo('POST', '/api/chat')[0].body).toEqual({ message: 'Certifications', context: [], page: '/' });
  });

  it('sends on Enter, adds a line on Shift+Enter and never sends a blank message', async () => {
    const api = mockApi().on('POST', '/api/chat', 200, { response: 'Hello!', type: 'text', source: 'assistant' });
    const { input } = await openWidget();
    await userEvent.type(input, '   {Enter}');
    expect(api.callsTo('POST', '/api/chat')).toHaveLength(0);

    await userEvent.clear(input);
    await userEvent.type(input, 'first line{Shift>}{Enter}{/Shift}second line');
    expect(input).toHaveValue('first line\nsecond line');
    expect(api.callsTo('POST', '/api/chat')).toHaveLength(0);

    await userEvent.keyboard('{Enter}');
    expect(input).toHaveValue('');
    await waitFor(() => expect(api.callsTo('POST', '/api/chat')).toHaveLength(1));
    expect(api.callsTo('POST', '/api/chat')[0].body).toMatchObject({ message: 'first line\nsecond line' });
    expect(await within(log()).findByText('Hello!', undefined, ANSWERED)).toBeInTheDocument();
  });

  it('shows product answers as cards linking to the product with its price, and order answers as a status card', async () => {
    const api = mockApi().on('POST', '/api/chat', 200, {
      response: 'Here is what I found in our catalogue: Metzenbaum Scissors ($45.50).', type: 'product', source: 'assistant',
      data: { products: [{ id: 7, slug: 'metzenbaum-scissors', name: 'Metzenbaum Scissors', price: 45.5, category: 'General Surgery', category_translations: {}, image: '/media/m.svg' }] },
    }).on('POST', '/api/chat', 200, {
      response: 'Your order SS-7K2M9QXD is confirmed.', type: 'order', source: 'assistant',
      data: { order: { orderNumber: 'SS-7K2M9QXD', status: 'confirmed', total: 578, estimatedDelivery: null } },
    });
    const { input } = await openWidget();
    await userEvent.type(input, 'scissors price{Enter}');
    const card = await within(log()).findByRole('link', { name: /Metzenbaum Scissors/ }, ANSWERED);
    expect(card).toHaveAttribute('href', '/products/metzenbaum-scissors');
    expect(card).toHaveTextContent('$45.50');

    await userEvent.type(input, 'where is my last order{Enter}');
    const orderCard = await within(log()).findByRole('link', { name: /SS-7K2M9QXD/ }, ANSWERED);
    expect(orderCard).toHaveAttribute('href', '/orders');
    expect(orderCard).toHaveTextContent('Confirmed');
    expect(api.callsTo('POST', '/api/chat')[1].body).toMatchObject({
      context: [
        { sender: 'user', content: 'scissors price' },
        { sender: 'bot', content: 'Here is what I found in our catalogue: Metzenbaum Scissors ($45.50).' },
      ],
    });
  });

  it('tells the assistant which page it is open on, so "this" can mean the product being viewed', async () => {
    window.history.pushState({}, '', '/products/metzenbaum-scissors');
    try {
      const api = mockApi().on('POST', '/api/chat', 200, { response: 'It is $45.50.', type: 'text', source: 'assistant' });
      const { input } = await openWidget();
      await userEvent.type(input, 'how much is this?{Enter}');
      await within(log()).findByText('It is $45.50.', undefined, ANSWERED);
      expect(api.callsTo('POST', '/api/chat')[0].body).toMatchObject({ page: '/products/metzenbaum-scissors' });
    } finally {
      window.history.pushState({}, '', '/');
    }
  });

  it('says honestly that the assistant could not be reached when the request fails', async () => {
    mockApi().on('POST', '/api/chat', 500, { detail: 'Server error' });
    const { input } = await openWidget();
    await userEvent.type(input, 'hello{Enter}');
    expect(await within(log()).findByText(CHAT_UNREACHABLE, undefined, ANSWERED)).toBeInTheDocument();
  });
});
