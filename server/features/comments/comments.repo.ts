// Comments: SQL only. A reply's parent is always a top-level comment; counters (reply_count
// here, comments_count on projects) move in the transaction that changes what they count.
import { sql, type ExpressionBuilder, type Kysely } from 'kysely';
import type { CommentRow, Database } from '../../db/schema';
import type { TCursor } from '../../http/paging';

type Db = Kysely<Database>;

/** Who reads a list: hidden comments show to their author and staff only; blocked authors to nobody who blocked them. */
export interface TCommentReader {
  userId: number | null;
  staff: boolean;
  blockedIds: number[];
}

function readableBy(reader: TCommentReader) {
  return (eb: ExpressionBuilder<Database, 'comments'>) => {
    const conditions = [];
    if (!reader.staff) {
      conditions.push(reader.userId === null ? eb('hidden_at', 'is', null) : eb.or([eb('hidden_at', 'is', null), eb('author_id', '=', reader.userId)]));
    }
    if (reader.blockedIds.length) conditions.push(eb('author_id', 'not in', reader.blockedIds));
    return eb.and(conditions);
  };
}

export function insertComment(db: Db, row: { projectId: number; authorId: number; parentId: number | null; body: string; now: string }): Promise<CommentRow> {
  return db
    .insertInto('comments')
    .values({ project_id: row.projectId, author_id: row.authorId, parent_id: row.parentId, body: row.body, created_at: row.now, updated_at: row.now })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export function findComment(db: Db, id: number): Promise<CommentRow | undefined> {
  return db.selectFrom('comments').selectAll().where('id', '=', id).executeTakeFirst();
}

/**
 * A project's top-level comments, newest first (comments_project_idx). Deleted ones stay while
 * they have visible replies, so the thread still reads.
 */
export function listTopLevelPage(db: Db, query: { projectId: number; reader: TCommentReader; limit: number; after: TCursor | undefined }): Promise<CommentRow[]> {
  let select = db
    .selectFrom('comments')
    .selectAll()
    .where('project_id', '=', query.projectId)
    .where('parent_id', 'is', null)
    .where((eb) => eb.or([eb('deleted_at', 'is', null), eb('reply_count', '>', 0)]))
    .where(readableBy(query.reader));
  if (query.after) {
    const [value, id] = query.after;
    select = select.where((eb) => eb(eb.refTuple('created_at', 'id'), '<', eb.tuple(String(value), id)));
  }
  return select.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(query.limit + 1).execute();
}

/** A comment's replies, oldest first (comments_parent_idx): a conversation reads top down. */
export function listRepliesPage(db: Db, query: { parentId: number; reader: TCommentReader; limit: number; after: TCursor | undefined }): Promise<CommentRow[]> {
  let select = db.selectFrom('comments').selectAll().where('parent_id', '=', query.parentId).where('deleted_at', 'is', null).where(readableBy(query.reader));
  if (query.after) {
    const [value, id] = query.after;
    select = select.where((eb) => eb(eb.refTuple('created_at', 'id'), '>', eb.tuple(String(value), id)));
  }
  return select.orderBy('created_at').orderBy('id').limit(query.limit + 1).execute();
}

/** The first `perParent` replies of each of these comments, in one query (comments_parent_idx). */
export async function firstRepliesOf(db: Db, parentIds: number[], perParent: number, reader: TCommentReader): Promise<CommentRow[]> {
  if (!parentIds.length) return [];
  const ranked = db
    .selectFrom('comments')
    .selectAll()
    .select(sql<number>`row_number() over (partition by parent_id order by created_at, id)`.as('position'))
    .where('parent_id', 'in', parentIds)
    .where('deleted_at', 'is', null)
    .where(readableBy(reader))
    .as('ranked');
  const rows = await db.selectFrom(ranked).selectAll().where('position', '<=', perParent).orderBy('created_at').orderBy('id').execute();
  return rows.map(({ position: _position, ...row }) => row);
}

export async function updateCommentBody(db: Db, id: number, body: string, now: string): Promise<CommentRow> {
  return db.updateTable('comments').set({ body, edited_at: now, updated_at: now }).where('id', '=', id).returningAll().executeTakeFirstOrThrow();
}

/** Marks it deleted and forgets its text; null when another request deleted it first. */
export function markCommentDeleted(db: Db, id: number, now: string): Promise<CommentRow | undefined> {
  return db.updateTable('comments').set({ deleted_at: now, updated_at: now, body: '' }).where('id', '=', id).where('deleted_at', 'is', null).returningAll().executeTakeFirst();
}

/**
 * Hides it with this reason; whether it was visible until now (false when it was already
 * hidden: then only the reason changes). A conditional update, so two parallel hides move the
 * counters once.
 */
export async function hideCommentRow(db: Db, id: number, reason: string, now: string): Promise<boolean> {
  const hidden = await db
    .updateTable('comments')
    .set({ hidden_at: now, hidden_reason: reason, updated_at: now })
    .where('id', '=', id)
    .where('hidden_at', 'is', null)
    .returning('id')
    .executeTakeFirst();
  if (hidden) return true;
  await db.updateTable('comments').set({ hidden_reason: reason }).where('id', '=', id).execute();
  return false;
}

/** Shows it again; whether it was hidden until now. */
export async function restoreCommentRow(db: Db, id: number, now: string): Promise<boolean> {
  const restored = await db
    .updateTable('comments')
    .set({ hidden_at: null, hidden_reason: null, updated_at: now })
    .where('id', '=', id)
    .where('hidden_at', 'is not', null)
    .returning('id')
    .executeTakeFirst();
  return restored !== undefined;
}

export async function moveReplyCount(db: Db, parentId: number, delta: number): Promise<void> {
  await db
    .updateTable('comments')
    .set({ reply_count: sql<number>`reply_count + ${delta}` })
    .where('id', '=', parentId)
    .execute();
}

/**
 * What a member's leaving takes from others' counters: per project, their visible comments plus
 * the visible replies (anyone's) under their top-level comments; per parent, their visible replies.
 */
export async function countsWithdrawnBy(db: Db, authorId: number): Promise<{ perProject: Map<number, number>; perParent: Map<number, number> }> {
  const ownTopLevel = db.selectFrom('comments').select('id').where('author_id', '=', authorId).where('parent_id', 'is', null);
  const projects = await db
    .selectFrom('comments')
    .select(['project_id', (eb) => eb.fn.countAll<number>().as('n')])
    .where('deleted_at', 'is', null)
    .where('hidden_at', 'is', null)
    .where((eb) => eb.or([eb('author_id', '=', authorId), eb('parent_id', 'in', ownTopLevel)]))
    .groupBy('project_id')
    .execute();
  const parents = await db
    .selectFrom('comments')
    .select(['parent_id', (eb) => eb.fn.countAll<number>().as('n')])
    .where('author_id', '=', authorId)
    .where('parent_id', 'is not', null)
    .where('deleted_at', 'is', null)
    .where('hidden_at', 'is', null)
    .groupBy('parent_id')
    .execute();
  return {
    perProject: new Map(projects.map((row) => [row.project_id, Number(row.n)])),
    perParent: new Map(parents.map((row) => [row.parent_id!, Number(row.n)])),
  };
}
