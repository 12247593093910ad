import { describe, expect, it } from 'vitest';
import { limitConcurrency } from './limit-concurrency.ts';

function controlled() {
  const started: number[] = [];
  const finishers = new Map<number, (fail?: boolean) => void>();
  const task = (id: number) => () => {
    started.push(id);
    return new Promise<number>((resolve, reject) => finishers.set(id, (fail) => (fail ? reject(new Error('down')) : resolve(id))));
  };
  return { started, task, finish: (id: number, fail = false) => finishers.get(id)!(fail) };
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('limitConcurrency', () => {
  it('runs at most 3 tasks at once and starts the rest in order as slots free', async () => {
    const run = limitConcurrency(3);
    const c = controlled();
    const results = [1, 2, 3, 4, 5].map((id) => run(c.task(id)));
    await tick();
    expect(c.started).toEqual([1, 2, 3]);
    c.finish(2);
    await tick();
    expect(c.started).toEqual([1, 2, 3, 4]);
    c.finish(1);
    c.finish(3);
    await tick();
    expect(c.started).toEqual([1, 2, 3, 4, 5]);
    c.finish(4);
    c.finish(5);
    expect(await Promise.all(results)).toEqual([1, 2, 3, 4, 5]);
  });

  it('frees the slot of a failed task', async () => {
    const run = limitConcurrency(1);
    const c = controlled();
    const failed = run(c.task(1));
    const next = run(c.task(2));
    await tick();
    expect(c.started).toEqual([1]);
    c.finish(1, true);
    await expect(failed).rejects.toThrow('down');
    await tick();
    expect(c.started).toEqual([1, 2]);
    c.finish(2);
    expect(await next).toBe(2);
  });
});
