// The only place that knows which database engine runs: SQLite through better-sqlite3
// (default, a file in DATA_DIR) or PostgreSQL through pg when DATABASE_URL is a postgres URL.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import {
  CompiledQuery,
  Kysely,
  sql,
  PostgresDialect,
  SqliteAdapter,
  SqliteDriver,
  SqliteIntrospector,
  SqliteQueryCompiler,
  type ColumnDefinitionBuilder,
  type DatabaseConnection,
  type Dialect,
  type SelectQueryBuilder,
  type SqliteDatabase as SqliteDatabaseLike,
} from 'kysely';
import { LRUCache } from 'lru-cache';
import pg from 'pg';
import { statementName } from './prepared-query';
import type { Database } from './schema';
import { slowReadsThrough, sqliteSlowReads, type TSlowReads } from './slow-reads';
import { WAL_FALLBACK_PAGES, walCheckpoints, type TWalCheckpoints } from './wal-checkpoints';

export type Engine = 'sqlite' | 'postgres';

/** The SQLite database's file name in DATA_DIR. */
export const SQLITE_FILE = 'app.db';

export interface TDatabase {
  db: Kysely<Database>;
  engine: Engine;
  /** Where reads that grow with the catalogue run (slow-reads.ts): off the event loop on a SQLite file. */
  slowReads: TSlowReads;
  /** On a SQLite file: the checkpoints run off the event loop (wal-checkpoints.ts). */
  checkpoints?: TWalCheckpoints;
  close(): Promise<void>;
}

export interface TConnectOptions {
  /** A postgres:// URL; unset means SQLite in dataDir. */
  databaseUrl?: string | undefined;
  dataDir: string;
  /** PostgreSQL schema to work in (tests give each app its own). */
  pgSchema?: string;
  /** SQLite file name inside dataDir; ':memory:' for a throwaway database. */
  sqliteFile?: string;
  /** On a SQLite file: how often its checkpoint thread runs (wal-checkpoints.ts; tests slow it down). */
  checkpointEveryMs?: number;
}

/**
 * Kysely's SQLite driver opens deferred transactions; a deferred transaction that later
 * writes can fail with SQLITE_BUSY instead of waiting. BEGIN IMMEDIATE takes the write
 * lock up front, so concurrent writers queue behind busy_timeout.
 */
class ImmediateSqliteDriver extends SqliteDriver {
  readonly #turns = new FifoMutex();

  override async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('begin immediate'));
  }

  /**
   * Kysely's mutex hands the connection over in microtasks, and better-sqlite3 answers at once:
   * under load one request's queries lead straight into the next one's without the event loop
   * ever turning, so for seconds no connection was accepted and no request read (100
   * connections on a busy machine: first requests waited over 10 s and timed out,
   * reliability/load.test.ts). Turns are taken here in arrival order (FifoMutex), and a chain of
   * turns lets the loop run every YIELD_EVERY_MS; the mutex inside is then never contended.
   */
  override async acquireConnection(): Promise<DatabaseConnection> {
    await this.#turns.lock();
    return super.acquireConnection();
  }

  override async releaseConnection(): Promise<void> {
    await super.releaseConnection();
    this.#turns.unlock();
  }
}

/** How long turns may pass from one request to the next before the event loop gets to run (I/O, timers). */
export const YIELD_EVERY_MS = 5;

/**
 * A lock handed to its waiters in the order they asked: a release passes it straight to the
 * next, within the same turn of the event loop unless turns have followed each other for
 * longer than `yieldEveryMs`; then through setImmediate, after the loop's I/O.
 */
export class FifoMutex {
  #locked = false;
  /** When the current run of back-to-back turns began (the last time the event loop ran in between). */
  #since = 0;
  readonly #waiting: (() => void)[] = [];

  constructor(private readonly yieldEveryMs = YIELD_EVERY_MS) {}

  lock(): Promise<void> {
    if (!this.#locked) {
      this.#locked = true;
      this.#since = performance.now();
      return Promise.resolve();
    }
    return new Promise((resolve) => this.#waiting.push(resolve));
  }

  unlock(): void {
    const next = this.#waiting.shift();
    if (!next) {
      this.#locked = false;
      return;
    }
    if (performance.now() - this.#since < this.yieldEveryMs) {
      next();
      return;
    }
    setImmediate(() => {
      this.#since = performance.now();
      next();
    });
  }
}

/** How much of the database file SQLite reads through a memory map. */
const SQLITE_MMAP_BYTES = 1024 * 1024 * 1024;
/** SQLite's own cache of pages (of the part not mapped, and of pages changed in a transaction). */
const SQLITE_PAGE_CACHE_KB = 64 * 1024;
/** The reading thread's (slow-reads.ts): it only reads, so less of its own; the map is shared. */
const SQLITE_READER_PAGE_CACHE_KB = 16 * 1024;

/** How many compiled statements to keep: every query shape the app has, with room to spare. */
const STATEMENT_CACHE_SIZE = 500;

/**
 * Kysely prepares every query it runs, and better-sqlite3 compiles SQL on each prepare():
 * on hot reads that compiling was a tenth of the CPU. Statements are reused by their SQL
 * text instead (safe: Kysely runs one query at a time on its single SQLite connection).
 */
function withStatementCache(database: SqliteDatabase.Database): SqliteDatabaseLike {
  const statements = new LRUCache<string, SqliteDatabase.Statement>({ max: STATEMENT_CACHE_SIZE });
  return {
    close: () => database.close(),
    prepare(sql: string) {
      let statement = statements.get(sql);
      if (!statement) {
        statement = database.prepare(sql);
        statements.set(sql, statement);
      }
      return statement;
    },
  };
}

function sqliteDialect(file: string): Dialect {
  const database = new SqliteDatabase(file);
  database.pragma('journal_mode = WAL');
  database.pragma('foreign_keys = ON');
  database.pragma('busy_timeout = 5000');
  database.pragma('synchronous = NORMAL');
  // Reads through a memory map rather than a read() system call per page, and a page cache of
  // 64 MB rather than the default 2 MB. At 100,000 projects the media of 12 random cards took
  // 220-320 µs and a member's likes among them 40-140 µs; mapped, 160-175 µs and about 20 µs.
  // The mapped pages are the kernel's page cache, shared and dropped under pressure as before;
  // writes still go through the WAL, never through the map.
  database.pragma(`mmap_size = ${SQLITE_MMAP_BYTES}`);
  database.pragma(`cache_size = -${SQLITE_PAGE_CACHE_KB}`);
  // Checkpoints run on a thread of their own (wal-checkpoints.ts); this connection runs one only
  // if the WAL grows far past SQLite's default 1,000 pages (that thread gone or behind).
  database.pragma(`wal_autocheckpoint = ${WAL_FALLBACK_PAGES}`);
  const config = { database: withStatementCache(database) };
  return {
    createAdapter: () => new SqliteAdapter(),
    createDriver: () => new ImmediateSqliteDriver(config),
    createIntrospector: (db) => new SqliteIntrospector(db),
    createQueryCompiler: () => new SqliteQueryCompiler(),
  };
}

const PG_TIMESTAMPTZ = 1184;
const PG_TIMESTAMP = 1114;
const PG_INT8 = 20;

/** Timestamps come back as ISO strings and counts as numbers, exactly as from SQLite. */
const pgTypes = {
  getTypeParser(oid: number, format?: 'text' | 'binary') {
    if (oid === PG_TIMESTAMPTZ || oid === PG_TIMESTAMP) return (value: string) => new Date(value).toISOString();
    if (oid === PG_INT8) return (value: string) => Number(value);
    return pg.types.getTypeParser(oid, format);
  },
} as pg.CustomTypesConfig;

/**
 * While PostgreSQL is down or restarting, a request waits at most this long for a connection
 * and then answers 503, instead of hanging until the client gives up.
 */
export const PG_CONNECT_TIMEOUT_MS = 2000;
/**
 * The server cancels a statement that runs longer (a lock wait, a runaway query) and the
 * request answers 503. The slowest legitimate statements here (search and trending over a
 * seeded database) take well under a second; migrations lift the limit (see withoutStatementTimeout).
 */
export const PG_STATEMENT_TIMEOUT_MS = 30_000;

function postgresPool(options: TConnectOptions & { databaseUrl: string }): pg.Pool {
  const pool = new pg.Pool({
    connectionString: options.databaseUrl,
    max: 10,
    connectionTimeoutMillis: PG_CONNECT_TIMEOUT_MS,
    statement_timeout: PG_STATEMENT_TIMEOUT_MS,
    // Notices a server that vanished without closing the socket (a dead host, a dropped route).
    keepAlive: true,
    types: pgTypes,
    ...(options.pgSchema ? { options: `-c search_path=${options.pgSchema}` } : {}),
  });
  // A connection the server ends (restart, failover, pg_terminate_backend) makes its client emit
  // 'error': idle in the pool, the pool re-emits it; checked out, the client itself does. An
  // 'error' nobody listens to kills the process, so both are heard here. The query in flight
  // has already been rejected (and answers 503), and the pool drops the broken client on
  // release, so the next request gets a fresh connection.
  const ignore = () => {};
  pool.on('error', ignore);
  pool.on('connect', (client) => {
    client.on('error', ignore);
    runPreparedQueriesByName(client);
  });
  return pool;
}

/**
 * A prepared query's SQL (server/db/prepared-query.ts) is sent with its statement name: pg then
 * has the server parse and plan it once per connection, and afterwards only binds and runs it.
 * Everything else is sent as Kysely sends it.
 */
function runPreparedQueriesByName(client: pg.PoolClient): void {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  client.query = ((text: unknown, values: unknown, ...rest: unknown[]) => {
    const name = typeof text === 'string' && Array.isArray(values) ? statementName(text) : undefined;
    return name ? query({ name, text, values }, ...rest) : query(text, values, ...rest);
  }) as typeof client.query;
}

export function connect(options: TConnectOptions): TDatabase {
  if (options.databaseUrl) {
    const pool = postgresPool({ ...options, databaseUrl: options.databaseUrl });
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    return { db, engine: 'postgres', slowReads: slowReadsThrough(db), close: () => db.destroy() };
  }
  const file = options.sqliteFile ?? SQLITE_FILE;
  if (file === ':memory:') {
    const db = new Kysely<Database>({ dialect: sqliteDialect(file) });
    return { db, engine: 'sqlite', slowReads: slowReadsThrough(db), close: () => db.destroy() };
  }
  mkdirSync(options.dataDir, { recursive: true });
  const path = join(options.dataDir, file);
  const db = new Kysely<Database>({ dialect: sqliteDialect(path) });
  const slowReads = sqliteSlowReads(path, [`mmap_size = ${SQLITE_MMAP_BYTES}`, `cache_size = -${SQLITE_READER_PAGE_CACHE_KB}`]);
  const checkpoints = walCheckpoints(path, options.checkpointEveryMs === undefined ? {} : { everyMs: options.checkpointEveryMs });
  return {
    db,
    engine: 'sqlite',
    slowReads,
    checkpoints,
    close: async () => {
      await checkpoints.close();
      await slowReads.close();
      // The last connection to close checkpoints the whole WAL into the file.
      await db.destroy();
    },
  };
}

/** DDL that differs by engine, for migrations. */
export function ddl(engine: Engine) {
  return {
    /** An auto-incrementing integer primary key. */
    id: (column: ColumnDefinitionBuilder) =>
      engine === 'postgres' ? column.primaryKey().generatedByDefaultAsIdentity() : column.primaryKey().autoIncrement(),
    /** The column type for ISO timestamps. */
    timestamp: engine === 'postgres' ? ('timestamptz' as const) : ('text' as const),
  };
}

/**
 * For a SELECT that picks the next batch of rows to change (`query.$call(skipTakenRows(engine))`):
 * on PostgreSQL it locks them and skips rows another transaction holds, so processes running
 * the same task side by side take different rows instead of waiting on, or deadlocking with,
 * each other. SQLite runs one writer at a time and has no such clause.
 */
export function skipTakenRows(engine: Engine) {
  return <DB, TB extends keyof DB, O>(query: SelectQueryBuilder<DB, TB, O>): SelectQueryBuilder<DB, TB, O> =>
    engine === 'postgres' ? query.forUpdate().skipLocked() : query;
}

/** Keys of the transaction-scoped locks below, one per rule that needs one (any 64-bit integer). */
export const XACT_LOCKS = { firstAccount: 7_001 } as const;

/**
 * Makes transactions that take the same key run one after another from here to their end, for a
 * rule that reads before it writes and has no row to lock (e.g. "the first account"). PostgreSQL:
 * a transaction-scoped advisory lock. SQLite: nothing to do, it runs one writer at a time.
 */
export async function lockForTransaction(db: Kysely<Database>, engine: Engine, key: number): Promise<void> {
  if (engine === 'postgres') await sql`select pg_advisory_xact_lock(${key})`.execute(db);
}

/** Is this error a unique-constraint violation? (the engines report it differently) */
export function isUniqueViolation(error: unknown): boolean {
  if (!error || typeof error !== 'object') return false;
  const code = (error as { code?: unknown }).code;
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY';
}

/**
 * Runs `work` on one connection with no statement timeout: schema changes on a large database
 * (building an index) may rightly take longer than any request should.
 */
export async function withoutStatementTimeout<T>(db: Kysely<Database>, engine: Engine, work: (connection: Kysely<Database>) => Promise<T>): Promise<T> {
  if (engine !== 'postgres') return work(db);
  return db.connection().execute(async (connection) => {
    await sql`set statement_timeout = 0`.execute(connection);
    try {
      return await work(connection);
    } finally {
      // Back to the pool's setting before the connection serves requests again.
      await sql`reset statement_timeout`.execute(connection);
    }
  });
}

const PG_UNAVAILABLE_CODES = new Set([
  '57P01', // admin_shutdown: the server is stopping or the backend was terminated
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now: starting up, shutting down, in recovery
  '57014', // query_canceled: statement_timeout
  '53300', // too_many_connections
]);
/** A socket that could not connect or was cut: from pg, and alike from Redis or S3, for which a 503 is as right. */
const NETWORK_UNAVAILABLE_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENETUNREACH', 'EAI_AGAIN', 'ENOTFOUND']);
/** pg's own words for a lost or missing connection (these errors carry no code). */
const PG_UNAVAILABLE_MESSAGES = [
  /^Connection terminated/, // 'Connection terminated unexpectedly', '… due to connection timeout'
  /^timeout exceeded when trying to connect$/, // the pool's connectionTimeoutMillis
  /is not queryable$/, // a client whose connection already failed
  /^Cannot use a pool after calling end on the pool$/,
];

/**
 * Is this error the database being out of reach for now (down, restarting, overloaded, locked
 * by another process past the busy timeout) rather than a fault in the request or the code?
 * Such errors answer 503 with Retry-After instead of 500. Follows `cause` and AggregateError
 * (a refused connection to a name with IPv4 and IPv6 addresses).
 */
export function isDatabaseUnavailable(error: unknown, depth = 0): boolean {
  if (!error || typeof error !== 'object' || depth > 4) return false;
  const { code, message, cause, errors } = error as { code?: unknown; message?: unknown; cause?: unknown; errors?: unknown };
  // Node's own error for a client that hung up mid-request (ECONNRESET too): not the database.
  if (message === 'aborted') return false;
  if (typeof code === 'string') {
    // Class 08: connection exceptions.
    if (PG_UNAVAILABLE_CODES.has(code) || /^08[0-9A-Z]{3}$/.test(code) || NETWORK_UNAVAILABLE_CODES.has(code)) return true;
    // SQLITE_BUSY and its extended codes (SQLITE_BUSY_SNAPSHOT, SQLITE_BUSY_TIMEOUT …).
    if (code.startsWith('SQLITE_BUSY')) return true;
  }
  if (typeof message === 'string' && PG_UNAVAILABLE_MESSAGES.some((pattern) => pattern.test(message))) return true;
  if (Array.isArray(errors) && errors.some((inner) => isDatabaseUnavailable(inner, depth + 1))) return true;
  return isDatabaseUnavailable(cause, depth + 1);
}
