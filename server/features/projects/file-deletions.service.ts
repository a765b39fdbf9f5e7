// Durable deletion of media files. The storage prefixes are recorded in the same transaction
// that deletes their media rows; right after the commit they are deleted, and what storage
// refused (or a crash interrupted) is retried by a periodic task with backoff, each failure
// logged, until trying stops and the row stays for an operator.
import { HOUR_MS, MINUTE_MS } from '../../../shared/constants';
import type { TContext } from '../../context';
import type { FileDeletionRow } from '../../db/schema';
import { doublingDelayMs } from '../../lib/backoff';
import { inBatches, type TBatchOptions } from '../../lib/in-batches';
import { claimDueFileDeletions, deleteFileDeletions, insertFileDeletions, recordFileDeletionFailure } from './file-deletions.repo';

/** A process's hold on a row while it deletes the files; far longer than deleting a prefix takes. */
export const FILE_DELETION_LEASE_MS = 5 * MINUTE_MS;
const FIRST_RETRY_MS = MINUTE_MS;
const MAX_RETRY_MS = HOUR_MS;
/** 1 min doubling to 1 h, then hourly: about a day of trying before an operator must look. */
export const MAX_FILE_DELETION_ATTEMPTS = 30;
/** Rows claimed and tried at once by the retry task. */
const RETRY_BATCH = 100;

type TFilesContext = Pick<TContext, 'db' | 'storage' | 'now' | 'log'>;

/** Wait after the n-th failed attempt (n from 1): 1 min, 2 min, 4 min, … capped at 1 h. */
export function fileDeletionRetryDelayMs(failedAttempts: number): number {
  return doublingDelayMs(failedAttempts, { firstMs: FIRST_RETRY_MS, maxMs: MAX_RETRY_MS });
}

/**
 * Records that these prefixes' files must go. Call it in the transaction that deletes their
 * rows, then hand its answer to deleteScheduledFiles once that transaction has committed.
 */
export function scheduleFileDeletions(ctx: Pick<TContext, 'db' | 'now'>, keys: string[]): Promise<FileDeletionRow[]> {
  const now = ctx.now();
  return insertFileDeletions(ctx.db, keys, { now, leaseUntil: new Date(now.getTime() + FILE_DELETION_LEASE_MS) });
}

/** Deletes the files of rows just scheduled (after the commit: until then the rows still point at them). */
export async function deleteScheduledFiles(ctx: TFilesContext, scheduled: FileDeletionRow[]): Promise<void> {
  if (ctx.db.isTransaction) throw new Error('media files are deleted only after the transaction that scheduled them has committed');
  await tryDeletions(ctx, scheduled);
}

/** One more try for every due deletion (the periodic task), in batches; how many rows it tried. */
export function retryFileDeletions(ctx: TFilesContext & Pick<TContext, 'engine'>, options: TBatchOptions = {}): Promise<number> {
  return inBatches(RETRY_BATCH, options, async (size) => {
    const now = ctx.now();
    const claimed = await claimDueFileDeletions(ctx.db, ctx.engine, { now, leaseUntil: new Date(now.getTime() + FILE_DELETION_LEASE_MS), limit: size });
    await tryDeletions(ctx, claimed);
    return claimed.length;
  });
}

/** Deletes each row's files; the rows of those gone are removed at once, each failure is logged and counted. */
async function tryDeletions(ctx: TFilesContext, rows: FileDeletionRow[]): Promise<void> {
  const results = await Promise.allSettled(rows.map((row) => ctx.storage.deletePrefix(row.storage_key)));
  await deleteFileDeletions(ctx.db, rows.filter((_, index) => results[index]!.status === 'fulfilled').map((row) => row.id));
  for (const [index, row] of rows.entries()) {
    const result = results[index]!;
    if (result.status === 'fulfilled') continue;
    const attempts = row.attempts + 1;
    const now = ctx.now();
    const giveUp = attempts >= MAX_FILE_DELETION_ATTEMPTS;
    const error = result.reason instanceof Error ? result.reason.message : String(result.reason);
    await recordFileDeletionFailure(
      ctx.db,
      { id: row.id, leasedUntil: row.next_attempt_at },
      { error: error.slice(0, 1000), nextAttemptAt: new Date(now.getTime() + fileDeletionRetryDelayMs(attempts)), giveUpAt: giveUp ? now : null },
    );
    const details = { storageKey: row.storage_key, attempts, err: result.reason };
    if (giveUp) ctx.log.error(details, 'media files not deleted; stopped retrying (the row stays in file_deletions for an operator)');
    else ctx.log.warn(details, 'media files not deleted; will retry');
  }
}
