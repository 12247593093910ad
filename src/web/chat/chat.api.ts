import { sendChatMessage, CHAT_CONTEXT_MAX, type ChatReply } from '#contracts/chat';
import { apiFetch } from '../lib/api.ts';
import type { ChatMessage } from './chat-message.tsx';

/** Shortest time the typing indicator shows, so a fast answer (or failure) does not flicker. */
export const MIN_TYPING_MS = 1000;

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Asks the shop's assistant about the page it is open on ("how much is this?" on a product page); the signed-in user,
 * if any, goes along as the bearer token.
 */
export async function askAssistant(message: string, history: ChatMessage[]): Promise<ChatReply> {
  const context = history.slice(-CHAT_CONTEXT_MAX).map(({ sender, content }) => ({ sender, content }));
  const shown = pause(MIN_TYPING_MS);
  try {
    return await apiFetch(sendChatMessage, { body: { message, context, page: window.location.pathname.slice(0, 300) } });
  } finally {
    await shown;
  }
}
