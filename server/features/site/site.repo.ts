// What the sitemap lists: the newest projects, and the creators who have any (with their latest change).
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

type Db = Kysely<Database>;

/** Newest first, served by projects_recent_idx. */
export function newestProjects(db: Db, limit: number) {
  return db.selectFrom('projects').select(['id', 'updated_at']).orderBy('created_at', 'desc').orderBy('id', 'desc').limit(limit).execute();
}

/** Creators with at least one project, most recently active first. */
export function activeCreators(db: Db, limit: number) {
  return db
    .selectFrom('projects')
    .select((eb) => ['user_id', eb.fn.max('updated_at').as('lastmod')])
    .groupBy('user_id')
    .orderBy('lastmod', 'desc')
    .orderBy('user_id', 'desc')
    .limit(limit)
    .execute();
}
