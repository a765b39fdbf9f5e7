// Real server processes for the reliability suite: spawned without the client build, on a
// free port and their own DATA_DIR, stopped gracefully or killed, never left behind.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '../../server/test/free-port';
import { ALLOCATOR_ENV } from '../../server/ops/memory-allocator';

const ROOT = join(import.meta.dirname, '..', '..');
/**
 * How `npm start` and `npm run serve` run the server (bundled, server/cli/launch.mjs): `serve` without
 * the client build, `start` building the client into dist/web first when it is missing or stale.
 */
const LAUNCH = join(ROOT, 'server', 'cli', 'launch.mjs');
/** The tail of a process's output kept for failure messages. */
const LOG_LIMIT = 200_000;

/**
 * Limits on member writes out of the way (server/http/member-limits.ts), for runs that test
 * something else with a few members writing far faster than a person (load, crashes).
 * reliability/attacker-limits.test.ts tests the limits themselves.
 */
export const UNLIMITED_MEMBER_WRITES: Record<string, string> = {
  UPLOAD_MB_PER_DAY: '1000000',
  UNATTACHED_UPLOADS_MAX: '100000',
  PROJECTS_PER_DAY: '100000',
  UNPAID_JOBS_MAX: '10000',
  CONTACT_MESSAGES_PER_HOUR: '100000',
  LIKES_FOLLOWS_PER_MINUTE: '100000',
  MEMBER_WRITES_PER_MINUTE: '100000',
  PROFILE_EDITS_PER_HOUR: '100000',
  JOB_CHANGES_PER_HOUR: '100000',
};

export interface TStartOptions {
  /** Variables on top of the defaults below (DATABASE_URL, REDIS_URL, S3_*, SMTP_URL …). */
  env?: Record<string, string>;
  dataDir: string;
  /** Reuse a port (a restart keeps its address, so clients and PUBLIC_URL stay valid); default: a free one. */
  port?: number;
  /** 'start': `npm start`'s entry, which builds the client first when it is stale (slow); default 'serve'. */
  entry?: 'serve' | 'start';
  /** Options for node itself (V8 flags such as --heap-growing-percent), before the entry. */
  nodeArgs?: string[];
}

export interface TExit {
  code: number | null;
  signal: NodeJS.Signals | null;
}

export interface TServerProcess {
  /** http://127.0.0.1:<port>, also the server's PUBLIC_URL (the Origin state-changing requests must carry). */
  url: string;
  port: number;
  pid: number;
  dataDir: string;
  /** The environment the process was started with (DATA_DIR, DATABASE_URL … for direct database checks). */
  env: Record<string, string>;
  /** What it was started with: `startServer(server.options)` starts it again on the same port. */
  options: TStartOptions & { port: number };
  /** Everything it wrote to stdout and stderr so far (the tail, if it was long). */
  readonly logs: string;
  /** Settles when the process has exited, however. */
  exited: Promise<TExit>;
  /** Resolves once it answers /readyz with 200 (listening, and its database answers). */
  waitReady(timeoutMs?: number): Promise<void>;
  /** Sends the signal (default SIGTERM) and waits for the exit; SIGKILL if it takes longer than timeoutMs. */
  stop(signal?: NodeJS.Signals, timeoutMs?: number): Promise<TExit>;
  /** SIGKILL, as a crash or the OOM killer would, and waits for the exit. */
  kill(): Promise<TExit>;
}

const running = new Set<ChildProcess>();
// Last resort if a test forgets its cleanup or the worker dies: no orphans outlive the run.
process.once('exit', () => {
  for (const child of running) child.kill('SIGKILL');
});

export interface TTempDir {
  dir: string;
  remove(): void;
}

/** A fresh temporary folder to use as DATA_DIR, and its removal. */
export function tempDataDir(prefix = 'reliability-'): TTempDir {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

export async function startServer(options: TStartOptions): Promise<TServerProcess> {
  const port = options.port ?? (await freePort());
  const url = `http://127.0.0.1:${port}`;
  const env: Record<string, string> = {
    ...ALLOCATOR_ENV,
    HOST: '127.0.0.1',
    PORT: String(port),
    PUBLIC_URL: url,
    DATA_DIR: options.dataDir,
    LOG_LEVEL: 'warn',
    // Empty means "the default": SQLite, in-process limits, local media, logged mail, unless the test says otherwise.
    DATABASE_URL: '',
    REDIS_URL: '',
    S3_BUCKET: '',
    SMTP_URL: '',
    STRIPE_SECRET_KEY: '',
    ...options.env,
  };
  const child = spawn(process.execPath, [...(options.nodeArgs ?? []), LAUNCH, options.entry === 'start' ? 'start' : 'serve'], { cwd: ROOT, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  running.add(child);
  let output = '';
  const collect = (chunk: Buffer) => {
    output += chunk.toString();
    if (output.length > LOG_LIMIT) output = output.slice(-LOG_LIMIT);
  };
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);
  const exited = new Promise<TExit>((resolve) => {
    child.once('exit', (code, signal) => {
      running.delete(child);
      resolve({ code, signal });
    });
  });
  const hasExited = () => child.exitCode !== null || child.signalCode !== null;

  async function stop(signal: NodeJS.Signals = 'SIGTERM', timeoutMs = 20_000): Promise<TExit> {
    if (!hasExited()) child.kill(signal);
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    try {
      return await exited;
    } finally {
      clearTimeout(timer);
    }
  }

  async function waitReady(timeoutMs = 60_000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline) {
      if (hasExited()) throw new Error(`The server exited before it was ready:\n${output}`);
      try {
        const response = await fetch(`${url}/readyz`, { signal: AbortSignal.timeout(2000) });
        await response.arrayBuffer();
        if (response.ok) return;
      } catch {
        // Not listening yet.
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error(`The server was not ready within ${timeoutMs} ms:\n${output}`);
  }

  return {
    url,
    port,
    pid: child.pid!,
    dataDir: options.dataDir,
    env,
    options: { ...options, port },
    get logs() {
      return output;
    },
    exited,
    waitReady,
    stop,
    kill: () => stop('SIGKILL'),
  };
}

/** Kills every server this worker started that is still running (for afterAll/afterEach). */
export async function stopAllServers(): Promise<void> {
  const children = [...running];
  await Promise.all(
    children.map(
      (child) =>
        new Promise<void>((resolve) => {
          child.once('exit', () => resolve());
          if (!child.kill('SIGKILL')) resolve();
        }),
    ),
  );
}
