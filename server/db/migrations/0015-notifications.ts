// Notifications: what happened to a member's work (likes, follows, comments, hire messages, a
// listing about to end, moderation), their e-mail settings per type with the one-click
// unsubscribe token, and which listings were already announced as expiring.
import { sql, type Kysely } from 'kysely';
import { ddl, type Engine } from '../connect';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations describe past schemas (Kysely's advice) */
export function notifications(engine: Engine) {
  const { id, timestamp } = ddl(engine);
  return {
    async up(db: Kysely<any>): Promise<void> {
      await db.schema
        .createTable('notifications')
        .addColumn('id', 'integer', id)
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('type', 'text', (c) => c.notNull().check(sql`type in ('like', 'follow', 'comment', 'reply', 'hire', 'job-expiring', 'moderation')`))
        // The actor who left keeps the notification, unnamed.
        .addColumn('actor_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
        .addColumn('project_id', 'integer', (c) => c.references('projects.id').onDelete('cascade'))
        .addColumn('job_id', 'integer', (c) => c.references('jobs.id').onDelete('cascade'))
        .addColumn('message_id', 'integer', (c) => c.references('messages.id').onDelete('cascade'))
        // Comments live in another module's table: a deleted comment leaves a link that lands on the project.
        .addColumn('comment_id', 'integer')
        // Unread events with the same key share a row (likes of one project): see notifications.repo.ts.
        .addColumn('group_key', 'text')
        .addColumn('actor_count', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('data', 'text')
        .addColumn('read_at', timestamp)
        .addColumn('created_at', timestamp, (c) => c.notNull())
        .addColumn('updated_at', timestamp, (c) => c.notNull())
        .execute();
      // The member's list, newest activity first, keyset on (updated_at, id); also the digest's and the cap's walk.
      await db.schema.createIndex('notifications_list_idx').on('notifications').columns(['user_id', 'updated_at', 'id']).execute();
      // The bell's count.
      await db.schema.createIndex('notifications_unread_idx').on('notifications').columns(['user_id', 'read_at']).execute();
      // One unread row per group: the grouping's upsert targets it.
      await db.schema.createIndex('notifications_group_idx').on('notifications').columns(['user_id', 'group_key']).unique().where(sql.ref('read_at'), 'is', null).execute();
      // The prune of old rows.
      await db.schema.createIndex('notifications_updated_idx').on('notifications').column('updated_at').execute();
      for (const column of ['actor_id', 'project_id', 'job_id', 'message_id']) {
        await db.schema.createIndex(`notifications_${column}_idx`).on('notifications').column(column).execute();
      }

      await db.schema
        .createTable('notification_settings')
        .addColumn('user_id', 'integer', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
        .addColumn('hire', 'text', (c) => c.notNull().defaultTo('instant').check(sql`hire in ('instant', 'digest', 'off')`))
        .addColumn('comment', 'text', (c) => c.notNull().defaultTo('instant').check(sql`comment in ('instant', 'digest', 'off')`))
        .addColumn('reply', 'text', (c) => c.notNull().defaultTo('instant').check(sql`reply in ('instant', 'digest', 'off')`))
        // Random, in every e-mail's unsubscribe link: it only turns e-mail off, so it is kept as is.
        .addColumn('unsubscribe_token', 'text', (c) => c.notNull().unique())
        // When the next daily digest is due (null: nothing waits), and up to when the last one told.
        .addColumn('digest_due_at', timestamp)
        .addColumn('digest_since', timestamp)
        .addColumn('updated_at', timestamp, (c) => c.notNull())
        .execute();
      await db.schema.createIndex('notification_settings_digest_idx').on('notification_settings').column('digest_due_at').execute();

      await db.schema.alterTable('jobs').addColumn('expiry_notified_at', timestamp).execute();
      // The expiring-soon task: active listings not yet announced, by when they end.
      await db.schema.createIndex('jobs_expiry_notice_idx').on('jobs').columns(['status', 'expiry_notified_at', 'active_until']).execute();

      // E-mails carry extra headers (List-Unsubscribe): a JSON object.
      await db.schema.alterTable('outbox').addColumn('headers', 'text').execute();
    },
    async down(db: Kysely<any>): Promise<void> {
      await db.schema.alterTable('outbox').dropColumn('headers').execute();
      await db.schema.dropIndex('jobs_expiry_notice_idx').execute();
      await db.schema.alterTable('jobs').dropColumn('expiry_notified_at').execute();
      for (const table of ['notification_settings', 'notifications']) await db.schema.dropTable(table).execute();
    },
  };
}
