// Members, their sessions and invitation codes (the invite tree is users.invited_by).
import type { Kysely } from 'kysely';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations describe past schemas (Kysely's advice) */
import { ddl, type Engine } from '../connect';

export function accounts(engine: Engine) {
  const { id, timestamp } = ddl(engine);
  return {
    async up(db: Kysely<any>): Promise<void> {
      await db.schema
        .createTable('users')
        .addColumn('id', 'integer', id)
        .addColumn('email', 'text', (c) => c.notNull().unique())
        .addColumn('password_hash', 'text', (c) => c.notNull())
        .addColumn('first_name', 'text', (c) => c.notNull())
        .addColumn('last_name', 'text', (c) => c.notNull())
        .addColumn('bio', 'text')
        .addColumn('website', 'text')
        .addColumn('location', 'text')
        .addColumn('profile_image_url', 'text')
        .addColumn('title', 'text')
        .addColumn('twitter_url', 'text')
        .addColumn('dribbble_url', 'text')
        .addColumn('behance_url', 'text')
        .addColumn('invited_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
        .addColumn('created_at', timestamp, (c) => c.notNull())
        .addColumn('updated_at', timestamp, (c) => c.notNull())
        .execute();
      await db.schema.createIndex('users_invited_by_idx').on('users').column('invited_by').execute();

      await db.schema
        .createTable('sessions')
        .addColumn('token_hash', 'text', (c) => c.primaryKey())
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('created_at', timestamp, (c) => c.notNull())
        .addColumn('last_seen_at', timestamp, (c) => c.notNull())
        .addColumn('expires_at', timestamp, (c) => c.notNull())
        .execute();
      await db.schema.createIndex('sessions_user_id_idx').on('sessions').column('user_id').execute();
      await db.schema.createIndex('sessions_expires_at_idx').on('sessions').column('expires_at').execute();

      await db.schema
        .createTable('invitation_codes')
        .addColumn('id', 'integer', id)
        .addColumn('code', 'text', (c) => c.notNull().unique())
        .addColumn('owner_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
        .addColumn('used_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
        .addColumn('used_at', timestamp)
        .addColumn('created_at', timestamp, (c) => c.notNull())
        .execute();
      await db.schema.createIndex('invitation_codes_owner_idx').on('invitation_codes').columns(['owner_id', 'created_at']).execute();
      await db.schema.createIndex('invitation_codes_used_by_idx').on('invitation_codes').column('used_by').execute();
    },
    async down(db: Kysely<any>): Promise<void> {
      await db.schema.dropTable('invitation_codes').execute();
      await db.schema.dropTable('sessions').execute();
      await db.schema.dropTable('users').execute();
    },
  };
}
