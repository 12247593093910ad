import { EventEmitter } from 'node:events';
import { Redis } from 'ioredis';
import type { StockChange } from '#contracts/inventory';

export type StockListener = (change: StockChange) => void;

/** Fan-out of stock changes to every open live-stock stream, in this process or (with Redis) in all of them. */
export interface StockEvents {
  /** Never throws and never waits on the network: a lost event only delays a page until its next poll. */
  publish(change: StockChange): void;
  /** Returns the unsubscribe function. */
  subscribe(listener: StockListener): () => void;
  /** Resolves once changes from other processes can be heard (at once in memory). */
  ready(): Promise<void>;
  close(): Promise<void>;
}

export const STOCK_CHANNEL = 'stock';

/** One process: an EventEmitter. */
export function createMemoryStockEvents(): StockEvents {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  return {
    publish: (change) => {
      emitter.emit(STOCK_CHANNEL, change);
    },
    subscribe: (listener) => {
      emitter.on(STOCK_CHANNEL, listener);
      return () => emitter.off(STOCK_CHANNEL, listener);
    },
    ready: async () => {},
    close: async () => {
      emitter.removeAllListeners();
    },
  };
}

/**
 * Several API processes: Redis pub/sub on one channel. A process hears its own messages back through the
 * subscription, so listeners are only called from there and every process sees the same sequence.
 */
export function createRedisStockEvents(url: string, onError: (error: Error) => void = () => {}): StockEvents {
  const local = createMemoryStockEvents();
  const publisher = new Redis(url, { lazyConnect: false });
  const subscriber = new Redis(url, { lazyConnect: false });
  publisher.on('error', onError);
  subscriber.on('error', onError);
  const subscribed = subscriber.subscribe(STOCK_CHANNEL).then(() => undefined);
  subscribed.catch(onError);
  subscriber.on('message', (channel: string, message: string) => {
    if (channel !== STOCK_CHANNEL) return;
    try {
      local.publish(JSON.parse(message) as StockChange);
    } catch (error) {
      onError(error as Error);
    }
  });
  return {
    publish: (change) => {
      publisher.publish(STOCK_CHANNEL, JSON.stringify(change)).catch(onError);
    },
    subscribe: local.subscribe,
    ready: () => subscribed,
    close: async () => {
      await local.close();
      subscriber.disconnect();
      await publisher.quit().catch(() => publisher.disconnect());
    },
  };
}

/** Redis when REDIS_URL is set, otherwise in memory. */
export function createStockEvents(redisUrl: string | undefined, onError?: (error: Error) => void): StockEvents {
  return redisUrl ? createRedisStockEvents(redisUrl, onError) : createMemoryStockEvents();
}
