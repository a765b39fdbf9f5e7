// Opaque keyset cursors: the last row's sort value and id, base64url JSON.
import { AppError } from '../../http/errors';
import type { TCursor } from './projects.repo';

export function encodeCursor(cursor: TCursor): string {
  return Buffer.from(JSON.stringify(cursor)).toString('base64url');
}

/** The type of the column a cursor's sort value is compared with. */
export type TCursorValue = 'text' | 'integer' | 'number';

/** Ids and counters are 32-bit integers in both engines. */
const MAX_INT = 2_147_483_647;

/** PostgreSQL fails the query (a 500) on a value of another type, out of range, or holding NUL. */
function fits(value: unknown, kind: TCursorValue): boolean {
  if (kind === 'text') return typeof value === 'string' && !value.includes('\u0000');
  if (typeof value !== 'number' || !Number.isFinite(value)) return false;
  return kind === 'number' || (Number.isInteger(value) && Math.abs(value) <= MAX_INT);
}

export function decodeCursor(raw: string | undefined, kind: TCursorValue = 'text'): TCursor | undefined {
  if (!raw) return undefined;
  try {
    const value: unknown = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8'));
    if (Array.isArray(value) && value.length === 2 && fits(value[0], kind) && fits(value[1], 'integer')) {
      return [value[0] as string | number, value[1] as number];
    }
  } catch {
    // Falls through to the error below.
  }
  throw new AppError(400, 'Invalid cursor');
}

export interface TPage<T> {
  items: T[];
  nextCursor: string | null;
}

/** Cuts the extra row a page query fetched and makes the cursor for what follows. */
export function toPage<R extends { id: number }, T>(rows: R[], limit: number, cursorOf: (row: R) => TCursor, map: (rows: R[]) => Promise<T[]>): Promise<TPage<T>> {
  const hasMore = rows.length > limit;
  const pageRows = hasMore ? rows.slice(0, limit) : rows;
  const last = pageRows.at(-1);
  return map(pageRows).then((items) => ({ items, nextCursor: hasMore && last ? encodeCursor(cursorOf(last)) : null }));
}
