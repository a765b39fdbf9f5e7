import { randomBytes } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { createReadCache, type TReadCache } from './read-cache';

const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

describe('read cache', () => {
  const opened: TReadCache[] = [];
  const open = (options: Parameters<typeof createReadCache>[0] = {}) => {
    const cache = createReadCache(options);
    opened.push(cache);
    return cache;
  };
  afterEach(async () => {
    await Promise.all(opened.splice(0).map((cache) => cache.close()));
  });
  /** Two caches sharing Redis on a channel of their own, both subscribed before anything is published. */
  const openPair = async () => {
    const bus = { redisUrl: REDIS_URL, channel: `read-cache-test:${randomBytes(6).toString('hex')}` };
    const pair = [open(bus), open(bus)] as const;
    await new Promise((resolve) => setTimeout(resolve, 300));
    return pair;
  };

  it('keeps a value read before any write', () => {
    const cache = open();
    cache.set('a', 1, cache.ticket(), { tags: ['project:1'] });
    expect(cache.get('a')).toBe(1);
  });

  it('forgets the values carrying a written tag, and only those', () => {
    const cache = open();
    cache.set('a', 'A', cache.ticket(), { tags: ['project:1', 'member:7'] });
    cache.set('b', 'B', cache.ticket(), { tags: ['project:2', 'member:7'] });
    cache.set('jobs', 'J', cache.ticket(), { tags: ['job-board'] });
    cache.invalidate(['project:1']);
    expect([cache.get('a'), cache.get('b'), cache.get('jobs')]).toEqual([undefined, 'B', 'J']);
    cache.invalidate(['member:7']);
    expect([cache.get('b'), cache.get('jobs')]).toEqual([undefined, 'J']);
  });

  it('drops a value read before a write to one of its tags that finished while it was being read', () => {
    const cache = open();
    const ticket = cache.ticket();
    cache.invalidate(['project:1']);
    cache.set('a', 'stale', ticket, { tags: ['project:2', 'project:1'] });
    expect(cache.get('a')).toBeUndefined();
  });

  it('keeps a value read while a write touched none of its tags', () => {
    const cache = open();
    const ticket = cache.ticket();
    cache.invalidate(['project:1']);
    cache.set('b', 'fresh', ticket, { tags: ['project:2'] });
    expect(cache.get('b')).toBe('fresh');
  });

  it('keeps a value whose read began after the write', () => {
    const cache = open();
    cache.invalidate(['project:1']);
    cache.set('a', 'fresh', cache.ticket(), { tags: ['project:1'] });
    expect(cache.get('a')).toBe('fresh');
  });

  it('forgets everything, and stores nothing read before, on invalidateAll', () => {
    const cache = open();
    const ticket = cache.ticket();
    cache.set('a', 1, ticket, { tags: ['project:1'] });
    cache.set('site', 2, ticket, { tags: [] });
    cache.invalidateAll();
    expect([cache.get('a'), cache.get('site')]).toEqual([undefined, undefined]);
    cache.set('b', 3, ticket, { tags: [] });
    expect(cache.get('b')).toBeUndefined();
  });

  it('stores nothing when turned off', () => {
    const cache = open({ enabled: false });
    cache.set('a', 1, cache.ticket(), { tags: [] });
    expect(cache.get('a')).toBeUndefined();
  });

  it('expires entries after the TTL', async () => {
    const cache = open({ ttlMs: 30 });
    cache.set('a', 1, cache.ticket(), { tags: [] });
    await new Promise((resolve) => setTimeout(resolve, 60));
    expect(cache.get('a')).toBeUndefined();
  });

  it('counts the TTL on the clock it is given', () => {
    let now = 50_000;
    const cache = open({ ttlMs: 1000, clock: () => now });
    cache.set('a', 1, cache.ticket(), { tags: [] });
    now += 999;
    expect(cache.get('a')).toBe(1);
    now += 2;
    expect(cache.get('a')).toBeUndefined();
  });

  it('stays within its byte budget by dropping the least recently used, with its tags', () => {
    const cache = open({ maxBytes: 1000 });
    cache.set('old', 1, cache.ticket(), { tags: ['project:1'], bytes: 600 });
    cache.set('new', 2, cache.ticket(), { tags: ['project:2'], bytes: 600 });
    expect(cache.get('old')).toBeUndefined();
    expect(cache.get('new')).toBe(2);
    expect(cache.bookkeeping()).toMatchObject({ entries: 1, indexedTags: 1 });
  });

  it('indexes the tags of the value it holds now, not of one it replaced', () => {
    const cache = open();
    cache.set('a', 1, cache.ticket(), { tags: ['project:1'] });
    cache.set('a', 2, cache.ticket(), { tags: ['project:2'] });
    cache.invalidate(['project:1']);
    expect(cache.get('a')).toBe(2);
    expect(cache.bookkeeping().indexedTags).toBe(1);
  });

  it('keeps its bookkeeping bounded however many tags are written, and still refuses what a forgotten write made stale', () => {
    const cache = open({ maxTrackedTags: 100 });
    const slowRead = cache.ticket();
    for (let id = 0; id < 10_000; id += 1) {
      cache.set(`project:${id}`, id, cache.ticket(), { tags: [`project:${id}`] });
      cache.invalidate([`project:${id}`]);
    }
    expect(cache.bookkeeping()).toEqual({ entries: 0, indexedTags: 0, trackedTags: 100 });
    // project:0 was written after the slow read began, and its write time is no longer kept.
    cache.set('slow', 'stale', slowRead, { tags: ['project:0'] });
    expect(cache.get('slow')).toBeUndefined();
    cache.set('now', 'fresh', cache.ticket(), { tags: ['project:0'] });
    expect(cache.get('now')).toBe('fresh');
  });

  it('tells every process sharing Redis to forget the written tags, and only those', async () => {
    const [here, there] = await openPair();
    there.set('project:1', 'one', there.ticket(), { tags: ['project:1'] });
    there.set('jobs', 'board', there.ticket(), { tags: ['job-board'] });
    here.invalidate(['project:1']);
    await expect.poll(() => there.get('project:1'), { timeout: 3000 }).toBeUndefined();
    expect(there.get('jobs')).toBe('board');
  });

  it('refuses, in the other process, a value read there before the write it was told of', async () => {
    const [here, there] = await openPair();
    const ticket = there.ticket();
    here.invalidate(['project:1']);
    await expect.poll(() => there.bookkeeping().trackedTags, { timeout: 3000 }).toBe(1);
    there.set('project:1', 'stale', ticket, { tags: ['project:1'] });
    expect(there.get('project:1')).toBeUndefined();
  });

  it('tells every process sharing Redis to forget everything', async () => {
    const [here, there] = await openPair();
    there.set('jobs', 'board', there.ticket(), { tags: ['job-board'] });
    here.invalidateAll();
    await expect.poll(() => there.get('jobs'), { timeout: 3000 }).toBeUndefined();
  });
});
