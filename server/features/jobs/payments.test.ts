// Paying for a job with the Stripe provider: the real `stripe` SDK against a local fake of
// Stripe's API, and webhook deliveries signed as Stripe signs them.
import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { TMyJob, TPaymentSession } from '../../../shared/schemas/job';
import type { TContext } from '../../context';
import { buildTestApp, ENGINES, type TTestApp } from '../../test/build-test-app';
import { buildUser, cookieFor, jobBody } from '../../test/factories';
import { FAKE_STRIPE_ENV, startFakeStripe, type TFakeIntent, type TFakeStripe } from '../../test/fake-stripe';

const DAY_MS = 24 * 60 * 60 * 1000;

async function count(ctx: TContext, table: 'payments' | 'webhook_events'): Promise<number> {
  const row = await ctx.db.selectFrom(table).select(sql<number>`count(*)`.as('count')).executeTakeFirstOrThrow();
  return Number(row.count);
}

describe.each(ENGINES)('job payments through Stripe on %s', (engine) => {
  let t: TTestApp;
  let fake: TFakeStripe;
  beforeEach(async () => {
    fake = await startFakeStripe();
    t = await buildTestApp(engine, { env: { ...FAKE_STRIPE_ENV, STRIPE_API_BASE: fake.url } });
  });
  afterEach(async () => {
    await t.close();
    await fake.close();
  });

  const member = async () => {
    const user = await buildUser(t.ctx);
    return { user, cookie: await cookieFor(t.ctx, user) };
  };
  const postJob = async (cookie: string): Promise<TMyJob> => (await t.app.inject({ method: 'POST', url: '/api/jobs', headers: { cookie }, payload: jobBody() })).json();
  const pay = (cookie: string, jobId: number, payload?: Record<string, unknown>) =>
    t.app.inject({ method: 'POST', url: `/api/jobs/${jobId}/payment`, headers: { cookie }, ...(payload ? { payload } : {}) });
  const confirm = (cookie: string, jobId: number, paymentIntentId: string) =>
    t.app.inject({ method: 'POST', url: `/api/jobs/${jobId}/confirm-payment`, headers: { cookie }, payload: { paymentIntentId } });
  const deliver = (delivery: { payload: string | Buffer; headers: Record<string, string> }) =>
    t.app.inject({ method: 'POST', url: '/api/payments/webhook', headers: delivery.headers, payload: delivery.payload });
  const signed = (intent: TFakeIntent | { id: string }, options: { type?: string; eventId?: string; timestamp?: number } = {}) =>
    fake.webhook({ secret: FAKE_STRIPE_ENV.STRIPE_WEBHOOK_SECRET, type: options.type ?? 'payment_intent.succeeded', intent, ...options });
  const jobRow = (id: number) => t.ctx.db.selectFrom('jobs').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const creates = () => fake.requests.filter((request) => request.method === 'POST' && request.path === '/v1/payment_intents');
  const retrieves = () => fake.requests.filter((request) => request.method === 'GET');

  /** A job of a new member with its PaymentIntent made and, unless told otherwise, paid at Stripe. */
  const paidAtStripe = async (options: { succeeded?: boolean } = {}) => {
    const { user, cookie } = await member();
    const job = await postJob(cookie);
    const session: TPaymentSession = (await pay(cookie, job.id)).json();
    if (options.succeeded !== false) fake.update(session.paymentIntentId, { status: 'succeeded' });
    return { user, cookie, job, intentId: session.paymentIntentId, intent: () => fake.intents.get(session.paymentIntentId)! };
  };

  it('tells the page which provider takes the card', async () => {
    expect((await t.app.inject({ url: '/api/payments/config' })).json()).toEqual({ paymentsMode: 'stripe', provider: 'stripe', publishableKey: 'pk_test_fake' });
  });

  describe('the payment step', () => {
    it('creates the one PaymentIntent of the job at the server price, ignoring an amount the client sends', async () => {
      const { user, cookie } = await member();
      const job = await postJob(cookie);
      const response = await pay(cookie, job.id, { amount: 100, currency: 'eur', metadata: { jobId: '999' } });
      expect(response.statusCode).toBe(200);
      const session: TPaymentSession = response.json();
      expect(session).toMatchObject({ provider: 'stripe', publishableKey: 'pk_test_fake', amount: 25_000, currency: 'usd' });
      expect(session.clientSecret).toBe(fake.intents.get(session.paymentIntentId)!.client_secret);
      expect(creates()).toHaveLength(1);
      expect(creates()[0]!.form).toMatchObject({ amount: '25000', currency: 'usd', 'metadata[jobId]': String(job.id), 'metadata[userId]': String(user.id) });
      expect(creates()[0]!.headers['idempotency-key']).toBe(`job-${job.id}-payment`);

      // Asked again (a reload, a second tab): the same PaymentIntent, no second one.
      const again: TPaymentSession = (await pay(cookie, job.id)).json();
      expect(again.clientSecret).toBe(session.clientSecret);
      expect(creates()).toHaveLength(1);
    });

    it('makes a new PaymentIntent when the previous one was canceled', async () => {
      const { cookie, job, intentId } = await paidAtStripe({ succeeded: false });
      fake.update(intentId, { status: 'canceled' });
      const next: TPaymentSession = (await pay(cookie, job.id)).json();
      expect(next.paymentIntentId).not.toBe(intentId);
      expect(creates().at(-1)!.headers['idempotency-key']).toBe(`job-${job.id}-payment-after-${intentId}`);
    });

    it('is for the poster only: 401 signed out, 403 for another member, 404 for no such job', async () => {
      const { cookie, job } = await paidAtStripe({ succeeded: false });
      const other = await member();
      expect((await t.app.inject({ method: 'POST', url: `/api/jobs/${job.id}/payment` })).statusCode).toBe(401);
      expect((await pay(other.cookie, job.id)).statusCode).toBe(403);
      expect((await pay(cookie, 999_999)).statusCode).toBe(404);
      expect(creates()).toHaveLength(1);
    });

    it('answers 409 once the job is paid, settling a payment the browser never confirmed', async () => {
      const { cookie, job } = await paidAtStripe();
      const response = await pay(cookie, job.id);
      expect(response.statusCode).toBe(409);
      expect(response.json().message).toBe('This job is already paid');
      expect((await jobRow(job.id)).status).toBe('active');
      expect((await pay(cookie, job.id)).statusCode).toBe(409);
    });

    it('answers 502 with a message when Stripe fails', async () => {
      const { cookie } = await member();
      const job = await postJob(cookie);
      fake.failNext();
      const response = await pay(cookie, job.id);
      expect(response.statusCode).toBe(502);
      expect(response.json().message).toBe('The payment provider could not be reached. Please try again.');
    });
  });

  describe('confirmation', () => {
    it('activates the job for exactly 60 days from a succeeded PaymentIntent; repeating changes nothing', async () => {
      const { cookie, job, intentId } = await paidAtStripe();
      const response = await confirm(cookie, job.id, intentId);
      expect(response.statusCode).toBe(200);
      const active: TMyJob = response.json();
      expect(active.status).toBe('active');
      const payment = await t.ctx.db.selectFrom('payments').selectAll().executeTakeFirstOrThrow();
      expect(payment).toMatchObject({ job_id: job.id, provider: 'stripe', provider_payment_id: intentId, amount: 25_000, currency: 'usd', status: 'succeeded' });
      expect(new Date(active.activeUntil!).getTime() - new Date(payment.created_at).getTime()).toBe(60 * DAY_MS);
      expect((await t.app.inject({ url: '/api/jobs' })).json().map((j: TMyJob) => j.id)).toEqual([job.id]);

      t.clock.advance(DAY_MS);
      const repeated = await confirm(cookie, job.id, intentId);
      expect(repeated.statusCode).toBe(200);
      expect(repeated.json().activeUntil).toBe(active.activeUntil);
      expect(await count(t.ctx, 'payments')).toBe(1);
    });

    it('never extends a live job: a second payment for it is recorded, the 60 days stay as they were', async () => {
      const { cookie, job, intentId } = await paidAtStripe();
      const first: TMyJob = (await confirm(cookie, job.id, intentId)).json();
      t.clock.advance(DAY_MS);
      const second = fake.addIntent({ status: 'succeeded', metadata: { jobId: String(job.id) } });
      const response = await confirm(cookie, job.id, second.id);
      expect(response.statusCode).toBe(200);
      expect(response.json().activeUntil).toBe(first.activeUntil);
      expect(await count(t.ctx, 'payments')).toBe(2);
    });

    it('leaves the job unpaid for a PaymentIntent that has not succeeded, is for another amount or currency, is for another job, or does not exist', async () => {
      const { cookie, job, intentId } = await paidAtStripe({ succeeded: false });
      const other = await paidAtStripe();
      const metadata = { jobId: String(job.id) };
      const cases: [string, number, string][] = [
        [intentId, 402, 'The payment has not gone through (status: requires_payment_method)'],
        [fake.addIntent({ status: 'processing', metadata }).id, 402, 'The payment has not gone through (status: processing)'],
        [fake.addIntent({ status: 'succeeded', amount: 100, metadata }).id, 400, 'The payment does not match the price of a job listing'],
        [fake.addIntent({ status: 'succeeded', currency: 'eur', metadata }).id, 400, 'The payment does not match the price of a job listing'],
        [other.intentId, 400, 'This payment is not for this job'],
        [fake.addIntent({ status: 'succeeded', metadata: {} }).id, 400, 'This payment is not for this job'],
        ['pi_does_not_exist', 400, 'Payment not found'],
      ];
      for (const [paymentIntentId, status, message] of cases) {
        const response = await confirm(cookie, job.id, paymentIntentId);
        expect({ paymentIntentId, status: response.statusCode, message: response.json().message }).toEqual({ paymentIntentId, status, message });
      }
      expect(await jobRow(job.id)).toMatchObject({ status: 'pending_payment', active_until: null });
      expect(await count(t.ctx, 'payments')).toBe(0);
      expect((await t.app.inject({ url: '/api/jobs' })).json()).toEqual([]);
    });

    it('is for the poster only: another member cannot confirm your job (403)', async () => {
      const { job, intentId } = await paidAtStripe();
      const other = await member();
      const response = await confirm(other.cookie, job.id, intentId);
      expect(response.statusCode).toBe(403);
      expect((await jobRow(job.id)).status).toBe('pending_payment');
      expect((await t.app.inject({ method: 'POST', url: `/api/jobs/${job.id}/confirm-payment`, payload: { paymentIntentId: intentId } })).statusCode).toBe(401);
    });

    it('activates exactly once under 20 parallel confirmations and the webhook', async () => {
      const { cookie, job, intentId, intent } = await paidAtStripe();
      const responses = await Promise.all([...Array.from({ length: 20 }, () => confirm(cookie, job.id, intentId)), deliver(signed(intent()))]);
      expect(responses.map((response) => response.statusCode)).toEqual(Array(21).fill(200));
      expect(new Set(responses.slice(0, 20).map((response) => response.json().activeUntil)).size).toBe(1);
      expect(await count(t.ctx, 'payments')).toBe(1);
      expect(await count(t.ctx, 'webhook_events')).toBe(1);
      const row = await jobRow(job.id);
      expect(row.status).toBe('active');
      expect(row.active_until).toBe(responses[0]!.json().activeUntil);
    });
  });

  describe('webhook', () => {
    it('activates the job on payment_intent.succeeded even when the browser never confirmed', async () => {
      const { cookie, job, intent } = await paidAtStripe();
      const response = await deliver(signed(intent()));
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ received: true });
      expect((await jobRow(job.id)).status).toBe('active');
      expect((await t.app.inject({ url: '/api/jobs' })).json().map((j: TMyJob) => j.id)).toEqual([job.id]);
      // The browser's late confirmation finds it done.
      expect((await confirm(cookie, job.id, intent().id)).json().status).toBe('active');
      expect(await count(t.ctx, 'payments')).toBe(1);
    });

    it('refuses a bad signature, one altered byte and a timestamp older than 300 s, with no effect', async () => {
      const { job, intent } = await paidAtStripe();
      const foreign = fake.webhook({ secret: 'whsec_someone_else', type: 'payment_intent.succeeded', intent: intent() });
      const good = signed(intent());
      const altered = Buffer.from(good.payload);
      altered[altered.indexOf('"livemode":false') + 12] = 'F'.charCodeAt(0);
      const stale = signed(intent(), { timestamp: Math.floor(t.ctx.now().getTime() / 1000) - 301 });
      const unsigned = { payload: good.payload, headers: { 'content-type': 'application/json' } };
      for (const delivery of [foreign, { payload: altered, headers: good.headers }, stale, unsigned]) {
        const response = await deliver(delivery);
        expect(response.statusCode).toBe(400);
        expect(response.json().message).toBe('Invalid webhook signature');
      }
      expect((await jobRow(job.id)).status).toBe('pending_payment');
      expect(await count(t.ctx, 'webhook_events')).toBe(0);
      expect(retrieves()).toHaveLength(0);
      // The very same delivery, untouched, goes through.
      expect((await deliver(good)).statusCode).toBe(200);
      expect((await jobRow(job.id)).status).toBe('active');
    });

    it('processes a repeated event once', async () => {
      const { job, intent } = await paidAtStripe();
      const delivery = signed(intent(), { eventId: 'evt_once' });
      expect((await deliver(delivery)).json()).toEqual({ received: true });
      const activeUntil = (await jobRow(job.id)).active_until;
      t.clock.advance(60_000);
      expect((await deliver(delivery)).json()).toEqual({ received: true, duplicate: true });
      expect((await deliver(signed(intent(), { eventId: 'evt_once' }))).json()).toEqual({ received: true, duplicate: true });
      expect(retrieves()).toHaveLength(1);
      expect((await jobRow(job.id)).active_until).toBe(activeUntil);
      expect(await count(t.ctx, 'webhook_events')).toBe(1);
      expect(await count(t.ctx, 'payments')).toBe(1);
    });

    it('answers 5xx when fulfilling fails, leaving the event unprocessed so the redelivery activates the job', async () => {
      const { job, intent } = await paidAtStripe();
      const delivery = signed(intent());
      fake.failNext();
      const failed = await deliver(delivery);
      expect(failed.statusCode).toBeGreaterThanOrEqual(500);
      expect(await count(t.ctx, 'webhook_events')).toBe(0);
      expect((await jobRow(job.id)).status).toBe('pending_payment');

      expect((await deliver(delivery)).statusCode).toBe(200);
      expect((await jobRow(job.id)).status).toBe('active');
      expect(await count(t.ctx, 'webhook_events')).toBe(1);
    });

    it('records and leaves alone other events and payments that are not for a job here', async () => {
      const { job, intent } = await paidAtStripe();
      const failedEvent = await deliver(signed(intent(), { type: 'payment_intent.payment_failed' }));
      expect(failedEvent.json()).toMatchObject({ received: true, ignored: expect.any(String) });
      const stranger = fake.addIntent({ status: 'succeeded', metadata: { order: '42' } });
      expect((await deliver(signed(stranger))).json()).toMatchObject({ received: true, ignored: expect.any(String) });
      const cheap = fake.addIntent({ status: 'succeeded', amount: 100, metadata: { jobId: String(job.id) } });
      expect((await deliver(signed(cheap))).json()).toMatchObject({ received: true, ignored: 'The payment does not match the price of a job listing' });
      expect((await jobRow(job.id)).status).toBe('pending_payment');
      expect(await count(t.ctx, 'webhook_events')).toBe(3);
    });

    it('is the one state-changing route exempt from the Origin check', async () => {
      const { cookie, job, intent } = await paidAtStripe();
      const foreign = { origin: 'https://evil.example' };
      const delivery = signed(intent());
      expect((await t.app.inject({ method: 'POST', url: '/api/payments/webhook', headers: { ...delivery.headers, ...foreign }, payload: delivery.payload })).statusCode).toBe(200);
      const confirmFromElsewhere = await t.app.inject({ method: 'POST', url: `/api/jobs/${job.id}/confirm-payment`, headers: { cookie, ...foreign }, payload: { paymentIntentId: intent().id } });
      expect(confirmFromElsewhere.statusCode).toBe(403);
      expect((await t.app.inject({ method: 'POST', url: `/api/jobs/${job.id}/payment`, headers: { cookie, ...foreign } })).statusCode).toBe(403);
    });
  });

  it('has no test-mode card form when Stripe is configured, not even for the poster', async () => {
    const { cookie, intent } = await paidAtStripe({ succeeded: false });
    const card = { clientSecret: intent().client_secret, cardNumber: '4242424242424242', expiry: '12/34', cvc: '123' };
    for (const headers of [{}, { cookie }]) {
      const response = await t.app.inject({ method: 'POST', url: '/api/payments/test/confirm', headers, payload: card });
      expect(response.statusCode).toBe(404);
    }
    expect(intent().status).toBe('requires_payment_method');
  });
});
