// When the database is down, restarting or locked, requests fail fast and calmly (503 with
// Retry-After, no stack), the process survives connections the server cuts, and the same pool
// serves again once the database is back.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { sql } from 'kysely';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { connect, isDatabaseUnavailable, PG_CONNECT_TIMEOUT_MS, type TDatabase } from '../db/connect';
import { SERVICE_UNAVAILABLE } from '../http/errors';
import { buildTestApp, freshDatabase, type TTestApp } from '../test/build-test-app';
import { buildProject, buildUser, cookieFor } from '../test/factories';
import { appOver, REFUSING_DATABASE_URL, startSilentServer, timed } from '../test/unreachable-database';

const PG_URL = process.env.TEST_DATABASE_URL;

function expectServiceUnavailable(response: { statusCode: number; headers: Record<string, unknown>; body: string }): void {
  expect(response.statusCode).toBe(503);
  expect(response.headers['retry-after']).toBe('1');
  expect(JSON.parse(response.body)).toEqual({ message: SERVICE_UNAVAILABLE });
}

describe('requests while PostgreSQL is out of reach', () => {
  const cleanups: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  it('answer 503 with Retry-After and a calm message at once when connections are refused', async () => {
    const outage = await appOver(connect({ dataDir: tmpdir(), databaseUrl: REFUSING_DATABASE_URL }));
    cleanups.push(outage.close);
    const requests = [
      { method: 'GET' as const, url: '/api/projects/1' },
      // The session lookup runs in a hook, before any route.
      { method: 'GET' as const, url: '/api/auth/me', headers: { cookie: 'sid=some-session-token' } },
      { method: 'POST' as const, url: '/api/auth/signin', payload: { email: 'ada@example.com', password: 'correct-horse-battery' } },
    ];
    for (const request of requests) {
      const { result, ms } = await timed(() => outage.app.inject(request));
      expectServiceUnavailable(result);
      expect(result.body).not.toMatch(/ECONNREFUSED|at .*\.ts|127\.0\.0\.1/);
      expect(ms).toBeLessThan(1000);
    }
  });

  it('answer 503 within the connect timeout, not later, when the server accepts and never answers', async () => {
    const silent = await startSilentServer();
    cleanups.push(silent.close);
    const outage = await appOver(connect({ dataDir: tmpdir(), databaseUrl: silent.url }));
    cleanups.push(outage.close);
    const { result, ms } = await timed(() => outage.app.inject({ method: 'GET', url: '/api/projects/1' }));
    expectServiceUnavailable(result);
    expect(ms).toBeGreaterThanOrEqual(PG_CONNECT_TIMEOUT_MS - 100);
    expect(ms).toBeLessThan(3000);
  });
});

describe('requests while another process holds the SQLite write lock', () => {
  let t: TTestApp;
  afterEach(async () => {
    await t.close();
  });

  it('answer 503 once the busy timeout has passed, and the same write succeeds when the lock is let go', async () => {
    t = await buildTestApp('sqlite');
    const owner = await buildUser(t.ctx);
    const project = await buildProject(t.ctx, owner);
    const cookie = await cookieFor(t.ctx, await buildUser(t.ctx));
    // Five seconds of waiting is the production setting; the test need not sit through it.
    await sql`pragma busy_timeout = 200`.execute(t.ctx.db);
    const otherProcess = new SqliteDatabase(join(t.config.dataDir, 'app.db'));
    try {
      otherProcess.exec('begin immediate');
      const like = () => t.app.inject({ method: 'POST', url: `/api/projects/${project.id}/like`, headers: { cookie } });
      const { result, ms } = await timed(like);
      expectServiceUnavailable(result);
      expect(ms).toBeLessThan(2000);

      otherProcess.exec('rollback');
      const retried = await like();
      expect(retried.statusCode).toBe(200);
      expect(retried.json()).toMatchObject({ liked: true, newCount: 1 });
    } finally {
      otherProcess.close();
    }
  });
});

// Registered only where PostgreSQL is configured, like the engine suites: a skipped test proves nothing.
describe.each(PG_URL ? [PG_URL] : [])('a PostgreSQL pool whose connections the server ends (restart, failover)', () => {
  const cleanups: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  /** The app over a fresh schema, its connections named so the test can end just those. */
  async function appWithNamedConnections() {
    const dataDir = mkdtempSync(join(tmpdir(), 'outage-'));
    const fresh = await freshDatabase('postgres', dataDir);
    const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(fresh.database.db);
    await fresh.database.close();
    cleanups.push(async () => {
      await fresh.drop();
      rmSync(dataDir, { recursive: true, force: true });
    });
    const applicationName = `outage_${process.pid}_${Date.now()}`;
    const database: TDatabase = connect({ dataDir, databaseUrl: `${PG_URL}?application_name=${applicationName}`, pgSchema: rows[0]!.schema });
    const served = await appOver(database);
    cleanups.push(served.close);
    return { ...served, database, applicationName };
  }

  async function endConnectionsOf(applicationName: string): Promise<number> {
    const admin = new pg.Client({ connectionString: PG_URL });
    await admin.connect();
    try {
      const { rowCount } = await admin.query('select pg_terminate_backend(pid) from pg_stat_activity where application_name = $1', [applicationName]);
      return rowCount ?? 0;
    } finally {
      await admin.end();
    }
  }

  it('drops the dead idle connections without crashing and serves the next requests on new ones', async () => {
    const { app, applicationName } = await appWithNamedConnections();
    // Several connections at once, so several sit idle in the pool afterwards.
    const warmUp = await Promise.all(Array.from({ length: 4 }, () => app.inject({ method: 'GET', url: '/api/projects/999999' })));
    expect(warmUp.map((response) => response.statusCode)).toEqual([404, 404, 404, 404]);

    expect(await endConnectionsOf(applicationName)).toBeGreaterThan(0);
    // The server's goodbye reaches each idle client, which then leaves the pool.
    await new Promise((resolve) => setTimeout(resolve, 300));

    const after = await Promise.all(Array.from({ length: 4 }, () => app.inject({ method: 'GET', url: '/api/projects/999999' })));
    expect(after.map((response) => response.statusCode)).toEqual([404, 404, 404, 404]);
    expect((await app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);
  });

  it('fails the work of a connection ended mid-transaction as unavailable (503), without an unhandled error', async () => {
    const { database, applicationName } = await appWithNamedConnections();
    const cutMidTransaction = database.db.transaction().execute(async (trx) => {
      await sql`select 1`.execute(trx);
      await endConnectionsOf(applicationName);
      await new Promise((resolve) => setTimeout(resolve, 200));
      await sql`select 1`.execute(trx);
    });
    const error = await cutMidTransaction.then(
      () => null,
      (caught: unknown) => caught,
    );
    expect(error).not.toBeNull();
    expect(isDatabaseUnavailable(error)).toBe(true);
    // The broken connection was discarded: the pool answers again.
    expect((await sql<{ one: number }>`select 1 as one`.execute(database.db)).rows).toEqual([{ one: 1 }]);
  });
});

describe('which errors mean "the database is unavailable"', () => {
  it('counts lost and refused connections, server shutdowns, timeouts and a busy SQLite; not bugs or bad data', async () => {
    const unavailable = [
      Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }),
      new AggregateError([Object.assign(new Error('connect ECONNREFUSED ::1:5432'), { code: 'ECONNREFUSED' })], ''),
      Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' }),
      Object.assign(new Error('the database system is starting up'), { code: '57P03' }),
      Object.assign(new Error('canceling statement due to statement timeout'), { code: '57014' }),
      Object.assign(new Error('connection failure'), { code: '08006' }),
      new Error('Connection terminated unexpectedly'),
      new Error('timeout exceeded when trying to connect'),
      new Error('a wrapper', { cause: Object.assign(new Error('read ECONNRESET'), { code: 'ECONNRESET' }) }),
      Object.assign(new Error('database is locked'), { code: 'SQLITE_BUSY' }),
    ];
    for (const error of unavailable) expect([error.message, isDatabaseUnavailable(error)]).toEqual([error.message, true]);

    // Real faults from a real database stay 500s (or their own 4xx).
    const t = await buildTestApp('sqlite');
    try {
      const syntax = await sql`selec 1`.execute(t.ctx.db).catch((error: unknown) => error);
      const user = await buildUser(t.ctx);
      const duplicate = await buildUser(t.ctx, { email: user.email }).catch((error: unknown) => error);
      const clientHungUp = Object.assign(new Error('aborted'), { code: 'ECONNRESET' });
      for (const error of [syntax, duplicate, clientHungUp, new Error('Cannot read properties of undefined'), new TypeError('x is not a function'), null, 'ECONNREFUSED']) {
        expect(isDatabaseUnavailable(error)).toBe(false);
      }
    } finally {
      await t.close();
    }
  });
});
