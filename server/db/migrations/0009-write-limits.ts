// Limits on member writes and counters that count each viewer once a day:
// - job_views: one row per job, counter (a view or an apply click), viewer and day, so job views
//   and apply clicks count once per viewer per day like project views (owned by the jobs module);
// - view_salts: the random salt of each day that anonymous viewers' addresses are hashed with,
//   the same for every process of the site and deleted with the day's view rows (social module);
// - an index for the unattached-uploads quota: a member's uploads that no project uses yet.
import { sql, type Kysely } from 'kysely';
import type { Engine } from '../connect';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations describe past schemas (Kysely's advice) */
export function writeLimits(_engine: Engine) {
  return {
    async up(db: Kysely<any>): Promise<void> {
      await db.schema
        .createTable('job_views')
        .addColumn('job_id', 'integer', (c) => c.notNull().references('jobs.id').onDelete('cascade'))
        // 'view' or 'apply'.
        .addColumn('kind', 'text', (c) => c.notNull())
        // Member id, or an HMAC of the address with the day's salt: never the address itself.
        .addColumn('viewer_key', 'text', (c) => c.notNull())
        .addColumn('day', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('job_views_pk', ['job_id', 'kind', 'viewer_key', 'day'])
        .execute();
      // Rows older than the days that still dedupe.
      await db.schema.createIndex('job_views_day_idx').on('job_views').column('day').execute();

      await db.schema
        .createTable('view_salts')
        .addColumn('day', 'text', (c) => c.primaryKey())
        // 32 random bytes, hex.
        .addColumn('salt', 'text', (c) => c.notNull())
        .execute();

      await db.schema.createIndex('project_media_owner_unattached_idx').on('project_media').column('owner_id').where(sql.ref('project_id'), 'is', null).execute();
    },
    async down(db: Kysely<any>): Promise<void> {
      await db.schema.dropIndex('project_media_owner_unattached_idx').execute();
      await db.schema.dropTable('view_salts').execute();
      await db.schema.dropTable('job_views').execute();
    },
  };
}
