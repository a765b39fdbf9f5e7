// Stripe PaymentIntents through the official SDK. The browser confirms the card with Stripe.js;
// the server only creates PaymentIntents, reads them back and verifies webhooks.
import Stripe from 'stripe';
import {
  constructStripeSignedEvent,
  PaymentProviderError,
  type TCreatePaymentIntent,
  type TPaymentIntent,
  type TPaymentProvider,
} from './payments';

export interface TStripeOptions {
  secretKey: string;
  publishableKey: string;
  webhookSecret: string | undefined;
  /** Another address for the API (stripe-mock, a test double); unset: api.stripe.com. */
  apiBase?: { host: string; port: number; protocol: 'http' | 'https' } | undefined;
  /** The SDK retries network failures and 5xx with the same idempotency key; default 2. */
  maxNetworkRetries?: number;
}

export function createStripePayments(options: TStripeOptions): TPaymentProvider {
  const stripe = new Stripe(options.secretKey, {
    maxNetworkRetries: options.maxNetworkRetries ?? 2,
    timeout: 20_000,
    telemetry: false,
    ...(options.apiBase ?? {}),
  });

  return {
    kind: 'stripe',
    publishableKey: options.publishableKey,

    async createPaymentIntent(input: TCreatePaymentIntent) {
      const intent = await call(() =>
        stripe.paymentIntents.create(
          // Card only: the page confirms with a card element (SPEC §2, Post a job).
          { amount: input.amount, currency: input.currency, metadata: input.metadata, allowed_payment_method_types: ['card'] },
          { idempotencyKey: input.idempotencyKey },
        ),
      );
      if (!intent.client_secret) throw new PaymentProviderError(`PaymentIntent ${intent.id} came without a client secret`);
      return { id: intent.id, clientSecret: intent.client_secret };
    },

    async retrievePaymentIntent(id: string): Promise<TPaymentIntent | null> {
      try {
        const intent = await stripe.paymentIntents.retrieve(id);
        return {
          id: intent.id,
          status: intent.status,
          amount: intent.amount,
          currency: intent.currency,
          metadata: { ...intent.metadata },
          clientSecret: intent.client_secret,
        };
      } catch (error) {
        if (error instanceof Stripe.errors.StripeInvalidRequestError && (error.code === 'resource_missing' || error.statusCode === 404)) return null;
        throw providerError(error);
      }
    },

    constructWebhookEvent(rawBody, signature, receivedAt) {
      return constructStripeSignedEvent(rawBody, signature, options.webhookSecret, receivedAt);
    },
  };
}

async function call<T>(request: () => Promise<T>): Promise<T> {
  try {
    return await request();
  } catch (error) {
    throw providerError(error);
  }
}

function providerError(error: unknown): PaymentProviderError {
  const message = error instanceof Error ? error.message : String(error);
  return new PaymentProviderError(`Stripe: ${message}`, { cause: error });
}
