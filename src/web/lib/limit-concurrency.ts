/**
 * Runs at most `max` tasks at once: the others wait and start in the order they were given, each as soon as a slot
 * frees (also after a failure).
 */
export function limitConcurrency(max: number) {
  let running = 0;
  const waiting: Array<() => void> = [];
  return async function run<T>(task: () => Promise<T>): Promise<T> {
    if (running < max) running++;
    else await new Promise<void>((resolve) => waiting.push(resolve));
    try {
      return await task();
    } finally {
      const next = waiting.shift();
      if (next) next();
      else running--;
    }
  };
}
