// What every service needs: the database, the configuration, the clock (a function, so
// tests can move time) and where media files are stored.
import type { Kysely } from 'kysely';
import type { TStorage } from './adapters/storage/storage';
import type { TConfig } from './config';
import type { Engine } from './db/connect';
import type { Database } from './db/schema';
import type { TReadCache } from './lib/read-cache';

export interface TContext {
  db: Kysely<Database>;
  engine: Engine;
  config: TConfig;
  now: () => Date;
  storage: TStorage;
  /** Hot anonymous reads; emptied by every successful write. */
  readCache: TReadCache;
}

/**
 * Runs the work in one transaction, with a context whose `db` is that transaction. Called
 * inside another's transaction it joins it: a service's atomic step can then be one part of a
 * larger one (an account deletion spans several modules) without knowing.
 */
export async function inTransaction<T>(ctx: TContext, work: (tx: TContext) => Promise<T>): Promise<T> {
  if (ctx.db.isTransaction) return work(ctx);
  return ctx.db.transaction().execute((trx) => work({ ...ctx, db: trx }));
}
