// The bench's output: one plain table on stdout and the same numbers as JSON.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { formatRouteSizes, type TRouteSize } from './client-size';
import type { TMeasurement, TRoundLength } from './measure';
import type { TBudget, TScenarioInputs } from './scenarios';
import { formatUploadRows, uploadBudgetMisses, type TUploadRow } from './upload-bench';

/** A round's cacheable GETs: answered whole from the read cache, by the handler, by the handler for a member (never cached). */
export interface TCacheShare {
  hits: number;
  misses: number;
  bypassed: number;
  /** hits ÷ all three; null when the round made no cacheable request. */
  hitRate: number | null;
}

export interface TScenarioRow extends TMeasurement {
  name: string;
  title: string;
  /** 'one URL': the same few URLs repeated (the read cache's path); 'traffic': URLs drawn from the dataset. */
  path?: 'one URL' | 'traffic';
  /** null: the server did not say (an older server without /healthz/read-cache). */
  cache?: TCacheShare | null;
  budget: TBudget | null;
  /** req/s ÷ the ceiling's req/s. */
  shareOfCeiling: number;
  /** null when the row has no budget; else what missed it (empty: within budget). */
  budgetMisses: string[] | null;
}

export interface TBenchResult {
  smoke: boolean;
  engine: string;
  startedAt: string;
  finishedAt: string;
  git: { commit: string | null; dirty: boolean | null };
  machine: { cpus: number; cpuModel: string; totalMemoryMb: number; node: string; platform: string; loadAverageAtStart: number[] };
  settings: { round: TRoundLength; warmup: TRoundLength; connections: number; requestLogging: string; /** App processes (WEB_CONCURRENCY); absent in results older than the setting: one. */ processes?: number };
  dataset: Record<string, number>;
  inputs: Omit<TScenarioInputs, 'sessions' | 'traffic'> & { signedInMembers: number; traffic?: Record<string, number> };
  /**
   * The bare Fastify hello world, measured before and after the scenarios; the ceiling is their
   * mean. With several app processes (settings.processes) it is also measured as that many
   * processes (asServer), and the ceiling is the higher of the two means.
   */
  ceiling: { reqPerSec: number; first: TMeasurement; last: TMeasurement; asServer?: { processes: number; first: TMeasurement; last: TMeasurement } };
  scenarios: TScenarioRow[];
  upload: { rows: TUploadRow[] } | { skipped: string } | { failed: string };
  clientRoutes: { rows: TRouteSize[] } | { skipped: string };
}

export const BUDGET_LEGEND =
  'budgets, one URL: list & detail ≥ 50% of the ceiling, p99 ≤ 25 ms, 0 errors; search the same with p99 ≤ 30 ms. Traffic (p99 ≤ 25 ms, 0 errors): gallery ≥ 25%, ' +
  'project pages ≥ 20%, search ≥ 25%, members with writes ≥ 15%. — = shown without a budget. cache hits: cacheable GETs answered whole from the read cache. Latencies in whole ms (autocannon).';

export function budgetMisses(budget: TBudget | null, measured: TMeasurement, shareOfCeiling: number): string[] | null {
  if (!budget) return null;
  const misses: string[] = [];
  if (shareOfCeiling < budget.minShareOfCeiling) misses.push('share');
  if (measured.p99Ms > budget.maxP99Ms) misses.push('p99');
  if (measured.errors > 0) misses.push('errors');
  return misses;
}

const useColour = Boolean(process.stdout.isTTY) && !process.env.NO_COLOR;
const paint = (code: number, text: string) => (useColour ? `\u001b[${code}m${text}\u001b[0m` : text);

const integer = (value: number) => Math.round(value).toLocaleString('en-US');
// autocannon records latencies in whole milliseconds: a response under 1 ms counts as 0.
const milliseconds = (value: number) => (value < 1 ? '<1 ms' : `${Math.round(value)} ms`);
const megabytesPerSecond = (bytes: number) => `${(bytes / 1_000_000).toFixed(1)} MB/s`;
const percent = (share: number) => `${Math.round(share * 100)}%`;

function verdict(row: TScenarioRow): string {
  if (row.budgetMisses === null) return '—';
  return row.budgetMisses.length === 0 ? paint(32, '✓') : paint(31, `✗ ${row.budgetMisses.join(', ')}`);
}

/** Columns padded to their widest cell; colour codes (TTY only) do not count towards the width. */
function alignColumns(rows: string[][], rightAligned: Set<number>): string {
  // eslint-disable-next-line no-control-regex -- removing our own colour codes to measure the visible text
  const visible = (cell: string) => cell.replace(/\u001b\[\d+m/g, '').length;
  const widths = rows[0]!.map((_, column) => Math.max(...rows.map((row) => visible(row[column] ?? ''))));
  return rows
    .map((row) =>
      row
        .map((cell, column) => {
          const padding = ' '.repeat(widths[column]! - visible(cell));
          return rightAligned.has(column) ? padding + cell : cell + padding;
        })
        .join('  ')
        .trimEnd(),
    )
    .join('\n');
}

export function formatTable(result: TBenchResult): string {
  const header = ['scenario', 'req/s', 'p50', 'p99', 'errors', 'throughput', 'cache hits', 'of ceiling', 'budget'];
  const ceilingRow = (label: string, measured: TMeasurement) => [
    label,
    integer(measured.reqPerSec),
    milliseconds(measured.p50Ms),
    milliseconds(measured.p99Ms),
    integer(measured.errors),
    megabytesPerSecond(measured.throughputBytesPerSec),
    '',
    result.ceiling.reqPerSec > 0 ? percent(measured.reqPerSec / result.ceiling.reqPerSec) : '—',
    '',
  ];
  const scenarioRow = (row: TScenarioRow) => [
    `${row.path === 'traffic' ? '  ' : ''}${row.title}`,
    integer(row.reqPerSec),
    milliseconds(row.p50Ms),
    milliseconds(row.p99Ms),
    integer(row.errors),
    megabytesPerSecond(row.throughputBytesPerSec),
    row.cache?.hitRate == null ? '—' : percent(row.cache.hitRate),
    percent(row.shareOfCeiling),
    verdict(row),
  ];
  const oneUrl = result.scenarios.filter((row) => row.path !== 'traffic');
  const traffic = result.scenarios.filter((row) => row.path === 'traffic');
  const section = (title: string) => [title, '', '', '', '', '', '', '', ''];
  const asServer = result.ceiling.asServer;
  const rows = [
    header,
    ceilingRow('ceiling: hello world (first)', result.ceiling.first),
    ...(asServer ? [ceilingRow(`ceiling: hello world, ${asServer.processes} processes (first)`, asServer.first)] : []),
    ...(oneUrl.length > 0 ? [section('one URL repeated (the read cache):'), ...oneUrl.map(scenarioRow)] : []),
    ...(traffic.length > 0 ? [section('traffic (URLs drawn from the dataset, many visitors and members):'), ...traffic.map(scenarioRow)] : []),
    ceilingRow('ceiling: hello world (last)', result.ceiling.last),
    ...(asServer ? [ceilingRow(`ceiling: hello world, ${asServer.processes} processes (last)`, asServer.last)] : []),
  ];
  return alignColumns(rows, new Set([1, 2, 3, 4, 5, 6, 7]));
}

function formatUpload(upload: TBenchResult['upload']): string {
  if ('skipped' in upload) return `Upload bench skipped: ${upload.skipped}`;
  if ('failed' in upload) return `Upload bench failed: ${upload.failed}`;
  const misses = uploadBudgetMisses(upload.rows);
  return [formatUploadRows(upload.rows), misses.length === 0 ? 'uploads within budget' : `over budget: ${misses.join('; ')}`].join('\n');
}

function formatClientRoutes(clientRoutes: TBenchResult['clientRoutes']): string {
  if ('skipped' in clientRoutes) return `Client route sizes skipped: ${clientRoutes.skipped}`;
  return `Client JavaScript per route (gzip):\n${formatRouteSizes(clientRoutes.rows)}`;
}

/**
 * The ceiling every share is read against: hello world's mean of its first and last rounds, and
 * with several app processes the higher of that and the same run as that many processes.
 */
export function ceilingOf(ceiling: Omit<TBenchResult['ceiling'], 'reqPerSec'>): number {
  const mean = (first: TMeasurement, last: TMeasurement) => (first.reqPerSec + last.reqPerSec) / 2;
  const single = mean(ceiling.first, ceiling.last);
  return ceiling.asServer ? Math.max(single, mean(ceiling.asServer.first, ceiling.asServer.last)) : single;
}

function ceilingLine(ceiling: TBenchResult['ceiling']): string {
  const single = `Ceiling (bare Fastify hello world, mean of first and last): ${integer((ceiling.first.reqPerSec + ceiling.last.reqPerSec) / 2)} req/s`;
  if (!ceiling.asServer) return `${single}.`;
  const asServer = (ceiling.asServer.first.reqPerSec + ceiling.asServer.last.reqPerSec) / 2;
  return `${single} as one process, ${integer(asServer)} req/s as ${ceiling.asServer.processes}; the higher, ${integer(ceiling.reqPerSec)} req/s, is the ceiling.`;
}

/** '5 s warm-up + 20 s per scenario', or a smoke run's 'a warm-up of 50 requests + 200 requests per scenario'. */
function roundsLabel({ warmup, round }: TBenchResult['settings']): string {
  const warmupLabel = 'seconds' in warmup ? `${warmup.seconds} s warm-up` : `a warm-up of ${integer(warmup.requests)} requests`;
  return `${warmupLabel} + ${'seconds' in round ? `${round.seconds} s` : `${integer(round.requests)} requests`} per scenario`;
}

export function formatReport(result: TBenchResult): string {
  const { settings, dataset } = result;
  const counts = Object.entries(dataset)
    .map(([name, count]) => `${integer(count)} ${name.replace(/[A-Z]/g, (letter) => ` ${letter.toLowerCase()}`)}`)
    .join(', ');
  return [
    `${result.smoke ? 'Smoke run' : 'Bench'} on ${result.engine} (${counts}); ${settings.connections} connections, ${roundsLabel(settings)}; request logging ${settings.requestLogging}.`,
    `Server: ${settings.processes && settings.processes > 1 ? `${settings.processes} app processes (WEB_CONCURRENCY)` : 'one app process'}. ${ceilingLine(result.ceiling)}`,
    '',
    formatTable(result),
    BUDGET_LEGEND,
    '',
    formatUpload(result.upload),
    '',
    formatClientRoutes(result.clientRoutes),
  ].join('\n');
}

/** `<engine>-<timestamp>.json` and `latest-<engine>.json` in the folder; answers the timestamped path. */
export function writeResult(result: TBenchResult, folder: string): string {
  mkdirSync(folder, { recursive: true });
  // No colons in file names: they are not portable to every checkout.
  const stamp = result.startedAt.replace(/\.\d+Z$/, 'Z').replace(/:/g, '-');
  const json = `${JSON.stringify(result, null, 2)}\n`;
  const file = join(folder, `${result.engine}-${stamp}.json`);
  writeFileSync(file, json);
  writeFileSync(join(folder, `latest-${result.engine}.json`), json);
  return file;
}
