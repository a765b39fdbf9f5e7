// PAYMENTS_MODE=off (the default of a production server without Stripe keys): no job can be
// posted or paid, with a clear 503; the test-mode card form does not exist.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { PAYMENTS_OFF_MESSAGE } from '../../../shared/constants';
import { buildTestApp, ENGINES, type TTestApp } from '../../test/build-test-app';
import { buildJob, buildUser, cookieFor, jobBody } from '../../test/factories';

describe.each(ENGINES)('payments off on %s', (engine) => {
  // A test-mode app that saved a job awaiting payment (and a PaymentIntent for it) earlier, and
  // the same database served by a production app without Stripe keys.
  let before: TTestApp;
  let t: TTestApp;
  beforeEach(async () => {
    before = await buildTestApp(engine);
    t = await buildTestApp(engine, { env: { NODE_ENV: 'production' }, shareWith: before });
  });
  afterEach(async () => {
    await t.close();
    await before.close();
  });

  it('is the default in production without Stripe keys, and the page is told so', async () => {
    expect(t.config.payments).toEqual({ mode: 'off' });
    expect((await t.app.inject({ url: '/api/payments/config' })).json()).toEqual({ paymentsMode: 'off' });
  });

  it('takes no job and no payment: 503 with the message; the test card endpoint is not there', async () => {
    const owner = await buildUser(t.ctx);
    const cookie = await cookieFor(t.ctx, owner);
    const job = await buildJob(before.ctx, owner, { status: 'pending_payment' });
    const session = (await before.app.inject({ method: 'POST', url: `/api/jobs/${job.id}/payment`, headers: { cookie } })).json();

    const created = await t.app.inject({ method: 'POST', url: '/api/jobs', headers: { cookie }, payload: jobBody() });
    expect(created.statusCode).toBe(503);
    expect(created.json()).toEqual({ message: PAYMENTS_OFF_MESSAGE });
    expect(PAYMENTS_OFF_MESSAGE).toBe('Job posting is not available yet: payments are not configured on this site.');

    const payment = await t.app.inject({ method: 'POST', url: `/api/jobs/${job.id}/payment`, headers: { cookie } });
    expect(payment.statusCode).toBe(503);
    expect(payment.json()).toEqual({ message: PAYMENTS_OFF_MESSAGE });

    const card = { clientSecret: session.clientSecret, cardNumber: '4242 4242 4242 4242', expiry: '12/34', cvc: '123' };
    for (const headers of [{}, { cookie }]) {
      expect((await t.app.inject({ method: 'POST', url: '/api/payments/test/confirm', headers, payload: card })).statusCode).toBe(404);
    }
    const confirm = await t.app.inject({ method: 'POST', url: `/api/jobs/${job.id}/confirm-payment`, headers: { cookie }, payload: { paymentIntentId: session.paymentIntentId } });
    expect(confirm.statusCode).toBe(503);
    const webhook = await t.app.inject({ method: 'POST', url: '/api/payments/webhook', headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=x' }, payload: '{}' });
    expect(webhook.statusCode).toBe(503);

    const rows = await t.ctx.db.selectFrom('jobs').select(['id', 'status']).execute();
    expect(rows).toEqual([{ id: job.id, status: 'pending_payment' }]);
    const intent = await t.ctx.db.selectFrom('test_payment_intents').select('status').executeTakeFirstOrThrow();
    expect(intent.status).toBe('requires_payment_method');
  });

  it('can be chosen on purpose: PAYMENTS_MODE=test in production keeps the test card form', async () => {
    const chosen = await buildTestApp(engine, { env: { NODE_ENV: 'production', PAYMENTS_MODE: 'test' }, shareWith: before });
    try {
      expect(chosen.config.payments).toMatchObject({ mode: 'test', inProduction: true });
      expect((await chosen.app.inject({ url: '/api/payments/config' })).json()).toEqual({ paymentsMode: 'test', provider: 'test' });
    } finally {
      await chosen.close();
    }
  });
});
