// Opaque keyset cursors: the last row's sort value and id, base64url JSON.
import { AppError } from '../../http/errors';
import type { TCursor } from './projects.repo';

export function encodeCursor(cursor: TCursor): string {
  return Buffer.from(JSON.stringify(cursor)).toString('base64url');
}

export function decodeCursor(raw: string | undefined): TCursor | undefined {
  if (!raw) return undefined;
  try {
    const value: unknown = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8'));
    if (Array.isArray(value) && value.length === 2 && (typeof value[0] === 'string' || typeof value[0] === 'number') && Number.isInteger(value[1])) {
      return [value[0], value[1] as number];
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
