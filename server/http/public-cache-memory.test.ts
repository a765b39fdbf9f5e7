// The read cache's byte budget measured against the memory the process really holds: answers
// to many distinct URLs, each kept whole with a gzip copy, must not take much more than the
// budget. (A gzip copy kept as zlib answers it is a slice of a 16 kB chunk: counted by its
// length, a 64 MB budget held several times that.)
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import Fastify from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { createReadCache, type TReadCache } from '../lib/read-cache';
import { cachedForEveryone, registerPublicCache } from './public-cache';

setFlagsFromString('--expose-gc');
const collectGarbage = runInNewContext('gc') as () => void;

/**
 * Heap and buffers in use once the garbage is gone. V8 frees swept pages and ArrayBuffer backing
 * stores on background threads: on a busy machine they lag behind gc() by seconds (a run beside
 * three CPU hogs read 84 MB "held" that a quiet one read as 5), so collect until two readings agree.
 */
async function memoryInUse(): Promise<number> {
  let last = Number.POSITIVE_INFINITY;
  for (let attempt = 0; attempt < 40; attempt += 1) {
    await new Promise((resolve) => setTimeout(resolve, 50));
    collectGarbage();
    collectGarbage();
    const usage = process.memoryUsage();
    const inUse = usage.heapUsed + usage.arrayBuffers;
    if (Math.abs(last - inUse) < 256 * 1024) return Math.min(last, inUse);
    last = inUse;
  }
  return last;
}

/** A gallery-like page: 24 cards, different for every URL (about 6 kB of JSON, 1.5 kB gzipped). */
function page(n: number) {
  return Array.from({ length: 24 }, (_, card) => ({
    id: n * 100 + card,
    slug: `neon-koi-pond-${n}-${card}`,
    title: `Neon koi pond ${n}·${card}`,
    tags: ['ai art', 'poster', `tag-${(n + card) % 97}`],
    cover: { url: `/media/${n}-${card}.webp`, width: 800, height: 600, thumbhash: 'YJqGPQw7sFlslqhFafSE+Q6oJ1h2iHB2Rw' },
    likes: (n * 7 + card) % 1000,
  }));
}

describe('read cache of whole answers, in real memory', () => {
  const cleanups: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0)) await cleanup();
  });

  async function appWithCache(cache: TReadCache) {
    const app = Fastify({ logger: false });
    registerPublicCache(app, cache);
    app.get('/api/pages/:n', { config: cachedForEveryone((_answer: unknown, request: { params: { n: string } }) => [`page:${request.params.n}`, 'list:all']) }, async (request) =>
      page(Number((request.params as { n: string }).n)),
    );
    await app.ready();
    cleanups.push(async () => {
      await app.close();
      await cache.close();
    });
    return app;
  }

  it('holds about its budget, not several times it, after answers to thousands of distinct URLs', async () => {
    const maxBytes = 4 * 1024 * 1024;
    const cache = createReadCache({ maxBytes });
    const app = await appWithCache(cache);
    const get = (n: number) => app.inject({ method: 'GET', url: `/api/pages/${n}`, headers: { 'accept-encoding': 'gzip' } });
    // The code paths warmed up before the baseline.
    for (let n = 0; n < 20; n += 1) await get(1_000_000 + n);
    cache.invalidateAll();
    const before = await memoryInUse();

    let answered = 0;
    for (let n = 0; n < 3000; n += 1) if ((await get(n)).statusCode === 200) answered += 1;
    expect(answered).toBe(3000);
    const held = (await memoryInUse()) - before;
    const { bytes, entries } = cache.bookkeeping();

    expect(bytes).toBeLessThanOrEqual(maxBytes);
    // Evicting: 3,000 answers of ~8 kB do not fit in 4 MB.
    expect(entries).toBeGreaterThan(100);
    expect(entries).toBeLessThan(3000);
    expect(held, `${entries} entries counted as ${bytes} bytes hold ${held} bytes`).toBeLessThan(maxBytes * 1.5);
  });
});
