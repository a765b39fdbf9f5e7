import { describe, expect, it } from 'vitest';
import { mapInOrder } from './upload-in-order';

const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('mapInOrder', () => {
  it('keeps the items order when later items finish first', async () => {
    const results = await mapInOrder([30, 5, 20, 1], 2, async (ms, index) => {
      await delay(ms);
      return `item ${index}`;
    });
    expect(results).toEqual(['item 0', 'item 1', 'item 2', 'item 3']);
  });

  it('never runs more than the given number at once', async () => {
    let running = 0;
    let most = 0;
    await mapInOrder([1, 2, 3, 4, 5], 2, async () => {
      running += 1;
      most = Math.max(most, running);
      await delay(5);
      running -= 1;
    });
    expect(most).toBe(2);
  });

  it('starts nothing new after a failure and throws it', async () => {
    const started: number[] = [];
    const run = mapInOrder([0, 1, 2, 3], 1, async (item) => {
      started.push(item);
      if (item === 1) throw new Error('413: too big');
      return item;
    });
    await expect(run).rejects.toThrow('413: too big');
    expect(started).toEqual([0, 1]);
  });
});
