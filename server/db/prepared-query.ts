// Hot queries built and compiled once, then run with each call's values. Kysely builds a query
// tree and compiles it to SQL on every call: on a member's request (the session lookup, their
// likes and follows among a page's cards) that was about a sixth of the server's CPU, for SQL
// text that never changes. Kysely's own recipe: split building and compiling from executing.
//
// On PostgreSQL the server parses and plans every statement it is sent, which took more of its
// CPU than running these index lookups (EXPLAIN ANALYZE: planning 0.2-0.8 ms, execution under
// 0.1 ms). Their SQL is therefore also given a statement name (`statementName`), under which each
// connection prepares it once (connect.ts) and then only binds and runs it.
import type { CompiledQuery, Compilable, Kysely } from 'kysely';
import type { Database } from './schema';

type TScalar = string | number | null;
type TArgs = Record<string, TScalar | readonly TScalar[]>;

/** Stands in for one argument (or one element of a list argument) while the query is compiled. */
class Hole {
  constructor(
    readonly name: string,
    readonly index: number | null,
  ) {}
}

/**
 * At most this many SQL texts get a name: each connection keeps every statement it prepared
 * for as long as it lives, so their number must stay bounded whatever the list lengths asked.
 */
const MAX_NAMED_STATEMENTS = 200;

/** Names for SQL texts, the first `max` asked for; a name is never given to another text. */
export function createStatementNames(max: number) {
  const names = new Map<string, string>();
  return {
    name(sql: string): void {
      if (!names.has(sql) && names.size < max) names.set(sql, `prepared_${names.size + 1}`);
    },
    of: (sql: string): string | undefined => names.get(sql),
  };
}

const statementNames = createStatementNames(MAX_NAMED_STATEMENTS);

/** The name PostgreSQL connections prepare this SQL under, if it is a prepared query's. */
export const statementName = statementNames.of;

/**
 * `build(db, args)` must put each argument in the query as a value only (never in the SQL
 * text, as a table or column name, or in a condition on its value): the query is compiled with
 * stand-ins, once per database and per length of each list argument, and each call puts its own
 * values in their places.
 */
export function preparedQuery<A extends TArgs, R>(build: (db: Kysely<Database>, args: A) => Compilable<R>): (db: Kysely<Database>, args: A) => Promise<R[]> {
  const compiledFor = new WeakMap<Kysely<Database>, Map<string, CompiledQuery<R>>>();
  return async (db, args) => {
    const names = Object.keys(args);
    const shape = names.map((name) => {
      const value = args[name];
      return Array.isArray(value) ? `${name}[${value.length}]` : name;
    }).join(',');
    let byShape = compiledFor.get(db);
    if (!byShape) compiledFor.set(db, (byShape = new Map()));
    let compiled = byShape.get(shape);
    if (!compiled) {
      const holes = Object.fromEntries(names.map((name) => {
        const value = args[name];
        return [name, Array.isArray(value) ? value.map((_, index) => new Hole(name, index)) : new Hole(name, null)];
      }));
      compiled = build(db, holes as unknown as A).compile();
      byShape.set(shape, compiled);
      statementNames.name(compiled.sql);
    }
    const parameters = compiled.parameters.map((parameter) => {
      if (!(parameter instanceof Hole)) return parameter;
      const value = args[parameter.name];
      return parameter.index === null ? value : (value as readonly TScalar[])[parameter.index];
    });
    const result = await db.executeQuery<R>({ ...compiled, parameters });
    return result.rows;
  };
}
