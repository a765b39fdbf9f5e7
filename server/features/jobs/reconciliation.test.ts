// Payment reconciliation and receipts, with the Stripe provider against the local fake of
// Stripe's API: a PaymentIntent that succeeded while its webhook never arrived is found and its
// job activated once; every activation path queues one receipt for the poster, together.
import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DAY_MS } from '../../../shared/constants';
import type { TMyJob, TPaymentSession } from '../../../shared/schemas/job';
import { createPayments } from '../../adapters/payments/create-payments';
import { buildTestApp, ENGINES, type TTestApp } from '../../test/build-test-app';
import { buildUser, cookieFor, jobBody } from '../../test/factories';
import { FAKE_STRIPE_ENV, startFakeStripe, type TFakeStripe } from '../../test/fake-stripe';
import { periodicTasks, RECONCILE_PAYMENTS_EVERY_MS } from '../../jobs/periodic-tasks';
import { reconcilePayments, type TPaymentsContext } from './payments.service';

describe.each(ENGINES)('payment reconciliation and receipts on %s', (engine) => {
  let t: TTestApp;
  let fake: TFakeStripe;
  let ctx: TPaymentsContext;
  beforeEach(async () => {
    fake = await startFakeStripe();
    t = await buildTestApp(engine, { env: { ...FAKE_STRIPE_ENV, STRIPE_API_BASE: fake.url } });
    // What main.ts gives the periodic task: the configured provider and the read cache.
    ctx = { ...t.ctx, payments: createPayments(t.config.payments, t.ctx.db, t.ctx.now) };
  });
  afterEach(async () => {
    await t.close();
    await fake.close();
  });

  /** A member's job with its PaymentIntent made through the API, at Stripe in the given status. */
  const jobAtStripe = async (status = 'succeeded', title?: string) => {
    const user = await buildUser(t.ctx);
    const cookie = await cookieFor(t.ctx, user);
    const job: TMyJob = (await t.app.inject({ method: 'POST', url: '/api/jobs', headers: { cookie }, payload: jobBody(title ? { title } : {}) })).json();
    const session: TPaymentSession = (await t.app.inject({ method: 'POST', url: `/api/jobs/${job.id}/payment`, headers: { cookie } })).json();
    fake.update(session.paymentIntentId, { status });
    return { user, cookie, job, intentId: session.paymentIntentId };
  };
  const jobRow = (id: number) => t.ctx.db.selectFrom('jobs').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const outbox = () => t.ctx.db.selectFrom('outbox').selectAll().orderBy('id').execute();
  const count = async (table: 'payments' | 'outbox') => Number((await t.ctx.db.selectFrom(table).select(sql<number>`count(*)`.as('n')).executeTakeFirstOrThrow()).n);
  const board = async () => ((await t.app.inject({ url: '/api/jobs' })).json() as TMyJob[]).map((job) => job.id);
  const retrievesOf = (intentId: string) => fake.requests.filter((request) => request.method === 'GET' && request.path === `/v1/payment_intents/${intentId}`).length;

  it('activates a job whose PaymentIntent succeeded without a webhook, once, and sends the poster one receipt', async () => {
    const { user, job, intentId } = await jobAtStripe('succeeded', 'Lead Prompt Designer');
    // Cached by a visitor before: the activation must show on the board at once.
    expect(await board()).toEqual([]);

    expect(await reconcilePayments(ctx)).toBe(1);
    const row = await jobRow(job.id);
    expect(row.status).toBe('active');
    expect(new Date(row.active_until!).getTime() - new Date(row.updated_at).getTime()).toBe(60 * DAY_MS);
    expect(await board()).toEqual([job.id]);
    expect(await count('payments')).toBe(1);

    const [receipt, ...more] = await outbox();
    expect(more).toEqual([]);
    expect(receipt).toMatchObject({ to_address: user.email, message_id: null, subject: 'Receipt: your job listing "Lead Prompt Designer" is live' });
    const activeUntil = new Date(row.active_until!);
    const day = activeUntil.toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });
    expect(receipt!.text_body).toContain('Job: Lead Prompt Designer');
    expect(receipt!.text_body).toContain('Amount paid: $250.00');
    expect(receipt!.text_body).toContain(`Active until: ${day} (${activeUntil.toISOString()})`);
    expect(receipt!.text_body).toContain(`Payment reference: ${intentId}`);

    // A second run changes nothing and mails nothing.
    const before = { job: await jobRow(job.id), payments: await count('payments') };
    expect(await reconcilePayments(ctx)).toBe(0);
    expect(await jobRow(job.id)).toEqual(before.job);
    expect(await count('payments')).toBe(before.payments);
    expect(await count('outbox')).toBe(1);
    // A live job is no longer asked about.
    expect(retrievesOf(intentId)).toBe(1);
  });

  it('leaves a job unpaid while its PaymentIntent is processing, failed or canceled', async () => {
    const waiting = await Promise.all(['processing', 'requires_payment_method', 'canceled', 'requires_action'].map((status) => jobAtStripe(status)));
    expect(await reconcilePayments(ctx)).toBe(0);
    for (const { job, intentId } of waiting) {
      expect((await jobRow(job.id)).status).toBe('pending_payment');
      expect(retrievesOf(intentId)).toBeGreaterThan(0);
    }
    expect(await count('payments')).toBe(0);
    expect(await count('outbox')).toBe(0);
  });

  it('settles a later success on a later run, and asks only about jobs created in the last 7 days', async () => {
    const later = await jobAtStripe('processing');
    const old = await jobAtStripe('succeeded');
    await t.ctx.db
      .updateTable('jobs')
      .set({ created_at: new Date(t.ctx.now().getTime() - 8 * DAY_MS).toISOString() })
      .where('id', '=', old.job.id)
      .execute();
    expect(await reconcilePayments(ctx)).toBe(0);
    fake.update(later.intentId, { status: 'succeeded' });
    expect(await reconcilePayments(ctx)).toBe(1);
    expect((await jobRow(later.job.id)).status).toBe('active');
    expect((await jobRow(old.job.id)).status).toBe('pending_payment');
    expect(retrievesOf(old.intentId)).toBe(0);
  });

  it('works through every recent job in batches', async () => {
    const jobs = [];
    for (let i = 0; i < 5; i += 1) jobs.push(await jobAtStripe(i === 2 ? 'processing' : 'succeeded'));
    expect(await reconcilePayments(ctx, { batchSize: 2 })).toBe(4);
    expect((await Promise.all(jobs.map(({ job }) => jobRow(job.id)))).map((row) => row.status)).toEqual(['active', 'active', 'pending_payment', 'active', 'active']);
    expect(await count('outbox')).toBe(4);
  });

  it('leaves alone a succeeded PaymentIntent that does not match the price, and stops at a Stripe failure', async () => {
    const cheap = await jobAtStripe('succeeded');
    fake.update(cheap.intentId, { amount: 100 });
    expect(await reconcilePayments(ctx)).toBe(0);
    expect((await jobRow(cheap.job.id)).status).toBe('pending_payment');

    fake.update(cheap.intentId, { amount: 25_000 });
    fake.failNext();
    await expect(reconcilePayments(ctx)).rejects.toThrow();
    expect((await jobRow(cheap.job.id)).status).toBe('pending_payment');
    expect(await reconcilePayments(ctx)).toBe(1);
  });

  it('webhook, confirmation and reconciliation racing on one job: one activation, one payment, one receipt', async () => {
    const { cookie, job, intentId } = await jobAtStripe('succeeded');
    const delivery = fake.webhook({ secret: FAKE_STRIPE_ENV.STRIPE_WEBHOOK_SECRET, type: 'payment_intent.succeeded', intent: fake.intents.get(intentId)! });
    const [confirmed, delivered, reconciled] = await Promise.all([
      t.app.inject({ method: 'POST', url: `/api/jobs/${job.id}/confirm-payment`, headers: { cookie }, payload: { paymentIntentId: intentId } }),
      t.app.inject({ method: 'POST', url: '/api/payments/webhook', headers: delivery.headers, payload: delivery.payload }),
      reconcilePayments(ctx),
    ]);
    expect(confirmed.statusCode).toBe(200);
    expect(delivered.statusCode).toBe(200);
    expect(reconciled).toBeLessThanOrEqual(1);
    expect((await jobRow(job.id)).status).toBe('active');
    expect(await count('payments')).toBe(1);
    expect(await count('outbox')).toBe(1);

    // Each path again, later: still one of each.
    await t.app.inject({ method: 'POST', url: `/api/jobs/${job.id}/confirm-payment`, headers: { cookie }, payload: { paymentIntentId: intentId } });
    await t.app.inject({ method: 'POST', url: '/api/payments/webhook', headers: delivery.headers, payload: delivery.payload });
    expect(await reconcilePayments(ctx)).toBe(0);
    expect(await count('payments')).toBe(1);
    expect(await count('outbox')).toBe(1);
  });

  it('runs every 10 minutes and at start, as a periodic task, only where payments are on', async () => {
    await jobAtStripe('succeeded');
    const tasks = periodicTasks(t.ctx, ctx);
    const task = tasks.find((candidate) => candidate.name === 'reconcile-payments');
    expect(task?.everyMs).toBe(RECONCILE_PAYMENTS_EVERY_MS);
    expect(RECONCILE_PAYMENTS_EVERY_MS).toBe(10 * 60 * 1000);
    expect(await task!.run(new AbortController().signal)).toBe(1);
    expect(periodicTasks(t.ctx, { ...ctx, payments: null }).map((candidate) => candidate.name)).not.toContain('reconcile-payments');
    expect(periodicTasks(t.ctx).map((candidate) => candidate.name)).not.toContain('reconcile-payments');
  });
});
