// Child processes for the bench: the production server (as `npm start` runs it: SERVER_START) and
// the hello-world ceiling (`node --import tsx <entry>`), node itself each time, so the pid is the
// server's own (for RSS readings), waited on over HTTP, and always stopped — on success, on error
// and on Ctrl-C.
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export const ROOT = fileURLToPath(new URL('..', import.meta.url));

/** `npm start`'s server: bundled by server/cli/launch.mjs, built first when missing or stale. */
export const SERVER_START = { entry: 'server/cli/launch.mjs', args: ['start'] };

/** A process's children (a supervisor's app processes, WEB_CONCURRENCY), from Linux's /proc; none once it has exited. */
export function childPids(pid: number): number[] {
  try {
    return readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number);
  } catch {
    return [];
  }
}
const OUTPUT_TAIL_LINES = 40;
const STOP_GRACE_MS = 10_000;

export interface TChild {
  name: string;
  pid: number;
  url: string;
  /** The last lines the process wrote, for the error message when something goes wrong. */
  outputTail(): string;
  /** SIGTERM, then SIGKILL if it has not exited within the grace period. Safe to call twice. */
  stop(): Promise<void>;
}

export interface TSpawnOptions {
  name: string;
  /** Script path relative to the repository root: TypeScript runs under tsx, JavaScript as it is. */
  entry: string;
  args?: string[];
  env: NodeJS.ProcessEnv;
  url: string;
  /** Paths that must answer 2xx before the process counts as ready; a 404 on an optional one is tolerated. */
  ready: { path: string; optional?: boolean }[];
  readyTimeoutMs: number;
  /** Told as soon as the process exists, before it is ready: so a Ctrl-C during the wait can stop it too. */
  onSpawned?: (child: TChild) => void;
}

function exited(child: ChildProcess): boolean {
  return child.exitCode !== null || child.signalCode !== null;
}

function waitForExit(child: ChildProcess, timeoutMs: number): Promise<boolean> {
  if (exited(child)) return Promise.resolve(true);
  return new Promise((resolveExit) => {
    const timer = setTimeout(() => resolveExit(false), timeoutMs);
    child.once('exit', () => {
      clearTimeout(timer);
      resolveExit(true);
    });
  });
}

/** Spawns the entry and resolves once every ready path answers; rejects (after stopping it) otherwise. */
export async function spawnAndWait(options: TSpawnOptions): Promise<TChild> {
  // TypeScript entries run under tsx; the server (SERVER_START) as `npm start` runs it, bundled.
  const loader = options.entry.endsWith('.ts') ? ['--import', 'tsx'] : [];
  const child = spawn(process.execPath, [...loader, options.entry, ...(options.args ?? [])], {
    cwd: ROOT,
    env: options.env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const lines: string[] = [];
  const keep = (chunk: Buffer) => {
    lines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
    lines.splice(0, Math.max(0, lines.length - OUTPUT_TAIL_LINES));
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);

  const handle: TChild = {
    name: options.name,
    pid: child.pid ?? -1,
    url: options.url,
    outputTail: () => lines.join('\n'),
    async stop() {
      if (exited(child)) return;
      child.kill('SIGTERM');
      if (!(await waitForExit(child, STOP_GRACE_MS))) {
        child.kill('SIGKILL');
        await waitForExit(child, STOP_GRACE_MS);
      }
    },
  };

  options.onSpawned?.(handle);
  try {
    await waitUntilReady(child, options);
    return handle;
  } catch (error) {
    await handle.stop();
    const reason = error instanceof Error ? error.message : String(error);
    throw new Error(`${options.name} did not start: ${reason}\n--- its last output ---\n${handle.outputTail()}`);
  }
}

async function waitUntilReady(child: ChildProcess, options: TSpawnOptions): Promise<void> {
  const deadline = Date.now() + options.readyTimeoutMs;
  const pending = [...options.ready];
  while (pending.length > 0) {
    if (exited(child)) throw new Error(`exited with ${child.exitCode ?? child.signalCode}`);
    if (Date.now() > deadline) throw new Error(`not ready within ${options.readyTimeoutMs / 1000} s (waiting on ${pending[0]?.path})`);
    const next = pending[0]!;
    const status = await fetch(`${options.url}${next.path}`, { signal: AbortSignal.timeout(2000) }).then(
      async (response) => {
        await response.body?.cancel();
        return response.status;
      },
      () => 0,
    );
    if ((status >= 200 && status < 300) || (status === 404 && next.optional)) pending.shift();
    else await new Promise((wait) => setTimeout(wait, 150));
  }
}
