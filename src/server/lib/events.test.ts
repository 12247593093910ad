import { afterEach, describe, expect, it } from 'vitest';
import type { StockChange } from '#contracts/inventory';
import { createMemoryStockEvents, createRedisStockEvents, type StockEvents } from './events.ts';

const change = (productId: number): StockChange => ({
  productId, availableStock: 3, currentStock: 4, reservedStock: 1, lowStockThreshold: 5, lastUpdated: new Date().toISOString(), variants: [],
});

const received = (bus: StockEvents) => {
  const changes: StockChange[] = [];
  bus.subscribe((c) => changes.push(c));
  return changes;
};

const until = async (condition: () => boolean, ms = 1000) => {
  const deadline = Date.now() + ms;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
};

const buses: StockEvents[] = [];
afterEach(async () => {
  await Promise.all(buses.splice(0).map((bus) => bus.close()));
});

describe('stock events', () => {
  it('in memory: delivers to every subscriber until it unsubscribes', () => {
    const bus = createMemoryStockEvents();
    buses.push(bus);
    const seen: number[] = [];
    const stop = bus.subscribe((c) => seen.push(c.productId));
    bus.publish(change(1));
    stop();
    bus.publish(change(2));
    expect(seen).toEqual([1]);
  });

  it('Redis: a change published by one process reaches the listeners of another (and its own)', async () => {
    const url = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
    const a = createRedisStockEvents(url);
    const b = createRedisStockEvents(url);
    buses.push(a, b);
    await Promise.all([a.ready(), b.ready()]);
    const atA = received(a);
    const atB = received(b);
    const productId = 900_000 + Math.floor(Math.random() * 99_999);
    a.publish(change(productId));
    await until(() => atB.some((c) => c.productId === productId) && atA.some((c) => c.productId === productId));
    expect(atB.find((c) => c.productId === productId)).toMatchObject({ productId, availableStock: 3, currentStock: 4 });
  });
});
