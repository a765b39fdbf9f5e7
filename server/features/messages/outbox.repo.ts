// The outbox table: queueing, claiming (a lease, so one worker sends a row), and the outcome.
import type { Kysely } from 'kysely';
import type { Engine } from '../../db/connect';
import type { Database, OutboxRow } from '../../db/schema';

type Db = Kysely<Database>;

export interface TNewOutboxMail {
  messageId: number | null;
  to: string;
  replyTo: { name: string | null; address: string } | null;
  subject: string;
  text: string;
  /** Extra headers (List-Unsubscribe); values are put on one line when sent. */
  headers?: Record<string, string>;
  now: Date;
}

export async function insertOutboxMail(db: Db, mail: TNewOutboxMail): Promise<OutboxRow> {
  const now = mail.now.toISOString();
  return db
    .insertInto('outbox')
    .values({
      message_id: mail.messageId,
      to_address: mail.to,
      reply_to: mail.replyTo?.address ?? null,
      reply_to_name: mail.replyTo?.name ?? null,
      subject: mail.subject,
      text_body: mail.text,
      headers: mail.headers ? JSON.stringify(mail.headers) : null,
      created_at: now,
      next_attempt_at: now,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/**
 * Claims the oldest due, unsent row for `workerId` until `until`, or answers undefined.
 * One UPDATE decides: it re-checks that the row is still unclaimed, so of two workers that
 * picked the same row one updates it and the other updates nothing (on PostgreSQL the second
 * waits for the first's row lock and re-evaluates the condition; SQLite runs one writer at a
 * time). Expired leases (a worker that died mid-send) count as unclaimed.
 */
export async function claimNextMail(db: Db, engine: Engine, claim: { workerId: string; now: Date; until: Date }): Promise<OutboxRow | undefined> {
  const now = claim.now.toISOString();
  let next = db
    .selectFrom('outbox')
    .select('id')
    .where('sent_at', 'is', null)
    .where('failed_at', 'is', null)
    .where('next_attempt_at', '<=', now)
    .where((eb) => eb.or([eb('claimed_until', 'is', null), eb('claimed_until', '<', now)]))
    .orderBy('id')
    .limit(1);
  // PostgreSQL only: skip rows another worker is claiming right now, so concurrent workers
  // take different rows instead of queueing on the same one and coming back empty-handed.
  if (engine === 'postgres') next = next.forUpdate().skipLocked();
  return db
    .updateTable('outbox')
    .set({ claimed_until: claim.until.toISOString(), claimed_by: claim.workerId })
    .where('id', '=', next)
    .where('sent_at', 'is', null)
    .where((eb) => eb.or([eb('claimed_until', 'is', null), eb('claimed_until', '<', now)]))
    .returningAll()
    .executeTakeFirst();
}

/** Records the delivery, if the row is still this worker's (its lease did not run out to another). */
export async function markMailSent(db: Db, id: number, workerId: string, now: Date): Promise<void> {
  await db.updateTable('outbox').set({ sent_at: now.toISOString(), claimed_until: null, claimed_by: null }).where('id', '=', id).where('claimed_by', '=', workerId).execute();
}

/** Counts the failed attempt and sets when to try again (or that trying has stopped). */
export async function markMailFailed(db: Db, id: number, workerId: string, failure: { error: string; nextAttemptAt: Date; giveUpAt: Date | null }): Promise<void> {
  await db
    .updateTable('outbox')
    .set((eb) => ({
      attempts: eb('attempts', '+', 1),
      last_error: failure.error,
      next_attempt_at: failure.nextAttemptAt.toISOString(),
      failed_at: failure.giveUpAt?.toISOString() ?? null,
      claimed_until: null,
      claimed_by: null,
    }))
    .where('id', '=', id)
    .where('claimed_by', '=', workerId)
    .execute();
}

/** Hands back every unsent row this worker still holds (at shutdown), for the others to take now. */
export async function releaseClaims(db: Db, workerId: string): Promise<number> {
  const result = await db.updateTable('outbox').set({ claimed_until: null, claimed_by: null }).where('claimed_by', '=', workerId).where('sent_at', 'is', null).executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** Sent e-mails older than `before` (their message stays in messages). */
export async function deleteSentMailBefore(db: Db, before: Date): Promise<number> {
  const result = await db.deleteFrom('outbox').where('sent_at', '<', before.toISOString()).executeTakeFirst();
  return Number(result.numDeletedRows);
}
