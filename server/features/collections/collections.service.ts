// Collections: a member saves any project they can see into named sets of their own, private
// (theirs only) or public (a page anyone may open, listed on their creator page). Who may read:
// the owner always, others only a public one, and nobody learns a private one exists (404).
// What a collection shows follows the gallery: hidden projects and a suspended creator's never,
// mature work not to visitors. Deleting a project or an account takes its rows (FK cascade).
import { MAX_COLLECTIONS } from '../../../shared/constants';
import {
  MAX_PROJECTS_PER_COLLECTION,
  type TCollection,
  type TCollectionMembership,
  type TCollectionPage,
  type TCollectionQuery,
  type TCreateCollectionRequest,
  type TMyCollectionsQuery,
  type TUpdateCollectionRequest,
} from '../../../shared/schemas/collection';
import { inTransaction, invalidateAfterCommit, type TContext } from '../../context';
import type { CollectionRow } from '../../db/schema';
import { AppError, notFound } from '../../http/errors';
import { changedByCollectionEdit } from '../../lib/cache-tags';
import { decodeCursor, toPage, type TPage } from '../../http/paging';
import { lockMember, memberProfile, publicMembers } from '../accounts/accounts.service';
import { hydrateProjects, isProjectVisibleTo } from '../projects/projects.service';
import type { TViewer } from '../social/social.service';
import { toCollection } from './collection.presenter';
import {
  collectionsHolding,
  countCollectionsOf,
  countProjectsIn,
  deleteCollectionProject,
  deleteCollectionRow,
  findCollection,
  insertCollection,
  insertCollectionProject,
  latestShownProject,
  listCollectionsPage,
  listShownProjectsPage,
  shownProjectCounts,
  updateCollectionRow,
  type TShownProjects,
} from './collections.repo';

export const COLLECTION_NOT_FOUND = 'Collection not found';
export const TOO_MANY_COLLECTIONS = `You can have up to ${MAX_COLLECTIONS.toLocaleString('en-US')} collections`;
export const COLLECTION_FULL = `A collection can hold up to ${MAX_PROJECTS_PER_COLLECTION.toLocaleString('en-US')} projects`;

/** Visitors see no mature work in a collection, as in the gallery; members see it (blurred unless they opted in). */
const shownTo = (viewerId: number | null): TShownProjects => ({ excludeMature: viewerId === null });

/** Rows → the API shape: counts, covers and owners with a fixed number of queries, plus one per collection for its cover. */
async function present(ctx: TContext, rows: CollectionRow[], viewerId: number | null, projectId?: number): Promise<TCollection[]> {
  if (!rows.length) return [];
  const ids = rows.map((row) => row.id);
  const shown = shownTo(viewerId);
  const [counts, owners, holding] = await Promise.all([
    shownProjectCounts(ctx.db, ids, shown),
    publicMembers(ctx, rows.map((row) => row.user_id)),
    projectId === undefined ? Promise.resolve(null) : collectionsHolding(ctx.db, ids, projectId),
  ]);
  const latest = new Map<number, Awaited<ReturnType<typeof latestShownProject>>>();
  for (const row of rows) latest.set(row.id, (counts.get(row.id) ?? 0) > 0 ? await latestShownProject(ctx.db, row.id, shown) : undefined);
  const coverRows = [...new Map([...latest.values()].filter((row) => row !== undefined).map((row) => [row.id, row])).values()];
  const covers = new Map((await hydrateProjects(ctx, coverRows, null, 'card')).map((project) => [project.id, project]));
  return rows.map((row) => {
    const owner = owners.get(row.user_id);
    const coverProject = covers.get(latest.get(row.id)?.id ?? 0);
    const media = coverProject?.media[0];
    return toCollection(row, {
      owner: { id: row.user_id, name: owner?.name ?? '', profileImageUrl: owner?.profileImageUrl ?? null },
      projectCount: counts.get(row.id) ?? 0,
      cover: coverProject && media ? { media, isMature: coverProject.isMature } : null,
      viewerId,
      hasProject: holding === null ? null : holding.has(row.id),
    });
  });
}

async function pageOf(ctx: TContext, rows: CollectionRow[], limit: number, viewerId: number | null, projectId?: number): Promise<TPage<TCollection>> {
  return toPage(rows, limit, (row) => [row.created_at, row.id], (pageRows) => present(ctx, pageRows, viewerId, projectId));
}

/** The member's own collections, newest first; with `projectId`, each says whether it holds that project. */
export async function listMyCollections(ctx: TContext, userId: number, query: TMyCollectionsQuery): Promise<TPage<TCollection>> {
  const rows = await listCollectionsPage(ctx.db, { userId, publicOnly: false, limit: query.limit, after: decodeCursor(query.cursor) });
  return pageOf(ctx, rows, query.limit, userId, query.projectId);
}

/** Who is reading: a member (or null for a visitor), and whether they are staff. */
type TReader = Pick<TViewer, 'userId' | 'staff'>;

/**
 * A creator's public collections, newest first: what everyone sees, the creator included (their
 * own list has the private ones). Gone with their creator page while they are suspended, but to staff.
 */
export async function listPublicCollections(ctx: TContext, creatorId: number, reader: TReader, query: { limit: number; cursor?: string | undefined }): Promise<TPage<TCollection>> {
  const viewerId = reader.userId;
  if (!(await memberProfile(ctx, creatorId, { staff: reader.staff === true }))) throw notFound('Member not found');
  const rows = await listCollectionsPage(ctx.db, { userId: creatorId, publicOnly: true, limit: query.limit, after: decodeCursor(query.cursor) });
  return pageOf(ctx, rows, query.limit, viewerId);
}

export async function createCollection(ctx: TContext, userId: number, input: TCreateCollectionRequest): Promise<TCollection> {
  const row = await inTransaction(ctx, async (tx) => {
    // One creation at a time per member, so parallel ones cannot pass the bound together.
    await lockMember(tx, userId);
    if ((await countCollectionsOf(tx.db, userId)) >= MAX_COLLECTIONS) throw new AppError(400, TOO_MANY_COLLECTIONS);
    const created = await insertCollection(tx.db, { userId, name: input.name, isPublic: input.isPublic, now: ctx.now().toISOString() });
    invalidateAfterCommit(tx, changedByCollectionEdit(userId));
    return created;
  });
  const [collection] = await present(ctx, [row], userId);
  return collection!;
}

/**
 * The collection if this reader may see it: its owner always; anyone else only a public one, and
 * only while its owner's creator page is shown (not while they are suspended, but to staff).
 */
async function readable(ctx: TContext, id: number, reader: TReader): Promise<CollectionRow> {
  const row = await findCollection(ctx.db, id);
  if (!row) throw notFound(COLLECTION_NOT_FOUND);
  if (row.user_id === reader.userId) return row;
  if (row.is_public !== 1 || !(await memberProfile(ctx, row.user_id, { staff: reader.staff === true }))) throw notFound(COLLECTION_NOT_FOUND);
  return row;
}

/** The viewer's own collection; 404 for anyone else's (a private one's existence stays private). */
async function owned(ctx: TContext, id: number, userId: number): Promise<CollectionRow> {
  const row = await findCollection(ctx.db, id);
  if (!row || row.user_id !== userId) throw notFound(COLLECTION_NOT_FOUND);
  return row;
}

/** A collection with a page of its projects, latest added first. */
export async function getCollection(ctx: TContext, id: number, reader: TReader, query: TCollectionQuery): Promise<TCollectionPage> {
  const viewerId = reader.userId;
  const row = await readable(ctx, id, reader);
  const [collection] = await present(ctx, [row], viewerId);
  const rows = await listShownProjectsPage(ctx.db, { collectionId: row.id, shown: shownTo(viewerId), limit: query.limit, after: decodeCursor(query.cursor) });
  const page = await toPage(
    rows,
    query.limit,
    (project) => [project.added_at, project.id],
    (pageRows) => hydrateProjects(ctx, pageRows.map(({ added_at: _addedAt, ...project }) => project), viewerId, 'card'),
  );
  return { ...collection!, projects: page.items, nextCursor: page.nextCursor };
}

export async function updateCollection(ctx: TContext, userId: number, id: number, input: TUpdateCollectionRequest): Promise<TCollection> {
  const row = await owned(ctx, id, userId);
  await updateCollectionRow(ctx.db, row.id, {
    ...(input.name !== undefined ? { name: input.name } : {}),
    ...(input.isPublic !== undefined ? { is_public: input.isPublic ? 1 : 0 } : {}),
    updated_at: ctx.now().toISOString(),
  });
  invalidateAfterCommit(ctx, changedByCollectionEdit(userId));
  const [collection] = await present(ctx, [(await findCollection(ctx.db, row.id))!], userId);
  return collection!;
}

export async function deleteCollection(ctx: TContext, userId: number, id: number): Promise<void> {
  const row = await owned(ctx, id, userId);
  await deleteCollectionRow(ctx.db, row.id);
  invalidateAfterCommit(ctx, changedByCollectionEdit(userId));
}

async function membership(ctx: TContext, collectionId: number, saved: boolean, viewerId: number): Promise<TCollectionMembership> {
  const counts = await shownProjectCounts(ctx.db, [collectionId], shownTo(viewerId));
  return { saved, projectCount: counts.get(collectionId) ?? 0 };
}

/** Saves a project the member can see into their collection; saving it again changes nothing. */
export async function addProjectToCollection(ctx: TContext, userId: number, collectionId: number, projectId: number): Promise<TCollectionMembership> {
  const row = await owned(ctx, collectionId, userId);
  if (!(await isProjectVisibleTo(ctx, projectId, { userId, staff: false }))) throw notFound('Project not found');
  await inTransaction(ctx, async (tx) => {
    await lockMember(tx, userId);
    if ((await collectionsHolding(tx.db, [row.id], projectId)).has(row.id)) return;
    if ((await countProjectsIn(tx.db, row.id)) >= MAX_PROJECTS_PER_COLLECTION) throw new AppError(400, COLLECTION_FULL);
    const now = ctx.now().toISOString();
    if (!(await insertCollectionProject(tx.db, row.id, projectId, now))) return;
    await updateCollectionRow(tx.db, row.id, { updated_at: now });
    invalidateAfterCommit(tx, changedByCollectionEdit(userId));
  });
  return membership(ctx, row.id, true, userId);
}

/** Takes a project out of the member's collection; taking it out again changes nothing. */
export async function removeProjectFromCollection(ctx: TContext, userId: number, collectionId: number, projectId: number): Promise<TCollectionMembership> {
  const row = await owned(ctx, collectionId, userId);
  if (await deleteCollectionProject(ctx.db, row.id, projectId)) {
    await updateCollectionRow(ctx.db, row.id, { updated_at: ctx.now().toISOString() });
    invalidateAfterCommit(ctx, changedByCollectionEdit(userId));
  }
  return membership(ctx, row.id, false, userId);
}
