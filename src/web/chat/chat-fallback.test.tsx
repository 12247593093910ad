import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '../test/mock-api.ts';
import { renderWithRouter } from '../test/render-with-router.tsx';
import { ChatWidget } from './chat-widget.tsx';

afterEach(() => vi.unstubAllGlobals());

async function ask(message: string) {
  renderWithRouter(<ChatWidget />);
  await userEvent.click(screen.getByRole('button', { name: 'Open chat assistant' }));
  const panel = await screen.findByRole('dialog', { name: 'Chat assistant' });
  await userEvent.type(within(panel).getByLabelText('Message'), `${message}{Enter}`);
  return screen.getByRole('log', { name: 'Conversation' });
}

describe('chat answers without a language model', () => {
  it('say so under the answer when no model is configured', async () => {
    mockApi().on('POST', '/api/chat', 200, { response: 'Hello!', type: 'text', source: 'assistant', fallback: 'no_model' });
    const log = await ask('Hi');
    expect(await within(log).findByText('Answered by the shop’s built-in assistant (no AI model configured).', undefined, { timeout: 3000 }))
      .toBeInTheDocument();
  });

  it('say so when the model did not answer, and say nothing when it did', async () => {
    mockApi()
      .on('POST', '/api/chat', 200, { response: 'From the model.', type: 'text', source: 'model', fallback: null });
    const log = await ask('Hi');
    expect(await within(log).findByText('From the model.', undefined, { timeout: 3000 })).toBeInTheDocument();
    expect(within(log).queryByText(/built-in assistant/)).not.toBeInTheDocument();
  });
});
