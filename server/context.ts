// What every service needs: the database, the configuration, the clock (a function, so
// tests can move time), where media files are stored, the read cache its writes invalidate,
// and the log.
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { TStorage } from './adapters/storage/storage';
import type { TConfig } from './config';
import type { Engine } from './db/connect';
import type { Database } from './db/schema';
import type { TSlowReads } from './db/slow-reads';
import type { TCacheTag, TReadCache } from './lib/read-cache';
import type { TViewBuffer } from './lib/view-buffer';

export interface TContext {
  db: Kysely<Database>;
  engine: Engine;
  /** For the reads whose cost grows with the whole catalogue (search, a tag's pages, category counts, site figures): off the event loop on SQLite. */
  slowReads: TSlowReads;
  config: TConfig;
  now: () => Date;
  storage: TStorage;
  /** Hot anonymous reads; each write forgets what it changed (invalidateAfterCommit). */
  readCache: TReadCache;
  /**
   * Counted views waiting to be written in the next batch (features/projects/view-counts.ts).
   * Absent (background tasks, scripts): a view is written at once.
   */
  views?: TViewBuffer;
  /** Inside inTransaction: the cache tags to forget once the outermost transaction commits. */
  changedInTransaction?: TCacheTag[];
  /** Inside inTransaction: kept values to move, not forget, once it commits (moveAfterCommit). */
  movedInTransaction?: TCacheMove[];
  /** For what goes wrong after a commit and is retried later (a media file that would not delete). */
  log: FastifyBaseLogger;
}

/**
 * Runs the work in one transaction, with a context whose `db` is that transaction. Called
 * inside another's transaction it joins it: a service's atomic step can then be one part of a
 * larger one (an account deletion spans several modules) without knowing.
 */
export async function inTransaction<C extends TTransactional, T>(ctx: C, work: (tx: C) => Promise<T>): Promise<T> {
  if (ctx.db.isTransaction) return work(ctx);
  const changed: TCacheTag[] = [];
  const moved: TCacheMove[] = [];
  const result = await ctx.db.transaction().execute((trx) => work({ ...ctx, db: trx, changedInTransaction: changed, movedInTransaction: moved }));
  // In the same turn as the commit's invalidation: the value moved is the one kept until then.
  // A moved value's tags are forgotten with the rest, so a read of it begun before is refused.
  const kept = ctx.readCache ? moved.map((move) => ctx.readCache!.get(move.key)) : [];
  const forget = [...changed, ...moved.flatMap((move) => move.tags)];
  if (forget.length > 0) invalidateAfterCommit(ctx, forget);
  if (ctx.readCache && moved.length > 0) {
    const ticket = ctx.readCache.ticket();
    moved.forEach((move, index) => {
      const next = kept[index] === undefined ? undefined : move.move(kept[index]);
      if (next !== undefined) ctx.readCache!.set(move.key, next.value, ticket, { tags: move.tags, bytes: next.bytes });
    });
  }
  return result;
}

/** What a transaction needs of a context: background tasks have no read cache, and change nothing it holds. */
export type TTransactional = Pick<TContext, 'db'> & Partial<Pick<TContext, 'readCache' | 'changedInTransaction' | 'movedInTransaction'>>;

/**
 * A kept value that a write changes in a way its writer knows exactly (a member's own likes and
 * follows: one id more or less): once the write commits, the value kept until then is put back
 * moved, under `tags`, rather than read again whole. The commit forgets those tags first (with
 * what the write changed), so a read of the value begun before it is not kept. Nothing is kept
 * when nothing was.
 */
export interface TCacheMove {
  key: string;
  tags: readonly TCacheTag[];
  /** The value moved by the write, and its size; undefined to keep nothing. */
  move(kept: unknown): { value: unknown; bytes: number } | undefined;
}

/** Outside a transaction there is nothing to move: the write's invalidation forgets the value. */
export function moveAfterCommit(ctx: TTransactional, move: TCacheMove): void {
  ctx.movedInTransaction?.push(move);
}

/**
 * Tells the read cache what a write changed (tags of server/lib/cache-tags.ts): at once after
 * a statement of its own, after the commit inside inTransaction (a rolled-back write changed
 * nothing). Never before the commit: a reader could then cache the old rows again, with a
 * ticket newer than the invalidation.
 */
export function invalidateAfterCommit(ctx: TTransactional, tags: readonly TCacheTag[]): void {
  if (ctx.changedInTransaction) {
    ctx.changedInTransaction.push(...tags);
    return;
  }
  if (ctx.db.isTransaction) throw new Error('A write inside a transaction tells the cache through inTransaction, after its commit');
  if (!ctx.readCache) throw new Error('A write that changes cached answers needs the read cache in its context');
  ctx.readCache.invalidate(tags);
}
