// Starts the real production server (`npm start`'s entry), one for each worker that runs spec
// files side by side, each on a fresh SQLite data folder and a free port, for the browser tests
// to drive. A worker runs its files one after another against its own server, so a file sees its
// own writes and those of the files before it, never a neighbour's (a gallery's newest card).
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { freePort } from '../server/test/free-port';

/** A test server: where to reach it, and the data folder the operator's commands are run on. */
export interface TTestServer {
  baseUrl: string;
  dataDir: string;
}

declare module 'vitest' {
  export interface ProvidedContext {
    /** One for each worker (its VITEST_POOL_ID, from 1). */
    servers: TTestServer[];
    siteName: string;
  }
}

/** Not the default name: pages that showed a name written into the client instead of the server's would fail. */
const SITE_NAME = 'Prompt Atelier';

async function waitForReady(url: string, child: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + 240_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`Server exited early:\n${output()}`);
    try {
      const response = await fetch(url);
      if (response.ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`Server did not start in time:\n${output()}`);
}

interface TRunningServer extends TTestServer {
  stop(): Promise<void>;
}

async function startServer(): Promise<TRunningServer> {
  const dataDir = mkdtempSync(join(tmpdir(), 'e2e-data-'));
  const port = await freePort();
  let log = '';
  const child = spawn(process.execPath, ['server/cli/launch.mjs', 'start'], {
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, DATABASE_URL: '', REDIS_URL: '', LOG_LEVEL: 'warn', SITE_NAME,
      // Every browser test sends from 127.0.0.1: the hire and support forms of all files share one address's budget.
      CONTACT_MESSAGES_PER_IP: '100' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk: Buffer) => (log += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (log += chunk.toString()));
  const baseUrl = `http://127.0.0.1:${port}`;
  await waitForReady(`${baseUrl}/healthz`, child, () => log);
  return {
    baseUrl,
    dataDir,
    async stop() {
      child.kill('SIGTERM');
      await new Promise((resolve) => setTimeout(resolve, 300));
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export default async function setup(project: TestProject) {
  // One after another: the first builds the client if it is missing or stale (npm start's entry),
  // and the others find that build.
  const servers: TRunningServer[] = [];
  try {
    for (let worker = 0; worker < project.config.maxWorkers; worker += 1) servers.push(await startServer());
  } catch (error) {
    // No server left running after a run that never began.
    await Promise.all(servers.map((server) => server.stop()));
    throw error;
  }
  project.provide('servers', servers.map(({ baseUrl, dataDir }) => ({ baseUrl, dataDir })));
  project.provide('siteName', SITE_NAME);
  return async () => {
    await Promise.all(servers.map((server) => server.stop()));
  };
}
