// Figures about members, each served by an index: projects_user_idx, likes_pk, follows_pk
// and follows_followee_idx.
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

type Db = Kysely<Database>;

export async function creatorStats(db: Db, userId: number) {
  const [projects, liked, followers, following] = await Promise.all([
    db
      .selectFrom('projects')
      .select((eb) => [eb.fn.countAll<number>().as('count'), eb.fn.sum<number>('likes_count').as('likes'), eb.fn.sum<number>('views_count').as('views')])
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow(),
    db.selectFrom('likes').select((eb) => eb.fn.countAll<number>().as('n')).where('user_id', '=', userId).executeTakeFirstOrThrow(),
    db.selectFrom('follows').select((eb) => eb.fn.countAll<number>().as('n')).where('followee_id', '=', userId).executeTakeFirstOrThrow(),
    db.selectFrom('follows').select((eb) => eb.fn.countAll<number>().as('n')).where('follower_id', '=', userId).executeTakeFirstOrThrow(),
  ]);
  return {
    projects: Number(projects.count),
    likes: Number(projects.likes ?? 0),
    views: Number(projects.views ?? 0),
    liked: Number(liked.n),
    followers: Number(followers.n),
    following: Number(following.n),
  };
}

export async function isFollowing(db: Db, followerId: number, followeeId: number): Promise<boolean> {
  const row = await db.selectFrom('follows').select('followee_id').where('follower_id', '=', followerId).where('followee_id', '=', followeeId).executeTakeFirst();
  return Boolean(row);
}

/** Projects and distinct creators per category (project_categories_category_idx). */
export function categoryCounts(db: Db) {
  return db
    .selectFrom('project_categories')
    .innerJoin('projects', 'projects.id', 'project_categories.project_id')
    .select((eb) => ['project_categories.category', eb.fn.countAll<number>().as('projects'), eb.fn.count<number>('projects.user_id').distinct().as('creators')])
    .groupBy('project_categories.category')
    .execute();
}
