import { randomBytes } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { createReadCache, ENTRY_OVERHEAD_BYTES, estimateBytes, MAX_ENTRY_SHARE, stringBytes, type TReadCache } from './read-cache';

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

  it('forgets tags asked to go soon once, after the delay, and refuses a read begun before then', async () => {
    const cache = open();
    cache.set('order', 1, cache.ticket(), { tags: ['project-lists:likes'] });
    cache.set('other', 2, cache.ticket(), { tags: ['project:1'] });
    const before = cache.ticket();
    cache.invalidateSoon(['project-lists:likes'], 50);
    cache.invalidateSoon(['project-lists:likes'], 50);
    // Until then the lists stay; the tag counts as unwritten.
    expect(cache.get('order')).toBe(1);
    cache.set('later', 3, cache.ticket(), { tags: ['project-lists:likes'] });
    expect(cache.get('later')).toBe(3);
    await new Promise((resolve) => setTimeout(resolve, 120));
    expect([cache.get('order'), cache.get('later'), cache.get('other')]).toEqual([undefined, undefined, 2]);
    // A read begun before the tags went is not stored after.
    cache.set('slow', 4, before, { tags: ['project-lists:likes'] });
    expect(cache.get('slow')).toBeUndefined();
    expect(cache.bookkeeping().trackedTags).toBe(1);
  });

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

  it('keeps an entry for its own TTL when one is given', () => {
    let now = 50_000;
    const cache = open({ ttlMs: 1000, clock: () => now });
    cache.set('short', 1, cache.ticket(), { tags: [], ttlMs: 100 });
    cache.set('usual', 2, cache.ticket(), { tags: [] });
    now += 101;
    expect(cache.get('short')).toBeUndefined();
    expect(cache.get('usual')).toBe(2);
  });

  it('replaces a value it still holds with its tags, its expiry and the new size, and nothing else', () => {
    let now = 5000;
    const cache = open({ ttlMs: 1000, clock: () => now });
    const first = { body: 'plain' };
    cache.set('a', first, cache.ticket(), { tags: ['project:1'], bytes: 10 });
    const before = cache.bookkeeping().bytes;
    now = 5600;
    const second = { body: 'plain', gzipped: 'copy' };
    cache.replace('a', first, second, 110);
    expect(cache.get('a')).toBe(second);
    expect(cache.bookkeeping().bytes).toBe(before + 100);
    // Not a value it holds now: left as it is.
    cache.replace('a', first, { body: 'older' }, 10);
    cache.replace('b', first, { body: 'never stored' }, 10);
    expect(cache.get('a')).toBe(second);
    expect(cache.get('b')).toBeUndefined();
    // Expires when the first value would have.
    now = 6001;
    expect(cache.get('a')).toBeUndefined();
    // And its tags still forget it.
    cache.set('c', first, cache.ticket(), { tags: ['project:2'], bytes: 10 });
    cache.replace('c', first, second, 110);
    cache.invalidate(['project:2']);
    expect(cache.get('c')).toBeUndefined();
  });

  it('stays within its byte budget by dropping the least recently used, with its tags', () => {
    // Room for 17 entries of about 900 bytes.
    const cache = open({ maxBytes: 16_000 });
    cache.set('old', 1, cache.ticket(), { tags: ['project:1'], bytes: 300 });
    for (let n = 0; n < 18; n += 1) cache.set(`new-${n}`, n, cache.ticket(), { tags: ['project:2'], bytes: 300 });
    expect(cache.get('old')).toBeUndefined();
    expect(cache.get('new-17')).toBe(17);
    // project:1 left the tag index with 'old'.
    expect(cache.bookkeeping()).toMatchObject({ entries: 17, indexedTags: 1 });
  });

  it('never holds more than its budget, however many distinct keys are stored', () => {
    const maxBytes = 200_000;
    const cache = open({ maxBytes });
    for (let n = 0; n < 20_000; n += 1) {
      const body = 'x'.repeat(200 + (n % 7) * 300);
      cache.set(`http:/api/projects/search/term-${n}?page=${n % 13}`, body, cache.ticket(), { tags: [`project:${n}`, `member:${n % 50}`, 'list:recent'] });
      if (n % 1000 === 0) expect(cache.bookkeeping().bytes).toBeLessThanOrEqual(maxBytes);
    }
    const { entries, bytes, indexedTags } = cache.bookkeeping();
    expect(bytes).toBeLessThanOrEqual(maxBytes);
    // Full, not empty: the budget is used.
    expect(bytes).toBeGreaterThan(maxBytes * 0.9);
    expect(entries).toBeGreaterThan(50);
    // The tag index holds the tags of the entries present, no more: one project each, the members among them, one list.
    expect(indexedTags).toBeLessThanOrEqual(entries + 50 + 1);
    expect(cache.get('http:/api/projects/search/term-0?page=0')).toBeUndefined();
    expect(cache.get('http:/api/projects/search/term-19999?page=5')).toBeDefined();
  });

  it('forgets evicted entries in its tag index too, and invalidation by tag stays exact', () => {
    // Room for about sixteen entries of 1,000 bytes.
    const cache = open({ maxBytes: 16 * (1000 + ENTRY_OVERHEAD_BYTES + 200) });
    const set = (key: string, tags: string[]) => cache.set(key, key, cache.ticket(), { tags, bytes: 1000 });
    set('a', ['project:1', 'list:recent']);
    set('b', ['project:2', 'list:recent']);
    for (let n = 0; n < 20; n += 1) set(`filler-${n}`, ['job-board']);
    expect(cache.get('a')).toBeUndefined();
    expect(cache.get('b')).toBeUndefined();
    // project:1, project:2 and list:recent went with the evicted entries.
    expect(cache.bookkeeping().indexedTags).toBe(1);
    // Stored again after eviction: one write to a tag forgets it, and only it.
    set('a', ['project:1', 'list:recent']);
    set('b', ['project:2']);
    cache.invalidate(['project:1']);
    expect(cache.get('a')).toBeUndefined();
    expect(cache.get('b')).toBe('b');
    expect(cache.get('filler-19')).toBe('filler-19');
    cache.invalidate(['job-board']);
    expect(cache.get('b')).toBe('b');
    expect(cache.bookkeeping()).toMatchObject({ entries: 1, indexedTags: 1 });
    cache.invalidate(['project:2']);
    expect(cache.bookkeeping()).toMatchObject({ entries: 0, bytes: 0, indexedTags: 0 });
  });

  it(`does not store an entry larger than ${MAX_ENTRY_SHARE} of its budget, and drops what that key held`, () => {
    const cache = open({ maxBytes: 160_000 });
    cache.set('page', 'small', cache.ticket(), { tags: ['project:1'], bytes: 1000 });
    cache.set('other', 'kept', cache.ticket(), { tags: ['project:2'], bytes: 1000 });
    cache.set('page', 'huge', cache.ticket(), { tags: ['project:3'], bytes: 160_000 * MAX_ENTRY_SHARE });
    expect(cache.get('page')).toBeUndefined();
    expect(cache.get('other')).toBe('kept');
    expect(cache.bookkeeping()).toMatchObject({ entries: 1, indexedTags: 1 });
  });

  it('counts the key, the tags and the value in each entry, two bytes a character for text beyond Latin-1', () => {
    const cache = open();
    const key = 'http:/api/projects?tag=neon';
    cache.set(key, 'é'.repeat(100), cache.ticket(), { tags: ['project:1'] });
    const latin1 = cache.bookkeeping().bytes;
    expect(latin1).toBe(ENTRY_OVERHEAD_BYTES + key.length + 64 + 'project:1'.length + 100);
    cache.set(key, '—'.repeat(100), cache.ticket(), { tags: ['project:1'] });
    expect(cache.bookkeeping().bytes).toBe(latin1 + 100);
    expect(stringBytes('abc')).toBe(3);
    expect(stringBytes('ab😀')).toBe(8);
  });

  it('estimates a value nobody weighed from its JSON, and a buffer from the memory behind it', () => {
    const project = { id: 1, title: 'Neon koi pond', tags: ['ai art', 'poster'], media: [{ url: '/media/a.webp', width: 800 }] };
    expect(estimateBytes(project)).toBe(2 * JSON.stringify(project).length);
    const slab = Buffer.alloc(16_384);
    expect(estimateBytes(slab.subarray(0, 100))).toBe(16_384);
  });

  it('stores nothing with a budget of 0', () => {
    const cache = open({ maxBytes: 0 });
    cache.set('a', 1, cache.ticket(), { tags: [] });
    expect(cache.get('a')).toBeUndefined();
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
    expect(cache.bookkeeping()).toMatchObject({ entries: 0, bytes: 0, indexedTags: 0, trackedTags: 100 });
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
