// /healthz and /readyz as a load balancer sees them: on a working database, on one that refuses
// connections, on one that accepts them and never answers, and once shutdown has begun.
import { tmpdir } from 'node:os';
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { connect } from '../db/connect';
import { buildTestApp, ENGINES, type TTestApp } from '../test/build-test-app';
import { appOver, REFUSING_DATABASE_URL, startSilentServer, timed } from '../test/unreachable-database';
import { createReadiness, READINESS_TIMEOUT_MS } from './readiness';

describe.each(ENGINES)('probes on a working %s database', (engine) => {
  let t: TTestApp;
  afterEach(async () => {
    await t.close();
  });

  it('/readyz answers 200 { ok: true }, never to be cached', async () => {
    t = await buildTestApp(engine);
    const response = await t.app.inject({ method: 'GET', url: '/readyz' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ ok: true });
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it('/readyz answers 503 with Retry-After once shutdown has begun, while /healthz stays 200', async () => {
    t = await buildTestApp(engine);
    const readiness = createReadiness(t.ctx.db);
    const draining = await buildApp({ config: t.config, database: t.database, logger: false, readiness });
    try {
      expect((await draining.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);
      readiness.markDraining();
      const response = await draining.inject({ method: 'GET', url: '/readyz' });
      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual({ ok: false, message: 'Shutting down' });
      expect(response.headers['retry-after']).toBe('1');
      expect((await draining.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
    } finally {
      await draining.close();
    }
  });
});

describe('probes while PostgreSQL is out of reach', () => {
  let outage: { app: FastifyInstance; close(): Promise<void> } | undefined;
  let silent: { url: string; close(): Promise<void> } | undefined;
  afterEach(async () => {
    await outage?.close();
    await silent?.close();
    outage = undefined;
    silent = undefined;
  });

  it('refusing connections: /readyz answers 503 at once and /healthz 200, without the database', async () => {
    outage = await appOver(connect({ dataDir: tmpdir(), databaseUrl: REFUSING_DATABASE_URL }));
    const { result: ready, ms } = await timed(() => outage!.app.inject({ method: 'GET', url: '/readyz' }));
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toEqual({ ok: false, message: 'Database unreachable' });
    expect(ready.headers['retry-after']).toBe('1');
    expect(ready.headers['cache-control']).toBe('no-store');
    expect(ms).toBeLessThan(READINESS_TIMEOUT_MS);

    const health = await outage.app.inject({ method: 'GET', url: '/healthz' });
    expect(health.statusCode).toBe(200);
    expect(health.json()).toEqual({ ok: true });
  });

  it('accepting connections and never answering: /readyz gives up after about a second', async () => {
    silent = await startSilentServer();
    outage = await appOver(connect({ dataDir: tmpdir(), databaseUrl: silent.url }));
    const { result, ms } = await timed(() => outage!.app.inject({ method: 'GET', url: '/readyz' }));
    expect(result.statusCode).toBe(503);
    expect(result.json()).toMatchObject({ ok: false, message: 'Database unreachable' });
    expect(ms).toBeGreaterThanOrEqual(READINESS_TIMEOUT_MS - 50);
    expect(ms).toBeLessThan(READINESS_TIMEOUT_MS + 500);
  });
});
