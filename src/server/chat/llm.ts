import { z } from 'zod';
import type { ChatBody, ChatOrder, ChatProduct, ChatAnswer } from '#contracts/chat';
import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import { POLICIES, POLICY_TOPICS } from './policies.ts';
import { describeActivePromos, findOwnOrder, findProducts, findViewedProduct } from './shop-lookups.ts';

export const MODEL_TIMEOUT_MS = 10_000;
export const MAX_TOOL_ROUNDS = 3;

export interface ModelSettings {
  baseUrl: string;
  apiKey: string;
  model: string;
  /** For the whole answer, every round included. */
  timeoutMs: number;
}

/** The configured OpenAI-compatible model, or undefined unless all three variables are set. */
export function modelSettingsFrom(config: Config): ModelSettings | undefined {
  const { LLM_BASE_URL: baseUrl, LLM_API_KEY: apiKey, LLM_MODEL: model } = config;
  return baseUrl && apiKey && model ? { baseUrl, apiKey, model, timeoutMs: MODEL_TIMEOUT_MS } : undefined;
}

const SYSTEM_PROMPT = `You are the customer assistant of Sialkot Surgical, an online shop for surgical instruments.
State only facts that the tools returned in this conversation: product names, prices, order numbers, order statuses
and shop policies. Never invent or guess products, prices, orders, delivery dates or policies. Use search_products for
product and price questions, get_order for the customer's orders and get_policy for shipping, returns, warranty,
certifications, business accounts, promo codes and discounts (topic discounts) and contact. If get_order says the customer is signed out, ask them to sign in. If
the tools do not answer the question, say so and suggest the contact page at /contact. Prices are in US dollars.
Answer in plain text without markdown, in at most four short sentences.`;

const TOPICS = [...POLICY_TOPICS, 'discounts'] as const;

const TOOLS = [
  {
    type: 'function',
    function: {
      name: 'search_products',
      description: 'Search the catalogue. Returns up to 4 active products with id, slug, name, price (USD; the lowest of its sizes and versions) and category.',
      parameters: {
        type: 'object',
        properties: {
          query: { type: 'string', description: 'Words from the product name, brand, model number or category.' },
          category: { type: 'string', description: 'A category slug such as cardiology, neurosurgery or orthopedics.' },
          max_price: { type: 'number', description: 'Highest price in USD.' },
        },
      },
    },
  },
  {
    type: 'function',
    function: {
      name: 'get_order',
      description: "The signed-in customer's own order by number (e.g. SS-7K2M9QXD), or their latest order without one.",
      parameters: { type: 'object', properties: { order_number: { type: 'string' } } },
    },
  },
  {
    type: 'function',
    function: {
      name: 'get_policy',
      description: 'A shop policy: shipping, returns, warranty, certifications, business accounts, contact, or the promo codes '
        + 'valid today (discounts).',
      parameters: { type: 'object', properties: { topic: { type: 'string', enum: TOPICS } }, required: ['topic'] },
    },
  },
] as const;

const toolCall = z.object({
  id: z.string(),
  function: z.object({ name: z.string(), arguments: z.string() }),
});
type ToolCall = z.infer<typeof toolCall>;

const completion = z.object({
  choices: z.array(z.object({
    message: z.object({ content: z.string().nullable().optional(), tool_calls: z.array(toolCall).optional() }),
  })).min(1),
});

type Message =
  | { role: 'system' | 'user'; content: string }
  | { role: 'assistant'; content: string | null; tool_calls?: (ToolCall & { type: 'function' })[] }
  | { role: 'tool'; tool_call_id: string; content: string };

const searchArgs = z.object({
  query: z.string().optional(), category: z.string().optional(), max_price: z.number().positive().optional(),
});
const orderArgs = z.object({ order_number: z.string().optional() });
const policyArgs = z.object({ topic: z.enum(TOPICS) });

/** What the tools found, kept so the answer can carry the same products or order the model was given. */
type Found = { products: ChatProduct[] } | { order: ChatOrder } | undefined;

async function runTool(db: Db, userId: string | null, call: ToolCall): Promise<{ result: unknown; found: Found }> {
  let args: unknown;
  try {
    args = JSON.parse(call.function.arguments || '{}');
  } catch {
    return { result: { error: 'Arguments were not valid JSON.' }, found: undefined };
  }
  switch (call.function.name) {
    case 'search_products': {
      const parsed = searchArgs.safeParse(args);
      if (!parsed.success) return { result: { error: 'Invalid arguments.' }, found: undefined };
      const products = await findProducts(db, {
        search: parsed.data.query?.trim() || undefined,
        category: parsed.data.category?.trim().toLowerCase() || undefined,
        maxPrice: parsed.data.max_price,
      });
      return { result: { products }, found: products.length ? { products } : undefined };
    }
    case 'get_order': {
      if (!userId) return { result: { signedIn: false, message: 'The customer is signed out.' }, found: undefined };
      const parsed = orderArgs.safeParse(args);
      const number = parsed.success ? parsed.data.order_number?.trim() || undefined : undefined;
      const order = await findOwnOrder(db, userId, number);
      if (!order) return { result: { found: false, message: number ? 'No such order in this account.' : 'This account has no orders.' }, found: undefined };
      return { result: { order }, found: { order } };
    }
    case 'get_policy': {
      const parsed = policyArgs.safeParse(args);
      if (!parsed.success) return { result: { error: `Choose a topic: ${TOPICS.join(', ')}.` }, found: undefined };
      if (parsed.data.topic === 'discounts') {
        return { result: { promoCodes: await describeActivePromos(db), business: POLICIES.business }, found: undefined };
      }
      return { result: { policy: POLICIES[parsed.data.topic] }, found: undefined };
    }
    default:
      return { result: { error: `Unknown tool ${call.function.name}.` }, found: undefined };
  }
}

async function complete(settings: ModelSettings, messages: Message[], withTools: boolean, signal: AbortSignal) {
  const response = await fetch(`${settings.baseUrl.replace(/\/+$/, '')}/chat/completions`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${settings.apiKey}` },
    body: JSON.stringify({
      model: settings.model,
      messages,
      temperature: 0.2,
      ...(withTools ? { tools: TOOLS, tool_choice: 'auto' } : {}),
    }),
    signal,
  });
  if (!response.ok) throw new Error(`Chat model answered HTTP ${response.status}`);
  return completion.parse(await response.json()).choices[0].message;
}

/**
 * Answers through the model, running its tool calls against the shop's data for at most MAX_TOOL_ROUNDS rounds
 * before it must answer. Throws on any failure or timeout; the caller falls back to the built-in assistant.
 */
export async function answerWithModel(settings: ModelSettings, db: Db, userId: string | null,
  body: Pick<ChatBody, 'message' | 'context' | 'page'>): Promise<ChatAnswer> {
  const signal = AbortSignal.timeout(settings.timeoutMs);
  // The product page the widget is open on is a fact from the catalogue, so the model may name it for "this".
  const viewed = await findViewedProduct(db, body.page);
  const messages: Message[] = [
    { role: 'system', content: SYSTEM_PROMPT },
    ...(viewed ? [{ role: 'system' as const, content: `The customer is viewing this product: ${JSON.stringify(viewed)}` }] : []),
    ...(body.context ?? []).map((m): Message => (m.sender === 'user'
      ? { role: 'user', content: m.content }
      : { role: 'assistant', content: m.content })),
    { role: 'user', content: body.message },
  ];
  let found: Found;
  for (let round = 0; round <= MAX_TOOL_ROUNDS; round += 1) {
    const reply = await complete(settings, messages, round < MAX_TOOL_ROUNDS, signal);
    const calls = reply.tool_calls ?? [];
    if (calls.length === 0 || round === MAX_TOOL_ROUNDS) {
      const content = reply.content?.trim();
      if (!content) throw new Error('Chat model gave no answer');
      if (found && 'order' in found) return { response: content, type: 'order', data: found, source: 'model' };
      if (found) return { response: content, type: 'product', data: found, source: 'model' };
      return { response: content, type: 'text', source: 'model' };
    }
    messages.push({ role: 'assistant', content: reply.content ?? null, tool_calls: calls.map((c) => ({ ...c, type: 'function' })) });
    for (const call of calls) {
      const { result, found: latest } = await runTool(db, userId, call);
      found = latest ?? found;
      messages.push({ role: 'tool', tool_call_id: call.id, content: JSON.stringify(result) });
    }
  }
  throw new Error('Chat model did not answer');
}
