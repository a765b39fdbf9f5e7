// The only place that knows which database engine runs: SQLite through better-sqlite3
// (default, a file in DATA_DIR) or PostgreSQL through pg when DATABASE_URL is a postgres URL.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import {
  CompiledQuery,
  Kysely,
  PostgresDialect,
  SqliteAdapter,
  SqliteDriver,
  SqliteIntrospector,
  SqliteQueryCompiler,
  type ColumnDefinitionBuilder,
  type DatabaseConnection,
  type Dialect,
} from 'kysely';
import pg from 'pg';
import type { Database } from './schema';

export type Engine = 'sqlite' | 'postgres';

export interface TDatabase {
  db: Kysely<Database>;
  engine: Engine;
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
}

/**
 * Kysely's SQLite driver opens deferred transactions; a deferred transaction that later
 * writes can fail with SQLITE_BUSY instead of waiting. BEGIN IMMEDIATE takes the write
 * lock up front, so concurrent writers queue behind busy_timeout.
 */
class ImmediateSqliteDriver extends SqliteDriver {
  override async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('begin immediate'));
  }
}

function sqliteDialect(file: string): Dialect {
  const database = new SqliteDatabase(file);
  database.pragma('journal_mode = WAL');
  database.pragma('foreign_keys = ON');
  database.pragma('busy_timeout = 5000');
  database.pragma('synchronous = NORMAL');
  const config = { database };
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

export function connect(options: TConnectOptions): TDatabase {
  if (options.databaseUrl) {
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: 10,
      connectionTimeoutMillis: 5000,
      types: pgTypes,
      ...(options.pgSchema ? { options: `-c search_path=${options.pgSchema}` } : {}),
    });
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    return { db, engine: 'postgres', close: () => db.destroy() };
  }
  const file = options.sqliteFile ?? 'app.db';
  if (file !== ':memory:') mkdirSync(options.dataDir, { recursive: true });
  const db = new Kysely<Database>({ dialect: sqliteDialect(file === ':memory:' ? file : join(options.dataDir, file)) });
  return { db, engine: 'sqlite', close: () => db.destroy() };
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

/** Is this error a unique-constraint violation? (the engines report it differently) */
export function isUniqueViolation(error: unknown): boolean {
  if (!error || typeof error !== 'object') return false;
  const code = (error as { code?: unknown }).code;
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY';
}
