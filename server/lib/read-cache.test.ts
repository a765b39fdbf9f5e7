import { afterEach, describe, expect, it } from 'vitest';
import { createReadCache, type TReadCache } from './read-cache';

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

  it('keeps a value read before any write', () => {
    const cache = open();
    cache.set('a', 1, cache.ticket());
    expect(cache.get('a')).toBe(1);
  });

  it('drops a value read before a write that finished while it was being read', () => {
    const cache = open();
    const ticket = cache.ticket();
    cache.invalidate();
    cache.set('a', 'stale', ticket);
    expect(cache.get('a')).toBeUndefined();
  });

  it('forgets what it holds on invalidate', () => {
    const cache = open();
    cache.set('a', 1, cache.ticket());
    cache.invalidate();
    expect(cache.get('a')).toBeUndefined();
  });

  it('stores nothing when turned off', () => {
    const cache = open({ enabled: false });
    cache.set('a', 1, cache.ticket());
    expect(cache.get('a')).toBeUndefined();
  });

  it('expires entries after the TTL', async () => {
    const cache = open({ ttlMs: 30 });
    cache.set('a', 1, cache.ticket());
    await new Promise((resolve) => setTimeout(resolve, 60));
    expect(cache.get('a')).toBeUndefined();
  });

  it('stays within its byte budget by dropping the least recently used', () => {
    const cache = open({ maxBytes: 1000 });
    cache.set('old', 1, cache.ticket(), 600);
    cache.set('new', 2, cache.ticket(), 600);
    expect(cache.get('old')).toBeUndefined();
    expect(cache.get('new')).toBe(2);
  });

  it('tells every process sharing Redis to forget', async () => {
    const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
    const here = open({ redisUrl });
    const there = open({ redisUrl });
    // Both subscribed before anything is published.
    await new Promise((resolve) => setTimeout(resolve, 300));
    there.set('project:1', 'cached', there.ticket());
    here.invalidate();
    await expect.poll(() => there.get('project:1'), { timeout: 3000 }).toBeUndefined();
  });
});
