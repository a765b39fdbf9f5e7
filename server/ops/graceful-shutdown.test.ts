// Shutdown on a signal: requests in flight finish, nothing new gets in, background work stops
// with nothing left claimed, the database closes, and the process exits — by itself and in time.
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { Agent, request as httpRequest, type ClientRequest, type IncomingMessage } from 'node:http';
import { connect as connectTcp, createServer as createTcpServer, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { pino } from 'pino';
import { SMTPServer } from 'smtp-server';
import { afterEach, describe, expect, it } from 'vitest';
import { createStorage } from '../adapters/storage/create-storage';
import { loadConfig } from '../config';
import type { TContext } from '../context';
import { connect } from '../db/connect';
import { migrateToLatest } from '../db/migrate';
import { createReadCache } from '../lib/read-cache';
import { newTempPath, THIS_PROCESS, uploadTempDir } from '../features/media/temp-files';
import { UPLOAD_FIELD } from '../features/media/receive-uploads';
import { buildTestApp, type TTestApp } from '../test/build-test-app';
import { buildUser, cookieFor } from '../test/factories';
import { createShutdown } from './graceful-shutdown';
import { createReadiness } from './readiness';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const PNG = readFileSync(join(ROOT, 'server/test/fixtures/a1111.png'));
const BOUNDARY = 'shutdown-test-boundary';

interface TResponse {
  status: number;
  headers: IncomingMessage['headers'];
  body: string;
}

/**
 * An upload whose body is sent in two halves: until `finish()` the request is in flight.
 * `agent` keeps the connection alive afterwards, as browsers do.
 */
function startUpload(port: number, cookie: string, agent: Agent): { finish(): Promise<TResponse>; response: Promise<TResponse> } {
  const head = Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="${UPLOAD_FIELD}"; filename="art.png"\r\nContent-Type: image/png\r\n\r\n`);
  const tail = Buffer.from(`\r\n--${BOUNDARY}--\r\n`);
  const half = Math.floor(PNG.length / 2);
  const request: ClientRequest = httpRequest({
    host: '127.0.0.1',
    port,
    method: 'POST',
    path: '/api/upload',
    agent,
    headers: { cookie, 'content-type': `multipart/form-data; boundary=${BOUNDARY}`, 'content-length': head.length + PNG.length + tail.length },
  });
  const response = new Promise<TResponse>((resolve, reject) => {
    request.on('error', reject);
    request.on('response', (message) => {
      const chunks: Buffer[] = [];
      message.on('data', (chunk: Buffer) => chunks.push(chunk));
      message.on('end', () => resolve({ status: message.statusCode ?? 0, headers: message.headers, body: Buffer.concat(chunks).toString() }));
    });
  });
  request.write(Buffer.concat([head, PNG.subarray(0, half)]));
  return {
    response,
    finish() {
      request.end(Buffer.concat([PNG.subarray(half), tail]));
      return response;
    },
  };
}

/** Does the port still take new connections? */
function connectionRefused(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connectTcp(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('error', (error: NodeJS.ErrnoException) => resolve(error.code === 'ECONNREFUSED'));
  });
}

async function waitFor(condition: () => Promise<boolean> | boolean, timeoutMs: number, what: string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('createShutdown', () => {
  let t: TTestApp;
  const agents: Agent[] = [];
  afterEach(async () => {
    for (const agent of agents.splice(0)) agent.destroy();
    await t.close();
  });

  /** The app listening on a free port, a signed-in member, and a shutdown whose exit is recorded. */
  async function listening(options: { drainTimeoutMs?: number } = {}) {
    t = await buildTestApp('sqlite');
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const port = (t.app.server.address() as { port: number }).port;
    const cookie = await cookieFor(t.ctx, await buildUser(t.ctx));
    const agent = new Agent({ keepAlive: true });
    agents.push(agent);
    const exits: number[] = [];
    const closed: string[] = [];
    const shutdown = createShutdown({
      app: t.app,
      readiness: createReadiness(t.ctx.db),
      closeDatabase: async () => {
        closed.push('database');
      },
      exit: (code) => exits.push(code),
      ...options,
    });
    return { port, cookie, agent, exits, closed, shutdown };
  }

  it('lets the upload in flight finish, refuses new connections meanwhile, and exits 0 without waiting out keep-alive', async () => {
    const { port, cookie, agent, exits, closed, shutdown } = await listening();
    const upload = startUpload(port, cookie, agent);
    await sleep(200);

    const done = shutdown.begin('SIGTERM');
    await waitFor(() => connectionRefused(port), 2000, 'the port to refuse connections');
    expect(exits).toEqual([]);

    const response = await upload.finish();
    const answeredAt = performance.now();
    expect(response.status).toBe(201);
    expect(JSON.parse(response.body).files).toHaveLength(1);
    await done;
    // The client keeps its connection alive; Node's keep-alive timeout (5 s) is not waited for.
    expect(performance.now() - answeredAt).toBeLessThan(1500);
    expect(exits).toEqual([0]);
    expect(closed).toEqual(['database']);
  });

  it('closes the connections still busy when the drain timeout passes, and exits 1', async () => {
    const { port, cookie, agent, exits, closed, shutdown } = await listening({ drainTimeoutMs: 300 });
    const upload = startUpload(port, cookie, agent);
    await sleep(200);
    const startedAt = performance.now();
    await shutdown.begin('SIGTERM');
    expect(performance.now() - startedAt).toBeGreaterThanOrEqual(290);
    expect(performance.now() - startedAt).toBeLessThan(2000);
    await expect(upload.response).rejects.toThrow(/socket hang up|ECONNRESET/);
    expect(exits).toEqual([1]);
    expect(closed).toEqual(['database']);
  });

  it('exits at once, with 1, on a second signal', async () => {
    const { port, cookie, agent, exits, shutdown } = await listening();
    const upload = startUpload(port, cookie, agent);
    await sleep(200);
    const first = shutdown.begin('SIGTERM');
    await shutdown.begin('SIGINT');
    expect(exits).toEqual([1]);
    // Let the first shutdown end, so the test leaves nothing running.
    await upload.finish();
    await first;
  });
});

/** An SMTP server that holds each message until `release()`: an e-mail in hand at shutdown. */
async function startHoldingSmtp() {
  const received: string[] = [];
  let release!: () => void;
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  let holding = false;
  const server = new SMTPServer({
    logger: false,
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, _session, callback) {
      holding = true;
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        void released.then(() => {
          received.push(Buffer.concat(chunks).toString());
          callback();
        });
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as { port: number };
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    isHolding: () => holding,
    release,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

async function freePort(): Promise<number> {
  const server = createTcpServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

async function getJson(port: number, path: string): Promise<{ status: number; body: unknown }> {
  const response = await fetch(`http://127.0.0.1:${port}${path}`);
  return { status: response.status, body: await response.json() };
}

describe('a server process receiving SIGTERM (SQLite)', () => {
  const cleanups: (() => Promise<void> | void)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  // Starting a server process through tsx takes seconds, more on a busy machine.
  it('sweeps leftovers at start; on SIGTERM drains, answers /readyz 503, finishes the e-mail in hand, checkpoints and exits 0', { timeout: 120_000 }, async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'shutdown-'));
    cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
    const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent' });

    // Arrange through the database, before the server runs: a member and their session.
    const setup = connect({ dataDir });
    await migrateToLatest(setup.db, 'sqlite');
    const ctx: TContext = { db: setup.db, engine: 'sqlite', slowReads: setup.slowReads, config, now: () => new Date(), storage: createStorage(config.storage), readCache: createReadCache({ enabled: false }), log: pino({ enabled: false }) };
    const cookie = await cookieFor(ctx, await buildUser(ctx));
    await setup.close();

    // What a crashed run left, and what a live process sharing DATA_DIR (this test) is writing.
    const tempDir = uploadTempDir(dataDir);
    mkdirSync(tempDir);
    const crashedLeftover = newTempPath(tempDir, 'upload', { ...THIS_PROCESS, pid: 2 ** 22 + 17, run: '0badf00d' });
    const livePath = newTempPath(tempDir, 'upload', THIS_PROCESS);
    for (const path of [crashedLeftover, livePath]) writeFileSync(path, 'partial upload');

    const smtp = await startHoldingSmtp();
    cleanups.push(() => {
      smtp.release();
      return smtp.close();
    });
    const port = await freePort();
    const server: ChildProcess = spawn(process.execPath, ['server/cli/launch.mjs', 'serve'], {
      cwd: ROOT,
      env: { ...process.env, DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', PUBLIC_URL: `http://127.0.0.1:${port}`, SMTP_URL: smtp.url, LOG_LEVEL: 'warn', DATABASE_URL: '' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    server.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    server.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const exited = once(server, 'exit') as Promise<[number | null, NodeJS.Signals | null]>;
    cleanups.push(() => {
      if (server.exitCode === null && server.signalCode === null) server.kill('SIGKILL');
    });

    await waitFor(async () => (await getJson(port, '/readyz').catch(() => ({ status: 0 }))).status === 200, 60_000, `the server to be ready:\n${output}`);
    expect(existsSync(crashedLeftover)).toBe(false);
    expect(existsSync(livePath)).toBe(true);

    // An e-mail the worker is sending (the SMTP server holds it) when the signal comes.
    const contact = await fetch(`http://127.0.0.1:${port}/api/contact`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Ada', email: 'ada@example.com', message: 'Hello there', recipientId: 'support' }),
    });
    expect(contact.status).toBe(201);
    await waitFor(smtp.isHolding, 5000, 'the e-mail to be in hand');

    const agent = new Agent({ keepAlive: true });
    cleanups.push(() => agent.destroy());
    const upload = startUpload(port, cookie, agent);
    // A probe whose request has begun to arrive: its connection is not idle, so it stays open.
    const probe: Socket = connectTcp(port, '127.0.0.1');
    await once(probe, 'connect');
    probe.write('GET /readyz HTTP/1.1\r\nHost: 127.0.0.1\r\n');
    let probeAnswer = '';
    probe.on('data', (chunk: Buffer) => (probeAnswer += chunk.toString()));
    await sleep(300);

    const signalledAt = performance.now();
    server.kill('SIGTERM');
    await waitFor(() => connectionRefused(port), 3000, 'the port to refuse connections');
    probe.write('\r\n');
    await waitFor(() => probeAnswer.includes('}'), 3000, 'the probe to be answered');
    expect(probeAnswer).toMatch(/^HTTP\/1\.1 503 /);
    expect(probeAnswer).toContain('"message":"Shutting down"');
    expect(server.exitCode).toBeNull();

    const uploaded = await upload.finish();
    expect(uploaded.status).toBe(201);
    const storedUrl: string = JSON.parse(uploaded.body).urls[0];
    await sleep(300);
    // Still running: the e-mail in hand is not abandoned half-sent.
    expect(server.exitCode).toBeNull();
    smtp.release();

    const [code] = await exited;
    expect(code).toBe(0);
    expect(performance.now() - signalledAt).toBeLessThan(10_000);
    expect(smtp.received).toHaveLength(1);
    expect(smtp.received[0]).toContain('Hello there');

    // SQLite was closed cleanly: the WAL is checkpointed into app.db and removed.
    const wal = join(dataDir, 'app.db-wal');
    expect(existsSync(wal) ? statSync(wal).size : 0).toBe(0);
    const after = connect({ dataDir });
    cleanups.push(() => after.close());
    const outbox = await after.db.selectFrom('outbox').select(['sent_at', 'claimed_by', 'claimed_until', 'attempts']).execute();
    expect(outbox).toEqual([{ sent_at: expect.any(String), claimed_by: null, claimed_until: null, attempts: 0 }]);
    const media = await after.db.selectFrom('project_media').select(['url', 'storage_key']).execute();
    expect(media.map((row) => row.url)).toEqual([storedUrl]);
    expect(readdirSync(join(dataDir, 'media', media[0]!.storage_key))).toContain(basename(new URL(storedUrl, 'http://x').pathname));
    // The upload's own temporary files went with its request.
    expect(readdirSync(tempDir)).toEqual([basename(livePath)]);
  });
});
