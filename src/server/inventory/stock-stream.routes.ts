import type { FastifyInstance } from 'fastify';
import { INVENTORY_STREAM_PATH, stockStreamQuery, type StockChange } from '#contracts/inventory';
import type { Db } from '../db/client.ts';
import { badRequest } from '../lib/errors.ts';
import { stockChanges, type StockCommits } from './after-stock-commit.ts';

export const HEARTBEAT_MS = 25_000;

/**
 * GET /api/inventory/stream?ids=1,2,3: server-sent `stock` events for these products, the current levels first.
 * Public (product pages are). The reply is hijacked so neither compression nor serialisation buffers it.
 */
export function registerStockStreamRoutes(app: FastifyInstance, deps: { db: Db; stockCommits: Pick<StockCommits, 'subscribe'> }) {
  const open = new Set<() => void>();
  app.addHook('preClose', async () => {
    for (const end of open) end();
  });

  app.get(INVENTORY_STREAM_PATH, async (request, reply) => {
    const parsed = stockStreamQuery.safeParse(request.query);
    if (!parsed.success) throw badRequest({ ids: parsed.error.issues.map((issue) => issue.message) });
    const ids = new Set(parsed.data.ids);

    reply.hijack();
    const res = reply.raw;
    res.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache, no-transform',
      connection: 'keep-alive',
      'x-accel-buffering': 'no',
      'x-request-id': request.id,
    });
    const send = (change: StockChange) => res.write(`event: stock\ndata: ${JSON.stringify(change)}\n\n`);
    res.write('retry: 5000\n\n');

    const unsubscribe = deps.stockCommits.subscribe((change) => {
      if (ids.has(change.productId)) send(change);
    });
    const heartbeat = setInterval(() => res.write(': heartbeat\n\n'), HEARTBEAT_MS);
    const end = () => {
      clearInterval(heartbeat);
      unsubscribe();
      open.delete(end);
      if (!res.writableEnded) res.end();
    };
    open.add(end);
    res.on('close', end);

    try {
      for (const change of await stockChanges(deps.db, [...ids])) send(change);
    } catch (error) {
      request.log.error({ err: error }, 'live stock snapshot failed');
      end();
    }
  });
}
