// Projects and their media, categories and tags; likes, views and follows.
// Counters live on projects and change in the same transaction as the rows they count.
import type { Kysely } from 'kysely';
import { ddl, type Engine } from '../connect';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations describe past schemas (Kysely's advice) */
export function projects(engine: Engine) {
  const { id, timestamp } = ddl(engine);
  return {
    async up(db: Kysely<any>): Promise<void> {
      await db.schema
        .createTable('projects')
        .addColumn('id', 'integer', id)
        .addColumn('slug', 'text', (c) => c.notNull().unique())
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('title', 'text', (c) => c.notNull())
        .addColumn('description', 'text')
        .addColumn('category', 'text', (c) => c.notNull())
        .addColumn('hide_prompt', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('likes_count', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('views_count', 'integer', (c) => c.notNull().defaultTo(0))
        // likes × 2 + views × 0.1, kept with the counters so trending is served by an index.
        .addColumn('trending_score', 'double precision', (c) => c.notNull().defaultTo(0))
        .addColumn('created_at', timestamp, (c) => c.notNull())
        .addColumn('updated_at', timestamp, (c) => c.notNull())
        .execute();
      await db.schema.createIndex('projects_trending_idx').on('projects').columns(['trending_score', 'id']).execute();
      await db.schema.createIndex('projects_recent_idx').on('projects').columns(['created_at', 'id']).execute();
      await db.schema.createIndex('projects_popular_idx').on('projects').columns(['likes_count', 'id']).execute();
      await db.schema.createIndex('projects_views_idx').on('projects').columns(['views_count', 'id']).execute();
      await db.schema.createIndex('projects_user_idx').on('projects').columns(['user_id', 'created_at', 'id']).execute();

      await db.schema
        .createTable('project_media')
        .addColumn('id', 'integer', id)
        .addColumn('owner_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        // Null between upload and project creation.
        .addColumn('project_id', 'integer', (c) => c.references('projects.id').onDelete('cascade'))
        .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('mime', 'text', (c) => c.notNull())
        .addColumn('size_bytes', 'integer', (c) => c.notNull())
        .addColumn('width', 'integer')
        .addColumn('height', 'integer')
        .addColumn('placeholder', 'text')
        .addColumn('storage_key', 'text', (c) => c.notNull())
        .addColumn('url', 'text', (c) => c.notNull().unique())
        .addColumn('variants', 'text', (c) => c.notNull())
        .addColumn('ai_metadata', 'text')
        .addColumn('created_at', timestamp, (c) => c.notNull())
        .execute();
      await db.schema.createIndex('project_media_project_idx').on('project_media').columns(['project_id', 'position']).execute();
      await db.schema.createIndex('project_media_owner_idx').on('project_media').columns(['owner_id', 'created_at']).execute();

      await db.schema
        .createTable('project_categories')
        .addColumn('project_id', 'integer', (c) => c.notNull().references('projects.id').onDelete('cascade'))
        .addColumn('category', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('project_categories_pk', ['project_id', 'category'])
        .execute();
      await db.schema.createIndex('project_categories_category_idx').on('project_categories').columns(['category', 'project_id']).execute();

      await db.schema
        .createTable('project_tags')
        .addColumn('project_id', 'integer', (c) => c.notNull().references('projects.id').onDelete('cascade'))
        .addColumn('tag', 'text', (c) => c.notNull())
        .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
        .addPrimaryKeyConstraint('project_tags_pk', ['project_id', 'tag'])
        .execute();
      await db.schema.createIndex('project_tags_tag_idx').on('project_tags').columns(['tag', 'project_id']).execute();

      await db.schema
        .createTable('likes')
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('project_id', 'integer', (c) => c.notNull().references('projects.id').onDelete('cascade'))
        .addColumn('created_at', timestamp, (c) => c.notNull())
        .addPrimaryKeyConstraint('likes_pk', ['user_id', 'project_id'])
        .execute();
      await db.schema.createIndex('likes_project_idx').on('likes').column('project_id').execute();
      await db.schema.createIndex('likes_user_recent_idx').on('likes').columns(['user_id', 'created_at']).execute();

      await db.schema
        .createTable('project_views')
        .addColumn('project_id', 'integer', (c) => c.notNull().references('projects.id').onDelete('cascade'))
        // Member id, or a hash of IP and user agent: one view per viewer per project per day.
        .addColumn('viewer_key', 'text', (c) => c.notNull())
        .addColumn('day', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('project_views_pk', ['project_id', 'viewer_key', 'day'])
        .execute();

      await db.schema
        .createTable('follows')
        .addColumn('follower_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('followee_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('created_at', timestamp, (c) => c.notNull())
        .addPrimaryKeyConstraint('follows_pk', ['follower_id', 'followee_id'])
        .execute();
      await db.schema.createIndex('follows_followee_idx').on('follows').column('followee_id').execute();
    },
    async down(db: Kysely<any>): Promise<void> {
      for (const table of ['follows', 'project_views', 'likes', 'project_tags', 'project_categories', 'project_media', 'projects']) {
        await db.schema.dropTable(table).execute();
      }
    },
  };
}
