// Blocks between members: SQL only. Part of the social module, since a block also ends a follow
// and refuses one, in the same transaction.
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { TCursor } from '../../http/paging';

type Db = Kysely<Database>;

/** True when this block is new. */
export async function insertBlock(db: Db, blockerId: number, blockedId: number, now: string): Promise<boolean> {
  const inserted = await db
    .insertInto('blocks')
    .values({ blocker_id: blockerId, blocked_id: blockedId, created_at: now })
    .onConflict((oc) => oc.doNothing())
    .returning('blocked_id')
    .executeTakeFirst();
  return inserted !== undefined;
}

export async function deleteBlock(db: Db, blockerId: number, blockedId: number): Promise<void> {
  await db.deleteFrom('blocks').where('blocker_id', '=', blockerId).where('blocked_id', '=', blockedId).execute();
}

/** blocks_pk. */
export async function blockExists(db: Db, blockerId: number, blockedId: number): Promise<boolean> {
  const row = await db.selectFrom('blocks').select('blocked_id').where('blocker_id', '=', blockerId).where('blocked_id', '=', blockedId).executeTakeFirst();
  return row !== undefined;
}

/** blocks_pk. */
export async function countBlocksBy(db: Db, blockerId: number): Promise<number> {
  const row = await db.selectFrom('blocks').select((eb) => eb.fn.countAll<number>().as('n')).where('blocker_id', '=', blockerId).executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Everyone the member blocked (at most MAX_BLOCKS): blocks_pk. */
export async function blockedIdsOf(db: Db, blockerId: number): Promise<number[]> {
  const rows = await db.selectFrom('blocks').select('blocked_id').where('blocker_id', '=', blockerId).execute();
  return rows.map((row) => row.blocked_id);
}

/** The member's blocks, newest first, keyset on (created_at, blocked_id): blocks_blocker_idx. */
export function listBlocksPage(db: Db, blockerId: number, limit: number, after?: TCursor) {
  let query = db.selectFrom('blocks').select(['blocked_id', 'created_at']).where('blocker_id', '=', blockerId);
  if (after) {
    const [value, id] = after;
    query = query.where((eb) => eb(eb.refTuple('created_at', 'blocked_id'), '<', eb.tuple(String(value), id)));
  }
  return query.orderBy('created_at', 'desc').orderBy('blocked_id', 'desc').limit(limit + 1).execute();
}
