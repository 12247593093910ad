import { z } from 'zod';
import { text as multiline } from './fields.ts';
import { defineContract } from './define.ts';
import { ORDER_STATUSES } from './orders.ts';
import { translatedNames } from './translated-names.ts';

export const CHAT_MESSAGE_MAX = 1000;
export const CHAT_CONTEXT_MAX = 10;
export const CHAT_RATE_LIMIT = { max: 20, timeWindow: '1 minute' };

export const chatSender = z.enum(['user', 'bot']);
export type ChatSender = z.infer<typeof chatSender>;

export const chatBody = z.object({
  message: multiline({ message: 'This field is required.' }).trim()
    .min(1, 'This field is required.').max(CHAT_MESSAGE_MAX, `Enter at most ${CHAT_MESSAGE_MAX} characters.`),
  /** The last messages of the conversation, oldest first. */
  context: z.array(z.object({ sender: chatSender, content: multiline().max(CHAT_MESSAGE_MAX * 4) }))
    .max(CHAT_CONTEXT_MAX, `Send at most ${CHAT_CONTEXT_MAX} messages of context.`).optional(),
  /**
   * The storefront path the widget is open on (e.g. /products/<slug>), so that "how much is this?" means the
   * product being viewed.
   */
  page: z.string().max(300).optional(),
  /** Accepted for the spec's shape but ignored: only the bearer token says who is asking. */
  userId: z.string().max(100).optional(),
});
export type ChatBody = z.input<typeof chatBody>;

export const chatProduct = z.object({
  id: z.number().int(),
  slug: z.string(),
  name: z.string(),
  price: z.number(),
  category: z.string(),
  /** category in Urdu and Arabic (see catalog's translatedNames). */
  category_translations: translatedNames,
  image: z.string(),
});
export type ChatProduct = z.infer<typeof chatProduct>;

export const chatOrder = z.object({
  orderNumber: z.string(),
  status: z.enum(ORDER_STATUSES),
  total: z.number(),
  /** The tracking numbers of its shipments, comma-separated. */
  trackingNumber: z.string().optional(),
  estimatedDelivery: z.string().nullable().optional(),
});
export type ChatOrder = z.infer<typeof chatOrder>;

const chatAnswer = z.object({
  response: z.string(),
  type: z.enum(['text', 'product', 'order']),
  data: z.object({ products: z.array(chatProduct).optional(), order: chatOrder.optional() }).optional(),
  /** 'model' when the configured language model wrote the answer, 'assistant' for the built-in one. */
  source: z.enum(['assistant', 'model']),
});
/** An answer as the built-in assistant or the model writes it. */
export type ChatAnswer = z.infer<typeof chatAnswer>;

/** Why the built-in assistant answered: no model configured (LLM_* unset), or the model failed and it stood in. */
export const CHAT_FALLBACKS = ['no_model', 'model_failed'] as const;
export type ChatFallback = (typeof CHAT_FALLBACKS)[number];

export const chatReply = chatAnswer.extend({
  /** Null when the model answered; otherwise why the built-in assistant did (the chat window says so). */
  fallback: z.enum(CHAT_FALLBACKS).nullable().default(null),
});
export type ChatReply = z.infer<typeof chatReply>;

/** Public; answers about orders only for the user of the Authorization header. 20 a minute per address. */
export const sendChatMessage = defineContract({
  method: 'POST',
  path: '/api/chat',
  body: chatBody,
  response: chatReply,
});
