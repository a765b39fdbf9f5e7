// What every service needs: the database, the configuration and the clock
// (a function, so tests can move time).
import type { Kysely } from 'kysely';
import type { TConfig } from './config';
import type { Engine } from './db/connect';
import type { Database } from './db/schema';

export interface TContext {
  db: Kysely<Database>;
  engine: Engine;
  config: TConfig;
  now: () => Date;
}
