import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { TMeasurement } from './measure';
import { budgetMisses, ceilingOf, formatReport, formatTable, writeResult, type TBenchResult } from './report';

function measurement(overrides: Partial<TMeasurement> = {}): TMeasurement {
  return { requests: 1000, reqPerSec: 500, p50Ms: 2, p99Ms: 10, errors: 0, timeouts: 0, non2xx: 0, statusCodes: { 200: 1000 }, throughputBytesPerSec: 1_000_000, durationSeconds: 2, ...overrides };
}

const LIST = { minShareOfCeiling: 0.5, maxP99Ms: 25 };

describe('budgetMisses', () => {
  it('passes a row within every budget', () => {
    expect(budgetMisses(LIST, measurement(), 0.6)).toEqual([]);
  });

  it('names each budget a row misses: share of the ceiling, p99 and errors', () => {
    expect(budgetMisses(LIST, measurement({ p99Ms: 26, errors: 3, non2xx: 3 }), 0.49)).toEqual(['share', 'p99', 'errors']);
  });

  it('has no verdict for a row without a budget', () => {
    expect(budgetMisses(null, measurement({ errors: 5 }), 0.1)).toBeNull();
  });
});

describe('ceilingOf', () => {
  const at = (reqPerSec: number) => measurement({ reqPerSec });

  it('is the mean of hello world before and after the scenarios', () => {
    expect(ceilingOf({ first: at(30_000), last: at(20_000) })).toBe(25_000);
  });

  it('with several app processes, is the higher of hello world as one process and as that many', () => {
    expect(ceilingOf({ first: at(30_000), last: at(20_000), asServer: { processes: 2, first: at(22_000), last: at(24_000) } })).toBe(25_000);
    expect(ceilingOf({ first: at(30_000), last: at(20_000), asServer: { processes: 2, first: at(40_000), last: at(30_000) } })).toBe(35_000);
  });
});

function result(): TBenchResult {
  const ceiling = measurement({ reqPerSec: 1000 });
  const row = (name: string, title: string, share: number, misses: string[] | null, path: 'one URL' | 'traffic' = 'one URL', hitRate: number | null = null) => ({
    ...measurement({ reqPerSec: share * 1000 }),
    name,
    title,
    path,
    cache: hitRate === null ? null : { hits: hitRate * 100, misses: 100 - hitRate * 100, bypassed: 0, hitRate },
    budget: misses === null ? null : LIST,
    shareOfCeiling: share,
    budgetMisses: misses,
  });
  return {
    smoke: false,
    engine: 'sqlite',
    startedAt: '2025-01-02T03:04:05.678Z',
    finishedAt: '2025-01-02T03:09:05.678Z',
    git: { commit: 'abc', dirty: false },
    machine: { cpus: 2, cpuModel: 'test', totalMemoryMb: 1024, node: 'v20', platform: 'linux x64', loadAverageAtStart: [0, 0, 0] },
    settings: { round: { seconds: 20 }, warmup: { seconds: 5 }, connections: 50, requestLogging: 'off' },
    dataset: { projects: 100_000 },
    inputs: { slugs: ['a'], deepPage: { number: 40, cursor: 'c' }, filter: { category: 'Art', tag: 'neon' }, searchTerm: 'neon', likeTargets: [], signedInMembers: 5 },
    ceiling: { reqPerSec: 1000, first: ceiling, last: ceiling },
    scenarios: [row('fast', 'GET /fast', 0.8, []), row('slow', 'GET /slow', 0.2, ['share']), row('page', 'GET / (HTML)', 0.3, null), row('drawn', 'visitors: drawn pages', 0.26, [], 'traffic', 0.4)],
    upload: { skipped: '--no-upload' },
    clientRoutes: { skipped: 'no build' },
  };
}

describe('formatTable', () => {
  it('prints one row per measurement, one-URL rows apart from traffic rows, ceiling first and last, with the hit rate, the share and the budget verdict', () => {
    const lines = formatTable(result()).split('\n');

    expect(lines).toHaveLength(9);
    expect(lines[1]).toMatch(/^ceiling: hello world \(first\)\s+1,000\s.*100%$/);
    expect(lines[2]).toMatch(/^one URL repeated/);
    expect(lines[3]).toMatch(/^GET \/fast\s+800\s.*—\s+80%\s+✓$/);
    expect(lines[4]).toMatch(/^GET \/slow\s+200\s.*20%\s+✗ share$/);
    expect(lines[5]).toMatch(/^GET \/ \(HTML\)\s+300\s.*30%\s+—$/);
    expect(lines[6]).toMatch(/^traffic /);
    expect(lines[7]).toMatch(/^ {2}visitors: drawn pages\s+260\s.*40%\s+26%\s+✓$/);
    expect(lines[8]).toMatch(/^ceiling: hello world \(last\)/);
  });

  it('with several app processes, shows hello world measured both ways and says which is the ceiling', () => {
    const base = result();
    const twoProcesses: TBenchResult = {
      ...base,
      settings: { ...base.settings, processes: 2 },
      ceiling: { ...base.ceiling, asServer: { processes: 2, first: measurement({ reqPerSec: 900 }), last: measurement({ reqPerSec: 700 }) } },
    };
    const lines = formatTable(twoProcesses).split('\n');
    expect(lines[2]).toMatch(/^ceiling: hello world, 2 processes \(first\)\s+900\s.*90%$/);
    expect(lines.at(-1)).toMatch(/^ceiling: hello world, 2 processes \(last\)\s+700\s/);
    expect(formatReport(twoProcesses)).toContain('Server: 2 app processes (WEB_CONCURRENCY). Ceiling (bare Fastify hello world, mean of first and last): 1,000 req/s as one process, 800 req/s as 2; the higher, 1,000 req/s, is the ceiling.');
    expect(formatReport(base)).toContain('Server: one app process. Ceiling (bare Fastify hello world, mean of first and last): 1,000 req/s.');
  });

  it('writes no colour codes when stdout is not a terminal', () => {
    // eslint-disable-next-line no-control-regex -- looking for escape codes
    expect(formatTable(result())).not.toMatch(/\u001b\[/);
  });
});

describe('writeResult', () => {
  const folders: string[] = [];
  afterEach(() => {
    for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
  });

  it('writes a timestamped file without colons and the latest file for the engine, with the same content', () => {
    const folder = mkdtempSync(join(tmpdir(), 'bench-report-'));
    folders.push(folder);

    const file = writeResult(result(), folder);

    expect(file).toBe(join(folder, 'sqlite-2025-01-02T03-04-05Z.json'));
    expect(readdirSync(folder).sort()).toEqual(['latest-sqlite.json', 'sqlite-2025-01-02T03-04-05Z.json']);
    expect(readFileSync(join(folder, 'latest-sqlite.json'), 'utf8')).toBe(readFileSync(file, 'utf8'));
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual(result());
  });
});
