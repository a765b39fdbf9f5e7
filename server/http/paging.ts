// Pages of lists: opaque keyset cursors (the last row's sort value and id, base64url JSON),
// cutting the extra row a page query fetched, and answering a page as the SPEC's array with
// whether more exist (and the next cursor) in headers.
import type { FastifyReply } from 'fastify';
import { ID_MAX, PAGE_HEADERS } from '../../shared/constants';
import { AppError } from './errors';

/** Where a keyset page starts: after the row with this sort value and id. */
export type TCursor = [value: string | number, id: number];

/** The type of the column a cursor's sort value is compared with. */
export type TCursorValue = 'text' | 'integer' | 'number';

export interface TPage<T> {
  items: T[];
  nextCursor: string | null;
}

export function encodeCursor(cursor: TCursor): string {
  return Buffer.from(JSON.stringify(cursor)).toString('base64url');
}

/** PostgreSQL fails the query (a 500) on a value of another type, out of range, or holding NUL. */
function fits(value: unknown, kind: TCursorValue): boolean {
  if (kind === 'text') return typeof value === 'string' && !value.includes('\u0000');
  if (typeof value !== 'number' || !Number.isFinite(value)) return false;
  return kind === 'number' || (Number.isInteger(value) && Math.abs(value) <= ID_MAX);
}

/** The cursor a client sent back, or 400 'Invalid cursor' for anything this app did not make. */
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

/** Cuts the extra row a page query fetched and makes the cursor for what follows. */
export async function toPage<R, T>(rows: R[], limit: number, cursorOf: (row: R) => TCursor, map: (rows: R[]) => Promise<T[]> | T[]): Promise<TPage<T>> {
  const hasMore = rows.length > limit;
  const pageRows = hasMore ? rows.slice(0, limit) : rows;
  const last = pageRows.at(-1);
  const items = await map(pageRows);
  return { items, nextCursor: hasMore && last !== undefined ? encodeCursor(cursorOf(last)) : null };
}

/** Lists answer an array (the SPEC's shape); whether more exist travels in headers. */
export function sendPage<T>(reply: FastifyReply, page: TPage<T> & { total?: number }): T[] {
  reply.header(PAGE_HEADERS.hasMore, page.nextCursor ? 'true' : 'false');
  if (page.nextCursor) reply.header(PAGE_HEADERS.nextCursor, page.nextCursor);
  if (page.total !== undefined) reply.header(PAGE_HEADERS.totalCount, String(page.total));
  reply.header('Cache-Control', 'private, no-cache');
  return page.items;
}
