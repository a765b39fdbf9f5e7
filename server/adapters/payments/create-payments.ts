import type { Kysely } from 'kysely';
import type { TPaymentsConfig } from '../../config';
import type { Database } from '../../db/schema';
import type { TPaymentProvider } from './payments';
import { createStripePayments } from './stripe-payments';
import { createTestModePayments } from './test-mode-payments';

/** The provider PAYMENTS_MODE names: Stripe, the offline test mode (PaymentIntents in the database), or none (off). */
export function createPayments(config: TPaymentsConfig, db: Kysely<Database>, now: () => Date): TPaymentProvider | null {
  if (config.mode === 'off') return null;
  if (config.mode === 'stripe') return createStripePayments(config);
  return createTestModePayments(db, { webhookSecret: config.webhookSecret, now });
}
