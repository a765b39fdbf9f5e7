// `npm run lighthouse`: Lighthouse's mobile run (default config: simulated throttling) on the main
// routes of the production server, over a throwaway data folder seeded with the demo data, in
// Debian's Chromium. Prints route, performance, LCP, TBT, CLS and FCP, writes the numbers to
// bench/results/lighthouse-<time>.json, and exits 1 when a route misses a threshold
// (bench/lighthouse-report.ts). Too slow for CI's test run: run it by hand.
//   --base-url http://host:port   measure a server already running (with data) instead
//   --runs N                      N runs a route, the median one reported (default 1)
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { formatLighthouseTable, lighthouseRow, medianRow, writeLighthouseResult, type TLighthouseResult, type TLighthouseRow, type TTraceEvent } from '../bench/lighthouse-report';
import { ROOT, SERVER_START, spawnAndWait, type TChild } from '../bench/processes';
import { ALLOCATOR_ENV } from '../server/ops/memory-allocator';
import { freePort } from '../server/test/free-port';

const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const CHROME_FLAGS = ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-dev-shm-usage'];
const SERVER_START_TIMEOUT_MS = 240_000;

const { values: args } = parseArgs({ options: { 'base-url': { type: 'string' }, runs: { type: 'string', default: '1' } } });
const RUNS = Number(args.runs);
if (!Number.isInteger(RUNS) || RUNS < 1) throw new Error(`--runs must be a whole number of at least 1, not ${args.runs}`);

const cleanups: (() => Promise<void> | void)[] = [];
async function cleanUp(): Promise<void> {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
}
process.once('SIGINT', () => void cleanUp().finally(() => process.exit(130)));

/** The demo data (`npm run seed:demo`) in a fresh SQLite folder, then the production server over it. */
async function startSeededServer(): Promise<TChild> {
  const dataDir = mkdtempSync(join(tmpdir(), 'lighthouse-data-'));
  cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
  const env = { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', REDIS_URL: '', S3_BUCKET: '', LOG_LEVEL: 'warn' };
  console.error('Seeding the demo data (about 1.5 minutes)…');
  execFileSync('npm', ['run', '--silent', 'seed:demo'], { cwd: ROOT, env, stdio: ['ignore', 'ignore', 'inherit'] });
  // The seed's progress line ends in a carriage return.
  process.stderr.write('\n');
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const server = await spawnAndWait({
    name: 'server',
    ...SERVER_START,
    env: { ...env, ...ALLOCATOR_ENV, NODE_ENV: 'production', HOST: '127.0.0.1', PORT: String(port), PUBLIC_URL: url },
    url,
    ready: [{ path: '/healthz' }],
    readyTimeoutMs: SERVER_START_TIMEOUT_MS,
    onSpawned: (child) => cleanups.push(() => child.stop()),
  });
  return server;
}

/** The routes to measure; a project and its creator are the most liked demo project's. */
async function routes(baseUrl: string): Promise<string[]> {
  const response = await fetch(`${baseUrl}/api/projects?sort=trending&limit=1`);
  if (!response.ok) throw new Error(`GET /api/projects answered ${response.status}`);
  const [project] = (await response.json()) as { slug: string; user: { id: number } }[];
  if (!project) throw new Error('The server has no projects: seed it (npm run seed:demo) or let this script start one.');
  return ['/', `/project/${project.slug}`, '/jobs', `/creator/${project.user.id}`];
}

// Chromium's trace sometimes comes back without its navigation start (NO_NAVSTART) on a run that
// otherwise went well: such a run is measured again rather than losing the whole table.
const ATTEMPTS_PER_RUN = 3;

async function measureOnce(port: number, baseUrl: string, path: string): Promise<TLighthouseRow> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      const runner = await lighthouse(`${baseUrl}${path}`, { port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] });
      if (!runner) throw new Error(`Lighthouse returned nothing for ${path}`);
      return lighthouseRow(path, runner.lhr as unknown as TLighthouseResult, runner.artifacts.Trace.traceEvents as unknown as TTraceEvent[]);
    } catch (error) {
      if (attempt >= ATTEMPTS_PER_RUN) throw error;
      console.error(`${error instanceof Error ? error.message : String(error)}; measuring again`);
    }
  }
}

async function measure(baseUrl: string, paths: string[]): Promise<TLighthouseRow[]> {
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM_PATH, chromeFlags: CHROME_FLAGS, logLevel: 'error' });
  cleanups.push(() => chrome.kill());
  const rows: TLighthouseRow[] = [];
  for (const path of paths) {
    const runs: TLighthouseRow[] = [];
    for (let run = 1; run <= RUNS; run += 1) {
      console.error(`Lighthouse: ${path}${RUNS > 1 ? ` (run ${run} of ${RUNS})` : ''}`);
      runs.push(await measureOnce(chrome.port, baseUrl, path));
    }
    rows.push(medianRow(runs));
  }
  return rows;
}

async function main(): Promise<number> {
  const startedAt = new Date().toISOString();
  const baseUrl = args['base-url'] ?? (await startSeededServer()).url;
  const rows = await measure(baseUrl, await routes(baseUrl));
  const { version } = JSON.parse(readFileSync(join(ROOT, 'node_modules/lighthouse/package.json'), 'utf8')) as { version: string };
  const path = writeLighthouseResult(join(ROOT, 'bench/results'), { startedAt, lighthouseVersion: version, runsPerRoute: RUNS, rows });
  console.log(formatLighthouseTable(rows));
  console.log(`\nWritten to ${path}`);
  return rows.some((row) => row.misses.length > 0) ? 1 : 0;
}

try {
  process.exitCode = await main();
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 2;
} finally {
  await cleanUp();
}
