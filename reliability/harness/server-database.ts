// The database a server process uses, opened from the test process for arranging and checking.
import type { TDatabase } from '../../server/db/connect';
import { connect } from '../../server/db/connect';
import { createOperatorCodes } from '../../server/features/accounts/invitations.service';

/** Where a server keeps its data (a TServerProcess fits). */
export interface TServerData {
  dataDir: string;
  env: Record<string, string>;
}

/**
 * Runs `work` on the server's database (SQLite file in its DATA_DIR, or its DATABASE_URL) and
 * closes it again. The server must have started once, so the schema is migrated.
 */
export async function withServerDatabase<T>(server: TServerData, work: (database: TDatabase) => Promise<T>): Promise<T> {
  const database = connect({ databaseUrl: server.env.DATABASE_URL || undefined, dataDir: server.dataDir });
  try {
    return await work(database);
  } finally {
    await database.close();
  }
}

/** New operator invitation codes, as `npm run invite -- --count N` makes them, without a process per call. */
export function inviteCodes(server: TServerData, count: number): Promise<string[]> {
  return withServerDatabase(server, ({ db }) => createOperatorCodes({ db, now: () => new Date() }, count));
}
