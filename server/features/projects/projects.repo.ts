import { sql, type Expression, type ExpressionBuilder, type Kysely, type SqlBool } from 'kysely';
import type { TProjectSort } from '../../../shared/schemas/project';
import type { Database, ProjectRow } from '../../db/schema';

type Db = Kysely<Database>;
type ProjectsEb = ExpressionBuilder<Database, 'projects'>;

/** Each sort is served by its own (column, id) index; id breaks ties so pages never overlap. */
export const SORT_COLUMNS = {
  trending: 'trending_score',
  recent: 'created_at',
  popular: 'likes_count',
  views: 'views_count',
} as const satisfies Record<TProjectSort, keyof ProjectRow>;

export type TCursor = [value: string | number, id: number];

export interface TProjectFilter {
  categories?: string[];
  tags?: string[];
  userId?: number;
  excludeId?: number;
  /** Only these projects (a rare tag's few, found first: see listProjectPage). */
  ids?: number[];
}

function filtered(eb: ProjectsEb, filter: TProjectFilter): Expression<SqlBool> {
  const conditions: Expression<SqlBool>[] = [];
  if (filter.userId !== undefined) conditions.push(eb('projects.user_id', '=', filter.userId));
  if (filter.excludeId !== undefined) conditions.push(eb('projects.id', '!=', filter.excludeId));
  if (filter.ids !== undefined) conditions.push(filter.ids.length ? eb('projects.id', 'in', filter.ids) : sql<SqlBool>`1 = 0`);
  if (filter.categories?.length) {
    conditions.push(
      eb.exists(
        eb
          .selectFrom('project_categories')
          .select(sql.lit(1).as('one'))
          .whereRef('project_categories.project_id', '=', 'projects.id')
          .where('project_categories.category', 'in', filter.categories),
      ),
    );
  }
  if (filter.tags?.length) {
    conditions.push(
      eb.exists(
        eb
          .selectFrom('project_tags')
          .select(sql.lit(1).as('one'))
          .whereRef('project_tags.project_id', '=', 'projects.id')
          .where('project_tags.tag', 'in', filter.tags),
      ),
    );
  }
  return eb.and(conditions);
}

/**
 * A tag on fewer projects than this is looked up first and its projects fetched by id. The
 * usual plan walks the sort's index until a page of matches turns up: quick for a common
 * tag, but a whole-table walk (a second on PostgreSQL at 100k projects) for a rare one.
 */
const RARE_TAG_PROJECTS = 2000;

/** The projects carrying these tags, if there are few of them; null if there are many. */
async function fewTaggedProjectIds(db: Db, tags: string[], few: number): Promise<number[] | null> {
  const rows = await db.selectFrom('project_tags').select('project_id').distinct().where('tag', 'in', tags).limit(few + 1).execute();
  return rows.length > few ? null : rows.map((row) => row.project_id);
}

/** One page of projects in the given order, after the cursor; one extra row tells if more exist. */
export async function listProjectPage(
  db: Db,
  options: { sort: TProjectSort; filter: TProjectFilter; limit: number; after?: TCursor; rareTagProjects?: number },
): Promise<ProjectRow[]> {
  const column = SORT_COLUMNS[options.sort];
  const ref = `projects.${column}` as const;
  const ids = options.filter.tags?.length ? await fewTaggedProjectIds(db, options.filter.tags, options.rareTagProjects ?? RARE_TAG_PROJECTS) : null;
  const { tags: _tags, ...untagged } = options.filter;
  const filter = ids ? { ...untagged, ids } : options.filter;
  let query = db
    .selectFrom('projects')
    .selectAll('projects')
    .where((eb) => filtered(eb, filter));
  if (options.after) {
    const [value, id] = options.after;
    // One row-value comparison, not `a < v or (a = v and id < i)`: both engines then seek
    // straight into the (column, id) index, so page 400 costs what page 1 does.
    query = query.where((eb) => eb(eb.refTuple(ref, 'projects.id'), '<', eb.tuple(value, id)));
  }
  return query.orderBy(ref, 'desc').orderBy('projects.id', 'desc').limit(options.limit + 1).execute();
}

export function findProjectById(db: Db, id: number): Promise<ProjectRow | undefined> {
  return db.selectFrom('projects').selectAll().where('id', '=', id).executeTakeFirst();
}

export function findProjectBySlug(db: Db, slug: string): Promise<ProjectRow | undefined> {
  return db.selectFrom('projects').selectAll().where('slug', '=', slug).executeTakeFirst();
}

export function slugExists(db: Db, slug: string): Promise<{ id: number } | undefined> {
  return db.selectFrom('projects').select('id').where('slug', '=', slug).executeTakeFirst();
}

export function insertProject(
  db: Db,
  project: { slug: string; userId: number; title: string; description: string | null; category: string; now: Date },
): Promise<ProjectRow> {
  const now = project.now.toISOString();
  return db
    .insertInto('projects')
    .values({
      slug: project.slug,
      user_id: project.userId,
      title: project.title,
      description: project.description,
      category: project.category,
      created_at: now,
      updated_at: now,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function updateProjectRow(
  db: Db,
  id: number,
  changes: { title?: string; description?: string | null; category?: string; hide_prompt?: number; updated_at: string },
): Promise<void> {
  await db.updateTable('projects').set(changes).where('id', '=', id).execute();
}

export async function deleteProjectRow(db: Db, id: number): Promise<void> {
  await db.deleteFrom('projects').where('id', '=', id).execute();
}

export async function replaceCategories(db: Db, projectId: number, categories: string[]): Promise<void> {
  await db.deleteFrom('project_categories').where('project_id', '=', projectId).execute();
  if (categories.length) await db.insertInto('project_categories').values(categories.map((category) => ({ project_id: projectId, category }))).execute();
}

export async function replaceTags(db: Db, projectId: number, tags: string[]): Promise<void> {
  await db.deleteFrom('project_tags').where('project_id', '=', projectId).execute();
  if (tags.length) await db.insertInto('project_tags').values(tags.map((tag, position) => ({ project_id: projectId, tag, position }))).execute();
}

export async function tagsOfProjects(db: Db, projectIds: number[]): Promise<Map<number, string[]>> {
  const byProject = new Map<number, string[]>();
  if (!projectIds.length) return byProject;
  const rows = await db
    .selectFrom('project_tags')
    .select(['project_id', 'tag'])
    .where('project_id', 'in', projectIds)
    .orderBy('project_id')
    .orderBy('position')
    .execute();
  for (const row of rows) byProject.set(row.project_id, [...(byProject.get(row.project_id) ?? []), row.tag]);
  return byProject;
}

export function usersByIds(db: Db, ids: number[]) {
  if (!ids.length) return Promise.resolve([]);
  return db.selectFrom('users').selectAll().where('id', 'in', ids).execute();
}

export async function likedProjectIds(db: Db, userId: number, projectIds: number[]): Promise<Set<number>> {
  if (!projectIds.length) return new Set();
  const rows = await db.selectFrom('likes').select('project_id').where('user_id', '=', userId).where('project_id', 'in', projectIds).execute();
  return new Set(rows.map((row) => row.project_id));
}

export async function followedUserIds(db: Db, followerId: number, userIds: number[]): Promise<Set<number>> {
  if (!userIds.length) return new Set();
  const rows = await db.selectFrom('follows').select('followee_id').where('follower_id', '=', followerId).where('followee_id', 'in', userIds).execute();
  return new Set(rows.map((row) => row.followee_id));
}

/** Projects a member liked, most recent like first, keyset-paged on (liked at, project id). */
export function listLikedPage(db: Db, userId: number, limit: number, after?: TCursor) {
  let query = db
    .selectFrom('likes')
    .innerJoin('projects', 'projects.id', 'likes.project_id')
    .selectAll('projects')
    .select('likes.created_at as liked_at')
    .where('likes.user_id', '=', userId);
  if (after) {
    const [value, id] = after;
    query = query.where((eb) => eb(eb.refTuple('likes.created_at', 'likes.project_id'), '<', eb.tuple(String(value), id)));
  }
  return query.orderBy('likes.created_at', 'desc').orderBy('likes.project_id', 'desc').limit(limit + 1).execute();
}

/**
 * Projects sharing tags or categories with the given one, best first: each shared tag
 * counts 2, each shared category 1; ties go to the more trending.
 */
/**
 * Similar projects are scored among the newest few sharing each tag and each category, not
 * among all of them: on a big site a popular category holds half the projects, and scoring
 * every one of them took seconds. The newest per value come straight off the tag and
 * category indexes.
 */
const SIMILAR_CANDIDATES_PER_VALUE = 100;
/** A project's first tags and categories are enough to find its neighbours. */
const SIMILAR_VALUES = 12;

async function similarCandidateIds(db: Db, project: { id: number; tags: string[]; categories: string[] }): Promise<number[]> {
  const perTag = project.tags.slice(0, SIMILAR_VALUES).map((tag) =>
    db
      .selectFrom('project_tags')
      .select('project_id')
      .where('tag', '=', tag)
      .orderBy('project_id', 'desc')
      .limit(SIMILAR_CANDIDATES_PER_VALUE)
      .execute(),
  );
  const perCategory = project.categories.slice(0, SIMILAR_VALUES).map((category) =>
    db
      .selectFrom('project_categories')
      .select('project_id')
      .where('category', '=', category)
      .orderBy('project_id', 'desc')
      .limit(SIMILAR_CANDIDATES_PER_VALUE)
      .execute(),
  );
  const ids = new Set((await Promise.all([...perTag, ...perCategory])).flat().map((row) => row.project_id));
  ids.delete(project.id);
  return [...ids];
}

export async function listSimilar(db: Db, project: { id: number; tags: string[]; categories: string[] }, limit: number): Promise<ProjectRow[]> {
  const candidates = await similarCandidateIds(db, project);
  if (candidates.length === 0) return [];
  const tags = project.tags.length ? project.tags : ['\u0000'];
  const categories = project.categories.length ? project.categories : ['\u0000'];
  const scored = db
    .selectFrom('projects')
    .selectAll('projects')
    .select((eb) => [
      eb
        .selectFrom('project_tags')
        .select((inner) => inner.fn.countAll<number>().as('n'))
        .whereRef('project_tags.project_id', '=', 'projects.id')
        .where('project_tags.tag', 'in', tags)
        .as('shared_tags'),
      eb
        .selectFrom('project_categories')
        .select((inner) => inner.fn.countAll<number>().as('n'))
        .whereRef('project_categories.project_id', '=', 'projects.id')
        .where('project_categories.category', 'in', categories)
        .as('shared_categories'),
    ])
    .where('projects.id', 'in', candidates);
  // Scored in a subquery: PostgreSQL does not allow select aliases inside ORDER BY expressions.
  const rows = await db
    .selectFrom(scored.as('scored'))
    .selectAll()
    .orderBy(sql`2 * scored.shared_tags + scored.shared_categories`, 'desc')
    .orderBy('scored.trending_score', 'desc')
    .orderBy('scored.id', 'desc')
    .limit(limit)
    .execute();
  return rows.map(({ shared_tags: _tags, shared_categories: _categories, ...row }) => row);
}

/** A random project without scanning the table: a random id, then the next one that exists. */
export async function randomProject(db: Db): Promise<Pick<ProjectRow, 'id' | 'slug'> | undefined> {
  const bounds = await db
    .selectFrom('projects')
    .select((eb) => [eb.fn.min<number>('id').as('min'), eb.fn.max<number>('id').as('max')])
    .executeTakeFirst();
  if (!bounds || bounds.min === null || bounds.max === null) return undefined;
  const pick = Number(bounds.min) + Math.floor(Math.random() * (Number(bounds.max) - Number(bounds.min) + 1));
  return db.selectFrom('projects').select(['id', 'slug']).where('id', '>=', pick).orderBy('id').limit(1).executeTakeFirst();
}

/** Counts one view per viewer per project per day; true when this one was new. */
export async function recordView(db: Db, projectId: number, viewerKey: string, day: string): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const inserted = await trx
      .insertInto('project_views')
      .values({ project_id: projectId, viewer_key: viewerKey, day })
      .onConflict((oc) => oc.doNothing())
      .returning('project_id')
      .executeTakeFirst();
    if (!inserted) return false;
    await trx
      .updateTable('projects')
      .set((eb) => ({
        views_count: eb('views_count', '+', 1),
        trending_score: sql<number>`likes_count * 2 + (views_count + 1) * 0.1`,
      }))
      .where('id', '=', projectId)
      .execute();
    return true;
  });
}
