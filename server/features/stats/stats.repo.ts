// Site-wide figures: two aggregate queries over users and projects (the counters on projects
// already sum every view and like, so likes and project_views are never scanned).
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

type Db = Kysely<Database>;

export async function siteTotals(db: Db) {
  const [users, projects] = await Promise.all([
    db.selectFrom('users').select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow(),
    db
      .selectFrom('projects')
      .select((eb) => [eb.fn.countAll<number>().as('count'), eb.fn.sum<number>('views_count').as('views'), eb.fn.sum<number>('likes_count').as('likes')])
      .executeTakeFirstOrThrow(),
  ]);
  return {
    users: Number(users.count),
    projects: Number(projects.count),
    // SUM over no rows is NULL.
    views: Number(projects.views ?? 0),
    likes: Number(projects.likes ?? 0),
  };
}
