// WEB_CONCURRENCY=2: the server as a supervisor of two app processes on one port (server/ops/cluster.ts),
// on SQLite with Redis. Each process keeps its own read cache, so a write through one must reach the
// visitors' pages the other caches; a process that dies is replaced; SIGTERM stops them all cleanly;
// more than one process without Redis is refused.
import { get } from 'node:http';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { TProject } from '../shared/schemas/project';
import { childPids } from '../bench/processes';
import { apiClient } from '../e2e/api-client';
import { MAX_RESTARTS } from '../server/ops/cluster';
import { createMember } from './harness/members';
import { startServer, stopAllServers, tempDataDir, type TServerProcess } from './harness/server-process';
import { tinyPng } from './harness/tiny-image';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

/** A GET on a connection of its own: the supervisor hands each new connection to the next process. */
function freshGet(url: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    get(url, { agent: false }, (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (body += chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
    }).on('error', reject);
  });
}

/** The pids of the processes that answer, over `connections` new connections. */
async function answeringPids(server: TServerProcess, connections = 6): Promise<Set<number>> {
  const pids = new Set<number>();
  for (let index = 0; index < connections; index++) {
    const { status, body } = await freshGet(`${server.url}/healthz/read-cache`);
    expect(status).toBe(200);
    pids.add((JSON.parse(body) as { pid: number }).pid);
  }
  return pids;
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

describe('WEB_CONCURRENCY=2: two app processes on one port', () => {
  const data = tempDataDir('web-concurrency-');
  let server: TServerProcess;

  beforeAll(async () => {
    server = await startServer({ env: { WEB_CONCURRENCY: '2', REDIS_URL }, dataDir: data.dir });
    await server.waitReady();
    // Ready once the first process listens; the second starts after it.
    await vi.waitFor(() => expect(childPids(server.pid)).toHaveLength(2), { timeout: 30_000, interval: 100 });
  });

  afterAll(async () => {
    await stopAllServers();
    data.remove();
  });

  it('answers from both processes, children of the one started', async () => {
    await vi.waitFor(async () => expect(await answeringPids(server)).toEqual(new Set(childPids(server.pid))), { timeout: 30_000, interval: 200 });
    expect(childPids(server.pid)).toHaveLength(2);
  });

  it("shows a like made through one process on the visitors' page the other one cached, within a second", async () => {
    const creator = await createMember(server);
    const fan = await createMember(server);
    const { urls } = await apiClient(server.url).uploadFiles(creator.cookie, [await tinyPng(1)]);
    const project = await apiClient(server.url).createProject(creator.cookie, { title: 'Liked across processes', images: urls, tags: ['cluster'] });
    const visitorsSee = async () => {
      const likes: number[] = [];
      // Six new connections: each process answers (and caches the page) at least twice.
      for (let index = 0; index < 6; index++) {
        const { status, body } = await freshGet(`${server.url}/api/projects/${project.id}`);
        expect(status).toBe(200);
        likes.push((JSON.parse(body) as TProject).likes);
      }
      return likes;
    };
    expect(await visitorsSee()).toEqual([0, 0, 0, 0, 0, 0]);

    const liked = await apiClient(server.url).request('POST', `/api/projects/${project.id}/like`, { cookie: fan.cookie });
    expect(liked.status).toBe(200);
    // Without the invalidation over Redis, the process that did not take the like would serve its
    // cached copy (likes 0) until the cache's TTL, a minute later.
    await vi.waitFor(async () => expect(await visitorsSee()).toEqual([1, 1, 1, 1, 1, 1]), { timeout: 1_000, interval: 50 });
  });

  it('replaces a process that dies, and keeps answering meanwhile', async () => {
    const [victim, survivor] = childPids(server.pid);
    process.kill(victim!, 'SIGKILL');
    await vi.waitFor(
      () => {
        const now = childPids(server.pid);
        expect(now).toHaveLength(2);
        expect(now).toContain(survivor);
        expect(now).not.toContain(victim);
      },
      { timeout: 30_000, interval: 100 },
    );
    await vi.waitFor(async () => expect(await answeringPids(server)).toEqual(new Set(childPids(server.pid))), { timeout: 30_000, interval: 200 });
  });

  it('keeps a process serving when a SIGINT reaches it alone: the supervisor gives the orders', async () => {
    // A terminal's Ctrl-C goes to the whole process group; the supervisor passes it on once, as SIGTERM.
    const workers = childPids(server.pid);
    for (const pid of workers) process.kill(pid, 'SIGINT');
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect(childPids(server.pid)).toEqual(workers);
    await vi.waitFor(async () => expect(await answeringPids(server)).toEqual(new Set(workers)), { timeout: 10_000, interval: 200 });
  });

  it('stops every process gracefully on SIGTERM and exits 0', async () => {
    const workers = childPids(server.pid);
    expect(workers).toHaveLength(2);
    expect(await server.stop('SIGTERM')).toEqual({ code: 0, signal: null });
    for (const pid of workers) expect(isAlive(pid)).toBe(false);
  });
});

describe('WEB_CONCURRENCY above 1 without REDIS_URL', () => {
  const data = tempDataDir('web-concurrency-no-redis-');

  afterAll(async () => {
    await stopAllServers();
    data.remove();
  });

  it('is refused at start, naming the setting it needs', async () => {
    const server = await startServer({ env: { WEB_CONCURRENCY: '2' }, dataDir: data.dir });
    expect(await server.exited).toEqual({ code: 1, signal: null });
    expect(server.logs).toContain('WEB_CONCURRENCY above 1 needs REDIS_URL');
  });
});

describe('WEB_CONCURRENCY=2 when an app process cannot start', () => {
  const data = tempDataDir('web-concurrency-no-database-');

  afterAll(async () => {
    await stopAllServers();
    data.remove();
  });

  it('stops, exit 1, saying so, rather than starting it again and again', async () => {
    // Nothing listens on port 1: the first app process cannot reach its database.
    const server = await startServer({ env: { WEB_CONCURRENCY: '2', REDIS_URL, DATABASE_URL: 'postgres://postgres@127.0.0.1:1/none' }, dataDir: data.dir });
    expect(await server.exited).toEqual({ code: 1, signal: null });
    expect(server.logs).toMatch(/app process \d+ exited before listening \(code 1\)/);
    expect(server.logs.match(/exited before listening/g)).toHaveLength(1);
  });
});

describe('WEB_CONCURRENCY=2 when its app processes keep dying', () => {
  const data = tempDataDir('web-concurrency-crash-loop-');

  afterAll(async () => {
    await stopAllServers();
    data.remove();
  });

  it(`stops, exit 1, after ${MAX_RESTARTS + 1} deaths within a minute, rather than starting them forever`, async () => {
    const server = await startServer({ env: { WEB_CONCURRENCY: '2', REDIS_URL }, dataDir: data.dir });
    await server.waitReady();
    // Both listening: a process that dies before it listens stops the start instead (tested above).
    const bothAnswer = () => vi.waitFor(async () => expect(await answeringPids(server)).toEqual(new Set(childPids(server.pid))), { timeout: 30_000, interval: 100 });
    await vi.waitFor(() => expect(childPids(server.pid)).toHaveLength(2), { timeout: 30_000, interval: 100 });
    await bothAnswer();
    for (let death = 1; death <= MAX_RESTARTS; death++) {
      const [victim] = childPids(server.pid);
      process.kill(victim!, 'SIGKILL');
      // Replaced each time up to the limit.
      await vi.waitFor(
        () => {
          const now = childPids(server.pid);
          expect(now).toHaveLength(2);
          expect(now).not.toContain(victim);
        },
        { timeout: 30_000, interval: 50 },
      );
      await bothAnswer();
    }
    const last = childPids(server.pid);
    process.kill(last[0]!, 'SIGKILL');
    expect(await server.exited).toEqual({ code: 1, signal: null });
    expect(server.logs).toContain(`app processes exited ${MAX_RESTARTS + 1} times within 60 s`);
    for (const pid of last) expect(isAlive(pid)).toBe(false);
  });
});
