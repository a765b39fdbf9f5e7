// Card payments behind one interface: Stripe's PaymentIntents through the `stripe` SDK, or the
// built-in test-mode provider that keeps PaymentIntents in the database and runs offline.
import Stripe from 'stripe';

export type TPaymentProviderKind = 'stripe' | 'test';

/** The part of a PaymentIntent the app decides on, named as Stripe names it. */
export interface TPaymentIntent {
  id: string;
  /** requires_payment_method, requires_confirmation, requires_action, processing, requires_capture, canceled or succeeded. */
  status: string;
  /** In the smallest unit (cents). */
  amount: number;
  /** Lower case, e.g. 'usd'. */
  currency: string;
  metadata: Record<string, string>;
  clientSecret: string | null;
}

export interface TCreatePaymentIntent {
  amount: number;
  currency: string;
  metadata: Record<string, string>;
  /** The same key gives back the same PaymentIntent instead of a second one. */
  idempotencyKey: string;
}

/** A verified webhook event, reduced to what the app acts on. */
export interface TPaymentEvent {
  id: string;
  type: string;
  /** For payment_intent.* events: the PaymentIntent it is about. */
  paymentIntentId: string | null;
}

export interface TPaymentProvider {
  readonly kind: TPaymentProviderKind;
  /** What the browser's card form is loaded with (Stripe only). */
  readonly publishableKey: string | null;
  createPaymentIntent(input: TCreatePaymentIntent): Promise<{ id: string; clientSecret: string }>;
  /** Null when the provider has no such PaymentIntent. */
  retrievePaymentIntent(id: string): Promise<TPaymentIntent | null>;
  /**
   * Checks the signature of a webhook delivery over its exact bytes and reads the event.
   * Throws WebhookSignatureError when it does not verify, WebhooksNotConfiguredError when
   * there is no webhook secret to verify with.
   */
  constructWebhookEvent(rawBody: Buffer, signature: string | undefined, receivedAt: Date): TPaymentEvent;
}

export class WebhookSignatureError extends Error {
  override name = 'WebhookSignatureError';
}

export class WebhooksNotConfiguredError extends Error {
  override name = 'WebhooksNotConfiguredError';
}

/** The provider could not be reached or failed; the caller may try again. */
export class PaymentProviderError extends Error {
  override name = 'PaymentProviderError';
}

/**
 * Stripe's signature scheme (`Stripe-Signature: t=…,v1=…`, HMAC-SHA256, 300 s tolerance),
 * verified by the SDK itself. Both providers use it, so webhook deliveries from `stripe listen`
 * or a test can be replayed against either.
 */
export function constructStripeSignedEvent(rawBody: Buffer, signature: string | undefined, secret: string | undefined, receivedAt: Date): TPaymentEvent {
  if (!secret) throw new WebhooksNotConfiguredError('STRIPE_WEBHOOK_SECRET is not set');
  if (!signature) throw new WebhookSignatureError('No Stripe-Signature header');
  let event: Stripe.Event;
  try {
    event = Stripe.webhooks.constructEvent(rawBody, signature, secret, Stripe.webhooks.DEFAULT_TOLERANCE, undefined, receivedAt.getTime());
  } catch (error) {
    throw new WebhookSignatureError(error instanceof Error ? error.message : 'Invalid signature');
  }
  return { id: event.id, type: event.type, paymentIntentId: event.type.startsWith('payment_intent.') ? paymentIntentIdOf(event) : null };
}

function paymentIntentIdOf(event: Stripe.Event): string | null {
  const object: unknown = event.data.object;
  if (object && typeof object === 'object' && 'id' in object && typeof object.id === 'string') return object.id;
  return null;
}
