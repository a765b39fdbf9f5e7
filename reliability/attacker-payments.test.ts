// The payment and source attacks of issue 13, against real server processes: a production
// server without Stripe keys takes no job and no test card (nothing posts for free with 4242);
// in test mode the card endpoint is the poster's alone; a production build publishes no source maps.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { PAYMENTS_OFF_MESSAGE } from '../shared/constants';
import { TEST_CARDS, type TMyJob, type TPaymentSession, type TPaymentsConfig } from '../shared/schemas/job';
import { apiClient } from '../e2e/api-client';
import { ENGINES } from '../server/test/build-test-app';
import { jobBody } from '../server/test/factories';
import { createMember } from './harness/members';
import { startServer, stopAllServers, tempDataDir, type TServerProcess, type TTempDir } from './harness/server-process';
import { withServerDatabase } from './harness/server-database';
import { throwawayPostgresDatabase, type TThrowawayDatabase } from './harness/throwaway-postgres';

const ROOT = join(import.meta.dirname, '..');
const card = (clientSecret: string) => ({ clientSecret, cardNumber: TEST_CARDS.succeeds, expiry: '12/40', cvc: '123' });

afterAll(async () => {
  await stopAllServers();
});

describe.each(ENGINES)('payments under attack on %s', (engine) => {
  let data: TTempDir;
  let postgres: TThrowawayDatabase | undefined;
  let env: Record<string, string>;
  beforeEach(async () => {
    data = tempDataDir('attacker-payments-');
    postgres = engine === 'postgres' ? await throwawayPostgresDatabase(process.env.TEST_DATABASE_URL!) : undefined;
    env = postgres ? { DATABASE_URL: postgres.url } : {};
  });
  afterEach(async () => {
    await stopAllServers();
    await postgres?.drop();
    data.remove();
  });

  const start = async (extra: Record<string, string>): Promise<TServerProcess> => {
    const server = await startServer({ dataDir: data.dir, env: { ...env, STRIPE_PUBLISHABLE_KEY: '', STRIPE_WEBHOOK_SECRET: '', PAYMENTS_MODE: '', ...extra } });
    await server.waitReady();
    return server;
  };
  const jobStatus = (server: TServerProcess, id: number) =>
    withServerDatabase(server, async ({ db }) => (await db.selectFrom('jobs').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status);

  it('a production server without Stripe keys takes no job and no test card: 503 for the payment step, 404 for the test endpoints', async () => {
    // A job saved (with its test PaymentIntent) while the site still ran in test mode…
    const before = await start({ NODE_ENV: 'development' });
    const poster = await createMember(before);
    const api = apiClient(before.url);
    const job = (await (await api.request('POST', '/api/jobs', { cookie: poster.cookie, json: jobBody() })).json()) as TMyJob;
    const session = (await (await api.request('POST', `/api/jobs/${job.id}/payment`, { cookie: poster.cookie })).json()) as TPaymentSession;
    expect(session.provider).toBe('test');
    await before.stop();

    // …then the same data served in production, with no keys.
    const server = await start({ NODE_ENV: 'production' });
    const prod = apiClient(server.url);
    expect(server.logs).toContain('PAYMENTS_MODE is off');
    expect(await prod.getJson<TPaymentsConfig>('/api/payments/config')).toEqual({ paymentsMode: 'off' });

    const created = await prod.request('POST', '/api/jobs', { cookie: poster.cookie, json: jobBody() });
    expect(created.status).toBe(503);
    expect(await created.json()).toEqual({ message: PAYMENTS_OFF_MESSAGE });
    const payment = await prod.request('POST', `/api/jobs/${job.id}/payment`, { cookie: poster.cookie });
    expect(payment.status).toBe(503);
    expect(await payment.json()).toEqual({ message: PAYMENTS_OFF_MESSAGE });
    for (const cookie of [undefined, poster.cookie]) {
      const paid = await prod.request('POST', '/api/payments/test/confirm', { ...(cookie ? { cookie } : {}), json: card(session.clientSecret) });
      expect(paid.status).toBe(404);
      await paid.arrayBuffer();
    }
    const confirmed = await prod.request('POST', `/api/jobs/${job.id}/confirm-payment`, { cookie: poster.cookie, json: { paymentIntentId: session.paymentIntentId } });
    expect(confirmed.status).toBe(503);
    await confirmed.arrayBuffer();

    expect(await jobStatus(server, job.id)).toBe('pending_payment');
    expect(await prod.getJson<TMyJob[]>('/api/jobs')).toEqual([]);
    const counts = await withServerDatabase(server, async ({ db }) => ({
      jobs: (await db.selectFrom('jobs').select('id').execute()).length,
      payments: (await db.selectFrom('payments').select('id').execute()).length,
      intents: await db.selectFrom('test_payment_intents').select('status').execute(),
    }));
    expect(counts).toEqual({ jobs: 1, payments: 0, intents: [{ status: 'requires_payment_method' }] });
  });

  it("test mode: the test card endpoint needs a signed-in poster (401 signed out, 403 for another member's job)", async () => {
    const server = await start({ NODE_ENV: 'production', PAYMENTS_MODE: 'test' });
    // An operator's deliberate choice, said loudly.
    expect(server.logs).toContain('PAYMENTS_MODE is test on a production server');
    const api = apiClient(server.url);
    const poster = await createMember(server);
    const attacker = await createMember(server);
    const job = (await (await api.request('POST', '/api/jobs', { cookie: poster.cookie, json: jobBody() })).json()) as TMyJob;
    const session = (await (await api.request('POST', `/api/jobs/${job.id}/payment`, { cookie: poster.cookie })).json()) as TPaymentSession;

    const anonymous = await api.request('POST', '/api/payments/test/confirm', { json: card(session.clientSecret) });
    expect(anonymous.status).toBe(401);
    await anonymous.arrayBuffer();
    const stranger = await api.request('POST', '/api/payments/test/confirm', { cookie: attacker.cookie, json: card(session.clientSecret) });
    expect([403, 404]).toContain(stranger.status);
    await stranger.arrayBuffer();
    const strangerConfirm = await api.request('POST', `/api/jobs/${job.id}/confirm-payment`, { cookie: attacker.cookie, json: { paymentIntentId: session.paymentIntentId } });
    expect([403, 404]).toContain(strangerConfirm.status);
    await strangerConfirm.arrayBuffer();
    expect(await jobStatus(server, job.id)).toBe('pending_payment');
    expect(await withServerDatabase(server, async ({ db }) => (await db.selectFrom('test_payment_intents').select('status').executeTakeFirstOrThrow()).status)).toBe(
      'requires_payment_method',
    );

    // The poster pays; the job goes live.
    const paid = await api.request('POST', '/api/payments/test/confirm', { cookie: poster.cookie, json: card(session.clientSecret) });
    expect(paid.status).toBe(200);
    await paid.arrayBuffer();
    const live = await api.request('POST', `/api/jobs/${job.id}/confirm-payment`, { cookie: poster.cookie, json: { paymentIntentId: session.paymentIntentId } });
    expect(((await live.json()) as TMyJob).status).toBe('active');
  });
});

describe('the production build', () => {
  let data: TTempDir;
  let server: TServerProcess;
  beforeAll(async () => {
    data = tempDataDir('attacker-sourcemaps-');
    // `npm start`'s entry: the client is built (when stale) as in production, then served.
    server = await startServer({ dataDir: data.dir, entry: 'start', env: { NODE_ENV: 'production' } });
    await server.waitReady(240_000);
  }, 300_000);
  afterAll(async () => {
    await server?.stop();
    data?.remove();
  });

  it('serves no source map: none in dist/web, none referenced, /assets/*.js.map is 404', async () => {
    const assetsDir = join(ROOT, 'dist', 'web', 'assets');
    expect(existsSync(assetsDir)).toBe(true);
    const assets = readdirSync(assetsDir);
    const scripts = assets.filter((name) => name.endsWith('.js'));
    expect(scripts.length).toBeGreaterThan(5);
    expect(assets.filter((name) => /\.map(\.|$)/.test(name))).toEqual([]);
    for (const script of scripts) {
      expect(readFileSync(join(assetsDir, script), 'utf8'), script).not.toContain('sourceMappingURL');
      const map = await fetch(`${server.url}/assets/${script}.map`, { headers: { 'accept-encoding': 'gzip, br' } });
      expect(map.status, script).toBe(404);
      await map.arrayBuffer();
    }
    const served = await fetch(`${server.url}/assets/${scripts[0]}`);
    expect(served.status).toBe(200);
    expect(served.headers.get('sourcemap')).toBeNull();
    expect(served.headers.get('x-sourcemap')).toBeNull();
    await served.arrayBuffer();
  });
});
