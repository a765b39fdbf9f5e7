// The offline test-mode provider: PaymentIntents shaped like Stripe's, kept in the database,
// confirmed by the page's 'Test mode' card form with Stripe's test card numbers. No money moves.
import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import { isUniqueViolation } from '../../db/connect';
import type { Database, TestPaymentIntentRow } from '../../db/schema';
import { constructStripeSignedEvent, PaymentProviderError, type TCreatePaymentIntent, type TPaymentIntent, type TPaymentProvider } from './payments';

/** Stripe's test cards: the first succeeds, the second is declined. */
export const TEST_CARD_SUCCEEDS = '4242424242424242';
export const TEST_CARD_DECLINED = '4000000000000002';

export const CARD_MESSAGES = {
  incorrectNumber: 'Your card number is incorrect.',
  declined: 'Your card was declined.',
  incompleteExpiry: "Your card's expiration date is incomplete.",
  expired: "Your card's expiration date is in the past.",
  incompleteCvc: "Your card's security code is incomplete.",
} as const;

export interface TCardDetails {
  clientSecret: string;
  cardNumber: string;
  expiry: string;
  cvc: string;
}

/** Like Stripe.js confirmCardPayment: the PaymentIntent, or an error Stripe would give. */
export type TCardPaymentResult =
  | { ok: true; paymentIntent: TPaymentIntent }
  /** 402: the card was refused; 400: the PaymentIntent cannot be confirmed; 404: no such PaymentIntent. */
  | { ok: false; status: 400 | 402 | 404; message: string };

export interface TTestModePayments extends TPaymentProvider {
  readonly kind: 'test';
  confirmCardPayment(card: TCardDetails, now: Date): Promise<TCardPaymentResult>;
  /** The PaymentIntent a client secret belongs to (to check whose job it pays for), or null. */
  findByClientSecret(clientSecret: string): Promise<TPaymentIntent | null>;
}

type Db = Kysely<Database>;

function toIntent(row: TestPaymentIntentRow): TPaymentIntent {
  return {
    id: row.id,
    status: row.status,
    amount: row.amount,
    currency: row.currency,
    metadata: JSON.parse(row.metadata) as Record<string, string>,
    clientSecret: row.client_secret,
  };
}

export function luhnValid(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i += 1) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

/** Stripe's checks on a card form, in its order; null when the card is fine to charge. */
function cardProblem(card: TCardDetails, now: Date): string | null {
  const digits = card.cardNumber.replace(/[\s-]/g, '');
  if (!/^\d{12,19}$/.test(digits) || !luhnValid(digits)) return CARD_MESSAGES.incorrectNumber;
  const expiry = /^\s*(\d{1,2})\s*\/\s*(\d{2}|\d{4})\s*$/.exec(card.expiry);
  const month = Number(expiry?.[1]);
  if (!expiry || month < 1 || month > 12) return CARD_MESSAGES.incompleteExpiry;
  const year = expiry[2]!.length === 2 ? 2000 + Number(expiry[2]) : Number(expiry[2]);
  // A card is good through the last day of its month.
  if (Date.UTC(year, month, 1) <= now.getTime()) return CARD_MESSAGES.expired;
  if (!/^\d{3,4}$/.test(card.cvc.trim())) return CARD_MESSAGES.incompleteCvc;
  if (digits === TEST_CARD_DECLINED) return CARD_MESSAGES.declined;
  if (digits !== TEST_CARD_SUCCEEDS) return CARD_MESSAGES.incorrectNumber;
  return null;
}

export function createTestModePayments(db: Db, options: { webhookSecret: string | undefined; now?: () => Date }): TTestModePayments {
  const now = options.now ?? (() => new Date());
  const findByKey = (key: string) => db.selectFrom('test_payment_intents').selectAll().where('idempotency_key', '=', key).executeTakeFirst();

  /** Stripe's rule: a key reused with other parameters is an error, not a second PaymentIntent. */
  const sameRequest = (row: TestPaymentIntentRow, input: TCreatePaymentIntent) => {
    if (row.amount !== input.amount || row.currency !== input.currency || row.metadata !== JSON.stringify(input.metadata)) {
      throw new PaymentProviderError('Keys for idempotent requests can only be used with the same parameters they were first used with.');
    }
    return { id: row.id, clientSecret: row.client_secret };
  };

  return {
    kind: 'test',
    publishableKey: null,

    async createPaymentIntent(input) {
      const existing = await findByKey(input.idempotencyKey);
      if (existing) return sameRequest(existing, input);
      const id = `pi_test_${randomBytes(12).toString('hex')}`;
      const at = now().toISOString();
      try {
        await db
          .insertInto('test_payment_intents')
          .values({
            id,
            client_secret: `${id}_secret_${randomBytes(18).toString('base64url')}`,
            amount: input.amount,
            currency: input.currency,
            status: 'requires_payment_method',
            metadata: JSON.stringify(input.metadata),
            idempotency_key: input.idempotencyKey,
            last_error: null,
            created_at: at,
            updated_at: at,
          })
          .execute();
      } catch (error) {
        // A concurrent request with the same key won: answer with its PaymentIntent.
        if (!isUniqueViolation(error)) throw error;
      }
      const row = await findByKey(input.idempotencyKey);
      if (!row) throw new PaymentProviderError('Test PaymentIntent vanished');
      return sameRequest(row, input);
    },

    async retrievePaymentIntent(id) {
      const row = await db.selectFrom('test_payment_intents').selectAll().where('id', '=', id).executeTakeFirst();
      return row ? toIntent(row) : null;
    },

    async findByClientSecret(clientSecret) {
      const row = await db.selectFrom('test_payment_intents').selectAll().where('client_secret', '=', clientSecret).executeTakeFirst();
      return row ? toIntent(row) : null;
    },

    async confirmCardPayment(card, at) {
      const row = await db.selectFrom('test_payment_intents').selectAll().where('client_secret', '=', card.clientSecret).executeTakeFirst();
      if (!row) return { ok: false, status: 404, message: 'No such payment_intent' };
      if (row.status === 'succeeded' || row.status === 'canceled') {
        const reason = row.status === 'succeeded' ? 'it has already succeeded after being previously confirmed' : `it has a status of ${row.status}`;
        return { ok: false, status: 400, message: `You cannot confirm this PaymentIntent because ${reason}.` };
      }
      const problem = cardProblem(card, at);
      // As at Stripe, a refused card leaves the PaymentIntent waiting for another card.
      const changes = problem
        ? { status: 'requires_payment_method', last_error: problem, updated_at: at.toISOString() }
        : { status: 'succeeded', last_error: null, updated_at: at.toISOString() };
      const updated = await db
        .updateTable('test_payment_intents')
        .set(changes)
        .where('id', '=', row.id)
        .where('status', 'not in', ['succeeded', 'canceled'])
        .returningAll()
        .executeTakeFirst();
      if (problem) return { ok: false, status: 402, message: problem };
      if (!updated) return { ok: false, status: 400, message: 'You cannot confirm this PaymentIntent because it has already succeeded after being previously confirmed.' };
      return { ok: true, paymentIntent: toIntent(updated) };
    },

    constructWebhookEvent(rawBody, signature, receivedAt) {
      return constructStripeSignedEvent(rawBody, signature, options.webhookSecret, receivedAt);
    },
  };
}
