// Single-use links mailed to a member: a password reset, or the confirmation of a new e-mail
// address. Only the token's SHA-256 is stored, like a session's.
import type { Kysely } from 'kysely';
import { ddl, type Engine } from '../connect';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations describe past schemas (Kysely's advice) */
export function accountTokens(engine: Engine) {
  const { timestamp } = ddl(engine);
  return {
    async up(db: Kysely<any>): Promise<void> {
      await db.schema
        .createTable('account_tokens')
        .addColumn('token_hash', 'text', (c) => c.primaryKey())
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        // 'password_reset' | 'email_change'
        .addColumn('purpose', 'text', (c) => c.notNull())
        // The address an e-mail change confirms; null for a password reset.
        .addColumn('new_email', 'text')
        .addColumn('created_at', timestamp, (c) => c.notNull())
        .addColumn('expires_at', timestamp, (c) => c.notNull())
        .addColumn('used_at', timestamp)
        .execute();
      // A member's tokens of one purpose (a newer reset voids the older ones), and the cascade.
      await db.schema.createIndex('account_tokens_user_idx').on('account_tokens').columns(['user_id', 'purpose']).execute();
      // Housekeeping: tokens past their expiry, oldest first.
      await db.schema.createIndex('account_tokens_expires_at_idx').on('account_tokens').column('expires_at').execute();
    },
    async down(db: Kysely<any>): Promise<void> {
      await db.schema.dropTable('account_tokens').execute();
    },
  };
}
