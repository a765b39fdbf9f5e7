// NUL characters leave every request's JSON body, query and path parameters before validation.
// PostgreSQL text cannot hold one (the query fails with a 500), SQLite would store it, and no
// person types one: dropped, as the contact form always did, so both engines answer alike.
import type { FastifyInstance } from 'fastify';

const NUL = '\u0000';

type TContainer = Record<string, unknown> | unknown[];

/**
 * Only what JSON, query strings and path parameters parse to: plain objects, arrays and the
 * prototype-less records the router and query parser make. A raw body (a Buffer) is left alone.
 */
function isContainer(value: unknown): value is TContainer {
  if (Array.isArray(value)) return true;
  if (value === null || typeof value !== 'object') return false;
  const prototype: unknown = Object.getPrototypeOf(value);
  return prototype === null || prototype === Object.prototype || Object.getPrototypeOf(prototype) === null;
}

/**
 * Removes NUL from every string inside the value, in place (each request parses its own
 * copy). A loop, not recursion: a body nested 100,000 deep must not overflow the stack.
 */
export function dropNul<T>(value: T): T {
  if (typeof value === 'string') return (value.includes(NUL) ? value.replaceAll(NUL, '') : value) as T;
  if (!isContainer(value)) return value;
  const pending: TContainer[] = [value];
  for (let container = pending.pop(); container; container = pending.pop()) {
    const entries = container as Record<string, unknown>;
    for (const key of Object.keys(entries)) {
      const item = entries[key];
      if (typeof item === 'string') {
        if (item.includes(NUL)) entries[key] = item.replaceAll(NUL, '');
      } else if (isContainer(item)) {
        pending.push(item);
      }
    }
  }
  return value;
}

export function registerNulFilter(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    request.body = dropNul(request.body);
    request.query = dropNul(request.query);
    request.params = dropNul(request.params);
  });
}
