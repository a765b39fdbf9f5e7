// Contact messages: storing them, and a member's inbox (messages_inbox_idx serves every read).
import type { Kysely } from 'kysely';
import type { Database, MessageRow, TMessageKind } from '../../db/schema';
import type { TCursor } from '../../http/paging';

type Db = Kysely<Database>;

export interface TNewMessage {
  recipientId: number | null;
  kind: TMessageKind;
  senderName: string;
  senderEmail: string;
  subject: string | null;
  body: string;
  projectId: number | null;
  projectTitle: string | null;
  now: Date;
}

export function insertMessage(db: Db, message: TNewMessage): Promise<MessageRow> {
  return db
    .insertInto('messages')
    .values({
      recipient_id: message.recipientId,
      kind: message.kind,
      sender_name: message.senderName,
      sender_email: message.senderEmail,
      subject: message.subject,
      body: message.body,
      project_id: message.projectId,
      project_title: message.projectTitle,
      created_at: message.now.toISOString(),
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** A member's messages, newest first, one extra row to tell if more exist. */
export function listInboxPage(db: Db, recipientId: number, limit: number, after?: TCursor): Promise<MessageRow[]> {
  let query = db.selectFrom('messages').selectAll().where('recipient_id', '=', recipientId);
  if (after) {
    const [value, id] = after;
    query = query.where((eb) => eb(eb.refTuple('created_at', 'id'), '<', eb.tuple(String(value), id)));
  }
  return query.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(limit + 1).execute();
}

export async function countUnread(db: Db, recipientId: number): Promise<number> {
  const row = await db
    .selectFrom('messages')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('recipient_id', '=', recipientId)
    .where('read_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** The message, only if it was sent to this member. */
export function findMessageOf(db: Db, recipientId: number, id: number): Promise<MessageRow | undefined> {
  return db.selectFrom('messages').selectAll().where('id', '=', id).where('recipient_id', '=', recipientId).executeTakeFirst();
}

/** Marks it read the first time (a later read keeps the first time); the message, or undefined when not theirs. */
export async function markMessageRead(db: Db, recipientId: number, id: number, now: Date): Promise<MessageRow | undefined> {
  await db.updateTable('messages').set({ read_at: now.toISOString() }).where('id', '=', id).where('recipient_id', '=', recipientId).where('read_at', 'is', null).execute();
  return findMessageOf(db, recipientId, id);
}
