// Likes, follows and views: each is an insert or delete on a unique key, never read-modify-
// write. The counters they move live on projects and are moved by the projects module in the
// same transaction (see projects.service.ts).
import { sql, type Kysely } from 'kysely';
import { skipTakenRows, type Engine } from '../../db/connect';
import { preparedQuery } from '../../db/prepared-query';
import type { Database } from '../../db/schema';
import type { TCursor } from '../../http/paging';
import type { TViewRow } from '../../lib/view-buffer';

type Db = Kysely<Database>;

/** Likes or unlikes; what changed: +1, -1, or 0 (a concurrent toggle of the same member got there first). */
export async function toggleLikeRow(db: Db, userId: number, projectId: number, now: Date): Promise<{ liked: boolean; delta: 1 | -1 | 0 }> {
  const removed = await db.deleteFrom('likes').where('user_id', '=', userId).where('project_id', '=', projectId).returning('project_id').executeTakeFirst();
  if (removed) return { liked: false, delta: -1 };
  const added = await db
    .insertInto('likes')
    .values({ user_id: userId, project_id: projectId, created_at: now.toISOString() })
    .onConflict((oc) => oc.doNothing())
    .returning('project_id')
    .executeTakeFirst();
  return { liked: true, delta: added ? 1 : 0 };
}

export async function likedAmong(db: Db, userId: number, projectIds: number[]): Promise<Set<number>> {
  if (!projectIds.length) return new Set();
  const rows = await db.selectFrom('likes').select('project_id').where('user_id', '=', userId).where('project_id', 'in', projectIds).execute();
  return new Set(rows.map((row) => row.project_id));
}

/** Up to `limit` of the projects a member likes, and of the members they follow, any of them (likes_pk, follows_pk). */
export async function likesAndFollowsOf(db: Db, userId: number, limit: number): Promise<{ liked: number[]; following: number[] }> {
  const [liked, following] = await Promise.all([
    db.selectFrom('likes').select('project_id').where('user_id', '=', userId).limit(limit).execute(),
    db.selectFrom('follows').select('followee_id').where('follower_id', '=', userId).limit(limit).execute(),
  ]);
  return { liked: liked.map((row) => row.project_id), following: following.map((row) => row.followee_id) };
}

/** A member's likes, most recent first, keyset-paged on (liked at, project id): likes_user_idx. */
export function listLikesPage(db: Db, userId: number, limit: number, after?: TCursor) {
  let query = db.selectFrom('likes').select(['project_id', 'created_at']).where('user_id', '=', userId);
  if (after) {
    const [value, id] = after;
    query = query.where((eb) => eb(eb.refTuple('created_at', 'project_id'), '<', eb.tuple(String(value), id)));
  }
  return query.orderBy('created_at', 'desc').orderBy('project_id', 'desc').limit(limit + 1).execute();
}

/** The projects a member liked, in id order after `afterId`: likes_pk, for walking them all in batches. */
export async function likedProjectIdsAfter(db: Db, userId: number, afterId: number, limit: number): Promise<number[]> {
  const rows = await db.selectFrom('likes').select('project_id').where('user_id', '=', userId).where('project_id', '>', afterId).orderBy('project_id').limit(limit).execute();
  return rows.map((row) => row.project_id);
}

export async function countLikesBy(db: Db, userId: number): Promise<number> {
  const row = await db.selectFrom('likes').select((eb) => eb.fn.countAll<number>().as('n')).where('user_id', '=', userId).executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function toggleFollowRow(db: Db, followerId: number, followeeId: number, now: Date): Promise<boolean> {
  const removed = await db.deleteFrom('follows').where('follower_id', '=', followerId).where('followee_id', '=', followeeId).returning('followee_id').executeTakeFirst();
  if (removed) return false;
  await db
    .insertInto('follows')
    .values({ follower_id: followerId, followee_id: followeeId, created_at: now.toISOString() })
    .onConflict((oc) => oc.doNothing())
    .execute();
  return true;
}

export async function followedAmong(db: Db, followerId: number, userIds: number[]): Promise<Set<number>> {
  if (!userIds.length) return new Set();
  const rows = await db.selectFrom('follows').select('followee_id').where('follower_id', '=', followerId).where('followee_id', 'in', userIds).execute();
  return new Set(rows.map((row) => row.followee_id));
}

/** Built once per length of the two lists: every member's page asks it. */
const likedAndFollowedQuery = preparedQuery((db, args: { userId: number; projectIds: readonly number[]; creatorIds: readonly number[] }) =>
  db
    .selectFrom('likes')
    .select([sql<number>`0`.as('follow'), 'project_id as id'])
    .where('user_id', '=', args.userId)
    .where('project_id', 'in', args.projectIds)
    .unionAll(db.selectFrom('follows').select([sql<number>`1`.as('follow'), 'followee_id as id']).where('follower_id', '=', args.userId).where('followee_id', 'in', args.creatorIds)),
);

/**
 * Which of these projects the member likes and which of these creators they follow, in one
 * statement: a member's every page asks both, and one statement is one turn of the connection
 * and one query to build rather than two (likes_pk, follows_pk).
 */
export async function likedAndFollowedAmong(db: Db, userId: number, projectIds: number[], creatorIds: number[]): Promise<{ liked: Set<number>; following: Set<number> }> {
  if (!projectIds.length || !creatorIds.length) {
    const [liked, following] = await Promise.all([likedAmong(db, userId, projectIds), followedAmong(db, userId, creatorIds)]);
    return { liked, following };
  }
  const rows = await likedAndFollowedQuery(db, { userId, projectIds, creatorIds });
  const liked = new Set<number>();
  const following = new Set<number>();
  for (const row of rows) (Number(row.follow) === 1 ? following : liked).add(row.id);
  return { liked, following };
}

/** follows_followee_idx. */
export async function countFollowers(db: Db, userId: number): Promise<number> {
  const row = await db.selectFrom('follows').select((eb) => eb.fn.countAll<number>().as('n')).where('followee_id', '=', userId).executeTakeFirstOrThrow();
  return Number(row.n);
}

/** follows_pk. */
export async function countFollowing(db: Db, userId: number): Promise<number> {
  const row = await db.selectFrom('follows').select((eb) => eb.fn.countAll<number>().as('n')).where('follower_id', '=', userId).executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Records one view per viewer per project per day; true when this one was new. */
export async function insertViewOnce(db: Db, projectId: number, viewerKey: string, day: string): Promise<boolean> {
  const inserted = await db
    .insertInto('project_views')
    .values({ project_id: projectId, viewer_key: viewerKey, day })
    .onConflict((oc) => oc.doNothing())
    .returning('project_id')
    .executeTakeFirst();
  return inserted !== undefined;
}

/** Whether this view is recorded already (project_views_pk). */
export async function viewExists(db: Db, view: TViewRow): Promise<boolean> {
  const rows = await viewQuery(db, { projectId: view.project_id, viewerKey: view.viewer_key, day: view.day });
  return rows.length > 0;
}

/** A day's recorded views, at most `limit` (the caller asks one more to tell whether there were more). */
export function viewsOfDay(db: Db, day: string, limit: number): Promise<Omit<TViewRow, 'day'>[]> {
  return db.selectFrom('project_views').select(['project_id', 'viewer_key']).where('day', '=', day).limit(limit).execute();
}

/** Asked for each new visitor of a project page: compiled once. */
const viewQuery = preparedQuery((db, args: { projectId: number; viewerKey: string; day: string }) =>
  db.selectFrom('project_views').select('project_id').where('project_id', '=', args.projectId).where('viewer_key', '=', args.viewerKey).where('day', '=', args.day).limit(1),
);

/** Rows per insert: 3 parameters each, well under SQLite's and PostgreSQL's limits. */
const VIEW_ROWS_PER_INSERT = 500;

/** Records many views at once (project_views_pk); the rows that were new, as project ids, once per new row. */
export async function insertViewsOnce(db: Db, rows: readonly TViewRow[]): Promise<number[]> {
  const inserted: number[] = [];
  for (let start = 0; start < rows.length; start += VIEW_ROWS_PER_INSERT) {
    const batch = rows.slice(start, start + VIEW_ROWS_PER_INSERT);
    const added = await db
      .insertInto('project_views')
      .values(batch.map(({ project_id, viewer_key, day }) => ({ project_id, viewer_key, day })))
      .onConflict((oc) => oc.doNothing())
      .returning('project_id')
      .execute();
    for (const row of added) inserted.push(row.project_id);
  }
  return inserted;
}

/**
 * Deletes up to `limit` view rows of days before `day` (project_views_day_idx); how many went.
 * Counters are not touched: they hold every view ever counted.
 */
export async function deleteViewsBefore(db: Db, engine: Engine, day: string, limit: number): Promise<number> {
  const batch = db
    .selectFrom('project_views')
    .select(['project_id', 'viewer_key', 'day'])
    .where('day', '<', day)
    .orderBy('day')
    .limit(limit)
    .$call(skipTakenRows(engine))
    .$asTuple('project_id', 'viewer_key', 'day');
  const result = await db
    .deleteFrom('project_views')
    .where((eb) => eb(eb.refTuple('project_id', 'viewer_key', 'day'), 'in', batch))
    .where('day', '<', day)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** The day's salt, if a process has made it yet. */
export async function findSalt(db: Db, day: string): Promise<string | undefined> {
  return (await db.selectFrom('view_salts').select('salt').where('day', '=', day).executeTakeFirst())?.salt;
}

/** Stores the day's salt unless another process stored one first (then theirs stays). */
export async function insertSaltOnce(db: Db, day: string, salt: string): Promise<void> {
  await db.insertInto('view_salts').values({ day, salt }).onConflict((oc) => oc.doNothing()).execute();
}

/** Forgets the salts of days before `day` (a handful of rows: one a day). */
export async function deleteSaltsBefore(db: Db, day: string): Promise<number> {
  const result = await db.deleteFrom('view_salts').where('day', '<', day).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Ends a follow if there is one (a block ends the blocked member's follow of the blocker). */
export async function deleteFollow(db: Db, followerId: number, followeeId: number): Promise<boolean> {
  const removed = await db.deleteFrom('follows').where('follower_id', '=', followerId).where('followee_id', '=', followeeId).returning('followee_id').executeTakeFirst();
  return removed !== undefined;
}
