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
