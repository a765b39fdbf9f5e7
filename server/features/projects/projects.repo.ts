// SQL of projects, their categories and tags, and the counters other modules' rows move.
import { LRUCache } from 'lru-cache';
import { sql, type Expression, type ExpressionBuilder, type Kysely, type RawBuilder, type SqlBool } from 'kysely';
import { TRENDING_WEIGHTS } from '../../../shared/constants';
import type { TProjectSort } from '../../../shared/schemas/project';
import { preparedQuery } from '../../db/prepared-query';
import type { Engine } from '../../db/connect';
import type { TSlowReads } from '../../db/slow-reads';
import type { Database, ProjectRow } from '../../db/schema';
import type { TCursor } from '../../http/paging';

type Db = Kysely<Database>;
type ProjectsEb = ExpressionBuilder<Database, 'projects'>;

/** Each sort is served by its own (column, id) index; id breaks ties so pages never overlap. */
export const SORT_COLUMNS = {
  trending: 'trending_score',
  recent: 'created_at',
  popular: 'likes_count',
  views: 'views_count',
} as const satisfies Record<TProjectSort, keyof ProjectRow>;

export interface TProjectFilter {
  categories?: string[];
  tags?: string[];
  userId?: number;
  excludeId?: number;
  /**
   * Set by listProjectPage when the tags are on few projects: they are then found from the tags'
   * index and sorted, in this engine's words, rather than by walking the sort's index.
   */
  fewTagsOn?: Engine;
  /** Leave mature projects out (visitors' gallery, category and similar lists). */
  excludeMature?: boolean;
  /** Hidden ones too (a creator's own list, seen by that creator). */
  withHidden?: boolean;
}

/**
 * Shown to everyone: not hidden by a moderator, its creator not suspended. Few rows fail it, so
 * lists still walk their sort's index and skip those few.
 */
export function listed(eb: ProjectsEb): Expression<SqlBool> {
  return eb.and([eb('projects.hidden_at', 'is', null), eb('projects.owner_suspended', '=', 0)]);
}

function filtered(eb: ProjectsEb, filter: TProjectFilter): Expression<SqlBool> {
  const conditions: Expression<SqlBool>[] = [];
  if (!filter.withHidden) conditions.push(listed(eb));
  if (filter.userId !== undefined) conditions.push(eb('projects.user_id', '=', filter.userId));
  if (filter.excludeId !== undefined) conditions.push(eb('projects.id', '!=', filter.excludeId));
  // A literal, not a parameter: the same text for every visitor's query, whatever the engine plans.
  if (filter.excludeMature) conditions.push(eb('projects.is_mature', '=', sql.lit(0)));
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
  if (filter.tags?.length && filter.fewTagsOn) {
    conditions.push(fewTaggedProjects(eb, filter.tags, filter.fewTagsOn));
  } else if (filter.tags?.length) {
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
 * Tags on at most this many projects are matched from the tags' side ('few'): the tag's index
 * gives its projects, which are then sorted. The usual plan ('walk') walks the sort's index until
 * a page of matches turns up: quick for a common tag, but a whole-table walk (a second on
 * PostgreSQL at 100k projects) for a rare one.
 */
const RARE_TAG_PROJECTS = 2000;

type TTagPlan = 'few' | 'walk';

/**
 * The projects carrying tags that are on few projects, for the planner to start from: SQLite
 * looks a rowid `in (subquery)` up row by row; PostgreSQL, given the same, walks the sort's index
 * anyway (an unused tag: 564 ms at 100k projects), but computes `= any(array(subquery))` once and
 * looks its ids up by primary key (0.5 ms; a tag on 2,000 projects 7 ms).
 */
function fewTaggedProjects(eb: ProjectsEb, tags: string[], engine: Engine): Expression<SqlBool> {
  const tagged = eb.selectFrom('project_tags').select('project_tags.project_id').where('project_tags.tag', 'in', tags);
  return engine === 'postgres' ? sql<SqlBool>`${eb.ref('projects.id')} = any(array(${tagged}))` : eb('projects.id', 'in', tagged);
}

/**
 * Each set of tags' plan, remembered for a while per database: finding it out reads up to
 * `few + 1` index entries, on every uncached page of that tag. Only the plan is remembered, never
 * which projects: both plans give the same rows, so a verdict gone stale (a tag grown common, or
 * rare again) only picks the slower plan for a while; it never changes what a page shows.
 */
const tagPlans = new WeakMap<Db, LRUCache<string, TTagPlan>>();
const TAG_PLANS_KEPT = 2000;
const TAG_PLAN_KEPT_MS = 10 * 60_000;

function tagPlansOf(db: Db): LRUCache<string, TTagPlan> {
  let plans = tagPlans.get(db);
  if (!plans) {
    plans = new LRUCache({ max: TAG_PLANS_KEPT, ttl: TAG_PLAN_KEPT_MS });
    tagPlans.set(db, plans);
  }
  return plans;
}

/**
 * 'few' if the tags are on at most `few` projects, else 'walk'. Counts index entries, not
 * projects: a project with two of the tags counts twice, which can only pick 'walk'.
 */
async function tagPlan(db: Db, tags: string[], few: number): Promise<TTagPlan> {
  const plans = tagPlansOf(db);
  const key = `${few}\u0000${tags.join('\u0000')}`;
  const known = plans.get(key);
  if (known) return known;
  const { count } = await db
    .selectFrom((eb) => eb.selectFrom('project_tags').select(sql.lit(1).as('one')).where('tag', 'in', tags).limit(few + 1).as('entries'))
    .select((eb) => eb.fn.countAll<number | bigint | string>().as('count'))
    .executeTakeFirstOrThrow();
  const plan: TTagPlan = Number(count) <= few ? 'few' : 'walk';
  plans.set(key, plan);
  return plan;
}

/** One page of projects in the given order, after the cursor; one extra row tells if more exist. */
export async function listProjectPage(
  db: Db,
  engine: Engine,
  options: { sort: TProjectSort; filter: TProjectFilter; limit: number; after?: TCursor; rareTagProjects?: number; reads?: TSlowReads },
): Promise<ProjectRow[]> {
  const column = SORT_COLUMNS[options.sort];
  const ref = `projects.${column}` as const;
  const tagged = Boolean(options.filter.tags?.length);
  const few = tagged && (await tagPlan(db, options.filter.tags!, options.rareTagProjects ?? RARE_TAG_PROJECTS)) === 'few';
  const filter: TProjectFilter = few ? { ...options.filter, fewTagsOn: engine } : options.filter;
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
  const page = query.orderBy(ref, 'desc').orderBy('projects.id', 'desc').limit(options.limit + 1);
  // A tag's page is a slow read either way (at 100,000 projects): a rare tag's up to 2,000
  // projects fetched and sorted (1.3-1.9 ms), or a common tag's walk down the sort's index,
  // checking each project's tags until a page turns up (0.4-0.6 ms).
  if (tagged && options.reads) return options.reads.all<ProjectRow>(page.compile());
  return page.execute();
}

export async function findProjectById(db: Db, id: number): Promise<ProjectRow | undefined> {
  return (await projectByIdQuery(db, { id }))[0];
}

export async function findProjectBySlug(db: Db, slug: string): Promise<ProjectRow | undefined> {
  return (await projectBySlugQuery(db, { slug }))[0];
}

// Every project page a cached copy does not answer starts here: compiled once.
const projectByIdQuery = preparedQuery((db, args: { id: number }) => db.selectFrom('projects').selectAll().where('id', '=', args.id));
const projectBySlugQuery = preparedQuery((db, args: { slug: string }) => db.selectFrom('projects').selectAll().where('slug', '=', args.slug));

/** How many projects the member created since `since`, and the oldest of them (projects_user_idx). */
export async function projectsCreatedSince(db: Db, userId: number, since: Date): Promise<{ count: number; oldest: string | null }> {
  const row = await db
    .selectFrom('projects')
    .select((eb) => [eb.fn.countAll<number>().as('count'), eb.fn.min('created_at').as('oldest')])
    .where('user_id', '=', userId)
    .where('created_at', '>', since.toISOString())
    .executeTakeFirstOrThrow();
  return { count: Number(row.count), oldest: row.oldest === null ? null : String(row.oldest) };
}

export function slugExists(db: Db, slug: string): Promise<{ id: number } | undefined> {
  return db.selectFrom('projects').select('id').where('slug', '=', slug).executeTakeFirst();
}

export function insertProject(
  db: Db,
  project: { slug: string; userId: number; title: string; description: string | null; category: string; isMature: boolean; now: Date },
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
      is_mature: project.isMature ? 1 : 0,
      created_at: now,
      updated_at: now,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function updateProjectRow(
  db: Db,
  id: number,
  changes: { title?: string; description?: string | null; category?: string; hide_prompt?: number; is_mature?: number; updated_at: string },
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

// Every card and project page a cached copy does not answer reads these: compiled once.
const tagsOfProjectsQuery = preparedQuery((db, args: { projectIds: readonly number[] }) =>
  db.selectFrom('project_tags').select(['project_id', 'tag']).where('project_id', 'in', args.projectIds).orderBy('project_id').orderBy('position'),
);

export async function tagsOfProjects(db: Db, projectIds: number[]): Promise<Map<number, string[]>> {
  const byProject = new Map<number, string[]>();
  if (!projectIds.length) return byProject;
  const rows = await tagsOfProjectsQuery(db, { projectIds });
  for (const row of rows) byProject.set(row.project_id, [...(byProject.get(row.project_id) ?? []), row.tag]);
  return byProject;
}

/**
 * Projects sharing tags or categories with the given one, best first: each shared tag
 * counts 2, each shared category 1; ties go to the more trending.
 *
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

export async function listSimilar(db: Db, project: { id: number; tags: string[]; categories: string[] }, limit: number, filter: Pick<TProjectFilter, 'excludeMature'> = {}): Promise<ProjectRow[]> {
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
    .where('projects.id', 'in', candidates)
    .where((eb) => filtered(eb, filter));
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
  return db.selectFrom('projects').select(['id', 'slug']).where('id', '>=', pick).where(listed).orderBy('id').limit(1).executeTakeFirst();
}


/** The projects with these ids, in the order of the ids (missing ones left out). */
export async function findProjectsByIds(db: Db, ids: number[]): Promise<ProjectRow[]> {
  if (!ids.length) return [];
  const rows = await db.selectFrom('projects').selectAll().where('id', 'in', ids).execute();
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/** The trending score (SPEC §9) of counters given as SQL: the one place the formula is SQL. */
function trendingScoreSql(likes: RawBuilder<number>, views: RawBuilder<number>): RawBuilder<number> {
  return sql<number>`(${likes}) * ${sql.lit(TRENDING_WEIGHTS.likes)} + (${views}) * ${sql.lit(TRENDING_WEIGHTS.views)}`;
}

/** Moves the like counter of these projects by delta, and their trending score with it. */
export async function moveLikeCounters(db: Db, projectIds: number[], delta: number): Promise<void> {
  if (!projectIds.length) return;
  const likes = sql<number>`likes_count + ${delta}`;
  await db
    .updateTable('projects')
    .set({ likes_count: likes, trending_score: trendingScoreSql(likes, sql<number>`views_count`) })
    .where('id', 'in', projectIds)
    .execute();
}

export async function moveCommentCounter(db: Db, projectId: number, delta: number): Promise<void> {
  await db
    .updateTable('projects')
    .set({ comments_count: sql<number>`comments_count + ${delta}` })
    .where('id', '=', projectId)
    .execute();
}

/** `count` more views of the project, and its trending score with them. */
export async function addView(db: Db, projectId: number, count = 1): Promise<void> {
  await addViews(db, new Map([[projectId, count]]));
}

/**
 * Moves the view counters (and trending scores) of many projects in one statement (per 500),
 * not one per project: a second's batch touches a project or so per view, and each statement is
 * a round trip on PostgreSQL. Ids ascending: two processes flushing at once lock rows in the same
 * order.
 */
export async function addViews(db: Db, countsByProject: ReadonlyMap<number, number>): Promise<void> {
  const projectIds = [...countsByProject.keys()].sort((a, b) => a - b);
  for (let start = 0; start < projectIds.length; start += 500) {
    const chunk = projectIds.slice(start, start + 500);
    // The parameter's type stated: PostgreSQL would take an untyped CASE value for text.
    const added = sql<number>`case id ${sql.join(chunk.map((id) => sql`when ${id} then cast(${countsByProject.get(id)!} as integer)`), sql` `)} end`;
    const views = sql<number>`views_count + ${added}`;
    await db
      .updateTable('projects')
      .set({ views_count: views, trending_score: trendingScoreSql(sql<number>`likes_count`, views) })
      .where('id', 'in', chunk)
      .execute();
  }
}

export async function likeCount(db: Db, projectId: number): Promise<number> {
  const row = await db.selectFrom('projects').select('likes_count').where('id', '=', projectId).executeTakeFirstOrThrow();
  return row.likes_count;
}

/** Of these project ids, the ones that still exist (primary key; in chunks, whatever their number). */
export async function existingProjectIds(db: Db, projectIds: readonly number[]): Promise<Set<number>> {
  const existing = new Set<number>();
  for (let start = 0; start < projectIds.length; start += 500) {
    const rows = await db.selectFrom('projects').select('id').where('id', 'in', projectIds.slice(start, start + 500)).execute();
    for (const row of rows) existing.add(row.id);
  }
  return existing;
}

/** Of these projects, the ones not made by this member. */
export async function projectIdsNotBy(db: Db, projectIds: number[], userId: number): Promise<number[]> {
  if (!projectIds.length) return [];
  const rows = await db.selectFrom('projects').select('id').where('id', 'in', projectIds).where('user_id', '!=', userId).execute();
  return rows.map((row) => row.id);
}

/** A creator's figures over all their projects: projects_user_idx. */
export async function creatorTotals(db: Db, userId: number): Promise<{ projects: number; likes: number; views: number }> {
  const row = await db
    .selectFrom('projects')
    .select((eb) => [eb.fn.countAll<number>().as('count'), eb.fn.sum<number>('likes_count').as('likes'), eb.fn.sum<number>('views_count').as('views')])
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  // SUM over no rows is NULL.
  return { projects: Number(row.count), likes: Number(row.likes ?? 0), views: Number(row.views ?? 0) };
}

/** Every project's counters summed: the counters already hold every view and like. A slow read: every project is visited (18 ms at 100,000). */
export async function siteTotals(db: Db, reads: TSlowReads): Promise<{ projects: number; likes: number; views: number }> {
  const query = db
    .selectFrom('projects')
    .select((eb) => [eb.fn.countAll<number>().as('count'), eb.fn.sum<number>('views_count').as('views'), eb.fn.sum<number>('likes_count').as('likes')]);
  const [row] = await reads.all<{ count: number; views: number | null; likes: number | null }>(query.compile());
  return { projects: Number(row?.count ?? 0), likes: Number(row?.likes ?? 0), views: Number(row?.views ?? 0) };
}

/** Projects and distinct creators per category (project_categories_category_idx). A slow read: every listed project is visited (90 ms at 100,000). */
export function categoryCounts(db: Db, reads: TSlowReads) {
  const query = db
    .selectFrom('project_categories')
    .innerJoin('projects', 'projects.id', 'project_categories.project_id')
    .select((eb) => ['project_categories.category', eb.fn.countAll<number>().as('projects'), eb.fn.count<number>('projects.user_id').distinct().as('creators')])
    .where(listed)
    .groupBy('project_categories.category');
  return reads.all<{ category: string; projects: number; creators: number }>(query.compile());
}

/** Newest first, served by projects_recent_idx (the sitemap). */
export function newestProjects(db: Db, limit: number) {
  return db.selectFrom('projects').select(['id', 'updated_at']).where(listed).orderBy('created_at', 'desc').orderBy('id', 'desc').limit(limit).execute();
}

/** Creators with at least one project, most recently active first (the sitemap). */
export function activeCreators(db: Db, limit: number) {
  return db
    .selectFrom('projects')
    .select((eb) => ['user_id', eb.fn.max('updated_at').as('lastmod')])
    .where(listed)
    .groupBy('user_id')
    .orderBy('lastmod', 'desc')
    .orderBy('user_id', 'desc')
    .limit(limit)
    .execute();
}

/** Hides the project from everyone but its owner and staff, or (null) shows it again. */
export async function setProjectHidden(db: Db, id: number, hidden: { at: string; reason: string } | null): Promise<void> {
  await db
    .updateTable('projects')
    .set({ hidden_at: hidden?.at ?? null, hidden_reason: hidden?.reason ?? null })
    .where('id', '=', id)
    .execute();
}

/** Marks every project of the member as their suspension's (or clears it): projects_user_idx. */
export async function setOwnerSuspended(db: Db, userId: number, suspended: boolean): Promise<void> {
  await db.updateTable('projects').set({ owner_suspended: suspended ? 1 : 0 }).where('user_id', '=', userId).execute();
}

/**
 * A page of the newest projects by the creators a member follows (the Following feed), keyset on
 * (created_at, id). Served by projects_user_idx (user_id, created_at, id) for each followee, or by
 * projects_recent_idx with the follow checked on follows_pk, whichever the engine finds cheaper.
 */
export function listFollowingPage(db: Db, options: { followerId: number; limit: number; after?: TCursor }): Promise<ProjectRow[]> {
  let query = db
    .selectFrom('projects')
    .selectAll('projects')
    .where((eb) => listed(eb))
    .where('projects.user_id', 'in', (eb) => eb.selectFrom('follows').select('follows.followee_id').where('follows.follower_id', '=', options.followerId));
  if (options.after) {
    const [value, id] = options.after;
    query = query.where((eb) => eb(eb.refTuple('projects.created_at', 'projects.id'), '<', eb.tuple(String(value), id)));
  }
  return query.orderBy('projects.created_at', 'desc').orderBy('projects.id', 'desc').limit(options.limit + 1).execute();
}
