// Likes and follows: each toggle is an insert or delete on a unique key, and the counter
// moves in the same transaction by exactly what happened, never read-modify-write.
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema';

type Db = Kysely<Database>;

export async function toggleLikeRow(db: Db, userId: number, projectId: number, now: Date): Promise<{ liked: boolean; newCount: number }> {
  return db.transaction().execute(async (trx) => {
    const removed = await trx.deleteFrom('likes').where('user_id', '=', userId).where('project_id', '=', projectId).returning('project_id').executeTakeFirst();
    let liked = !removed;
    if (removed) {
      await moveLikes(trx, projectId, -1);
    } else {
      const added = await trx
        .insertInto('likes')
        .values({ user_id: userId, project_id: projectId, created_at: now.toISOString() })
        .onConflict((oc) => oc.doNothing())
        .returning('project_id')
        .executeTakeFirst();
      // A concurrent toggle of the same member may have inserted first: then it is liked, and counted once.
      if (added) await moveLikes(trx, projectId, 1);
      liked = true;
    }
    const row = await trx.selectFrom('projects').select('likes_count').where('id', '=', projectId).executeTakeFirstOrThrow();
    return { liked, newCount: row.likes_count };
  });
}

async function moveLikes(db: Db, projectId: number, delta: 1 | -1): Promise<void> {
  await db
    .updateTable('projects')
    .set({
      likes_count: sql<number>`likes_count + ${delta}`,
      trending_score: sql<number>`(likes_count + ${delta}) * 2 + views_count * 0.1`,
    })
    .where('id', '=', projectId)
    .execute();
}

/** Before a member's likes vanish with their account, the projects they liked lose them. */
export async function withdrawLikesOf(db: Db, userId: number): Promise<void> {
  await db
    .updateTable('projects')
    .set({
      likes_count: sql<number>`likes_count - 1`,
      trending_score: sql<number>`(likes_count - 1) * 2 + views_count * 0.1`,
    })
    .where('id', 'in', db.selectFrom('likes').select('project_id').where('user_id', '=', userId))
    .where('user_id', '!=', userId)
    .execute();
}

export async function toggleFollowRow(db: Db, followerId: number, followeeId: number, now: Date): Promise<{ following: boolean; followers: number }> {
  return db.transaction().execute(async (trx) => {
    const removed = await trx
      .deleteFrom('follows')
      .where('follower_id', '=', followerId)
      .where('followee_id', '=', followeeId)
      .returning('followee_id')
      .executeTakeFirst();
    if (!removed) {
      await trx
        .insertInto('follows')
        .values({ follower_id: followerId, followee_id: followeeId, created_at: now.toISOString() })
        .onConflict((oc) => oc.doNothing())
        .execute();
    }
    return { following: !removed, followers: await countFollowers(trx, followeeId) };
  });
}

export async function countFollowers(db: Db, userId: number): Promise<number> {
  const row = await db.selectFrom('follows').select((eb) => eb.fn.countAll<number>().as('n')).where('followee_id', '=', userId).executeTakeFirstOrThrow();
  return Number(row.n);
}
