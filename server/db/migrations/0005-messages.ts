// Contact messages (hire requests to creators, support and career messages to the site)
// and the durable outbox every e-mail goes through.
import { sql, type Kysely } from 'kysely';
import { ddl, type Engine } from '../connect';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations describe past schemas (Kysely's advice) */
export function messages(engine: Engine) {
  const { id, timestamp } = ddl(engine);
  return {
    async up(db: Kysely<any>): Promise<void> {
      await db.schema
        .createTable('messages')
        .addColumn('id', 'integer', id)
        // A member's inbox goes with their account; support and career messages have no recipient row.
        .addColumn('recipient_id', 'integer', (c) => c.references('users.id').onDelete('cascade'))
        .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('hire', 'support', 'careers')`))
        .addColumn('sender_name', 'text', (c) => c.notNull())
        .addColumn('sender_email', 'text', (c) => c.notNull())
        .addColumn('subject', 'text')
        .addColumn('body', 'text', (c) => c.notNull())
        // The message outlives the project it was about; the title stays with it.
        .addColumn('project_id', 'integer', (c) => c.references('projects.id').onDelete('set null'))
        .addColumn('project_title', 'text')
        .addColumn('created_at', timestamp, (c) => c.notNull())
        .addColumn('read_at', timestamp)
        .execute();
      // The inbox: a member's messages, newest first, keyset on (created_at, id).
      await db.schema.createIndex('messages_inbox_idx').on('messages').columns(['recipient_id', 'created_at desc', 'id desc']).execute();
      await db.schema.createIndex('messages_project_idx').on('messages').column('project_id').execute();

      await db.schema
        .createTable('outbox')
        .addColumn('id', 'integer', id)
        // Deleting an account deletes the messages to it and so the e-mails carrying them, sent or not.
        .addColumn('message_id', 'integer', (c) => c.references('messages.id').onDelete('cascade'))
        .addColumn('to_address', 'text', (c) => c.notNull())
        .addColumn('reply_to', 'text')
        .addColumn('reply_to_name', 'text')
        .addColumn('subject', 'text', (c) => c.notNull())
        .addColumn('text_body', 'text', (c) => c.notNull())
        .addColumn('created_at', timestamp, (c) => c.notNull())
        .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('next_attempt_at', timestamp, (c) => c.notNull())
        .addColumn('claimed_until', timestamp)
        .addColumn('claimed_by', 'text')
        .addColumn('sent_at', timestamp)
        .addColumn('failed_at', timestamp)
        .addColumn('last_error', 'text')
        .execute();
      // The worker's question: unsent, due, oldest first.
      await db.schema.createIndex('outbox_due_idx').on('outbox').columns(['sent_at', 'next_attempt_at']).execute();
      await db.schema.createIndex('outbox_message_idx').on('outbox').column('message_id').execute();
    },
    async down(db: Kysely<any>): Promise<void> {
      for (const table of ['outbox', 'messages']) await db.schema.dropTable(table).execute();
    },
  };
}
