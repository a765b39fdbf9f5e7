// The search index and its queries: the one repo that knows which engine runs
// (FTS5 in SQLite, tsvector + GIN in PostgreSQL); every function here is marked by taking it.
import { sql, type Expression, type Kysely, type SqlBool } from 'kysely';
import type { Engine } from '../../db/connect';
import type { TSlowReads } from '../../db/slow-reads';
import type { Database, ProjectRow } from '../../db/schema';
import { ftsMatchExpression, tsQueryExpression } from './search-terms';

type Db = Kysely<Database>;

/** `everything`: every project at once, after a bulk load (bench/seed-scale.ts). */
export type TSearchScope = { projectId: number } | { userId: number } | 'everything';

/** Rewrites the search documents of one project, of all of a creator's projects, or of every project. */
export async function syncSearchDocuments(db: Db, engine: Engine, scope: TSearchScope): Promise<void> {
  const where = scope === 'everything' ? sql`1 = 1` : 'projectId' in scope ? sql`p.id = ${scope.projectId}` : sql`p.user_id = ${scope.userId}`;
  if (engine === 'sqlite') {
    await sql`delete from projects_fts where rowid in (select p.id from projects p where ${where})`.execute(db);
    await sql`insert into projects_fts (rowid, title, description, tags, categories, creator)
      select p.id, p.title, coalesce(p.description, ''),
        coalesce((select group_concat(t.tag, ' ') from project_tags t where t.project_id = p.id), ''),
        replace(p.category, ',', ' '), u.first_name || ' ' || u.last_name
      from projects p join users u on u.id = p.user_id where ${where}`.execute(db);
    return;
  }
  await sql`update projects p set search_vector =
      setweight(to_tsvector('simple', p.title), 'A') ||
      setweight(to_tsvector('simple', coalesce((select string_agg(t.tag, ' ') from project_tags t where t.project_id = p.id), '')), 'B') ||
      setweight(to_tsvector('simple', replace(p.category, ',', ' ') || ' ' || u.first_name || ' ' || u.last_name), 'C') ||
      setweight(to_tsvector('simple', coalesce(p.description, '')), 'D')
    from users u where u.id = p.user_id and ${where}`.execute(db);
}

export type TSearchSort = 'relevance' | 'recent' | 'popular';

export interface TSearchOptions {
  terms: string[];
  sort: TSearchSort;
  categories: string[];
  limit: number;
  offset: number;
  /** Leave mature projects out (visitors' searches). */
  excludeMature?: boolean;
}

/**
 * Matching projects in the asked order, plus how many match in all. Relevance weighs a
 * title match above tags, tags above categories and creator, those above the description.
 * Both statements visit every match (a common word's thousands), so they are slow reads.
 */
export async function searchProjects(db: Db, engine: Engine, reads: TSlowReads, options: TSearchOptions): Promise<{ rows: ProjectRow[]; total: number }> {
  const categoryFilter: Expression<SqlBool> = options.categories.length
    ? sql<SqlBool>`exists (select 1 from project_categories c where c.project_id = p.id and c.category in (${sql.join(options.categories)}))`
    : sql<SqlBool>`1 = 1`;
  const matureFilter: Expression<SqlBool> = options.excludeMature ? sql<SqlBool>`p.is_mature = 0` : sql<SqlBool>`1 = 1`;
  // Hidden projects and those of suspended creators are found by nobody (projects.repo.ts listed()).
  const shown = sql<SqlBool>`p.hidden_at is null and p.owner_suspended = 0`;
  const filters = sql<SqlBool>`${categoryFilter} and ${matureFilter} and ${shown}`;
  const order =
    options.sort === 'recent' ? sql`p.created_at desc, p.id desc` : options.sort === 'popular' ? sql`p.likes_count desc, p.id desc` : sql`rank, p.id desc`;

  if (engine === 'sqlite') {
    const match = ftsMatchExpression(options.terms);
    // bm25 is lower for better matches; weights per column: title, description, tags, categories, creator.
    const [rows, count] = await Promise.all([
      reads.all<ProjectRow>(
        sql`select p.* from (
          select rowid as id, bm25(projects_fts, 10.0, 1.0, 4.0, 2.0, 2.0) as rank from projects_fts where projects_fts match ${match}
        ) m join projects p on p.id = m.id
        where ${filters} order by ${order} limit ${options.limit + 1} offset ${options.offset}`.compile(db),
      ),
      reads.all<{ n: number }>(sql`select count(*) as n from projects_fts f join projects p on p.id = f.rowid where projects_fts match ${match} and ${filters}`.compile(db)),
    ]);
    return { rows, total: Number(count[0]?.n ?? 0) };
  }
  const query = tsQueryExpression(options.terms);
  // ts_rank weights are {D, C, B, A}; negated so that "order by rank" is best first, as in SQLite.
  const rows = await sql<ProjectRow>`select p.id, p.slug, p.user_id, p.title, p.description, p.category, p.hide_prompt, p.likes_count,
        p.views_count, p.trending_score, p.comments_count, p.created_at, p.updated_at, p.is_mature, p.hidden_at, p.hidden_reason, p.owner_suspended, -ts_rank('{0.1, 0.3, 0.5, 1.0}', p.search_vector, q) as rank
      from projects p, to_tsquery('simple', ${query}) q
      where p.search_vector @@ q and ${filters} order by ${order} limit ${options.limit + 1} offset ${options.offset}`.execute(db);
  const count = await sql<{ n: number }>`select count(*) as n from projects p, to_tsquery('simple', ${query}) q
      where p.search_vector @@ q and ${filters}`.execute(db);
  return { rows: rows.rows.map(({ rank: _rank, ...row }: ProjectRow & { rank?: number }) => row), total: Number(count.rows[0]?.n ?? 0) };
}
