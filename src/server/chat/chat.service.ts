import type { FastifyBaseLogger } from 'fastify';
import type { ChatBody, ChatReply } from '#contracts/chat';
import type { Db } from '../db/client.ts';
import { answerWithAssistant } from './assistant.ts';
import { answerWithModel, type ModelSettings } from './llm.ts';

export interface ChatDeps {
  db: Db;
  /** The configured language model; without it the built-in assistant answers. */
  model?: ModelSettings;
  log: FastifyBaseLogger;
}

/** The model's answer when one is configured and answers in time; the built-in assistant's otherwise. */
export async function answerChat(deps: ChatDeps, userId: string | null, body: Pick<ChatBody, 'message' | 'context' | 'page'>): Promise<ChatReply> {
  if (deps.model) {
    try {
      return { ...await answerWithModel(deps.model, deps.db, userId, body), fallback: null };
    } catch (error) {
      deps.log.warn({ err: error }, 'chat model failed; the built-in assistant answers');
    }
  }
  const answer = await answerWithAssistant(deps.db, userId, body.message, { context: body.context, page: body.page });
  return { ...answer, fallback: deps.model ? 'model_failed' : 'no_model' };
}
