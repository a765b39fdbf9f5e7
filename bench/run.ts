// `npm run bench`: starts the production server on the configured database (DATABASE_URL
// switches the engine) and a bare Fastify hello world as the ceiling, drives both with
// autocannon, prints one table and writes it as JSON. `--smoke` proves the harness works on a
// small throwaway dataset (CI): it fails when the harness breaks, never on speed. `--soak` runs
// the memory soak instead (bench/soak.ts): 10 minutes of mixed load while the server's RSS is
// sampled; it fails when the end is more than SOAK_MAX_GROWTH_MB above the figure after warm-up.
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { get as httpGet } from 'node:http';
import { cpus, loadavg, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig, processEnv } from '../server/config';
import { clientRouteSizes } from './client-size';
import { readDataset, seedSmokeDataset, SOAK_SIZE, type TDataset } from './dataset';
import { measure, type TMeasurement, type TRoundLength, warmThenMeasure, warmUp } from './measure';
import { readTrafficData } from './traffic';
import type { TPublicCacheCounts } from '../server/http/public-cache';
import { freePort } from '../server/test/free-port';
import { childPids, ROOT, SERVER_START, spawnAndWait, type TChild } from './processes';
import { budgetMisses, ceilingOf, formatReport, writeResult, type TBenchResult, type TCacheShare, type TScenarioRow } from './report';
import { BenchClient, buildScenarios, discoverInputs, probeScenario, SCENARIO_NAMES, type TScenario, type TScenarioName } from './scenarios';
import { runUploadBench } from './upload-bench';
import { ALLOCATOR_ENV } from '../server/ops/memory-allocator';
import { discoverSoakInputs, formatSoakSummary, runSoak, soakTrafficProblems } from './soak';

const USAGE = `Usage: npm run bench -- [options]
  --duration <s>       measured seconds per scenario (default 20; smoke: 200 requests)
  --warmup <s>         warm-up seconds before each, not recorded (default 5; smoke: 50 requests)
  --connections <n>    concurrent connections (default 50; smoke 10)
  --only <a,b>         only these scenarios: ${SCENARIO_NAMES.join(', ')}
  --min-projects <n>   refuse a dataset smaller than this (default 1000)
  --smoke              seed a small throwaway dataset and check that the harness works
  --upload/--no-upload run the upload bench after the scenarios (default) or skip it
  --results-dir <dir>  where the JSON goes (default bench/results; smoke: a temporary folder)
  --soak               the memory soak instead: mixed reads and writes over many URLs while the
                       server's RSS is sampled; fails if it ends more than 50 MB above its
                       level after the warm-up (first minute). Uses the configured database when
                       it has --min-projects projects, else seeds a throwaway one of 3,000
  --soak-minutes <n>   length of the soak (default 10; the warm-up is a fifth of it, at most 60 s)
The database is the one DATA_DIR / DATABASE_URL describe, as for npm start.`;

/** Members signed in for the traffic scenarios; the first few also drive the one-URL signed-in mix. */
const TRAFFIC_MEMBERS = 200;
/** The smoke run proves the members' scenarios work; each sign-in is a deliberate argon2 hash, so a few. */
const SMOKE_TRAFFIC_MEMBERS = 5;
const ONE_URL_MEMBERS = 5;
const FULL = { round: { seconds: 20 }, warmup: { seconds: 5 }, connections: 50 } as const;
/** The soak's load: fewer connections than the scenarios, since every request may be a miss or a write. */
const SOAK = { minutes: 10, connections: 20, maxWarmupSeconds: 60, sampleEverySeconds: 5, signInEverySeconds: 5, signedInMembers: 60 };
/** How far above its level after the warm-up the server may end the soak. */
export const SOAK_MAX_GROWTH_MB = 50;
// The smoke run proves every round works, not how fast: a round ends when it has its answers,
// however long they take, not after a time. Timed rounds of 1 s (with 0.3 s warm-ups) had to be
// that long for CI's loaded machine, where a round of 0.3 s once completed no request of
// PostgreSQL's server-rendered project page; they kept both cores busy for 26 s an engine.
const SMOKE = { round: { requests: 200 }, warmup: { requests: 50 }, connections: 10 } as const;
const SERVER_START_TIMEOUT_MS = 180_000; // start.ts may build the client first
const REQUEST_LOGGING = 'off (LOG_LEVEL=warn)';

interface TOptions {
  round: TRoundLength;
  warmup: TRoundLength;
  connections: number;
  only: TScenarioName[];
  minProjects: number;
  smoke: boolean;
  upload: boolean;
  resultsDir: string;
  /** Minutes of soak; null: the scenarios instead. */
  soakMinutes: number | null;
}

class UsageError extends Error {}

function numberOption(name: string, value: string | undefined, fallback: number, { integer = false, min = 0 } = {}): number {
  if (value === undefined) return fallback;
  const number = Number(value);
  if (value.trim() === '' || !Number.isFinite(number) || number < min || (integer && !Number.isInteger(number))) {
    throw new UsageError(`--${name} must be a ${integer ? 'whole ' : ''}number ≥ ${min}, got "${value}"`);
  }
  return number;
}

function parseOptions(argv: string[]): TOptions {
  const { values } = parseArgs({
    args: argv,
    options: {
      duration: { type: 'string' },
      warmup: { type: 'string' },
      connections: { type: 'string' },
      only: { type: 'string' },
      'min-projects': { type: 'string' },
      smoke: { type: 'boolean', default: false },
      upload: { type: 'boolean', default: false },
      'no-upload': { type: 'boolean', default: false },
      'results-dir': { type: 'string' },
      soak: { type: 'boolean', default: false },
      'soak-minutes': { type: 'string' },
      help: { type: 'boolean', default: false },
    },
  });
  if (values.help) {
    console.log(USAGE);
    process.exit(0);
  }
  const defaults = values.smoke ? SMOKE : FULL;
  const only = values.only ? values.only.split(',').map((name) => name.trim()) : [...SCENARIO_NAMES];
  const unknown = only.filter((name) => !(SCENARIO_NAMES as readonly string[]).includes(name));
  if (unknown.length > 0) throw new UsageError(`unknown scenario ${unknown.join(', ')}; known: ${SCENARIO_NAMES.join(', ')}`);
  return {
    round: values.duration === undefined ? defaults.round : { seconds: numberOption('duration', values.duration, 0, { min: 1 }) },
    warmup: values.warmup === undefined ? defaults.warmup : { seconds: numberOption('warmup', values.warmup, 0) },
    connections: numberOption('connections', values.connections, values.soak ? SOAK.connections : defaults.connections, { integer: true, min: 1 }),
    only: only as TScenarioName[],
    minProjects: numberOption('min-projects', values['min-projects'], 1000, { integer: true }),
    smoke: values.smoke,
    upload: !values['no-upload'],
    resultsDir: values['results-dir'] ?? (values.smoke ? join(tmpdir(), 'bench-smoke-results') : join(ROOT, 'bench/results')),
    soakMinutes: values.soak || values['soak-minutes'] !== undefined ? numberOption('soak-minutes', values['soak-minutes'], SOAK.minutes, { min: 0.25 }) : null,
  };
}

/** Undone in reverse order at the end, on an error and on Ctrl-C: no process or database is left behind. */
const cleanups: (() => Promise<void>)[] = [];
async function cleanUp(): Promise<void> {
  while (cleanups.length > 0) {
    await cleanups
      .pop()!()
      .catch((error: unknown) => console.error(`cleanup failed: ${error instanceof Error ? error.message : String(error)}`));
  }
}

/** Set on Ctrl-C / SIGTERM: the cleanup under way, after which the process exits with 130. */
let interruption: Promise<void> | null = null;

/** Between steps: an interrupted run goes no further (and writes no results). */
function stopIfInterrupted(): void {
  if (interruption) throw new Error('interrupted');
}

const benchStartedAt = Date.now();
/** Progress on stderr, with the seconds since the start (stdout carries only the report). */
const log = (line: string) => process.stderr.write(`[${((Date.now() - benchStartedAt) / 1000).toFixed(1).padStart(5)} s] ${line}\n`);

function gitState(): TBenchResult['git'] {
  const git = (...args: string[]) => execFileSync('git', args, { cwd: ROOT, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
  try {
    return { commit: git('rev-parse', 'HEAD'), dirty: git('status', '--porcelain').length > 0 };
  } catch {
    return { commit: null, dirty: null };
  }
}

/** The processes this run started, for their last output when the run fails. */
const children: TChild[] = [];
function track(child: TChild): void {
  children.push(child);
  cleanups.push(() => child.stop());
  log(`${child.name} pid ${child.pid} starting at ${child.url}`);
}

/**
 * The per-member write limits (server/http/member-limits.ts) out of the way: a few bench members
 * like and upload far faster than a person, and the bench measures serving, not refusing.
 */
const BENCH_MEMBER_LIMITS = { MEMBER_WRITES_PER_MINUTE: '100000', LIKES_FOLLOWS_PER_MINUTE: '100000', COMMENTS_PER_HOUR: '100000', UPLOAD_MB_PER_DAY: '1000000', UNATTACHED_UPLOADS_MAX: '100000', PROJECTS_PER_DAY: '100000' };

async function startServer(env: NodeJS.ProcessEnv): Promise<TChild> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  return spawnAndWait({
    name: 'server',
    ...SERVER_START,
    // TRUST_PROXY: behind a trusted proxy X-Forwarded-For names the client, so the traffic comes
    // from many visitors' addresses (views are counted per visitor, sign-in is throttled per address).
    env: { ...BENCH_MEMBER_LIMITS, ...env, ...ALLOCATOR_ENV, NODE_ENV: 'production', LOG_LEVEL: 'warn', HOST: '127.0.0.1', PORT: String(port), PUBLIC_URL: url, TRUST_PROXY: 'true' },
    url,
    // /readyz (database reachable) where the server has it; /healthz alone otherwise.
    ready: [{ path: '/healthz' }, { path: '/readyz', optional: true }],
    readyTimeoutMs: SERVER_START_TIMEOUT_MS,
    onSpawned: track,
  });
}

async function startHelloWorld(processes = 1): Promise<TChild> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  return spawnAndWait({ name: 'hello world', entry: 'bench/hello-world.ts', args: [String(port), String(processes)], env: process.env, url, ready: [{ path: '/' }], readyTimeoutMs: 30_000, onSpawned: track });
}

function machineInfo(): TBenchResult['machine'] {
  const cores = cpus();
  return {
    cpus: cores.length,
    cpuModel: cores[0]?.model ?? 'unknown',
    totalMemoryMb: Math.round(totalmem() / 1_048_576),
    node: process.version,
    platform: `${process.platform} ${process.arch}`,
    // Other work on the machine shows up here, and in a ceiling that differs between first and last.
    loadAverageAtStart: loadavg(),
  };
}

function scenarioRow(scenario: TScenario, measurement: TMeasurement, ceiling: number, cache: TCacheShare | null): TScenarioRow {
  const shareOfCeiling = ceiling > 0 ? measurement.reqPerSec / ceiling : 0;
  return {
    name: scenario.name,
    title: scenario.title,
    path: scenario.path,
    budget: scenario.budget,
    ...measurement,
    shareOfCeiling,
    cache,
    budgetMisses: budgetMisses(scenario.budget, measurement, shareOfCeiling),
  };
}

function processesLabel(processes: number): string {
  return processes > 1 ? `${processes} app processes (WEB_CONCURRENCY)` : 'one app process';
}

/** The app processes: the server itself, or the workers its supervisor started (WEB_CONCURRENCY). */
function serverPids(pid: number, processes: number): number[] {
  if (processes <= 1) return [pid];
  return childPids(pid);
}

/**
 * The server's count of cacheable GETs answered from its read cache, by the handler, or by the
 * handler for a member, added up over the server's `processes` app processes: each keeps its
 * own, and answers on a connection of its own (the supervisor hands connections out in turn), so
 * each figure is read on a new connection until every process has answered.
 */
async function cacheCounts(baseUrl: string, processes: number): Promise<TPublicCacheCounts | null> {
  const byProcess = new Map<number, TPublicCacheCounts>();
  for (let attempt = 0; attempt < processes * 10 && byProcess.size < processes; attempt++) {
    const figures = await readCacheFigures(baseUrl);
    if (!figures) return null;
    byProcess.set(figures.pid, figures);
  }
  if (byProcess.size < processes) return null;
  const sum = (key: keyof TPublicCacheCounts) => [...byProcess.values()].reduce((total, counts) => total + counts[key], 0);
  return { hits: sum('hits'), misses: sum('misses'), bypassed: sum('bypassed'), joined: sum('joined') };
}

function readCacheFigures(baseUrl: string): Promise<(TPublicCacheCounts & { pid: number }) | null> {
  return new Promise((resolve) => {
    // agent: false, a connection of its own, closed after the answer.
    const request = httpGet(`${baseUrl}/healthz/read-cache`, { agent: false }, (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (body += chunk));
      response.on('end', () => {
        try {
          resolve(response.statusCode === 200 ? (JSON.parse(body) as TPublicCacheCounts & { pid: number }) : null);
        } catch {
          resolve(null);
        }
      });
    });
    request.on('error', () => resolve(null));
  });
}

/** The round's answers to cacheable GETs, and the share of them the cache answered whole. */
function cacheShare(before: TPublicCacheCounts | null, after: TPublicCacheCounts | null): TCacheShare | null {
  if (!before || !after) return null;
  const hits = after.hits - before.hits;
  const misses = after.misses - before.misses;
  const bypassed = after.bypassed - before.bypassed;
  const cacheable = hits + misses + bypassed;
  return { hits, misses, bypassed, hitRate: cacheable > 0 ? hits / cacheable : null };
}

function clientRoutesSection(): TBenchResult['clientRoutes'] {
  try {
    return { rows: clientRouteSizes(join(ROOT, 'dist/web')) };
  } catch (error) {
    return { skipped: error instanceof Error ? error.message : String(error) };
  }
}

/** Why the run's numbers cannot be trusted (empty: they can). */
function brokenBecause(result: TBenchResult): string[] {
  const reasons: string[] = [];
  if (!(result.ceiling.reqPerSec > 0)) reasons.push('the hello-world ceiling measured 0 req/s');
  if ('failed' in result.upload) reasons.push(`upload bench: ${result.upload.failed}`);
  for (const row of result.scenarios) {
    if (row.requests === 0) reasons.push(`${row.name}: no requests completed`);
    if (row.errors > 0) reasons.push(`${row.name}: ${row.errors} errors (${JSON.stringify(row.statusCodes)}, ${row.timeouts} timeouts)`);
  }
  return reasons;
}

async function run(options: TOptions): Promise<number> {
  const startedAt = new Date();
  const env = processEnv();
  let serverEnv: NodeJS.ProcessEnv = env;
  if (options.smoke) {
    log(`Smoke run: seeding a small throwaway ${env.DATABASE_URL ? 'PostgreSQL' : 'SQLite'} dataset…`);
    serverEnv = { ...env, ...(await seedSmokeDataset(env, (cleanup) => cleanups.push(cleanup))) };
    log(`seeded into DATA_DIR=${serverEnv.DATA_DIR}${serverEnv.DATABASE_URL ? ` and ${new URL(serverEnv.DATABASE_URL).pathname.slice(1)}` : ''}`);
  }
  const dataset: TDataset = await readDataset(loadConfig(serverEnv), { members: options.smoke ? SMOKE_TRAFFIC_MEMBERS : TRAFFIC_MEMBERS });
  if (dataset.counts.projects < (options.smoke ? 1 : options.minProjects)) {
    console.error(
      `The ${dataset.engine} database has ${dataset.counts.projects} projects; the bench needs at least ${options.minProjects} to mean anything.\n` +
        'Run `npm run seed:scale` first (with the same DATA_DIR / DATABASE_URL), or pass --min-projects to bench a smaller dataset.',
    );
    return 1;
  }

  // WEB_CONCURRENCY (with REDIS_URL) as for npm start: the server runs that many app processes.
  const { processes } = loadConfig(serverEnv);
  log(`Starting the production server (NODE_ENV=production, ${processesLabel(processes)}, request logging ${REQUEST_LOGGING}) on ${dataset.engine}…`);
  const server = await startServer(serverEnv);
  const helloWorld = await startHelloWorld();
  const client = new BenchClient(server.url, server.url);
  log('reading scenario inputs through the API and signing in…');
  const traffic = await readTrafficData(loadConfig(serverEnv));
  const inputs = await discoverInputs(client, { connections: options.connections, accounts: dataset.accounts.slice(0, ONE_URL_MEMBERS), traffic, trafficAccounts: dataset.accounts });
  log(
    `traffic: ${traffic.projects.length.toLocaleString('en-US')} projects, ${traffic.terms.length} search terms, ${traffic.tags.length} tags, ` +
      `${inputs.traffic.laterPages.length} later pages, ${inputs.traffic.members.length} signed-in members`,
  );
  const allScenarios = buildScenarios(inputs, server.url);
  const scenarios = options.only.map((name) => allScenarios[name]);
  for (const scenario of scenarios) await probeScenario(client, scenario);

  const round = { connections: options.connections, length: options.round };
  // With several app processes, hello world is measured run the same way too, and the ceiling is
  // whichever is higher: on 2 cores the client's own core usually makes one process the faster.
  const helloWorlds = processes > 1 ? await startHelloWorld(processes) : null;
  const measureCeiling = (when: string, hello = helloWorld): Promise<TMeasurement> => {
    log(`ceiling (${when}): hello world${hello === helloWorld ? '' : `, ${processes} processes`}…`);
    return warmThenMeasure({ ...round, url: hello.url, requestsFor: () => [{ method: 'GET', path: '/' }] }, options.warmup);
  };
  stopIfInterrupted();
  const firstCeiling = await measureCeiling('first');
  const firstAsServer = helloWorlds ? await measureCeiling('first', helloWorlds) : null;
  const measured: { scenario: TScenario; measurement: TMeasurement; cache: TCacheShare | null }[] = [];
  for (const scenario of scenarios) {
    log(`${scenario.name}: ${scenario.title}…`);
    const scenarioRound = { ...round, url: server.url, requestsFor: scenario.requestsFor };
    await warmUp(scenarioRound, options.warmup);
    const before = await cacheCounts(server.url, processes);
    const measurement = await measure(scenarioRound);
    measured.push({ scenario, measurement, cache: cacheShare(before, await cacheCounts(server.url, processes)) });
    stopIfInterrupted();
  }
  const lastCeiling = await measureCeiling('last');
  const lastAsServer = helloWorlds ? await measureCeiling('last', helloWorlds) : null;
  stopIfInterrupted();
  const asServer = helloWorlds && firstAsServer && lastAsServer ? { processes, first: firstAsServer, last: lastAsServer } : undefined;
  const ceiling = ceilingOf({ first: firstCeiling, last: lastCeiling, asServer });

  let upload: TBenchResult['upload'] = { skipped: '--no-upload' };
  if (options.upload) {
    log('upload bench…');
    upload = await runUploadBench({ baseUrl: server.url, origin: server.url, cookie: inputs.sessions[0]!, serverPids: serverPids(server.pid, processes), log }).then(
      (rows) => ({ rows }),
      (error: unknown) => ({ failed: error instanceof Error ? error.message : String(error) }),
    );
  }

  const result: TBenchResult = {
    smoke: options.smoke,
    engine: dataset.engine,
    startedAt: startedAt.toISOString(),
    finishedAt: new Date().toISOString(),
    git: gitState(),
    machine: machineInfo(),
    settings: { round: options.round, warmup: options.warmup, connections: options.connections, requestLogging: REQUEST_LOGGING, processes },
    dataset: dataset.counts,
    inputs: {
      slugs: inputs.slugs,
      deepPage: inputs.deepPage,
      filter: inputs.filter,
      searchTerm: inputs.searchTerm,
      likeTargets: inputs.likeTargets,
      signedInMembers: inputs.sessions.length,
      traffic: { projects: inputs.traffic.projects.length, terms: inputs.traffic.terms.length, tags: inputs.traffic.tags.length, laterPages: inputs.traffic.laterPages.length, members: inputs.traffic.members.length },
    },
    ceiling: { reqPerSec: ceiling, first: firstCeiling, last: lastCeiling, ...(asServer ? { asServer } : {}) },
    scenarios: measured.map(({ scenario, measurement, cache }) => scenarioRow(scenario, measurement, ceiling, cache)),
    upload,
    clientRoutes: clientRoutesSection(),
  };
  stopIfInterrupted();
  console.log(formatReport(result));
  const file = writeResult(result, options.resultsDir);
  console.log(`\nResults: ${file}`);

  const broken = brokenBecause(result);
  if (broken.length > 0) {
    console.error(`\nThe run is not a valid measurement:\n  ${broken.join('\n  ')}`);
    return 1;
  }
  return 0;
}

/** `--soak`: the mixed load for the given minutes, RSS sampled; 1 when the server grew past the limit or the traffic was unhealthy. */
async function soak(options: TOptions, minutes: number): Promise<number> {
  const startedAt = new Date();
  const env = processEnv();
  let serverEnv: NodeJS.ProcessEnv = env;
  let dataset: TDataset = await readDataset(loadConfig(env), { members: SOAK.signedInMembers });
  if (dataset.counts.projects < options.minProjects) {
    log(`The configured ${dataset.engine} database has ${dataset.counts.projects} projects: seeding a throwaway one of ${SOAK_SIZE.projects.toLocaleString('en-US')}…`);
    serverEnv = { ...env, ...(await seedSmokeDataset(env, (cleanup) => cleanups.push(cleanup), SOAK_SIZE)) };
    dataset = await readDataset(loadConfig(serverEnv), { members: SOAK.signedInMembers });
  }
  const durationSeconds = Math.round(minutes * 60);
  const warmupSeconds = Math.min(SOAK.maxWarmupSeconds, Math.round(durationSeconds / 5));
  const sampleEverySeconds = durationSeconds >= 300 ? SOAK.sampleEverySeconds : 2;
  log(`Starting the production server on ${dataset.engine} (TRUST_PROXY=true: the load comes from many addresses)…`);
  // Behind a trusted proxy, X-Forwarded-For names the client: visitors from 50,000 addresses.
  // One app process whatever WEB_CONCURRENCY says: the soak watches a process's memory.
  // READ_CACHE_MB 64 unless set: the soak's many URLs fill the cache to its budget within the
  // warm-up, so what it watches after is growth that no budget bounds (a leak), not the cache filling.
  const server = await startServer({ READ_CACHE_MB: '64', ...serverEnv, TRUST_PROXY: 'true', WEB_CONCURRENCY: '1' });
  const inputs = await discoverSoakInputs(server.url, { projects: SOAK_SIZE.projects, accounts: dataset.accounts, log });
  stopIfInterrupted();
  log(`soak: ${minutes} min of mixed load on ${options.connections} connections, warm-up ${warmupSeconds} s, RSS of pid ${server.pid} every ${sampleEverySeconds} s…`);
  let lastLogged = 0;
  const { traffic, samples, summary } = await runSoak({
    baseUrl: server.url,
    serverPid: server.pid,
    inputs,
    accounts: dataset.accounts,
    durationSeconds,
    warmupSeconds,
    // A minute, or a fifth of a short run: V8 lets its heap grow for tens of seconds between full collections.
    windowSeconds: Math.min(60, Math.round(durationSeconds / 5)),
    connections: options.connections,
    sampleEverySeconds,
    signInEverySeconds: SOAK.signInEverySeconds,
    seed: 20_261_126,
    onSample: (sample) => {
      if (sample.atSeconds - lastLogged < 30 && sample.atSeconds > 0) return;
      lastLogged = sample.atSeconds;
      log(`  ${sample.atSeconds.toFixed(0).padStart(4)} s  RSS ${sample.rssMb} MB (anonymous ${sample.anonMb}, file ${sample.fileMb})`);
    },
  });
  stopIfInterrupted();
  const problems = soakTrafficProblems(traffic);
  const grewTooMuch = summary.growthMb > SOAK_MAX_GROWTH_MB;
  const result = {
    kind: 'soak',
    engine: dataset.engine,
    startedAt: startedAt.toISOString(),
    finishedAt: new Date().toISOString(),
    git: gitState(),
    machine: machineInfo(),
    dataset: dataset.counts,
    settings: { minutes, warmupSeconds, connections: options.connections, sampleEverySeconds, maxGrowthMb: SOAK_MAX_GROWTH_MB },
    traffic,
    summary,
    samples,
    passed: !grewTooMuch && problems.length === 0,
  };
  mkdirSync(options.resultsDir, { recursive: true });
  const stamp = result.startedAt.replace(/\.\d+Z$/, 'Z').replace(/:/g, '-');
  const file = join(options.resultsDir, `soak-${dataset.engine}-${stamp}.json`);
  writeFileSync(file, `${JSON.stringify(result, null, 2)}\n`);
  writeFileSync(join(options.resultsDir, `soak-latest-${dataset.engine}.json`), `${JSON.stringify(result, null, 2)}\n`);

  const counts = dataset.counts;
  console.log(
    `Soak on ${dataset.engine} (${counts.users.toLocaleString('en-US')} users, ${counts.projects.toLocaleString('en-US')} projects, ${counts.likes.toLocaleString('en-US')} likes); ` +
      `${minutes} min, ${options.connections} connections, load average at start ${loadavg()[0]!.toFixed(1)}.`,
  );
  console.log(
    `Traffic: ${traffic.requests.toLocaleString('en-US')} requests (${traffic.reqPerSec} req/s) over ${traffic.distinctUrls.toLocaleString('en-US')} distinct URLs, ${traffic.signIns} sign-ins; ` +
      `statuses ${JSON.stringify(traffic.statusCodes)}; by kind ${JSON.stringify(traffic.kinds)}`,
  );
  console.log(formatSoakSummary(summary, samples.at(-1)));
  console.log(`Results: ${file}`);
  if (problems.length > 0) console.error(`The soak's traffic was not healthy:\n  ${problems.join('\n  ')}`);
  if (grewTooMuch) {
    console.error(`FAIL: the server's RSS ended ${summary.growthMb} MB above its level after the warm-up (limit ${SOAK_MAX_GROWTH_MB} MB).`);
  } else {
    console.log(`PASS: RSS ended ${summary.growthMb} MB from its level after the warm-up (limit +${SOAK_MAX_GROWTH_MB} MB).`);
  }
  return result.passed ? 0 : 1;
}

async function main(): Promise<void> {
  let options: TOptions;
  try {
    options = parseOptions(process.argv.slice(2));
  } catch (error) {
    console.error(`${error instanceof Error ? error.message : String(error)}\n\n${USAGE}`);
    process.exit(2);
  }
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      log(`${signal}: stopping the server and cleaning up…`);
      interruption ??= cleanUp().finally(() => process.exit(130));
    });
  }
  let code = 1;
  try {
    code = options.soakMinutes === null ? await run(options) : await soak(options, options.soakMinutes);
  } catch (error) {
    if (!interruption) {
      console.error(`Bench failed: ${error instanceof Error ? error.message : String(error)}`);
      for (const child of children) if (child.outputTail()) console.error(`--- last output of the ${child.name} ---\n${child.outputTail()}`);
    }
  }
  // An interruption cleans up and exits on its own; waiting here keeps this path from exiting first.
  if (interruption) await interruption;
  await cleanUp();
  process.exit(code);
}

await main();
