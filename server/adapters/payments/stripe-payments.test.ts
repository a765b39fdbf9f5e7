// The Stripe provider with the real `stripe` SDK, pointed at a local fake of Stripe's API.
import Stripe from 'stripe';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { FAKE_STRIPE_ENV, startFakeStripe, type TFakeStripe } from '../../test/fake-stripe';
import { PaymentProviderError, WebhookSignatureError, WebhooksNotConfiguredError, type TPaymentProvider } from './payments';
import { createStripePayments } from './stripe-payments';

describe('Stripe payments', () => {
  let fake: TFakeStripe;
  let stripe: TPaymentProvider;
  beforeEach(async () => {
    fake = await startFakeStripe();
    stripe = createStripePayments({
      secretKey: FAKE_STRIPE_ENV.STRIPE_SECRET_KEY,
      publishableKey: FAKE_STRIPE_ENV.STRIPE_PUBLISHABLE_KEY,
      webhookSecret: FAKE_STRIPE_ENV.STRIPE_WEBHOOK_SECRET,
      apiBase: fake.apiBase,
    });
  });
  afterEach(async () => {
    await fake.close();
  });

  const create = (idempotencyKey = 'job-7-payment') => stripe.createPaymentIntent({ amount: 25_000, currency: 'usd', metadata: { jobId: '7', userId: '3' }, idempotencyKey });

  it('creates a PaymentIntent with the amount, currency, metadata and idempotency key, for cards', async () => {
    const intent = await create();
    expect(intent.id).toMatch(/^pi_/);
    expect(intent.clientSecret).toContain('_secret_');
    expect(fake.requests).toHaveLength(1);
    const [request] = fake.requests;
    expect(request).toMatchObject({ method: 'POST', path: '/v1/payment_intents' });
    expect(request!.form).toMatchObject({ amount: '25000', currency: 'usd', 'metadata[jobId]': '7', 'metadata[userId]': '3', 'allowed_payment_method_types[0]': 'card' });
    expect(request!.headers['idempotency-key']).toBe('job-7-payment');
    expect(request!.headers.authorization).toBe('Bearer sk_test_fake');
    expect(request!.headers['stripe-version']).toBe(Stripe.API_VERSION);

    // Stripe answers a repeated key with the first PaymentIntent.
    expect((await create()).id).toBe(intent.id);
    expect((await create('job-8-payment')).id).not.toBe(intent.id);
  });

  it('reads a PaymentIntent back, and answers null for one that does not exist', async () => {
    const { id } = await create();
    fake.update(id, { status: 'succeeded' });
    expect(await stripe.retrievePaymentIntent(id)).toMatchObject({ id, status: 'succeeded', amount: 25_000, currency: 'usd', metadata: { jobId: '7', userId: '3' } });
    expect(fake.requests.at(-1)).toMatchObject({ method: 'GET', path: `/v1/payment_intents/${id}` });
    expect(await stripe.retrievePaymentIntent('pi_missing')).toBeNull();
  });

  it('reports a failing Stripe as a provider error', async () => {
    fake.failNext();
    await expect(create()).rejects.toBeInstanceOf(PaymentProviderError);
    fake.failNext();
    await expect(stripe.retrievePaymentIntent('pi_x')).rejects.toBeInstanceOf(PaymentProviderError);
  });

  describe('webhooks', () => {
    const now = () => new Date();

    it('reads a correctly signed event', () => {
      const { payload, headers } = fake.webhook({ secret: FAKE_STRIPE_ENV.STRIPE_WEBHOOK_SECRET, type: 'payment_intent.succeeded', intent: { id: 'pi_123' }, eventId: 'evt_1' });
      expect(stripe.constructWebhookEvent(Buffer.from(payload), headers['stripe-signature'], now())).toEqual({ id: 'evt_1', type: 'payment_intent.succeeded', paymentIntentId: 'pi_123' });
    });

    it('refuses another secret, one altered byte, a timestamp older than 300 s and a missing header', () => {
      const { payload, headers } = fake.webhook({ secret: FAKE_STRIPE_ENV.STRIPE_WEBHOOK_SECRET, type: 'payment_intent.succeeded', intent: { id: 'pi_123' } });
      const signature = headers['stripe-signature'];
      const other = fake.webhook({ secret: 'whsec_other', type: 'payment_intent.succeeded', intent: { id: 'pi_123' } });
      expect(() => stripe.constructWebhookEvent(Buffer.from(other.payload), other.headers['stripe-signature'], now())).toThrow(WebhookSignatureError);
      const altered = Buffer.from(payload);
      altered[altered.indexOf('pi_123') + 5] = '4'.charCodeAt(0);
      expect(() => stripe.constructWebhookEvent(altered, signature, now())).toThrow(WebhookSignatureError);
      const old = fake.webhook({ secret: FAKE_STRIPE_ENV.STRIPE_WEBHOOK_SECRET, type: 'payment_intent.succeeded', intent: { id: 'pi_123' }, timestamp: Math.floor(Date.now() / 1000) - 301 });
      expect(() => stripe.constructWebhookEvent(Buffer.from(old.payload), old.headers['stripe-signature'], now())).toThrow(WebhookSignatureError);
      const recent = fake.webhook({ secret: FAKE_STRIPE_ENV.STRIPE_WEBHOOK_SECRET, type: 'payment_intent.succeeded', intent: { id: 'pi_123' }, timestamp: Math.floor(Date.now() / 1000) - 290 });
      expect(stripe.constructWebhookEvent(Buffer.from(recent.payload), recent.headers['stripe-signature'], now()).paymentIntentId).toBe('pi_123');
      expect(() => stripe.constructWebhookEvent(Buffer.from(payload), undefined, now())).toThrow(WebhookSignatureError);
    });

    it('cannot verify anything without a webhook secret', () => {
      const unsigned = createStripePayments({ secretKey: 'sk_test_fake', publishableKey: 'pk_test_fake', webhookSecret: undefined, apiBase: fake.apiBase });
      const { payload, headers } = fake.webhook({ secret: FAKE_STRIPE_ENV.STRIPE_WEBHOOK_SECRET, type: 'payment_intent.succeeded', intent: { id: 'pi_123' } });
      expect(() => unsigned.constructWebhookEvent(Buffer.from(payload), headers['stripe-signature'], now())).toThrow(WebhooksNotConfiguredError);
    });
  });
});
