// Opens the configured database and brings it to the latest schema.
import type { TConfig } from '../config';
import { connect, type TDatabase } from './connect';
import { migrateToLatest } from './migrate';

export async function openDatabase(config: TConfig): Promise<{ database: TDatabase; applied: string[] }> {
  const database = connect({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    const applied = await migrateToLatest(database.db, database.engine);
    return { database, applied };
  } catch (error) {
    await database.close();
    throw error;
  }
}
