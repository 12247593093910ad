import type { FastifyInstance } from 'fastify';
import { CHAT_RATE_LIMIT, sendChatMessage } from '#contracts/chat';
import type { OptionalUser } from '../auth/guard.ts';
import type { Db } from '../db/client.ts';
import { route } from '../lib/route.ts';
import { answerChat } from './chat.service.ts';
import type { ModelSettings } from './llm.ts';

export interface ChatRouteDeps {
  db: Db;
  optionalUser: OptionalUser;
  model?: ModelSettings;
}

export function registerChatRoutes(app: FastifyInstance, deps: ChatRouteDeps): void {
  route(app, sendChatMessage, async (request) => {
    const user = await deps.optionalUser(request);
    return answerChat({ db: deps.db, model: deps.model, log: request.log }, user?.id ?? null, request.body);
  }, { config: { rateLimit: CHAT_RATE_LIMIT } });
}
