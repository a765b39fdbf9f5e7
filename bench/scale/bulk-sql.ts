// The scale seed's engine-specific SQL, in one place: batched inserts (multi-row VALUES in
// SQLite, unnest() arrays in PostgreSQL), emptying every table, setting indexes aside during
// the load, moving id sequences past explicitly written ids, and planner statistics.
import { CompiledQuery, sql, type Kysely } from 'kysely';
import type { Engine } from '../../server/db/connect';
import type { Database } from '../../server/db/schema';

type Db = Kysely<Database>;
export type TCell = string | number | null;
type TColumnType = 'integer' | 'text' | 'timestamptz' | 'double precision';

/** A table to fill: its columns in row order, with the PostgreSQL type each array is cast to. */
export interface TTableShape {
  name: keyof Database;
  columns: readonly (readonly [name: string, type: TColumnType])[];
}

/** SQLite's default limit on bound parameters per statement. */
const SQLITE_MAX_PARAMETERS = 32_766;
/** unnest() binds one array per column, so PostgreSQL's 65535-parameter limit never applies. */
const PG_ROWS_PER_STATEMENT = 10_000;
const SQLITE_ROWS_PER_STATEMENT = 5_000;

/** Every table the app has, children before parents, so deleting in this order never trips a foreign key. */
const TABLES_CHILDREN_FIRST: (keyof Database)[] = [
  'collection_projects', 'collections', 'notification_settings', 'notifications', 'blocks', 'comments', 'audit_log', 'report_targets', 'reports', 'outbox', 'messages', 'webhook_events', 'test_payment_intents', 'payments', 'job_tags', 'job_views', 'jobs', 'follows', 'project_views',
  'view_salts', 'likes', 'project_tags', 'project_categories', 'project_media', 'projects', 'account_tokens', 'sessions', 'invitation_codes', 'users',
];

/** Collects rows for several tables and writes them in batches, parents before children. */
export class BatchWriter {
  private readonly buffers: TCell[][][];
  private readonly statements = new Map<string, string>();

  /** `tables` in foreign-key order: a batch of children is never written before its parents. */
  constructor(
    private readonly db: Db,
    private readonly engine: Engine,
    private readonly tables: readonly TTableShape[],
  ) {
    this.buffers = tables.map(() => []);
  }

  async add(table: TTableShape, row: TCell[]): Promise<void> {
    const index = this.tables.indexOf(table);
    if (index < 0) throw new Error(`${table.name} is not one of this writer's tables`);
    const buffer = this.buffers[index]!;
    buffer.push(row);
    if (buffer.length >= this.rowsPerStatement(table)) await this.flush();
  }

  /** Writes whatever is buffered, for every table in order. */
  async flush(): Promise<void> {
    for (const [index, table] of this.tables.entries()) {
      const rows = this.buffers[index]!;
      if (!rows.length) continue;
      this.buffers[index] = [];
      await this.db.executeQuery(this.engine === 'postgres' ? this.unnestInsert(table, rows) : this.valuesInsert(table, rows));
    }
  }

  private rowsPerStatement(table: TTableShape): number {
    if (this.engine === 'postgres') return PG_ROWS_PER_STATEMENT;
    return Math.min(SQLITE_ROWS_PER_STATEMENT, Math.floor(SQLITE_MAX_PARAMETERS / table.columns.length));
  }

  private columnList(table: TTableShape): string {
    return table.columns.map(([name]) => `"${name}"`).join(', ');
  }

  private valuesInsert(table: TTableShape, rows: TCell[][]): CompiledQuery {
    const key = `${table.name}:${rows.length}`;
    let text = this.statements.get(key);
    if (!text) {
      const tuple = `(${table.columns.map(() => '?').join(', ')})`;
      text = `insert into "${table.name}" (${this.columnList(table)}) values ${Array.from({ length: rows.length }, () => tuple).join(', ')}`;
      this.statements.set(key, text);
    }
    return CompiledQuery.raw(text, rows.flat());
  }

  private unnestInsert(table: TTableShape, rows: TCell[][]): CompiledQuery {
    const arrays = table.columns.map((_, column) => rows.map((row) => row[column] ?? null));
    const casts = table.columns.map(([, type], i) => `$${i + 1}::${type}[]`).join(', ');
    return CompiledQuery.raw(`insert into "${table.name}" (${this.columnList(table)}) select * from unnest(${casts})`, arrays);
  }
}

/** Rows in each of these tables. */
export async function countRows<T extends keyof Database>(db: Db, tables: readonly T[]): Promise<Record<T, number>> {
  const counts = {} as Record<T, number>;
  for (const table of tables) {
    const { rows } = await sql<{ n: number }>`select count(*) as n from ${sql.table(table)}`.execute(db);
    counts[table] = Number(rows[0]?.n ?? 0);
  }
  return counts;
}

/** Rows in the tables whose data would mix with seeded data. */
export function countExistingRows(db: Db) {
  return countRows(db, ['users', 'projects', 'invitation_codes', 'jobs'] as const);
}

/** Deletes every row of every table (the search index goes with its projects). */
export async function emptyAllTables(db: Db, engine: Engine): Promise<void> {
  if (engine === 'postgres') {
    await sql`truncate table ${sql.join(TABLES_CHILDREN_FIRST.map((table) => sql.table(table)))} restart identity`.execute(db);
    return;
  }
  // Emptied first in one statement, so the delete trigger on projects then finds nothing to remove.
  await sql`delete from projects_fts`.execute(db);
  for (const table of TABLES_CHILDREN_FIRST) await sql`delete from ${sql.table(table)}`.execute(db);
}

/**
 * Drops the secondary indexes of these tables (in PostgreSQL their foreign keys too) before a
 * bulk load, and returns what puts them back: building an index once over all rows, and
 * checking a foreign key with one join, costs far less than doing either row by row. Primary
 * keys and unique constraints stay, so a duplicate is still refused while loading. Call both
 * inside the load's transaction: if the load fails, the rollback brings everything back.
 */
export async function setAsideIndexes(db: Db, engine: Engine, tables: readonly (keyof Database)[]): Promise<() => Promise<void>> {
  if (engine === 'sqlite') {
    // Indexes without SQL text are those of primary keys and unique constraints.
    const { rows: indexes } = await sql<{ name: string; definition: string }>`select name, sql as definition from sqlite_master
      where type = 'index' and sql is not null and tbl_name in (${sql.join(tables)})`.execute(db);
    for (const index of indexes) await sql`drop index ${sql.id(index.name)}`.execute(db);
    return async () => {
      for (const index of indexes) await sql.raw(index.definition).execute(db);
    };
  }
  const { rows: indexes } = await sql<{ name: string; definition: string }>`select c.relname as name, pg_get_indexdef(c.oid) as definition
    from pg_index x join pg_class c on c.oid = x.indexrelid join pg_class t on t.oid = x.indrelid
    where t.relnamespace = current_schema()::regnamespace and t.relname in (${sql.join(tables)})
      and not exists (select 1 from pg_constraint k where k.conindid = x.indexrelid)`.execute(db);
  const { rows: foreignKeys } = await sql<{ table: string; name: string; definition: string }>`select k.conrelid::regclass::text as table, k.conname as name,
      pg_get_constraintdef(k.oid) as definition
    from pg_constraint k join pg_class t on t.oid = k.conrelid
    where k.contype = 'f' and t.relnamespace = current_schema()::regnamespace and t.relname in (${sql.join(tables)})`.execute(db);
  for (const key of foreignKeys) await sql`alter table ${sql.raw(key.table)} drop constraint ${sql.id(key.name)}`.execute(db);
  for (const index of indexes) await sql`drop index ${sql.id(index.name)}`.execute(db);
  return async () => {
    for (const index of indexes) await sql.raw(index.definition).execute(db);
    for (const key of foreignKeys) await sql`alter table ${sql.raw(key.table)} add constraint ${sql.id(key.name)} ${sql.raw(key.definition)}`.execute(db);
  };
}

/** The seed writes ids itself; PostgreSQL's identity sequences must then continue after them. */
export async function advanceIdSequences(db: Db, engine: Engine, tables: readonly (keyof Database)[]): Promise<void> {
  // SQLite's AUTOINCREMENT already continues after the largest id present.
  if (engine !== 'postgres') return;
  for (const table of tables) {
    await sql`select setval(pg_get_serial_sequence(${table}, 'id'), max(id)) from ${sql.table(table)} having max(id) is not null`.execute(db);
  }
}

/** Fresh planner statistics after a bulk load (and, in PostgreSQL, dead rows of the counter update cleared). */
export async function refreshStatistics(db: Db, engine: Engine, tables: readonly (keyof Database)[]): Promise<void> {
  if (engine === 'postgres') {
    await sql`vacuum (analyze) ${sql.join(tables.map((table) => sql.table(table)))}`.execute(db);
    return;
  }
  // A sample per index is enough for the planner and keeps ANALYZE to seconds on a large file.
  await sql`pragma analysis_limit = 1000`.execute(db);
  await sql`analyze`.execute(db);
}

/** A bulk load runs faster with a large page cache (this connection only; memory is used only when needed). */
export async function prepareForBulkLoad(db: Db, engine: Engine): Promise<void> {
  if (engine === 'sqlite') await sql`pragma cache_size = -262144`.execute(db);
}
