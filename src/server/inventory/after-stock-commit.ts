import { EventEmitter } from 'node:events';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { StockChange } from '#contracts/inventory';
import type { Database, Db, Listening } from '../db/client.ts';
import { productVariants } from '../db/schema/catalog.ts';
import { inventoryItems } from '../db/schema/inventory.ts';
import { mailBackInStock } from '../stock-notifications/stock-notifications.service.ts';
import { evaluateAlerts } from './stock-alerts.service.ts';

/**
 * The channel migration 0036's trigger notifies with a variant's id when a transaction that changed its stock (on hand,
 * reserved) or its low-stock threshold commits: once per variant and transaction, and never for one rolled back.
 */
export const STOCK_CHANNEL = 'stock_changes';

/** The public live-stock figures of these products now: the sums over their active variants, and each variant's. */
export async function stockChanges(db: Db, productIds: number[]): Promise<StockChange[]> {
  if (productIds.length === 0) return [];
  const rows = await db.select({
    productId: productVariants.productId,
    variantId: productVariants.id,
    currentStock: inventoryItems.currentStock,
    reservedStock: inventoryItems.reservedStock,
    lowStockThreshold: inventoryItems.lowStockThreshold,
    updatedAt: inventoryItems.updatedAt,
  }).from(productVariants)
    .innerJoin(inventoryItems, eq(inventoryItems.variantId, productVariants.id))
    .where(and(inArray(productVariants.productId, productIds), eq(productVariants.isActive, true)))
    .orderBy(asc(productVariants.productId), asc(productVariants.position), asc(productVariants.id));
  const changes = new Map<number, StockChange>();
  for (const row of rows) {
    const availableStock = Math.max(0, row.currentStock - row.reservedStock);
    const change = changes.get(row.productId) ?? {
      productId: row.productId, availableStock: 0, currentStock: 0, reservedStock: 0, lowStockThreshold: 0,
      lastUpdated: row.updatedAt.toISOString(), variants: [],
    };
    change.availableStock += availableStock;
    change.currentStock += row.currentStock;
    change.reservedStock += row.reservedStock;
    change.lowStockThreshold += row.lowStockThreshold;
    if (row.updatedAt.toISOString() > change.lastUpdated) change.lastUpdated = row.updatedAt.toISOString();
    change.variants.push({ variantId: row.variantId, currentStock: row.currentStock, availableStock, reservedStock: row.reservedStock });
    changes.set(row.productId, change);
  }
  return [...changes.values()];
}

export interface AfterStockCommitOptions {
  publicUrl: string;
  log: FastifyBaseLogger;
  /** Hands each touched product's new figures to this process's live-stock streams; left out when none is open. */
  push?: (change: StockChange) => void;
}

/**
 * Everything that follows a committed change of these variants' stock, decided here and nowhere else: their low and
 * out-of-stock alerts opened or resolved, back-in-stock mail to whoever waits for one that is available again (the
 * rule is mailBackInStock's), and their products' new figures pushed to open pages. Each step only reads the stock as
 * committed, and is idempotent, so running it again, or in several processes at once, changes nothing more. A step
 * that fails is logged and never stops the others, nor undoes the stock change.
 */
export async function afterStockCommit(db: Db, variantIds: number[], options: AfterStockCommitOptions): Promise<void> {
  const ids = [...new Set(variantIds)];
  if (ids.length === 0) return;
  const step = (name: string, run: () => Promise<unknown>) =>
    run().catch((error: unknown) => options.log.error({ err: error, variantIds: ids }, `after a stock change: ${name} failed`));
  await step('alerts', () => evaluateAlerts(db, ids));
  await step('back-in-stock mail', () => mailBackInStock(db, ids, { publicUrl: options.publicUrl }));
  const { push } = options;
  if (push) {
    await step('live stock', async () => {
      const products = await db.selectDistinct({ productId: productVariants.productId }).from(productVariants)
        .where(inArray(productVariants.id, ids));
      for (const change of await stockChanges(db, products.map((row) => row.productId))) push(change);
    });
  }
}

export type StockListener = (change: StockChange) => void;

/** This process's side of the stock notifications: it runs afterStockCommit for what it hears and feeds its streams. */
export interface StockCommits {
  /** A live-stock stream's subscription to this process's pushes; returns the unsubscribe function. */
  subscribe(listener: StockListener): () => void;
  /** Resolves once every stock change committed before the call has been followed through. */
  settled(): Promise<void>;
  start(): Promise<void>;
  stop(): Promise<void>;
}

const RELISTEN_MS = [1_000, 5_000, 30_000];

/**
 * Listens for committed stock changes (every API process does: each one has its own live-stock streams, and the
 * database's notification reaches all of them, so no other bus is needed) and follows each batch through
 * afterStockCommit, one batch at a time; the notifications of one commit arrive together and make one batch. At start
 * and after the listening connection was lost, those still waiting for a variant that is available are mailed, as a
 * missed notification may have left them waiting.
 */
export function createStockCommits(deps: { database: Database; publicUrl: string; log: FastifyBaseLogger }): StockCommits {
  const { database, log } = deps;
  const streams = new EventEmitter();
  streams.setMaxListeners(0);
  let queue: Promise<void> = Promise.resolve();
  let gathering: Set<number> | undefined;
  let listening: Listening | undefined;
  let stopped = true;
  let relisten: NodeJS.Timeout | undefined;

  const enqueue = (work: () => Promise<void>) => {
    queue = queue.then(work).catch((error: unknown) => log.error({ err: error }, 'after a stock change: failed'));
  };
  const follow = (variantIds: number[]) => afterStockCommit(database.db, variantIds, {
    publicUrl: deps.publicUrl, log, push: streams.listenerCount('stock') > 0 ? (change) => streams.emit('stock', change) : undefined,
  });
  const catchUp = () => enqueue(async () => {
    await mailBackInStock(database.db, undefined, { publicUrl: deps.publicUrl });
  });

  const heard = (payload: string) => {
    const variantId = Number(payload);
    if (!Number.isSafeInteger(variantId) || stopped) return;
    if (gathering) {
      gathering.add(variantId);
      return;
    }
    const batch = (gathering = new Set([variantId]));
    enqueue(async () => {
      // The rest of the commit's notifications arrive in the same turn of the event loop.
      await new Promise((resolve) => setImmediate(resolve));
      gathering = undefined;
      await follow([...batch]);
    });
  };

  const lost = (attempt = 0) => {
    if (stopped || relisten) return;
    relisten = setTimeout(() => {
      relisten = undefined;
      if (stopped || !listening) return;
      listening.caughtUp().then(catchUp, () => lost(attempt + 1));
    }, RELISTEN_MS[Math.min(attempt, RELISTEN_MS.length - 1)]);
    relisten.unref();
  };

  return {
    subscribe(listener) {
      streams.on('stock', listener);
      return () => streams.off('stock', listener);
    },
    async settled() {
      await listening?.caughtUp();
      await queue;
    },
    async start() {
      stopped = false;
      listening = await database.listen(STOCK_CHANNEL, heard, () => lost());
      catchUp();
    },
    async stop() {
      stopped = true;
      clearTimeout(relisten);
      relisten = undefined;
      await listening?.close();
      listening = undefined;
      streams.removeAllListeners();
      await queue;
    },
  };
}
