// Payment reconciliation: the periodic task that settles PaymentIntents which succeeded without
// their webhook reads the recent jobs awaiting payment, oldest first, from this index.
import type { Kysely } from 'kysely';
import type { Engine } from '../connect';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations describe past schemas (Kysely's advice) */
export function paymentReconciliation(_engine: Engine) {
  return {
    async up(db: Kysely<any>): Promise<void> {
      await db.schema.createIndex('jobs_unpaid_idx').on('jobs').columns(['status', 'created_at', 'id']).execute();
    },
    async down(db: Kysely<any>): Promise<void> {
      await db.schema.dropIndex('jobs_unpaid_idx').execute();
    },
  };
}
