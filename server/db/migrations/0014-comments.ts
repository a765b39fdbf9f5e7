// Comments on projects (one level of replies) and blocks between members.
// - comments: a reply's parent_id is its top-level comment; deleted_at marks a comment deleted
//   (kept while it has replies, so the thread still reads, and so a report on it can say it is
//   gone); hidden_at and hidden_reason are a moderator's hide. reply_count counts a top-level
//   comment's visible replies, comments_count on projects a project's visible comments, each
//   moved in the transaction that changes what it counts.
// - blocks: who blocked whom; read in both directions (my blocks; who blocked the author).
import { sql, type Kysely } from 'kysely';
import { ddl, type Engine } from '../connect';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations describe past schemas (Kysely's advice) */
export function comments(engine: Engine) {
  const { id, timestamp } = ddl(engine);
  return {
    async up(db: Kysely<any>): Promise<void> {
      await db.schema
        .createTable('comments')
        .addColumn('id', 'integer', id)
        .addColumn('project_id', 'integer', (c) => c.notNull().references('projects.id').onDelete('cascade'))
        .addColumn('author_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('parent_id', 'integer', (c) => c.references('comments.id').onDelete('cascade'))
        .addColumn('body', 'text', (c) => c.notNull())
        .addColumn('reply_count', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('created_at', timestamp, (c) => c.notNull())
        .addColumn('updated_at', timestamp, (c) => c.notNull())
        .addColumn('edited_at', timestamp)
        .addColumn('deleted_at', timestamp)
        .addColumn('hidden_at', timestamp)
        .addColumn('hidden_reason', 'text')
        .execute();
      // A project's top-level comments, newest first, keyset on (created_at, id).
      await db.schema.createIndex('comments_project_idx').on('comments').columns(['project_id', 'created_at', 'id']).where(sql.ref('parent_id'), 'is', null).execute();
      // A comment's replies, oldest first.
      await db.schema.createIndex('comments_parent_idx').on('comments').columns(['parent_id', 'created_at', 'id']).execute();
      // A member's comments (leaving, suspension).
      await db.schema.createIndex('comments_author_idx').on('comments').column('author_id').execute();
      await db.schema.alterTable('projects').addColumn('comments_count', 'integer', (c) => c.notNull().defaultTo(0)).execute();

      await db.schema
        .createTable('blocks')
        .addColumn('blocker_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('blocked_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('created_at', timestamp, (c) => c.notNull())
        .addPrimaryKeyConstraint('blocks_pk', ['blocker_id', 'blocked_id'])
        .execute();
      // A member's blocks, newest first (GET /api/blocks), keyset on (created_at, blocked_id).
      await db.schema.createIndex('blocks_blocker_idx').on('blocks').columns(['blocker_id', 'created_at', 'blocked_id']).execute();
      // Who blocked a member (the cascade when they leave).
      await db.schema.createIndex('blocks_blocked_idx').on('blocks').column('blocked_id').execute();
    },
    async down(db: Kysely<any>): Promise<void> {
      await db.schema.dropTable('blocks').execute();
      await db.schema.alterTable('projects').dropColumn('comments_count').execute();
      await db.schema.dropTable('comments').execute();
    },
  };
}
