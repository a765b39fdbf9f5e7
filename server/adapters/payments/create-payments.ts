import type { Kysely } from 'kysely';
import type { TPaymentsConfig } from '../../config';
import type { Database } from '../../db/schema';
import type { TPaymentProvider } from './payments';
import { createStripePayments } from './stripe-payments';
import { createTestModePayments } from './test-mode-payments';

/** Stripe when STRIPE_SECRET_KEY is set, else the offline test mode (PaymentIntents in the database). */
export function createPayments(config: TPaymentsConfig, db: Kysely<Database>, now: () => Date): TPaymentProvider {
  if (config.provider === 'stripe') return createStripePayments(config);
  return createTestModePayments(db, { webhookSecret: config.webhookSecret, now });
}
