import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { cpuBlockingMs, formatLighthouseTable, lighthouseMisses, lighthouseRow, medianRow, writeLighthouseResult, type TLighthouseResult, type TTraceEvent } from './lighthouse-report';

function result(score: number | null, metrics: { lcp: number; tbt: number; cls: number; fcp: number }): TLighthouseResult {
  return {
    finalDisplayedUrl: 'http://127.0.0.1:4000/jobs',
    categories: { performance: { score } },
    audits: {
      'largest-contentful-paint': { numericValue: metrics.lcp },
      'total-blocking-time': { numericValue: metrics.tbt },
      'cumulative-layout-shift': { numericValue: metrics.cls },
      'first-contentful-paint': { numericValue: metrics.fcp },
    },
    environment: { benchmarkIndex: 1523.4 },
  };
}

describe('lighthouseMisses', () => {
  it('passes a route exactly on every threshold', () => {
    expect(lighthouseMisses({ performance: 95, lcpMs: 1500, tbtMs: 150 })).toEqual([]);
  });

  it('names each threshold a route misses', () => {
    expect(lighthouseMisses({ performance: 94, lcpMs: 1501, tbtMs: 151 })).toEqual(['performance', 'LCP', 'TBT']);
  });
});

describe('lighthouseRow', () => {
  it('reads the score as Lighthouse shows it (0–100) and the metrics in ms', () => {
    const row = lighthouseRow('/jobs', result(0.987, { lcp: 1234.5, tbt: 20, cls: 0.004, fcp: 900 }));
    expect(row).toEqual({ route: '/jobs', url: 'http://127.0.0.1:4000/jobs', performance: 99, lcpMs: 1234.5, tbtMs: 20, cls: 0.004, fcpMs: 900, benchmarkIndex: 1523.4, cpuTbtMs: null, misses: [] });
  });

  it('counts a missing score as 0, a miss', () => {
    expect(lighthouseRow('/', result(null, { lcp: 1000, tbt: 0, cls: 0, fcp: 800 })).misses).toEqual(['performance']);
  });

  it('refuses a result Lighthouse could not measure', () => {
    const failed = { ...result(null, { lcp: 0, tbt: 0, cls: 0, fcp: 0 }), runtimeError: { code: 'NO_FCP', message: 'The page did not paint any content.' } };
    expect(() => lighthouseRow('/', failed)).toThrow('Lighthouse could not measure /: NO_FCP');
  });

  it('refuses a result without one of the metrics', () => {
    const partial = result(1, { lcp: 1000, tbt: 0, cls: 0, fcp: 800 });
    delete partial.audits['total-blocking-time'];
    expect(() => lighthouseRow('/', partial)).toThrow('no total-blocking-time');
  });
});

describe('cpuBlockingMs', () => {
  const MAIN = { pid: 1, tid: 7 };
  const task = (ts: number, durMs: number, cpuMs: number, thread = MAIN): TTraceEvent => ({ name: 'RunTask', ph: 'X', ...thread, ts, dur: durMs * 1000, tdur: cpuMs * 1000 });
  const paint: TTraceEvent = { name: 'firstContentfulPaint', ph: 'R', ...MAIN, ts: 1_000_000 };

  it('sums 4 × each task’s CPU time − 50 ms after the first paint, on the page’s main thread only', () => {
    const events = [
      task(500_000, 80, 80), // before the first paint
      paint,
      task(1_100_000, 90, 30), // waited 60 ms for a core: 4 × 30 − 50 = 70
      task(1_200_000, 20, 12), // 48: not blocking
      task(1_300_000, 40, 20), // 30
      task(1_400_000, 100, 100, { pid: 2, tid: 7 }), // another process
      { name: 'FunctionCall', ph: 'X', ...MAIN, ts: 1_100_100, dur: 80_000, tdur: 80_000 }, // inside a task, not one
    ];
    expect(cpuBlockingMs(events)).toBe(100);
    // Lighthouse's own sum from wall time would be 4 × 90 − 50 + 4 × 20 − 50 + 4 × 40 − 50 = 450.
  });

  it('is null for a trace without a first paint, and the row carries it', () => {
    expect(cpuBlockingMs([task(1, 100, 100)])).toBeNull();
    expect(lighthouseRow('/', result(1, { lcp: 1000, tbt: 0, cls: 0, fcp: 800 }), [paint, task(1_100_000, 30, 30)]).cpuTbtMs).toBe(70);
  });
});

describe('medianRow', () => {
  it('picks the run with the median performance score, the lower middle of an even count', () => {
    const run = (score: number) => lighthouseRow('/', result(score, { lcp: 1000, tbt: 0, cls: 0, fcp: 800 }));
    expect(medianRow([run(0.9), run(0.5), run(0.7)]).performance).toBe(70);
    expect(medianRow([run(0.9), run(0.5), run(0.7), run(0.6)]).performance).toBe(60);
    expect(medianRow([run(0.8)]).performance).toBe(80);
  });

  it('refuses to choose from no runs', () => {
    expect(() => medianRow([])).toThrow('No Lighthouse runs');
  });
});

describe('formatLighthouseTable', () => {
  it('prints one aligned row per route with its verdict, then the thresholds', () => {
    const rows = [
      lighthouseRow('/', result(0.99, { lcp: 1100, tbt: 40, cls: 0, fcp: 800 })),
      { ...lighthouseRow('/project/neon-koi-pond', result(0.9, { lcp: 2600, tbt: 180, cls: 0.012, fcp: 1500 })), cpuTbtMs: 120.4 },
    ];
    const lines = formatLighthouseTable(rows).split('\n');
    expect(lines[0]).toMatch(/^\| route +\| performance \| LCP +\| TBT +\| TBT by CPU time \| CLS +\| FCP +\| CPU index \| verdict +\|$/);
    expect(lines[2]).toMatch(/^\| \/ +\| 99 +\| 1\.10 s \| 40 ms +\| — +\| 0\.000 \| 0\.80 s \| 1523 +\| ✓ +\|$/);
    expect(lines[3]).toMatch(/^\| \/project\/neon-koi-pond \| 90 +\| 2\.60 s \| 180 ms \| 120 ms +\| 0\.012 \| 1\.50 s \| 1523 +\| ✗ performance, LCP, TBT \|$/);
    expect(new Set(lines.slice(0, 4).map((line) => line.length)).size).toBe(1);
    expect(lines.at(-1)).toMatch(/^thresholds: performance ≥ 95, LCP ≤ 1\.50 s, TBT ≤ 150 ms \(Lighthouse mobile, simulated throttling\); TBT by CPU time: .* not the verdict; CPU index: /);
  });
});

describe('writeLighthouseResult', () => {
  let directory = '';
  afterEach(() => rmSync(directory, { recursive: true, force: true }));

  it('writes the rows as lighthouse-<time>.json', () => {
    directory = mkdtempSync(join(tmpdir(), 'lighthouse-'));
    const rows = [lighthouseRow('/', result(1, { lcp: 1000, tbt: 0, cls: 0, fcp: 800 }))];
    const path = writeLighthouseResult(directory, { startedAt: '2026-11-26T16:00:00.000Z', lighthouseVersion: '12.8.2', runsPerRoute: 1, rows });
    expect(path).toBe(join(directory, 'lighthouse-2026-11-26T16-00-00-000Z.json'));
    expect(JSON.parse(readFileSync(path, 'utf8'))).toEqual({ startedAt: '2026-11-26T16:00:00.000Z', lighthouseVersion: '12.8.2', runsPerRoute: 1, rows });
  });
});
