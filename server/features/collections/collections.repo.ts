// SQL of collections and the projects they hold.
import { sql, type Kysely } from 'kysely';
import type { CollectionRow, Database, ProjectRow } from '../../db/schema';
import type { TCursor } from '../../http/paging';

type Db = Kysely<Database>;

/** Which projects a viewer may see in a collection: never hidden or a suspended creator's; no mature work for visitors. */
export interface TShownProjects {
  excludeMature: boolean;
}

export function insertCollection(db: Db, values: { userId: number; name: string; isPublic: boolean; now: string }): Promise<CollectionRow> {
  return db
    .insertInto('collections')
    .values({ user_id: values.userId, name: values.name, is_public: values.isPublic ? 1 : 0, created_at: values.now, updated_at: values.now })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export function findCollection(db: Db, id: number): Promise<CollectionRow | undefined> {
  return db.selectFrom('collections').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function updateCollectionRow(db: Db, id: number, changes: { name?: string; is_public?: number; updated_at: string }): Promise<void> {
  await db.updateTable('collections').set(changes).where('id', '=', id).execute();
}

export async function deleteCollectionRow(db: Db, id: number): Promise<void> {
  await db.deleteFrom('collections').where('id', '=', id).execute();
}

/** collections_user_idx. */
export async function countCollectionsOf(db: Db, userId: number): Promise<number> {
  const row = await db.selectFrom('collections').select((eb) => eb.fn.countAll<number>().as('n')).where('user_id', '=', userId).executeTakeFirstOrThrow();
  return Number(row.n);
}

/** A member's collections (public ones only, or all), newest first, keyset on (created_at, id): collections_user_idx. */
export function listCollectionsPage(db: Db, options: { userId: number; publicOnly: boolean; limit: number; after?: TCursor | undefined }): Promise<CollectionRow[]> {
  let query = db.selectFrom('collections').selectAll().where('user_id', '=', options.userId);
  if (options.publicOnly) query = query.where('is_public', '=', 1);
  if (options.after) {
    const [value, id] = options.after;
    query = query.where((eb) => eb(eb.refTuple('created_at', 'id'), '<', eb.tuple(String(value), id)));
  }
  return query.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(options.limit + 1).execute();
}

/** True when the project is new in the collection. */
export async function insertCollectionProject(db: Db, collectionId: number, projectId: number, now: string): Promise<boolean> {
  const inserted = await db
    .insertInto('collection_projects')
    .values({ collection_id: collectionId, project_id: projectId, added_at: now })
    .onConflict((oc) => oc.doNothing())
    .returning('project_id')
    .executeTakeFirst();
  return inserted !== undefined;
}

export async function deleteCollectionProject(db: Db, collectionId: number, projectId: number): Promise<boolean> {
  const result = await db.deleteFrom('collection_projects').where('collection_id', '=', collectionId).where('project_id', '=', projectId).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** Every project row of the collection, shown or not (the per-collection limit): collection_projects_pk. */
export async function countProjectsIn(db: Db, collectionId: number): Promise<number> {
  const row = await db.selectFrom('collection_projects').select((eb) => eb.fn.countAll<number>().as('n')).where('collection_id', '=', collectionId).executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Which of these collections hold the project: collection_projects_pk. */
export async function collectionsHolding(db: Db, collectionIds: number[], projectId: number): Promise<Set<number>> {
  if (!collectionIds.length) return new Set();
  const rows = await db.selectFrom('collection_projects').select('collection_id').where('project_id', '=', projectId).where('collection_id', 'in', collectionIds).execute();
  return new Set(rows.map((row) => row.collection_id));
}

function shownProjects(db: Db, shown: TShownProjects) {
  let query = db
    .selectFrom('collection_projects')
    .innerJoin('projects', 'projects.id', 'collection_projects.project_id')
    .where('projects.hidden_at', 'is', null)
    .where('projects.owner_suspended', '=', 0);
  if (shown.excludeMature) query = query.where('projects.is_mature', '=', sql.lit(0));
  return query;
}

/** How many shown projects each collection holds (each at most MAX_PROJECTS_PER_COLLECTION rows): collection_projects_pk. */
export async function shownProjectCounts(db: Db, collectionIds: number[], shown: TShownProjects): Promise<Map<number, number>> {
  if (!collectionIds.length) return new Map();
  const rows = await shownProjects(db, shown)
    .select(['collection_projects.collection_id', (eb) => eb.fn.countAll<number>().as('n')])
    .where('collection_projects.collection_id', 'in', collectionIds)
    .groupBy('collection_projects.collection_id')
    .execute();
  return new Map(rows.map((row) => [row.collection_id, Number(row.n)]));
}

/** The latest added shown project of one collection: collection_projects_recent_idx. */
export function latestShownProject(db: Db, collectionId: number, shown: TShownProjects): Promise<ProjectRow | undefined> {
  return shownProjects(db, shown)
    .selectAll('projects')
    .where('collection_projects.collection_id', '=', collectionId)
    .orderBy('collection_projects.added_at', 'desc')
    .orderBy('collection_projects.project_id', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/** A page of a collection's shown projects, latest added first, keyset on (added_at, project_id): collection_projects_recent_idx. */
export function listShownProjectsPage(db: Db, options: { collectionId: number; shown: TShownProjects; limit: number; after?: TCursor | undefined }) {
  let query = shownProjects(db, options.shown)
    .selectAll('projects')
    .select('collection_projects.added_at')
    .where('collection_projects.collection_id', '=', options.collectionId);
  if (options.after) {
    const [value, id] = options.after;
    query = query.where((eb) => eb(eb.refTuple('collection_projects.added_at', 'collection_projects.project_id'), '<', eb.tuple(String(value), id)));
  }
  return query.orderBy('collection_projects.added_at', 'desc').orderBy('collection_projects.project_id', 'desc').limit(options.limit + 1).execute();
}
