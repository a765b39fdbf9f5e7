// The whole job posting flow offline, with the built-in test-mode provider (no STRIPE_SECRET_KEY).
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { TJob, TMyJob, TPaymentSession } from '../../../shared/schemas/job';
import { buildTestApp, ENGINES, type TTestApp } from '../../test/build-test-app';
import { buildUser, cookieFor, jobBody } from '../../test/factories';

const DAY_MS = 24 * 60 * 60 * 1000;

describe.each(ENGINES)('job payments in test mode on %s', (engine) => {
  let t: TTestApp;
  beforeEach(async () => {
    t = await buildTestApp(engine);
  });
  afterEach(async () => {
    await t.close();
  });

  const startPosting = async () => {
    const user = await buildUser(t.ctx);
    const cookie = await cookieFor(t.ctx, user);
    const job: TMyJob = (await t.app.inject({ method: 'POST', url: '/api/jobs', headers: { cookie }, payload: jobBody() })).json();
    const session: TPaymentSession = (await t.app.inject({ method: 'POST', url: `/api/jobs/${job.id}/payment`, headers: { cookie }, payload: { amount: 1 } })).json();
    return { cookie, job, session };
  };
  const payByCard = (clientSecret: string, cardNumber: string, cookie?: string) =>
    t.app.inject({ method: 'POST', url: '/api/payments/test/confirm', headers: cookie ? { cookie } : {}, payload: { clientSecret, cardNumber, expiry: '12 / 34', cvc: '123' } });
  const confirm = (cookie: string, jobId: number, paymentIntentId: string) =>
    t.app.inject({ method: 'POST', url: `/api/jobs/${jobId}/confirm-payment`, headers: { cookie }, payload: { paymentIntentId } });
  const board = async (): Promise<TJob[]> => (await t.app.inject({ url: '/api/jobs' })).json();

  it('tells the page to show the test-mode card form', async () => {
    expect((await t.app.inject({ url: '/api/payments/config' })).json()).toEqual({ paymentsMode: 'test', provider: 'test' });
  });

  it('4242 4242 4242 4242 pays, confirm activates the job for 60 days, and it leaves the board after them', async () => {
    const { cookie, job, session } = await startPosting();
    expect(session).toMatchObject({ provider: 'test', amount: 25_000, currency: 'usd' });
    expect(session).not.toHaveProperty('publishableKey');
    const stored = await t.ctx.db.selectFrom('test_payment_intents').selectAll().where('id', '=', session.paymentIntentId).executeTakeFirstOrThrow();
    expect(stored).toMatchObject({ amount: 25_000, currency: 'usd', idempotency_key: `job-${job.id}-payment` });
    expect(JSON.parse(stored.metadata)).toMatchObject({ jobId: String(job.id) });

    const paid = await payByCard(session.clientSecret, '4242 4242 4242 4242', cookie);
    expect(paid.statusCode).toBe(200);
    expect(paid.json()).toEqual({ paymentIntent: { id: session.paymentIntentId, status: 'succeeded' } });
    // The card went through; the job goes live when the server confirms it.
    expect(await board()).toEqual([]);

    const confirmed = await confirm(cookie, job.id, session.paymentIntentId);
    expect(confirmed.statusCode).toBe(200);
    const active: TMyJob = confirmed.json();
    expect(active.status).toBe('active');
    const payment = await t.ctx.db.selectFrom('payments').selectAll().executeTakeFirstOrThrow();
    expect(payment).toMatchObject({ provider: 'test', provider_payment_id: session.paymentIntentId, job_id: job.id });
    expect(new Date(active.activeUntil!).getTime() - new Date(payment.created_at).getTime()).toBe(60 * DAY_MS);
    expect((await board()).map((j) => j.id)).toEqual([job.id]);
    // The poster's receipt, queued with the activation; confirming again queues no second one.
    expect((await confirm(cookie, job.id, session.paymentIntentId)).statusCode).toBe(200);
    const mails = await t.ctx.db.selectFrom('outbox').selectAll().execute();
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text_body).toContain(`Payment reference: ${session.paymentIntentId}`);
    expect(mails[0]!.text_body).toContain('Amount paid: $250.00');

    t.clock.advance(60 * DAY_MS - 60_000);
    expect((await board()).map((j) => j.id)).toEqual([job.id]);
    t.clock.advance(60_000 + 1);
    expect(await board()).toEqual([]);
  });

  it('4000 0000 0000 0002 is declined with the message; the job stays unpaid and can be paid with another card', async () => {
    const { cookie, job, session } = await startPosting();
    const declined = await payByCard(session.clientSecret, '4000 0000 0000 0002', cookie);
    expect(declined.statusCode).toBe(402);
    expect(declined.json()).toEqual({ message: 'Your card was declined.' });
    const row = await t.ctx.db.selectFrom('test_payment_intents').selectAll().where('id', '=', session.paymentIntentId).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: 'requires_payment_method', last_error: 'Your card was declined.' });

    const early = await confirm(cookie, job.id, session.paymentIntentId);
    expect(early.statusCode).toBe(402);
    expect((await t.ctx.db.selectFrom('jobs').select('status').where('id', '=', job.id).executeTakeFirstOrThrow()).status).toBe('pending_payment');

    // Back on the payment step: the same PaymentIntent, and a good card this time.
    const again: TPaymentSession = (await t.app.inject({ method: 'POST', url: `/api/jobs/${job.id}/payment`, headers: { cookie } })).json();
    expect(again.clientSecret).toBe(session.clientSecret);
    expect((await payByCard(session.clientSecret, '4242424242424242', cookie)).statusCode).toBe(200);
    expect((await confirm(cookie, job.id, session.paymentIntentId)).json().status).toBe('active');
  });

  it('says a wrong card number is incorrect', async () => {
    const { cookie, session } = await startPosting();
    const wrong = await payByCard(session.clientSecret, '4242 4242 4242 4241', cookie);
    expect(wrong.statusCode).toBe(402);
    expect(wrong.json()).toEqual({ message: 'Your card number is incorrect.' });
  });

  it("takes a card only from the job's poster: 401 signed out, 403 for another member, 404 for an unknown client secret", async () => {
    const { cookie, session } = await startPosting();
    expect((await payByCard(session.clientSecret, '4242 4242 4242 4242')).statusCode).toBe(401);
    const other = await cookieFor(t.ctx, await buildUser(t.ctx));
    const stranger = await payByCard(session.clientSecret, '4242 4242 4242 4242', other);
    expect(stranger.statusCode).toBe(403);
    expect((await payByCard(`${session.paymentIntentId}_secret_guess`, '4242 4242 4242 4242', other)).statusCode).toBe(404);
    expect((await payByCard(`${session.paymentIntentId}_secret_guess`, '4242 4242 4242 4242', cookie)).statusCode).toBe(404);
    const row = await t.ctx.db.selectFrom('test_payment_intents').select('status').where('id', '=', session.paymentIntentId).executeTakeFirstOrThrow();
    expect(row.status).toBe('requires_payment_method');
    expect((await payByCard(session.clientSecret, '4242 4242 4242 4242', cookie)).statusCode).toBe(200);
  });

  it('answers 503 to webhooks while no webhook secret is set', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/api/payments/webhook', headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=x' }, payload: '{}' });
    expect(response.statusCode).toBe(503);
  });
});
