// The thread of server/db/slow-reads.ts: its own read-only connection to the SQLite file, running
// one statement per message and answering with its rows (or the error) under the message's id.
import SqliteDatabase from 'better-sqlite3';
import { LRUCache } from 'lru-cache';
import { parentPort, workerData } from 'node:worker_threads';
import type { TSlowReadAnswer, TSlowReadRequest, TSlowReadsWorkerData } from './slow-reads';

const { file, pragmas } = workerData as TSlowReadsWorkerData;
const database = new SqliteDatabase(file, { readonly: true, fileMustExist: true });
for (const pragma of pragmas) database.pragma(pragma);
database.pragma('query_only = ON');
// Compiled once per query shape, as on the main connection (connect.ts).
const statements = new LRUCache<string, SqliteDatabase.Statement>({ max: 100 });

function statementFor(sql: string): SqliteDatabase.Statement {
  let statement = statements.get(sql);
  if (!statement) {
    statement = database.prepare(sql);
    // Read-only twice over: the connection is, and a statement that would write is refused before it runs.
    if (!statement.reader) throw new Error('slow reads run only statements that return rows');
    statements.set(sql, statement);
  }
  return statement;
}

parentPort!.on('message', (request: TSlowReadRequest) => {
  let answer: TSlowReadAnswer;
  try {
    answer = { id: request.id, rows: statementFor(request.sql).all(...request.parameters) as unknown[] };
  } catch (error) {
    answer = { id: request.id, error: error instanceof Error ? error.message : String(error) };
  }
  parentPort!.postMessage(answer);
});
