import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createThrottleStore, progressiveDelayMs } from './rate-limit';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const rule = () => ({ name: `test-${randomBytes(4).toString('hex')}`, points: 3, durationSeconds: 60 });

async function expect429(promise: Promise<void>) {
  await expect(promise).rejects.toMatchObject({ status: 429, headers: { 'Retry-After': expect.stringMatching(/^\d+$/) } });
}

describe('throttles in process memory', () => {
  it('blocks a key after its points and keeps other keys free', async () => {
    const throttle = createThrottleStore().create(rule());
    for (let i = 0; i < 3; i += 1) {
      await throttle.check('1.2.3.4');
      await throttle.hit('1.2.3.4');
    }
    await expect429(throttle.check('1.2.3.4'));
    await expect(throttle.check('5.6.7.8')).resolves.toBeUndefined();
    await throttle.reset('1.2.3.4');
    await expect(throttle.check('1.2.3.4')).resolves.toBeUndefined();
  });
});

describe('take: counting and refusing in one step', () => {
  it('lets exactly the points through when many requests arrive at once, and refuses the rest with its message', async () => {
    const throttle = createThrottleStore().create({ ...rule(), points: 5 });
    const answers = await Promise.allSettled(Array.from({ length: 20 }, () => throttle.take('member-1', 'Slow down, please.')));
    expect(answers.filter((answer) => answer.status === 'fulfilled')).toHaveLength(5);
    const refusals = answers.flatMap((answer) => (answer.status === 'rejected' ? [answer.reason as { status: number; message: string; headers: Record<string, string> }] : []));
    expect(refusals).toHaveLength(15);
    for (const refusal of refusals) expect(refusal).toMatchObject({ status: 429, message: 'Slow down, please.', headers: { 'Retry-After': expect.stringMatching(/^\d+$/) } });
    await expect(throttle.take('member-2')).resolves.toBeUndefined();
  });
});

describe('slowdowns', () => {
  const slow = { name: 'x', durationSeconds: 60, freeFailures: 5, firstDelayMs: 250, maxDelayMs: 5000 };

  it('waits nothing for the free failures, then doubles from the first delay up to the cap', () => {
    expect(Array.from({ length: 13 }, (_, failures) => progressiveDelayMs(failures, slow))).toEqual([0, 0, 0, 0, 0, 250, 500, 1000, 2000, 4000, 5000, 5000, 5000]);
    expect(progressiveDelayMs(1_000_000, slow)).toBe(5000);
  });

  it('counts failures per key, waits with the sleep it was given, and never refuses', async () => {
    const waited: number[] = [];
    const slowdown = createThrottleStore().slowdown({ ...slow, name: rule().name, freeFailures: 2 }, async (ms) => void waited.push(ms));
    for (let i = 0; i < 4; i += 1) {
      await slowdown.wait('a');
      await slowdown.hit('a');
    }
    expect(await slowdown.wait('a')).toBe(1000);
    expect(await slowdown.wait('b')).toBe(0);
    expect(waited).toEqual([250, 500, 1000]);
  });
});

describe('throttles in Redis (REDIS_URL)', () => {
  let probe: Redis;
  beforeAll(async () => {
    probe = new Redis(REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 1 });
    await probe.connect();
  });
  afterAll(() => probe.disconnect());

  it('counts attempts across two processes sharing one Redis', async () => {
    const shared = rule();
    const storeA = createThrottleStore(REDIS_URL);
    const storeB = createThrottleStore(REDIS_URL);
    try {
      const a = storeA.create(shared);
      const b = storeB.create(shared);
      await new Promise((resolve) => setTimeout(resolve, 200));
      await a.hit('9.9.9.9');
      await b.hit('9.9.9.9');
      await a.hit('9.9.9.9');
      await expect429(b.check('9.9.9.9'));
      // take() holds across processes too, however the requests interleave.
      const taken = await Promise.allSettled(Array.from({ length: 8 }, (_, i) => (i % 2 ? a : b).take('8.8.8.8')));
      expect(taken.filter((answer) => answer.status === 'fulfilled')).toHaveLength(shared.points);
      const keys = await probe.keys(`rl:${shared.name}*`);
      expect(keys.length).toBeGreaterThan(0);
    } finally {
      await storeA.close();
      await storeB.close();
    }
  });
});
