import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, ENGINES, type TTestApp } from '../../test/build-test-app';
import { PaymentProviderError } from './payments';
import { CARD_MESSAGES, createTestModePayments, luhnValid, type TTestModePayments } from './test-mode-payments';

describe('Luhn check', () => {
  it('accepts valid card numbers and refuses one wrong digit', () => {
    expect(luhnValid('4242424242424242')).toBe(true);
    expect(luhnValid('4000000000000002')).toBe(true);
    expect(luhnValid('5555555555554444')).toBe(true);
    expect(luhnValid('4242424242424241')).toBe(false);
  });
});

describe.each(ENGINES)('test-mode payments on %s', (engine) => {
  let t: TTestApp;
  let payments: TTestModePayments;
  beforeEach(async () => {
    t = await buildTestApp(engine);
    payments = createTestModePayments(t.ctx.db, { webhookSecret: undefined, now: t.ctx.now });
  });
  afterEach(async () => {
    await t.close();
  });

  const create = (idempotencyKey = 'job-1-payment', amount = 25_000) => payments.createPaymentIntent({ amount, currency: 'usd', metadata: { jobId: '1', userId: '2' }, idempotencyKey });
  const card = (clientSecret: string, cardNumber: string, overrides: { expiry?: string; cvc?: string } = {}) =>
    payments.confirmCardPayment({ clientSecret, cardNumber, expiry: overrides.expiry ?? '12 / 34', cvc: overrides.cvc ?? '123' }, t.ctx.now());

  it('keeps PaymentIntents in the database, one per idempotency key, even under concurrency', async () => {
    const intents = await Promise.all(Array.from({ length: 10 }, () => create()));
    expect(new Set(intents.map((intent) => intent.id)).size).toBe(1);
    expect(intents[0]!.id).toMatch(/^pi_test_/);
    expect(await payments.retrievePaymentIntent(intents[0]!.id)).toMatchObject({ status: 'requires_payment_method', amount: 25_000, currency: 'usd', metadata: { jobId: '1', userId: '2' } });
    expect(await payments.retrievePaymentIntent('pi_test_missing')).toBeNull();
    // As at Stripe: a key reused with other parameters is an error.
    await expect(create('job-1-payment', 100)).rejects.toBeInstanceOf(PaymentProviderError);
  });

  it('4242 4242 4242 4242 succeeds, once', async () => {
    const { id, clientSecret } = await create();
    expect(await card(clientSecret, '4242 4242 4242 4242')).toEqual({ ok: true, paymentIntent: expect.objectContaining({ id, status: 'succeeded' }) });
    expect((await payments.retrievePaymentIntent(id))?.status).toBe('succeeded');
    expect(await card(clientSecret, '4242424242424242')).toMatchObject({ ok: false, status: 400 });
  });

  it('4000 0000 0000 0002 is declined and the PaymentIntent waits for another card', async () => {
    const { id, clientSecret } = await create();
    expect(await card(clientSecret, '4000 0000 0000 0002')).toEqual({ ok: false, status: 402, message: 'Your card was declined.' });
    const row = await t.ctx.db.selectFrom('test_payment_intents').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: 'requires_payment_method', last_error: 'Your card was declined.' });
    expect((await card(clientSecret, '4242 4242 4242 4242')).ok).toBe(true);
  });

  it('refuses a wrong card number, an expired or incomplete date, a short security code and an unknown secret', async () => {
    const { clientSecret } = await create();
    expect(await card(clientSecret, '4242 4242 4242 4241')).toMatchObject({ status: 402, message: CARD_MESSAGES.incorrectNumber });
    expect(await card(clientSecret, '5555 5555 5555 4444')).toMatchObject({ status: 402, message: 'Your card number is incorrect.' });
    expect(await card(clientSecret, '4242')).toMatchObject({ message: 'Your card number is incorrect.' });
    const lastMonth = new Date(t.ctx.now().getTime() - 40 * 24 * 60 * 60 * 1000);
    const expired = `${String(lastMonth.getUTCMonth() + 1).padStart(2, '0')}/${String(lastMonth.getUTCFullYear()).slice(2)}`;
    expect(await card(clientSecret, '4242 4242 4242 4242', { expiry: expired })).toMatchObject({ status: 402, message: CARD_MESSAGES.expired });
    expect(await card(clientSecret, '4242 4242 4242 4242', { expiry: '13/30' })).toMatchObject({ message: CARD_MESSAGES.incompleteExpiry });
    expect(await card(clientSecret, '4242 4242 4242 4242', { cvc: '12' })).toMatchObject({ message: CARD_MESSAGES.incompleteCvc });
    expect(await card('pi_test_x_secret_y', '4242 4242 4242 4242')).toMatchObject({ ok: false, status: 404 });
  });
});
