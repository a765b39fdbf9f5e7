// The file_deletions table: storage prefixes whose files must go, claimed with a lease and
// removed once their files are gone.
import type { Kysely } from 'kysely';
import { skipTakenRows, type Engine } from '../../db/connect';
import type { Database, FileDeletionRow } from '../../db/schema';

type Db = Kysely<Database>;

/** Records the prefixes, leased until `leaseUntil` to the process that tries them right after its commit. */
export async function insertFileDeletions(db: Db, keys: string[], times: { now: Date; leaseUntil: Date }): Promise<FileDeletionRow[]> {
  if (keys.length === 0) return [];
  const now = times.now.toISOString();
  const next = times.leaseUntil.toISOString();
  return db
    .insertInto('file_deletions')
    .values(keys.map((key) => ({ storage_key: key, created_at: now, next_attempt_at: next })))
    .returningAll()
    .execute();
}

/**
 * Claims up to `limit` due rows (file_deletions_due_idx) by moving their next attempt to the
 * lease's end, and returns them. The UPDATE checks again that each row is still due, so of two
 * processes that picked the same row only one gets it; a process that dies while trying leaves
 * a lease that runs out, and the row is due again.
 */
export function claimDueFileDeletions(db: Db, engine: Engine, claim: { now: Date; leaseUntil: Date; limit: number }): Promise<FileDeletionRow[]> {
  const now = claim.now.toISOString();
  const due = db
    .selectFrom('file_deletions')
    .select('id')
    .where('failed_at', 'is', null)
    .where('next_attempt_at', '<=', now)
    .orderBy('next_attempt_at')
    .limit(claim.limit)
    .$call(skipTakenRows(engine));
  return db
    .updateTable('file_deletions')
    .set({ next_attempt_at: claim.leaseUntil.toISOString() })
    .where('id', 'in', due)
    .where('failed_at', 'is', null)
    .where('next_attempt_at', '<=', now)
    .returningAll()
    .execute();
}

/** Their files are gone: so are the rows. */
export async function deleteFileDeletions(db: Db, ids: number[]): Promise<void> {
  if (ids.length) await db.deleteFrom('file_deletions').where('id', 'in', ids).execute();
}

/**
 * Counts the failed attempt and sets when to try again (or that trying has stopped), if the row
 * is still under the lease this process took (`leasedUntil`): a lease that ran out belongs to
 * whoever claimed the row next.
 */
export async function recordFileDeletionFailure(db: Db, row: { id: number; leasedUntil: string }, failure: { error: string; nextAttemptAt: Date; giveUpAt: Date | null }): Promise<void> {
  await db
    .updateTable('file_deletions')
    .set((eb) => ({
      attempts: eb('attempts', '+', 1),
      last_error: failure.error,
      next_attempt_at: failure.nextAttemptAt.toISOString(),
      failed_at: failure.giveUpAt?.toISOString() ?? null,
    }))
    .where('id', '=', row.id)
    .where('next_attempt_at', '=', row.leasedUntil)
    .execute();
}
