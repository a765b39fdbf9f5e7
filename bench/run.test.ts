// CI's smoke run of `npm run bench`: the harness works end to end (seed, server, ceiling, every
// scenario, JSON) on each engine. Benchmarks are not timed tests: no speed is asserted here.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { ENGINES } from '../server/test/build-test-app';
import { ROOT } from './processes';
import type { TBenchResult } from './report';
import { SCENARIO_NAMES } from './scenarios';
import { processIsRunning } from '../server/features/media/temp-files';

const SMOKE_TIMEOUT_MS = 150_000;
const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

/** Runs the CLI to its end; with `interruptWhen`, sends it SIGINT (Ctrl-C) once its output matches. */
function runBench(args: string[], env: NodeJS.ProcessEnv, interruptWhen?: RegExp): Promise<{ code: number | null; output: string }> {
  return new Promise((resolveRun) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'bench/run.ts', ...args], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    let interrupted = false;
    const collect = (chunk: Buffer) => {
      output += chunk.toString('utf8');
      if (interruptWhen && !interrupted && interruptWhen.test(output)) {
        interrupted = true;
        child.kill('SIGINT');
      }
    };
    child.stdout.on('data', collect);
    child.stderr.on('data', collect);
    child.on('exit', (code) => resolveRun({ code, output }));
  });
}


/** The environment of a bench run on this engine: PostgreSQL through DATABASE_URL, SQLite without it. */
function engineEnv(engine: string, dataDir: string): NodeJS.ProcessEnv {
  const { DATABASE_URL: _ignored, ...env } = process.env;
  return { ...env, DATA_DIR: dataDir, ...(engine === 'postgres' ? { DATABASE_URL: process.env.TEST_DATABASE_URL } : {}) };
}

async function smokeDatabases(): Promise<string[]> {
  const client = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await client.connect();
  try {
    const { rows } = await client.query<{ datname: string }>(`select datname from pg_database where datname like 'bench_smoke_%'`);
    return rows.map((row) => row.datname);
  } finally {
    await client.end();
  }
}

const folders: string[] = [];
function tempFolder(prefix: string): string {
  const folder = mkdtempSync(join(tmpdir(), prefix));
  folders.push(folder);
  return folder;
}
afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

describe.each(ENGINES)('npm run bench on %s', (engine) => {
  it(
    'smoke run: measures the ceiling and every scenario without errors, writes the JSON and leaves no data behind',
    async () => {
      const resultsDir = tempFolder('bench-results-');
      const databasesBefore = engine === 'postgres' ? await smokeDatabases() : [];

      // SQLite's run has two app processes (WEB_CONCURRENCY, with Redis), as the README's bench
      // command does; PostgreSQL's one: both ways of running the server are proved.
      const processes = engine === 'sqlite' ? 2 : 1;
      const env = { ...engineEnv(engine, tempFolder('bench-unused-')), WEB_CONCURRENCY: String(processes), REDIS_URL: processes > 1 ? REDIS_URL : '' };
      const { code, output } = await runBench(['--smoke', '--no-upload', '--results-dir', resultsDir], env);

      expect(code, output).toBe(0);
      const result = JSON.parse(readFileSync(join(resultsDir, `latest-${engine}.json`), 'utf8')) as TBenchResult;
      // Rounds of so many answers, not of seconds: the smoke proves each round works, not how fast.
      expect(result).toMatchObject({ smoke: true, engine, settings: { round: { requests: expect.any(Number) }, warmup: { requests: expect.any(Number) } } });
      expect(result.scenarios.map((row) => row.name)).toEqual([...SCENARIO_NAMES]);
      for (const row of result.scenarios) {
        expect(row.requests, row.name).toBeGreaterThan(0);
        expect(row.errors, row.name).toBe(0);
        expect(row.shareOfCeiling, row.name).toBeGreaterThan(0);
      }
      expect(result.ceiling.first.reqPerSec).toBeGreaterThan(0);
      expect(result.ceiling.last.reqPerSec).toBeGreaterThan(0);
      expect(result.settings.processes).toBe(processes);
      if (processes > 1) {
        expect(result.ceiling.asServer).toMatchObject({ processes, first: { errors: 0 }, last: { errors: 0 } });
        expect(result.ceiling.asServer!.first.reqPerSec).toBeGreaterThan(0);
      }
      // The read cache's counts, added up over every app process.
      const visitorsGallery = result.scenarios.find((row) => row.name === 'gallery-visitors');
      expect(visitorsGallery?.cache?.hits ?? 0).toBeGreaterThan(0);
      expect(result.dataset.projects).toBeGreaterThan(0);
      // The table on stdout carries every scenario too.
      for (const row of result.scenarios) expect(output).toContain(row.title);
      const smokeDataDir = /DATA_DIR=(\S+)/.exec(output)?.[1];
      expect(smokeDataDir, output).toBeDefined();
      expect(existsSync(smokeDataDir!)).toBe(false);
      if (engine === 'postgres') expect(await smokeDatabases()).toEqual(databasesBefore);
    },
    SMOKE_TIMEOUT_MS,
  );
});

describe('npm run bench interrupted', () => {
  it('on Ctrl-C stops the processes it started, even one still starting, and writes no results', async () => {
    const resultsDir = tempFolder('bench-results-');

    const { code, output } = await runBench(['--min-projects', '0', '--no-upload', '--results-dir', resultsDir], engineEnv('sqlite', tempFolder('bench-empty-')), /hello world pid \d+/);

    expect(code, output).toBe(130);
    const pids = [...output.matchAll(/pid (\d+)/g)].map((match) => Number(match[1]));
    expect(pids, output).toHaveLength(2);
    for (const pid of pids) expect(processIsRunning(pid), `pid ${pid}`).toBe(false);
    expect(readdirSync(resultsDir)).toEqual([]);
  });
});

describe('npm run bench without --smoke', () => {
  it('refuses a database too small to bench, naming the command that fills it, and creates nothing', async () => {
    const dataDir = tempFolder('bench-empty-');
    const { code, output } = await runBench(['--no-upload'], engineEnv('sqlite', dataDir));

    expect(code).toBe(1);
    expect(output).toContain('npm run seed:scale');
    expect(existsSync(join(dataDir, 'app.db'))).toBe(false);
  });

  it('refuses an unknown scenario with the list of known ones', async () => {
    const { code, output } = await runBench(['--only', 'list-trending,nonsense'], engineEnv('sqlite', tempFolder('bench-empty-')));

    expect(code).toBe(2);
    expect(output).toContain('unknown scenario nonsense');
    expect(output).toContain(SCENARIO_NAMES.join(', '));
  });
});
