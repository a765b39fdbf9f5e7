// An online backup of the SQLite database: a consistent copy taken page by page while the
// server keeps serving (SQLite's backup API; writers are not blocked for the whole copy).
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { SQLITE_FILE } from '../db/connect';

export async function backupSqlite(dataDir: string, destination: string): Promise<{ pages: number }> {
  const source = join(dataDir, SQLITE_FILE);
  // Opening a missing file would create an empty database and back that up.
  if (!existsSync(source)) throw new Error(`No database at ${source}`);
  if (existsSync(destination)) throw new Error(`${destination} exists already; choose a new file`);
  const database = new SqliteDatabase(source, { fileMustExist: true });
  try {
    const { totalPages } = await database.backup(destination);
    return { pages: totalPages };
  } finally {
    database.close();
  }
}
