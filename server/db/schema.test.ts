// schema.ts is written by hand beside the migrations: this test reads both (the first with the
// TypeScript compiler, the second from the migrated database of each engine) and fails when
// they disagree on a table, a column, its type or whether it may be null.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENGINES, freshDatabase, whileNoSchemaIsDropped } from '../test/build-test-app';
import type { Engine, TDatabase } from './connect';

const SCHEMA_FILE = fileURLToPath(new URL('./schema.ts', import.meta.url));

/** Tables in the database that schema.ts rightly leaves out. */
const UNTYPED_TABLES: Record<Engine, string[]> = {
  // Kysely's migration bookkeeping, and SQLite's full-text index with its shadow tables (search.repo.ts uses raw SQL).
  sqlite: ['kysely_migration', 'kysely_migration_lock', 'projects_fts', 'projects_fts_config', 'projects_fts_content', 'projects_fts_data', 'projects_fts_docsize', 'projects_fts_idx'],
  postgres: ['kysely_migration', 'kysely_migration_lock'],
};
/** Columns that schema.ts rightly leaves out, as `table.column`. */
const UNTYPED_COLUMNS: Record<Engine, string[]> = {
  sqlite: [],
  // PostgreSQL's search document (search.repo.ts writes and reads it with raw SQL).
  postgres: ['projects.search_vector'],
};

/** Column types each engine reports, by the TypeScript type rows carry (timestamps are ISO strings on both: connect.ts). */
const COMPATIBLE_TYPES: Record<'number' | 'string', string[]> = {
  number: ['integer', 'bigint', 'smallint', 'real', 'double precision', 'numeric'],
  string: ['text', 'character varying', 'timestamp with time zone', 'timestamp without time zone', 'date'],
};

interface TColumn {
  type: 'number' | 'string';
  nullable: boolean;
  /** Typed Generated<…> (schema.ts), or filled in by the database when omitted (database). */
  generated: boolean;
}
type TTables = Map<string, Map<string, TColumn>>;

/** Each table of the `Database` interface with its columns, as schema.ts types them. */
function readSchemaFile(): TTables {
  const program = ts.createProgram([SCHEMA_FILE], {
    strict: true,
    noEmit: true,
    skipLibCheck: true,
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
  });
  const checker = program.getTypeChecker();
  const source = program.getSourceFile(SCHEMA_FILE)!;
  const interfaces = new Map<string, ts.InterfaceDeclaration>();
  source.forEachChild((node) => {
    if (ts.isInterfaceDeclaration(node)) interfaces.set(node.name.text, node);
  });
  const propertiesOf = (declaration: ts.InterfaceDeclaration) => declaration.members.filter(ts.isPropertySignature);

  const tables: TTables = new Map();
  for (const table of propertiesOf(interfaces.get('Database')!)) {
    const tableType = table.type;
    if (!tableType || !ts.isTypeReferenceNode(tableType)) throw new Error(`Database.${table.name.getText()} is not a table interface`);
    const columns = new Map<string, TColumn>();
    for (const column of propertiesOf(interfaces.get(tableType.typeName.getText())!)) {
      let typeNode = column.type!;
      const generated = ts.isTypeReferenceNode(typeNode) && typeNode.typeName.getText() === 'Generated';
      if (generated) typeNode = (typeNode as ts.TypeReferenceNode).typeArguments![0]!;
      const type = checker.getTypeFromTypeNode(typeNode);
      const members = type.isUnion() ? type.types : [type];
      const kinds = new Set(
        members
          .filter((member) => !(member.flags & ts.TypeFlags.Null))
          .map((member) => (member.flags & ts.TypeFlags.NumberLike ? 'number' : member.flags & ts.TypeFlags.StringLike ? 'string' : checker.typeToString(member))),
      );
      const where = `${table.name.getText()}.${column.name.getText()}`;
      if (kinds.size !== 1) throw new Error(`${where}: expected number or string (or literals of one), got ${[...kinds].join(' | ')}`);
      const [kind] = kinds;
      if (kind !== 'number' && kind !== 'string') throw new Error(`${where}: a ${kind} column has no database type here`);
      columns.set(column.name.getText(), { type: kind, nullable: members.some((member) => member.flags & ts.TypeFlags.Null), generated });
    }
    tables.set(table.name.getText(), columns);
  }
  return tables;
}

interface TDbColumn {
  table: string;
  column: string;
  type: string;
  nullable: boolean;
  generated: boolean;
}

/** Every column of every table in the migrated database, from the engine's own catalogue. */
async function readDatabase({ db, engine }: TDatabase): Promise<TDbColumn[]> {
  if (engine === 'sqlite') {
    const { rows } = await sql<{ table: string; column: string; type: string; notnull: number; dflt_value: string | null; pk: number }>`
      select m.name as "table", p.name as "column", lower(p.type) as type, p."notnull", p.dflt_value, p.pk
      from sqlite_master m join pragma_table_info(m.name) p
      where m.type = 'table' and m.name not like 'sqlite_%'`.execute(db);
    return rows.map((row) => ({
      table: row.table,
      column: row.column,
      type: row.type,
      // SQLite lets a primary key column other than an INTEGER PRIMARY KEY hold NULL unless it
      // says NOT NULL (a legacy quirk); the app never writes one, and PostgreSQL refuses it.
      nullable: row.notnull === 0 && row.pk === 0,
      // An INTEGER PRIMARY KEY is the rowid: omitted, SQLite numbers the row.
      generated: row.dflt_value !== null || (row.pk === 1 && row.type === 'integer' && rows.filter((other) => other.table === row.table && other.pk > 0).length === 1),
    }));
  }
  const { rows } = await sql<{ table: string; column: string; type: string; is_nullable: string; column_default: string | null; is_identity: string }>`
    select table_name as "table", column_name as "column", data_type as type, is_nullable, column_default, is_identity
    from information_schema.columns where table_schema = current_schema()`.execute(db);
  return rows.map((row) => ({
    table: row.table,
    column: row.column,
    type: row.type,
    nullable: row.is_nullable === 'YES',
    generated: row.column_default !== null || row.is_identity === 'YES',
  }));
}

/** What differs between schema.ts and the database, one line each: nothing, when they agree. */
function differences(engine: Engine, typed: TTables, found: TDbColumn[]): string[] {
  const problems: string[] = [];
  const inDatabase = new Map<string, TDbColumn[]>();
  for (const column of found) {
    if (UNTYPED_TABLES[engine].includes(column.table) || UNTYPED_COLUMNS[engine].includes(`${column.table}.${column.column}`)) continue;
    inDatabase.set(column.table, [...(inDatabase.get(column.table) ?? []), column]);
  }
  for (const table of inDatabase.keys()) if (!typed.has(table)) problems.push(`table ${table} is in the database but not in schema.ts`);
  for (const [table, columns] of typed) {
    const actual = inDatabase.get(table);
    if (!actual) {
      problems.push(`table ${table} is in schema.ts but not in the database`);
      continue;
    }
    for (const column of actual) if (!columns.has(column.column)) problems.push(`${table}.${column.column} is in the database but not in schema.ts`);
    for (const [name, expected] of columns) {
      const column = actual.find((candidate) => candidate.column === name);
      if (!column) {
        problems.push(`${table}.${name} is in schema.ts but not in the database`);
        continue;
      }
      if (!COMPATIBLE_TYPES[expected.type].includes(column.type)) problems.push(`${table}.${name} is ${expected.type} in schema.ts but ${column.type} in the database`);
      if (expected.nullable !== column.nullable) problems.push(`${table}.${name} is ${expected.nullable ? '' : 'not '}nullable in schema.ts but ${column.nullable ? '' : 'not '}nullable in the database`);
      // The one way round that breaks: an insert that omits a Generated<> column the database does not fill.
      if (expected.generated && !column.generated) problems.push(`${table}.${name} is Generated<> in schema.ts but has no default in the database`);
    }
  }
  return problems;
}

const typed = readSchemaFile();

describe.each(ENGINES)('schema.ts against the migrated database on %s', (engine) => {
  let dataDir: string;
  let fresh: Awaited<ReturnType<typeof freshDatabase>>;
  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'schema-'));
    fresh = await freshDatabase(engine, dataDir);
  });
  afterAll(async () => {
    await fresh.database.close();
    await fresh.drop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('has the same tables and columns, with compatible types and the same nullability', async () => {
    const found = await whileNoSchemaIsDropped(engine, () => readDatabase(fresh.database));
    expect(found.length).toBeGreaterThan(100);
    expect(differences(engine, typed, found)).toEqual([]);
  });

  it('reads the kinds of column schema.ts uses: literal unions, nullable, Generated<>', () => {
    expect(typed.get('jobs')!.get('status')).toEqual({ type: 'string', nullable: false, generated: true });
    expect(typed.get('messages')!.get('kind')).toEqual({ type: 'string', nullable: false, generated: false });
    expect(typed.get('outbox')!.get('failed_at')).toEqual({ type: 'string', nullable: true, generated: false });
    expect(typed.get('projects')!.get('trending_score')).toEqual({ type: 'number', nullable: false, generated: true });
    expect(typed.get('jobs')!.get('user_id')).toEqual({ type: 'number', nullable: true, generated: false });
  });

  it('would name a column added on either side only, a changed type and a changed nullability', async () => {
    const found = await whileNoSchemaIsDropped(engine, () => readDatabase(fresh.database));
    const drifted = found.map((column) => (column.table === 'users' && column.column === 'bio' ? { ...column, type: 'integer', nullable: false } : column));
    drifted.push({ table: 'users', column: 'nickname', type: 'text', nullable: true, generated: false });
    const withoutEmail = drifted.filter((column) => !(column.table === 'users' && column.column === 'email'));
    expect(differences(engine, typed, withoutEmail)).toEqual([
      'users.nickname is in the database but not in schema.ts',
      'users.email is in schema.ts but not in the database',
      'users.bio is string in schema.ts but integer in the database',
      'users.bio is nullable in schema.ts but not nullable in the database',
    ]);
  });
});
