// Sessions a member can see and end: a public id to name one by (never the token hash, which
// signs in), and the user agent it was started with, for the browser and OS shown in Settings.
import { sql, type Kysely } from 'kysely';
import type { Engine } from '../connect';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations describe past schemas (Kysely's advice) */
export function sessionDetails(engine: Engine) {
  return {
    async up(db: Kysely<any>): Promise<void> {
      // NOT NULL needs a default for the rows already there; each then gets a random id of its own.
      await db.schema.alterTable('sessions').addColumn('public_id', 'text', (c) => c.notNull().defaultTo('')).execute();
      await db.schema.alterTable('sessions').addColumn('user_agent', 'text').execute();
      const randomId = engine === 'postgres' ? sql`replace(gen_random_uuid()::text, '-', '')` : sql`lower(hex(randomblob(16)))`;
      await db.updateTable('sessions').set({ public_id: randomId }).execute();
      // SQLite cannot drop a column default; the app always writes the id, and the unique index
      // would refuse a second empty one.
      if (engine === 'postgres') await db.schema.alterTable('sessions').alterColumn('public_id', (c) => c.dropDefault()).execute();
      await db.schema.createIndex('sessions_public_id_idx').on('sessions').column('public_id').unique().execute();
      // A member's sessions, most recently used first (the list in Settings, the cap at sign-in);
      // it also serves what sessions_user_id_idx did.
      await db.schema.createIndex('sessions_user_last_seen_idx').on('sessions').columns(['user_id', 'last_seen_at']).execute();
      await db.schema.dropIndex('sessions_user_id_idx').execute();
    },
    async down(db: Kysely<any>): Promise<void> {
      await db.schema.createIndex('sessions_user_id_idx').on('sessions').column('user_id').execute();
      await db.schema.dropIndex('sessions_user_last_seen_idx').execute();
      await db.schema.dropIndex('sessions_public_id_idx').execute();
      await db.schema.alterTable('sessions').dropColumn('user_agent').execute();
      await db.schema.alterTable('sessions').dropColumn('public_id').execute();
    },
  };
}
