// `npm run lighthouse`'s numbers: one row per route from a Lighthouse result, the thresholds a
// route must meet, the plain table on stdout and the JSON written beside the bench's results.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** What a route must reach on Lighthouse's mobile run with simulated throttling. */
export const LIGHTHOUSE_THRESHOLDS = { minPerformance: 95, maxLcpMs: 1500, maxTbtMs: 150 } as const;

/** The parts of a Lighthouse result (LHR) this report reads. */
export interface TLighthouseResult {
  finalDisplayedUrl: string;
  categories: { performance?: { score: number | null } };
  audits: Record<string, { numericValue?: number } | undefined>;
  runtimeError?: { code: string; message: string };
  /** Lighthouse's CPU benchmark of the machine; its 4× slowdown is meant for a fast desktop (1300 and up). */
  environment?: { benchmarkIndex?: number };
}

export interface TLighthouseRow {
  route: string;
  url: string;
  /** 0–100, as Lighthouse shows it. */
  performance: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  fcpMs: number;
  /** The machine's CPU benchmark during the run (a loaded or slow machine scores low and inflates TBT). */
  benchmarkIndex: number | null;
  /** TBT counted from the page's own CPU time per task (cpuBlockingMs), or null without a trace. */
  cpuTbtMs: number | null;
  /** What the row misses (empty: within every threshold). */
  misses: string[];
}

function metric(result: TLighthouseResult, audit: string): number {
  const value = result.audits[audit]?.numericValue;
  if (value === undefined) throw new Error(`Lighthouse measured no ${audit} on ${result.finalDisplayedUrl}`);
  return value;
}

export function lighthouseMisses(row: Pick<TLighthouseRow, 'performance' | 'lcpMs' | 'tbtMs'>): string[] {
  const misses: string[] = [];
  if (row.performance < LIGHTHOUSE_THRESHOLDS.minPerformance) misses.push('performance');
  if (row.lcpMs > LIGHTHOUSE_THRESHOLDS.maxLcpMs) misses.push('LCP');
  if (row.tbtMs > LIGHTHOUSE_THRESHOLDS.maxTbtMs) misses.push('TBT');
  return misses;
}

/** The trace events this report reads (Chromium's trace event format). */
export interface TTraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  /** The thread's own CPU time in the event, µs: what the host's other load does not add to. */
  tdur?: number;
}

/** Lighthouse's TBT: each task's time beyond 50 ms, the task's time being Lighthouse's 4× CPU slowdown of what was observed. */
const BLOCKING_FROM_MS = 50;
const CPU_SLOWDOWN = 4;

/**
 * Total blocking time as Lighthouse counts it (every main-thread task after the first
 * contentful paint: 4 × its time − 50 ms, when above 0), but from each task's own CPU time
 * instead of its wall time. On a shared 2-core machine the page's thread waits for a core in
 * the middle of its tasks (a trace shows tasks of 90 ms wall with 30 ms of CPU), and Lighthouse
 * multiplies that wait by 4 as well: from one session's host to the next its TBT moved three- to
 * fivefold for the same build. This figure moves far less, so it is the one to compare builds by;
 * the verdict stays Lighthouse's own. Null when the trace has no first contentful paint.
 */
export function cpuBlockingMs(events: readonly TTraceEvent[]): number | null {
  const paint = events.find((event) => event.name === 'firstContentfulPaint');
  if (!paint) return null;
  let blocking = 0;
  for (const event of events) {
    if (event.name !== 'RunTask' || event.ph !== 'X' || event.pid !== paint.pid || event.tid !== paint.tid || event.ts < paint.ts) continue;
    const cpuMs = (event.tdur ?? event.dur ?? 0) / 1000;
    blocking += Math.max(0, CPU_SLOWDOWN * cpuMs - BLOCKING_FROM_MS);
  }
  return blocking;
}

/** One table row from a Lighthouse result (and its trace); a performance score Lighthouse could not compute counts as 0. */
export function lighthouseRow(route: string, result: TLighthouseResult, trace: readonly TTraceEvent[] = []): TLighthouseRow {
  if (result.runtimeError) throw new Error(`Lighthouse could not measure ${route}: ${result.runtimeError.code} ${result.runtimeError.message}`);
  const performance = Math.round((result.categories.performance?.score ?? 0) * 100);
  const measured = {
    route,
    url: result.finalDisplayedUrl,
    performance,
    lcpMs: metric(result, 'largest-contentful-paint'),
    tbtMs: metric(result, 'total-blocking-time'),
    cls: metric(result, 'cumulative-layout-shift'),
    fcpMs: metric(result, 'first-contentful-paint'),
    benchmarkIndex: result.environment?.benchmarkIndex ?? null,
    cpuTbtMs: cpuBlockingMs(trace),
  };
  return { ...measured, misses: lighthouseMisses(measured) };
}

/** Of several runs of one route, the one with the median performance score (Lighthouse's advice for noisy machines). */
export function medianRow(rows: readonly TLighthouseRow[]): TLighthouseRow {
  if (rows.length === 0) throw new Error('No Lighthouse runs to choose from');
  const sorted = [...rows].sort((a, b) => a.performance - b.performance);
  return sorted[Math.floor((sorted.length - 1) / 2)]!;
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

export function formatLighthouseTable(rows: readonly TLighthouseRow[]): string {
  const header = ['route', 'performance', 'LCP', 'TBT', 'TBT by CPU time', 'CLS', 'FCP', 'CPU index', 'verdict'];
  const body = rows.map((row) => [
    row.route,
    String(row.performance),
    seconds(row.lcpMs),
    `${Math.round(row.tbtMs)} ms`,
    row.cpuTbtMs === null ? '—' : `${Math.round(row.cpuTbtMs)} ms`,
    row.cls.toFixed(3),
    seconds(row.fcpMs),
    row.benchmarkIndex === null ? '—' : String(Math.round(row.benchmarkIndex)),
    row.misses.length === 0 ? '✓' : `✗ ${row.misses.join(', ')}`,
  ]);
  const widths = header.map((title, column) => Math.max(title.length, ...body.map((cells) => cells[column]!.length)));
  const line = (cells: string[]) => `| ${cells.map((cell, column) => cell.padEnd(widths[column]!)).join(' | ')} |`;
  const legend = `thresholds: performance ≥ ${LIGHTHOUSE_THRESHOLDS.minPerformance}, LCP ≤ ${seconds(LIGHTHOUSE_THRESHOLDS.maxLcpMs)}, TBT ≤ ${LIGHTHOUSE_THRESHOLDS.maxTbtMs} ms (Lighthouse mobile, simulated throttling); TBT by CPU time: the same sum over the page's tasks after the first paint, from each task's own CPU time rather than its wall time (a busy host stretches the wall time, and Lighthouse multiplies that by 4 too): for comparing builds, not the verdict; CPU index: Lighthouse's benchmark of the machine (its 4× slowdown is meant for 1300 or more; a lower index inflates TBT)`;
  return [line(header), line(widths.map((width) => '-'.repeat(width))), ...body.map(line), '', legend].join('\n');
}

/** Writes the rows as bench/results/lighthouse-<time>.json (kept local, as the bench's timestamped runs are) and returns the path. */
export function writeLighthouseResult(directory: string, result: { startedAt: string; lighthouseVersion: string; runsPerRoute: number; rows: TLighthouseRow[] }): string {
  mkdirSync(directory, { recursive: true });
  const path = join(directory, `lighthouse-${result.startedAt.replace(/[:.]/g, '-')}.json`);
  writeFileSync(path, `${JSON.stringify(result, null, 2)}\n`);
  return path;
}
