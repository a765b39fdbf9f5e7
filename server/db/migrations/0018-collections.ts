// Collections (a member's named sets of saved projects, private or public).
// - collections: a member's own, named (≤ 60 characters), is_public 0/1.
// - collection_projects: which projects a collection holds, with when each was added. Both sides
//   cascade: a deleted collection, project or account takes its rows with it.
import type { Kysely } from 'kysely';
import { ddl, type Engine } from '../connect';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations describe past schemas (Kysely's advice) */
export function collections(engine: Engine) {
  const { id, timestamp } = ddl(engine);
  return {
    async up(db: Kysely<any>): Promise<void> {
      await db.schema
        .createTable('collections')
        .addColumn('id', 'integer', id)
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('is_public', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('created_at', timestamp, (c) => c.notNull())
        .addColumn('updated_at', timestamp, (c) => c.notNull())
        .execute();
      // A member's collections, newest first (GET /api/collections), keyset on (created_at, id);
      // their count (the per-member limit) and the cascade when they leave.
      await db.schema.createIndex('collections_user_idx').on('collections').columns(['user_id', 'created_at', 'id']).execute();

      await db.schema
        .createTable('collection_projects')
        .addColumn('collection_id', 'integer', (c) => c.notNull().references('collections.id').onDelete('cascade'))
        .addColumn('project_id', 'integer', (c) => c.notNull().references('projects.id').onDelete('cascade'))
        .addColumn('added_at', timestamp, (c) => c.notNull())
        .addPrimaryKeyConstraint('collection_projects_pk', ['collection_id', 'project_id'])
        .execute();
      // A collection's projects, latest added first, keyset on (added_at, project_id); its count and cover.
      await db.schema.createIndex('collection_projects_recent_idx').on('collection_projects').columns(['collection_id', 'added_at', 'project_id']).execute();
      // Which collections hold a project (?projectId=, and the cascade when it is deleted).
      await db.schema.createIndex('collection_projects_project_idx').on('collection_projects').column('project_id').execute();
    },
    async down(db: Kysely<any>): Promise<void> {
      await db.schema.dropTable('collection_projects').execute();
      await db.schema.dropTable('collections').execute();
    },
  };
}
