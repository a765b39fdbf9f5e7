// What must hold in the database after any run, however it ended: counters equal the rows they
// count. Each check answers the offending rows, so a failure names them.
import type { Kysely } from 'kysely';
import { trendingScore } from '../../shared/constants';
import type { Database } from '../../server/db/schema';

export interface TCounterMismatch {
  projectId: number;
  likesCount: number;
  likeRows: number;
  viewsCount: number;
  viewRows: number;
  trendingScore: number;
}

/** Projects whose likes_count, views_count or trending_score disagree with the likes and project_views rows. */
export async function counterMismatches(db: Kysely<Database>): Promise<TCounterMismatch[]> {
  const rows = await db
    .selectFrom('projects')
    .select((eb) => [
      'projects.id as projectId',
      'projects.likes_count as likesCount',
      'projects.views_count as viewsCount',
      'projects.trending_score as trendingScore',
      eb.selectFrom('likes').select((inner) => inner.fn.countAll<number>().as('n')).whereRef('likes.project_id', '=', 'projects.id').as('likeRows'),
      eb.selectFrom('project_views').select((inner) => inner.fn.countAll<number>().as('n')).whereRef('project_views.project_id', '=', 'projects.id').as('viewRows'),
    ])
    .orderBy('projects.id')
    .execute();
  return rows
    .map((row) => ({
      projectId: Number(row.projectId),
      likesCount: Number(row.likesCount),
      likeRows: Number(row.likeRows),
      viewsCount: Number(row.viewsCount),
      viewRows: Number(row.viewRows),
      trendingScore: Number(row.trendingScore),
    }))
    .filter(
      (row) =>
        row.likesCount !== row.likeRows ||
        row.viewsCount !== row.viewRows ||
        // A double: compare with a tolerance far below the smallest step (0.1 for a view).
        Math.abs(row.trendingScore - trendingScore(row.likeRows, row.viewRows)) > 1e-6,
    );
}

/** `userId:projectId` of every like row. */
export async function likePairs(db: Kysely<Database>): Promise<Set<string>> {
  const rows = await db.selectFrom('likes').select(['user_id', 'project_id']).execute();
  return new Set(rows.map((row) => `${row.user_id}:${row.project_id}`));
}

/** `followerId:followeeId` of every follow row. */
export async function followPairs(db: Kysely<Database>): Promise<Set<string>> {
  const rows = await db.selectFrom('follows').select(['follower_id', 'followee_id']).execute();
  return new Set(rows.map((row) => `${row.follower_id}:${row.followee_id}`));
}

/** `viewerKey:projectId` of every counted view, whatever the day. */
export async function viewPairs(db: Kysely<Database>): Promise<Set<string>> {
  const rows = await db.selectFrom('project_views').select(['viewer_key', 'project_id']).distinct().execute();
  return new Set(rows.map((row) => `${row.viewer_key}:${row.project_id}`));
}
