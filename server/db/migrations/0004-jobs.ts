// Jobs and what pays for them: job listings (pending_payment → active → expired), their tags,
// recorded payments (one per provider payment, ever), processed webhook events (once each),
// and the PaymentIntents of the offline test-mode provider.
import { sql, type Kysely } from 'kysely';
import { ddl, type Engine } from '../connect';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations describe past schemas (Kysely's advice) */
export function jobs(engine: Engine) {
  const { id, timestamp } = ddl(engine);
  return {
    async up(db: Kysely<any>): Promise<void> {
      await db.schema
        .createTable('jobs')
        .addColumn('id', 'integer', id)
        // Null once the poster has left: a paid listing stays up until it ends.
        .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
        .addColumn('title', 'text', (c) => c.notNull())
        .addColumn('company', 'text', (c) => c.notNull())
        .addColumn('company_logo', 'text')
        .addColumn('description', 'text', (c) => c.notNull())
        .addColumn('requirements', 'text', (c) => c.notNull())
        .addColumn('location', 'text', (c) => c.notNull())
        .addColumn('remote', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('type', 'text', (c) => c.notNull())
        .addColumn('salary', 'text')
        .addColumn('application_url', 'text', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull().defaultTo('pending_payment').check(sql`status in ('pending_payment', 'active', 'expired')`))
        .addColumn('active_until', timestamp)
        // The PaymentIntent the pay step hands out, kept so that step reuses it.
        .addColumn('payment_intent_id', 'text')
        .addColumn('apply_clicks', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('views', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('created_at', timestamp, (c) => c.notNull())
        .addColumn('updated_at', timestamp, (c) => c.notNull())
        .execute();
      // The live list: status = 'active' and active_until > now, newest first, keyset on (active_until, id).
      await db.schema.createIndex('jobs_live_idx').on('jobs').columns(['status', 'active_until', 'id']).execute();
      await db.schema.createIndex('jobs_live_type_idx').on('jobs').columns(['status', 'type', 'active_until', 'id']).execute();
      await db.schema.createIndex('jobs_user_idx').on('jobs').columns(['user_id', 'created_at', 'id']).execute();

      await db.schema
        .createTable('job_tags')
        .addColumn('job_id', 'integer', (c) => c.notNull().references('jobs.id').onDelete('cascade'))
        .addColumn('tag', 'text', (c) => c.notNull())
        .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
        .addPrimaryKeyConstraint('job_tags_pk', ['job_id', 'tag'])
        .execute();
      await db.schema.createIndex('job_tags_tag_idx').on('job_tags').columns(['tag', 'job_id']).execute();

      await db.schema
        .createTable('payments')
        .addColumn('id', 'integer', id)
        // A payment is a money record: it outlives the job it paid for.
        .addColumn('job_id', 'integer', (c) => c.references('jobs.id').onDelete('set null'))
        .addColumn('provider', 'text', (c) => c.notNull())
        // One payment at the provider pays for one job, once.
        .addColumn('provider_payment_id', 'text', (c) => c.notNull().unique())
        .addColumn('amount', 'integer', (c) => c.notNull())
        .addColumn('currency', 'text', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('created_at', timestamp, (c) => c.notNull())
        .addColumn('updated_at', timestamp, (c) => c.notNull())
        .execute();
      await db.schema.createIndex('payments_job_idx').on('payments').column('job_id').execute();

      await db.schema
        .createTable('webhook_events')
        .addColumn('provider_event_id', 'text', (c) => c.primaryKey())
        .addColumn('type', 'text', (c) => c.notNull())
        .addColumn('received_at', timestamp, (c) => c.notNull())
        .execute();

      await db.schema
        .createTable('test_payment_intents')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('client_secret', 'text', (c) => c.notNull().unique())
        .addColumn('amount', 'integer', (c) => c.notNull())
        .addColumn('currency', 'text', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull())
        // JSON object of strings, as Stripe's metadata.
        .addColumn('metadata', 'text', (c) => c.notNull())
        .addColumn('idempotency_key', 'text', (c) => c.unique())
        .addColumn('last_error', 'text')
        .addColumn('created_at', timestamp, (c) => c.notNull())
        .addColumn('updated_at', timestamp, (c) => c.notNull())
        .execute();
    },
    async down(db: Kysely<any>): Promise<void> {
      for (const table of ['test_payment_intents', 'webhook_events', 'payments', 'job_tags', 'jobs']) {
        await db.schema.dropTable(table).execute();
      }
    },
  };
}
