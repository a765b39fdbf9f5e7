// The SQLite connection's turns (server/db/connect.ts): taken in arrival order, and a long run
// of turns lets the event loop run in between (reliability/load.test.ts is the same under load).
import { describe, expect, it } from 'vitest';
import { FifoMutex } from './connect';

/** Busy for `ms` of wall time, as a synchronous SQLite statement is. */
function busy(ms: number): void {
  const until = performance.now() + ms;
  while (performance.now() < until) {
    // spinning, as better-sqlite3 blocks
  }
}

describe('FifoMutex', () => {
  it('hands the lock to its waiters in the order they asked', async () => {
    const mutex = new FifoMutex();
    const order: number[] = [];
    await mutex.lock();
    const waiters = [1, 2, 3, 4].map((n) =>
      mutex.lock().then(() => {
        order.push(n);
        mutex.unlock();
      }),
    );
    mutex.unlock();
    await Promise.all(waiters);
    expect(order).toEqual([1, 2, 3, 4]);
  });

  it('lets the event loop run during a long run of back-to-back turns', async () => {
    const mutex = new FifoMutex(5);
    const events: string[] = [];
    await mutex.lock();
    // 20 turns of 2 ms each, all queued at once: 40 ms with no I/O unless the mutex yields.
    const turns = Array.from({ length: 20 }, (_, n) =>
      mutex.lock().then(() => {
        events.push(`turn ${n}`);
        busy(2);
        mutex.unlock();
      }),
    );
    setImmediate(() => events.push('event loop'));
    mutex.unlock();
    await Promise.all(turns);
    // The loop ran before the last turn, not only once all 40 ms of turns were over. (Whether the
    // first turn came before it depends on how busy the machine was since the lock was taken.)
    const loopRanAt = events.indexOf('event loop');
    expect(loopRanAt).toBeGreaterThanOrEqual(0);
    expect(loopRanAt).toBeLessThan(events.length - 1);
  });

  it('passes the lock within the same turn of the event loop while turns are short', async () => {
    const mutex = new FifoMutex(1000);
    const events: string[] = [];
    await mutex.lock();
    const turns = [0, 1, 2].map((n) =>
      mutex.lock().then(() => {
        events.push(`turn ${n}`);
        mutex.unlock();
      }),
    );
    setImmediate(() => events.push('event loop'));
    mutex.unlock();
    await Promise.all(turns);
    await new Promise((resolve) => setImmediate(resolve));
    expect(events).toEqual(['turn 0', 'turn 1', 'turn 2', 'event loop']);
  });
});
