// What every service needs: the database, the configuration, the clock (a function, so
// tests can move time), where media files are stored, and the log.
import type { FastifyBaseLogger } from 'fastify';
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
  /** For what goes wrong after a commit and is retried later (a media file that would not delete). */
  log: FastifyBaseLogger;
}

/**
 * Runs the work in one transaction, with a context whose `db` is that transaction. Called
 * inside another's transaction it joins it: a service's atomic step can then be one part of a
 * larger one (an account deletion spans several modules) without knowing.
 */
export async function inTransaction<C extends Pick<TContext, 'db'>, T>(ctx: C, work: (tx: C) => Promise<T>): Promise<T> {
  if (ctx.db.isTransaction) return work(ctx);
  return ctx.db.transaction().execute((trx) => work({ ...ctx, db: trx }));
}
