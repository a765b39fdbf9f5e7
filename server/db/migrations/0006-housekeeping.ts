// Housekeeping: the durable list of media files to delete (owned by the projects module), and
// the indexes that let the periodic clean-ups find their rows without scanning a table.
import { sql, type Kysely } from 'kysely';
import { ddl, type Engine } from '../connect';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations describe past schemas (Kysely's advice) */
export function housekeeping(engine: Engine) {
  const { id, timestamp } = ddl(engine);
  return {
    async up(db: Kysely<any>): Promise<void> {
      // A storage prefix whose files must go: written in the transaction that deletes its media
      // row, removed once the files are gone, so neither a storage failure nor a crash after
      // the commit leaves files behind unnoticed.
      await db.schema
        .createTable('file_deletions')
        .addColumn('id', 'integer', id)
        .addColumn('storage_key', 'text', (c) => c.notNull())
        .addColumn('created_at', timestamp, (c) => c.notNull())
        .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
        // When to try next; while a process is trying, the end of its lease.
        .addColumn('next_attempt_at', timestamp, (c) => c.notNull())
        .addColumn('last_error', 'text')
        // Set when retrying stopped; the row stays for an operator.
        .addColumn('failed_at', timestamp)
        .execute();
      // The retry task's question: not given up, due, soonest first.
      await db.schema.createIndex('file_deletions_due_idx').on('file_deletions').column('next_attempt_at').where(sql.ref('failed_at'), 'is', null).execute();

      // Ended sessions: past the absolute expiry (sessions_expires_at_idx, from 0001) or idle too long.
      await db.schema.createIndex('sessions_last_seen_at_idx').on('sessions').column('last_seen_at').execute();
      // Views older than the days that still dedupe.
      await db.schema.createIndex('project_views_day_idx').on('project_views').column('day').execute();
      // Uploads no project took: only those rows are indexed, oldest first. SQLite, without
      // statistics, prefers an index whose first column has an equality (project_id is null:
      // project_media_project_idx) and would sort every unattached upload; so there the index
      // leads with project_id too. PostgreSQL needs no such help and would not use that form.
      await db.schema
        .createIndex('project_media_unattached_idx')
        .on('project_media')
        .columns(engine === 'sqlite' ? ['project_id', 'created_at'] : ['created_at'])
        .where(sql.ref('project_id'), 'is', null)
        .execute();
    },
    async down(db: Kysely<any>): Promise<void> {
      for (const index of ['project_media_unattached_idx', 'project_views_day_idx', 'sessions_last_seen_at_idx']) await db.schema.dropIndex(index).execute();
      await db.schema.dropTable('file_deletions').execute();
    },
  };
}
