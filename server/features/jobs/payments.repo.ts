import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

type Db = Kysely<Database>;

export interface TNewPayment {
  jobId: number;
  provider: 'stripe' | 'test';
  providerPaymentId: string;
  amount: number;
  currency: string;
  status: string;
  now: Date;
}

/**
 * Records a provider payment unless it is already recorded; true when this call recorded it.
 * The unique provider_payment_id makes this the one place a payment can be claimed: of any
 * number of concurrent callers exactly one gets true (the others wait for it, then see it).
 */
export async function insertPaymentOnce(db: Db, payment: TNewPayment): Promise<boolean> {
  const at = payment.now.toISOString();
  const row = await db
    .insertInto('payments')
    .values({
      job_id: payment.jobId,
      provider: payment.provider,
      provider_payment_id: payment.providerPaymentId,
      amount: payment.amount,
      currency: payment.currency,
      status: payment.status,
      created_at: at,
      updated_at: at,
    })
    .onConflict((oc) => oc.column('provider_payment_id').doNothing())
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

export function findPaymentByProviderId(db: Db, providerPaymentId: string) {
  return db.selectFrom('payments').selectAll().where('provider_payment_id', '=', providerPaymentId).executeTakeFirst();
}

export async function webhookEventSeen(db: Db, providerEventId: string): Promise<boolean> {
  const row = await db.selectFrom('webhook_events').select('provider_event_id').where('provider_event_id', '=', providerEventId).executeTakeFirst();
  return row !== undefined;
}

export async function recordWebhookEvent(db: Db, event: { id: string; type: string }, now: Date): Promise<void> {
  await db
    .insertInto('webhook_events')
    .values({ provider_event_id: event.id, type: event.type, received_at: now.toISOString() })
    .onConflict((oc) => oc.column('provider_event_id').doNothing())
    .execute();
}
