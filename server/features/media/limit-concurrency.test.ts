import { describe, expect, it } from 'vitest';
import { limitConcurrency } from './limit-concurrency';

describe('limitConcurrency', () => {
  it('runs at most the limit at once, in arrival order, and frees the slot after a failure', async () => {
    const run = limitConcurrency(2);
    let active = 0;
    let most = 0;
    const started: number[] = [];
    const task = (id: number, fail = false) =>
      run(async () => {
        started.push(id);
        active += 1;
        most = Math.max(most, active);
        await new Promise((resolve) => setTimeout(resolve, 5));
        active -= 1;
        if (fail) throw new Error(`task ${id} failed`);
        return id;
      });
    const results = await Promise.allSettled([task(1), task(2, true), task(3), task(4), task(5)]);
    expect(most).toBe(2);
    expect(started).toEqual([1, 2, 3, 4, 5]);
    expect(results.map((result) => result.status)).toEqual(['fulfilled', 'rejected', 'fulfilled', 'fulfilled', 'fulfilled']);
  });
});
