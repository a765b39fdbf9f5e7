/**
 * Runs at most `limit` tasks at once; the others wait their turn in order. Image decoding
 * and video frames take memory and CPU in proportion to how many run together, so a burst
 * of uploads queues here instead of growing the process.
 */
export function limitConcurrency(limit: number) {
  let active = 0;
  const waiting: (() => void)[] = [];
  return async function run<T>(task: () => Promise<T>): Promise<T> {
    if (active >= limit) await new Promise<void>((resolve) => waiting.push(resolve));
    else active += 1;
    try {
      return await task();
    } finally {
      // Hand the slot straight to the next task, so a newcomer cannot jump the queue.
      const next = waiting.shift();
      if (next) next();
      else active -= 1;
    }
  };
}
