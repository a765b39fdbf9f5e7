// The soak's arithmetic and its mix, without a server: figures from RSS samples, full
// collections from V8's trace, and requests spread over many distinct URLs and kinds.
import { describe, expect, it } from 'vitest';
import { seededRandom } from '../server/lib/seeded-random';
import { heapTrend, nextMixRequest, parseFullCollections, summarizeSoak, type TRssSample, type TSoakInputs } from './soak';

const sample = (atSeconds: number, rssMb: number): TRssSample => ({ atSeconds, rssMb, anonMb: rssMb - 60, fileMb: 60 });

describe('soak figures', () => {
  it('takes the level after the warm-up and at the end as medians over the window, with the max and the slope', () => {
    // Flat at 200 MB with a collector's sawtooth of ±30 MB: no growth.
    const flat = Array.from({ length: 121 }, (_, n) => sample(n * 5, n * 5 < 60 ? 150 + n : 200 + [0, 30, -30][n % 3]!));
    const summary = summarizeSoak(flat, 60, 60);
    expect(summary).toMatchObject({ warmupSeconds: 60, windowSeconds: 60, warmupRssMb: 200, endRssMb: 200, growthMb: 0, maxRssMb: 230, samples: 121 });
    expect(Math.abs(summary.slopeMbPerMin)).toBeLessThan(1);

    // 10 MB a minute after the warm-up: a leak.
    const leaking = Array.from({ length: 121 }, (_, n) => sample(n * 5, 200 + (n * 5) / 6));
    const leak = summarizeSoak(leaking, 60, 30);
    expect(leak.slopeMbPerMin).toBeCloseTo(10, 5);
    expect(leak.growthMb).toBeGreaterThan(80);
    expect(leak.endRssMb).toBeGreaterThan(leak.warmupRssMb);
  });

  it('refuses a run with no sample after the warm-up', () => {
    expect(() => summarizeSoak([sample(0, 100), sample(5, 110)], 60, 10)).toThrow('no RSS sample after the 60 s warm-up');
  });

  it('reads the live heap after each full collection from --trace-gc output, and skips the scavenges', () => {
    const output = [
      '[11344:0x20f08ed0]      445 ms: Mark-Compact 58.0 (87.0) -> 42.8 (75.9) MB, 139.12 / 0.00 ms  (average mu = 1.000) finalize incremental marking',
      '{"level":40,"msg":"something else"}',
      '[11344:0x20f08ed0]     1201 ms: Scavenge 50.1 (80.0) -> 44.0 (81.0) MB, 2.1 / 0.0 ms',
      '[11344:0x20f08ed0]    20117 ms: Mark-Compact (reduce) 61.5 (90.2) -> 51.3 (70.1) MB, 80.0 / 0.00 ms',
      '[11344:0x20f08ed0]    30117 ms: Mark-Compact 71.5 (90.2) -> 52.25 (88.1) MB, 80.0 / 0.00 ms',
    ].join('\n');
    expect(parseFullCollections(output)).toEqual([
      { atMs: 445, beforeMb: 58, liveMb: 42.8 },
      { atMs: 30117, beforeMb: 71.5, liveMb: 52.25 },
    ]);
  });
});

describe('heapTrend', () => {
  const gc = (atSeconds: number, liveMb: number) => ({ atMs: atSeconds * 1000, beforeMb: liveMb * 1.5, liveMb });

  it('reads the level at the start and at the end of the collections from a time on, as medians over the window, and their slope', () => {
    const collections = [gc(5, 90), gc(21, 40), gc(25, 44), gc(29, 41), gc(50, 42), gc(72, 50), gc(76, 48), gc(80, 52)];
    const trend = heapTrend(collections, 20_000, 10_000);
    expect(trend).toMatchObject({ collections: 7, startMb: 41, endMb: 50, growthMb: 9 });
    expect(trend.slopeMbPerMin).toBeGreaterThan(8);
  });

  it('finds no growth in a flat heap, and nothing at all before the first collection', () => {
    const flat = Array.from({ length: 12 }, (_, n) => gc(20 + n * 5, 40 + [0, 1, -1][n % 3]!));
    expect(heapTrend(flat, 20_000, 10_000)).toMatchObject({ growthMb: 0 });
    expect(Math.abs(heapTrend(flat, 20_000, 10_000).slopeMbPerMin)).toBeLessThan(1);
    expect(heapTrend(flat, 100_000, 10_000)).toEqual({ collections: 0, startMb: 0, endMb: 0, growthMb: 0, slopeMbPerMin: 0 });
  });
});

describe('soak mix', () => {
  const inputs: TSoakInputs = {
    projects: Array.from({ length: 500 }, (_, n) => ({ id: n + 1, slug: `project-${n + 1}`, creatorId: (n % 40) + 1 })),
    creatorIds: Array.from({ length: 40 }, (_, n) => n + 1),
    tags: Array.from({ length: 60 }, (_, n) => `tag ${n}`),
    categories: ['Illustration', 'Animation'],
    words: Array.from({ length: 80 }, (_, n) => `word${n}`),
    cursors: [{ sort: 'recent', cursor: 'abc' }],
    members: Array.from({ length: 10 }, (_, n) => ({ id: n + 1, cookie: `sid=member-${n + 1}` })),
  };

  it('spreads reads over many distinct URLs and mixes in writes by members, each from the site', () => {
    const random = seededRandom(3);
    const requests = Array.from({ length: 5000 }, () => nextMixRequest(inputs, random, 'http://127.0.0.1:1'));
    expect(new Set(requests.map((request) => request.path)).size).toBeGreaterThan(1000);
    expect(new Set(requests.map((request) => request.kind))).toEqual(
      new Set(['gallery', 'filtered', 'deep-page', 'project', 'similar', 'search', 'profile', 'html', 'jobs', 'member-read', 'view', 'like', 'follow']),
    );
    for (const request of requests) {
      if (request.method === 'POST') {
        expect(request.headers).toMatchObject({ origin: 'http://127.0.0.1:1', cookie: expect.stringMatching(/^sid=/) as unknown });
      }
      // Every request names its client address, as a trusted proxy would.
      expect(request.headers['x-forwarded-for']).toMatch(/^10\.\d+\.\d+\.\d+$/);
    }
    // Anonymous visitors come from many addresses: each is a new viewer to count.
    const visitors = new Set(requests.filter((request) => !request.headers.cookie).map((request) => request.headers['x-forwarded-for']));
    expect(visitors.size).toBeGreaterThan(1000);
    // Nobody follows themselves.
    for (const request of requests.filter((request) => request.kind === 'follow')) {
      const member = inputs.members.find((candidate) => candidate.cookie === request.headers.cookie)!;
      expect(request.path).not.toBe(`/api/users/${member.id}/follow`);
    }
  });
});
