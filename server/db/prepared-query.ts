// Hot queries built and compiled once, then run with each call's values. Kysely builds a query
// tree and compiles it to SQL on every call: on a member's request (the session lookup, their
// likes and follows among a page's cards) that was about a sixth of the server's CPU, for SQL
// text that never changes. Kysely's own recipe: split building and compiling from executing.
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
