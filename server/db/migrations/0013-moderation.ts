// Reports and moderation: what members report, the queue's one row per reported target, the
// audit log of every action; hidden and suspended-owner marks on projects and jobs; suspension
// and the right to invite on members.
import { sql, type Kysely } from 'kysely';
import { ddl, type Engine } from '../connect';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations describe past schemas (Kysely's advice) */
export function moderation(engine: Engine) {
  const { id, timestamp } = ddl(engine);
  return {
    async up(db: Kysely<any>): Promise<void> {
      for (const table of ['projects', 'jobs']) {
        await db.schema.alterTable(table).addColumn('hidden_at', timestamp).execute();
        await db.schema.alterTable(table).addColumn('hidden_reason', 'text').execute();
        // Set on every project and job of a member while they are suspended, in one UPDATE, so
        // lists filter on their own row and need no join on users.
        await db.schema.alterTable(table).addColumn('owner_suspended', 'integer', (c) => c.notNull().defaultTo(0)).execute();
      }

      await db.schema.alterTable('users').addColumn('suspended_at', timestamp).execute();
      // Null while suspended: for good.
      await db.schema.alterTable('users').addColumn('suspended_until', timestamp).execute();
      await db.schema.alterTable('users').addColumn('suspension_reason', 'text').execute();
      // Ever suspended by staff: what the invite tree counts against whoever invited them.
      await db.schema.alterTable('users').addColumn('was_suspended', 'integer', (c) => c.notNull().defaultTo(0)).execute();
      await db.schema.alterTable('users').addColumn('can_invite', 'integer', (c) => c.notNull().defaultTo(1)).execute();
      await db.schema.alterTable('users').addColumn('invite_right_note', 'text').execute();
      // Timed suspensions that have ended, for the task that lifts them.
      await db.schema.createIndex('users_suspended_until_idx').on('users').column('suspended_until').execute();
      // Admin's member list (newest first) and the figures' sign-ups per day.
      await db.schema.createIndex('users_created_idx').on('users').columns(['created_at', 'id']).execute();
      // The figures' uploads and active members per day.
      await db.schema.createIndex('project_media_created_idx').on('project_media').column('created_at').execute();
      await db.schema.createIndex('likes_created_idx').on('likes').column('created_at').execute();
      await db.schema.createIndex('follows_created_idx').on('follows').column('created_at').execute();
      await db.schema.createIndex('sessions_created_idx').on('sessions').column('created_at').execute();

      await db.schema
        .createTable('reports')
        .addColumn('id', 'integer', id)
        .addColumn('reporter_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('target_type', 'text', (c) => c.notNull().check(sql`target_type in ('project', 'comment', 'job', 'member')`))
        .addColumn('target_id', 'integer', (c) => c.notNull())
        .addColumn('reason', 'text', (c) => c.notNull())
        .addColumn('note', 'text', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull().defaultTo('open').check(sql`status in ('open', 'resolved')`))
        .addColumn('created_at', timestamp, (c) => c.notNull())
        .addColumn('resolved_at', timestamp)
        .execute();
      // One open report per reporter and target: a second one is a unique violation (409).
      await db.schema
        .createIndex('reports_open_once_idx')
        .on('reports')
        .columns(['reporter_id', 'target_type', 'target_id'])
        .unique()
        .where(sql.ref('status'), '=', 'open')
        .execute();
      // A target's open reports, newest first (the queue's latest ten, resolving them).
      await db.schema.createIndex('reports_target_idx').on('reports').columns(['target_type', 'target_id', 'status', 'created_at']).execute();

      // The queue: one row per target with open reports, its counts moved with each report.
      await db.schema
        .createTable('report_targets')
        .addColumn('id', 'integer', id)
        .addColumn('target_type', 'text', (c) => c.notNull())
        .addColumn('target_id', 'integer', (c) => c.notNull())
        .addColumn('open_count', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('csam', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('first_at', timestamp, (c) => c.notNull())
        .addColumn('latest_at', timestamp, (c) => c.notNull())
        .addUniqueConstraint('report_targets_target_key', ['target_type', 'target_id'])
        .execute();
      await db.schema.createIndex('report_targets_queue_idx').on('report_targets').columns(['csam desc', 'open_count desc', 'first_at', 'id']).execute();

      await db.schema
        .createTable('audit_log')
        .addColumn('id', 'integer', id)
        .addColumn('actor_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
        .addColumn('action', 'text', (c) => c.notNull())
        .addColumn('target_type', 'text', (c) => c.notNull())
        .addColumn('target_id', 'integer', (c) => c.notNull())
        .addColumn('target_label', 'text', (c) => c.notNull())
        .addColumn('reason', 'text', (c) => c.notNull())
        .addColumn('created_at', timestamp, (c) => c.notNull())
        .execute();
      await db.schema.createIndex('audit_log_recent_idx').on('audit_log').columns(['created_at', 'id']).execute();
    },
    async down(db: Kysely<any>): Promise<void> {
      await db.schema.dropTable('audit_log').execute();
      await db.schema.dropTable('report_targets').execute();
      await db.schema.dropTable('reports').execute();
      for (const index of ['sessions_created_idx', 'follows_created_idx', 'likes_created_idx', 'project_media_created_idx', 'users_created_idx', 'users_suspended_until_idx']) {
        await db.schema.dropIndex(index).execute();
      }
      for (const column of ['invite_right_note', 'can_invite', 'was_suspended', 'suspension_reason', 'suspended_until', 'suspended_at']) {
        await db.schema.alterTable('users').dropColumn(column).execute();
      }
      for (const table of ['jobs', 'projects']) {
        for (const column of ['owner_suspended', 'hidden_reason', 'hidden_at']) await db.schema.alterTable(table).dropColumn(column).execute();
      }
    },
  };
}
