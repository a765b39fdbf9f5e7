// What every service needs: the database, the configuration, the clock (a function, so
// tests can move time), where media files are stored and the read cache its writes invalidate.
import type { Kysely } from 'kysely';
import type { TStorage } from './adapters/storage/storage';
import type { TConfig } from './config';
import type { Engine } from './db/connect';
import type { Database } from './db/schema';
import type { TCacheTag, TReadCache } from './lib/read-cache';

export interface TContext {
  db: Kysely<Database>;
  engine: Engine;
  config: TConfig;
  now: () => Date;
  storage: TStorage;
  /** Hot anonymous reads; each write forgets what it changed (invalidateAfterCommit). */
  readCache: TReadCache;
  /** Inside inTransaction: the cache tags to forget once the outermost transaction commits. */
  changedInTransaction?: TCacheTag[];
}

/**
 * Runs the work in one transaction, with a context whose `db` is that transaction. Called
 * inside another's transaction it joins it: a service's atomic step can then be one part of a
 * larger one (an account deletion spans several modules) without knowing.
 */
export async function inTransaction<T>(ctx: TContext, work: (tx: TContext) => Promise<T>): Promise<T> {
  if (ctx.db.isTransaction) return work(ctx);
  const changed: TCacheTag[] = [];
  const result = await ctx.db.transaction().execute((trx) => work({ ...ctx, db: trx, changedInTransaction: changed }));
  invalidateAfterCommit(ctx, changed);
  return result;
}

/**
 * Tells the read cache what a write changed (tags of server/lib/cache-tags.ts): at once after
 * a statement of its own, after the commit inside inTransaction (a rolled-back write changed
 * nothing). Never before the commit: a reader could then cache the old rows again, with a
 * ticket newer than the invalidation.
 */
export function invalidateAfterCommit(ctx: TContext, tags: readonly TCacheTag[]): void {
  if (ctx.changedInTransaction) {
    ctx.changedInTransaction.push(...tags);
    return;
  }
  if (ctx.db.isTransaction) throw new Error('A write inside a transaction tells the cache through inTransaction, after its commit');
  ctx.readCache.invalidate(tags);
}
