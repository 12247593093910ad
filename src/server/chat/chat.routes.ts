import type { FastifyInstance } from 'fastify';
import { CHAT_RATE_LIMIT, sendChatMessage } from '#contracts/chat';
import type { Db } from '../db/client.ts';
import { route } from '../lib/route.ts';
import { answerChat } from './chat.service.ts';
import type { ModelSettings } from './llm.ts';
import { createOptionalUser } from './optional-user.ts';

export interface ChatRouteDeps {
  db: Db;
  jwtSecret: string;
  model?: ModelSettings;
}

export function registerChatRoutes(app: FastifyInstance, deps: ChatRouteDeps): void {
  const optionalUser = createOptionalUser(deps.db, deps.jwtSecret);
  route(app, sendChatMessage, async (request) => {
    const user = await optionalUser(request);
    return answerChat({ db: deps.db, model: deps.model, log: request.log }, user?.id ?? null, request.body);
  }, { config: { rateLimit: CHAT_RATE_LIMIT } });
}
