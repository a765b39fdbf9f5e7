// Projects: create, read (with views), list, edit, delete; likes and the project lists.
import { createHash } from 'node:crypto';
import type { TCreateProjectRequest, TListProjectsQuery, TProject, TUpdateProjectRequest } from '../../../shared/schemas/project';
import type { TContext } from '../../context';
import { isUniqueViolation } from '../../db/connect';
import type { ProjectRow } from '../../db/schema';
import { forbidden, invalidField, notFound } from '../../http/errors';
import { attachMedia, detachMissingMedia, findUnattachedMediaByUrls, findUsableMediaByUrls, listMediaOfProjects, mediaToApi } from '../media/media.repo';
import { deleteStoredMedia } from '../media/media.service';
import { syncSearchDocuments } from '../search/search.repo';
import { toPublicUser } from '../auth/users.repo';
import { toggleLikeRow } from '../social/social.repo';
import { decodeCursor, toPage, type TCursorValue, type TPage } from './cursor';
import {
  deleteProjectRow,
  findProjectById,
  findProjectBySlug,
  followedUserIds,
  insertProject,
  likedProjectIds,
  listLikedPage,
  listProjectPage,
  listSimilar,
  randomProject,
  recordView,
  replaceCategories,
  replaceTags,
  SORT_COLUMNS,
  slugExists,
  tagsOfProjects,
  updateProjectRow,
  usersByIds,
  type TProjectFilter,
} from './projects.repo';
import { slugify, suffixed } from './slug';

export const SIMILAR_LIMIT = 8;

export function categoriesOf(category: string): string[] {
  return category
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
}

/**
 * Rows → the read shape, with a fixed number of queries however many rows there are.
 * 'card' (lists) keeps only the cover's media details, without AI metadata: a card shows
 * nothing else, and a gallery page stays a few kilobytes instead of tens.
 */
export async function hydrateProjects(ctx: TContext, rows: ProjectRow[], viewerId: number | null, shape: 'page' | 'card' = 'page'): Promise<TProject[]> {
  if (!rows.length) return [];
  const ids = rows.map((row) => row.id);
  const creatorIds = [...new Set(rows.map((row) => row.user_id))];
  const [media, tags, users, liked, followed] = await Promise.all([
    listMediaOfProjects(ctx.db, ids),
    tagsOfProjects(ctx.db, ids),
    usersByIds(ctx.db, creatorIds),
    viewerId ? likedProjectIds(ctx.db, viewerId, ids) : Promise.resolve(new Set<number>()),
    viewerId ? followedUserIds(ctx.db, viewerId, creatorIds) : Promise.resolve(new Set<number>()),
  ]);
  const usersById = new Map(users.map((user) => [user.id, user]));
  return rows.map((row) => {
    const user = usersById.get(row.user_id);
    if (!user) throw new Error(`project ${row.id} has no creator`);
    const showPrompt = row.hide_prompt === 0 || viewerId === row.user_id;
    const rowMedia = media.get(row.id) ?? [];
    const projectMedia = (shape === 'card' ? rowMedia.slice(0, 1) : rowMedia).map((item) => {
      const api = mediaToApi(item);
      return showPrompt && shape === 'page' ? api : { ...api, aiMetadata: null };
    });
    return {
      id: row.id,
      slug: row.slug,
      title: row.title,
      description: row.description,
      category: row.category,
      categories: categoriesOf(row.category),
      images: rowMedia.map((item) => item.url),
      media: projectMedia,
      tags: tags.get(row.id) ?? [],
      likes: row.likes_count,
      views: row.views_count,
      isLiked: liked.has(row.id),
      hidePrompt: row.hide_prompt === 1,
      createdAt: row.created_at,
      user: toPublicUser(user),
      isFollowing: followed.has(row.user_id),
    };
  });
}

async function uniqueSlug(ctx: TContext, title: string): Promise<string> {
  const base = slugify(title);
  if (!(await slugExists(ctx.db, base))) return base;
  return suffixed(base);
}

export async function createProject(ctx: TContext, userId: number, input: TCreateProjectRequest): Promise<TProject> {
  const media = await findUnattachedMediaByUrls(ctx.db, userId, input.images);
  if (media.length !== new Set(input.images).size || media.length !== input.images.length) {
    throw invalidField('images', 'Upload the media files first; each can be used once');
  }
  const byUrl = new Map(media.map((item) => [item.url, item.id]));
  const orderedIds = input.images.map((url) => byUrl.get(url)!);
  let slug = await uniqueSlug(ctx, input.title);
  for (let attempt = 0; ; attempt += 1) {
    try {
      const row = await ctx.db.transaction().execute(async (trx) => {
        const project = await insertProject(trx, {
          slug,
          userId,
          title: input.title,
          description: input.description ?? null,
          category: input.category.join(','),
          now: ctx.now(),
        });
        await replaceCategories(trx, project.id, input.category);
        await replaceTags(trx, project.id, input.tags);
        await attachMedia(trx, project.id, orderedIds);
        await syncSearchDocuments(trx, ctx.engine, { projectId: project.id });
        return project;
      });
      const [project] = await hydrateProjects(ctx, [row], userId);
      return project!;
    } catch (error) {
      // Two projects with one title at the same moment: the loser takes a suffixed slug.
      if (!isUniqueViolation(error) || attempt >= 3) throw error;
      slug = suffixed(slugify(input.title));
    }
  }
}

type TViewer = { userId: number | null; ip: string; userAgent: string };
type TProjectKey = { id: number } | { slug: string };

function viewerKeyOf(viewer: TViewer): string {
  return viewer.userId ? `u:${viewer.userId}` : `a:${createHash('sha256').update(`${viewer.ip}\n${viewer.userAgent}`).digest('hex').slice(0, 32)}`;
}

const visitorCopyKey = (key: TProjectKey) => `project:${'id' in key ? `id:${key.id}` : `slug:${key.slug}`}`;
const viewedKey = (projectId: number, viewerKey: string, day: string) => `viewed:${projectId}:${viewerKey}:${day}`;
const today = (ctx: TContext) => ctx.now().toISOString().slice(0, 10);

/** A project by id or slug; counts the viewer's view once a day. */
export async function viewProject(ctx: TContext, key: TProjectKey, viewer: TViewer): Promise<TProject> {
  const viewerKey = viewerKeyOf(viewer);
  const day = today(ctx);
  // Anonymous visitors all see the same project: the hydrated copy is cached; the view is
  // still counted per visitor.
  const cacheKey = viewer.userId ? null : visitorCopyKey(key);
  const cached = cacheKey ? ctx.readCache.get<TProject>(cacheKey) : undefined;
  if (cached && cacheKey) {
    if (!(await countViewOnce(ctx, cached.id, viewerKey, day))) return cached;
    ctx.readCache.delete(cacheKey);
    return { ...cached, views: cached.views + 1 };
  }
  const ticket = ctx.readCache.ticket();
  const row = 'id' in key ? await findProjectById(ctx.db, key.id) : await findProjectBySlug(ctx.db, key.slug);
  if (!row) throw notFound('Project not found');
  const counted = await countViewOnce(ctx, row.id, viewerKey, day);
  const fresh = counted ? { ...row, views_count: row.views_count + 1 } : row;
  const [project] = await hydrateProjects(ctx, [fresh], viewer.userId);
  if (cacheKey) ctx.readCache.set(cacheKey, project, ticket);
  return project!;
}

/**
 * Whether this visitor's view of the project is counted today and the project's visitor copy
 * is cached: then the whole cached answer may be sent again, with nothing left to do.
 */
export function isViewAlreadyCounted(ctx: TContext, key: TProjectKey, viewer: TViewer): boolean {
  const project = ctx.readCache.get<TProject>(visitorCopyKey(key));
  return project !== undefined && ctx.readCache.get<true>(viewedKey(project.id, viewerKeyOf(viewer), today(ctx))) === true;
}

/**
 * Counts a view once per visitor per day. Visitors who come back the same day are
 * remembered in the read cache, so their visits cost no database write.
 */
async function countViewOnce(ctx: TContext, projectId: number, viewerKey: string, day: string): Promise<boolean> {
  const seenKey = viewedKey(projectId, viewerKey, day);
  if (ctx.readCache.get<true>(seenKey)) return false;
  const ticket = ctx.readCache.ticket();
  const counted = await recordView(ctx.db, projectId, viewerKey, day);
  ctx.readCache.set(seenKey, true, ticket, seenKey.length + 64);
  return counted;
}

/** The project without counting a view (meta tags, share images). */
export async function peekProject(ctx: TContext, key: { id: number } | { slug: string }): Promise<TProject | null> {
  const row = 'id' in key ? await findProjectById(ctx.db, key.id) : await findProjectBySlug(ctx.db, key.slug);
  if (!row) return null;
  const [project] = await hydrateProjects(ctx, [row], null);
  return project ?? null;
}

/** What each sort's cursor carries: the type of its column. */
const SORT_CURSOR_VALUES = { trending: 'number', recent: 'text', popular: 'integer', views: 'integer' } as const satisfies Record<TListProjectsQuery['sort'], TCursorValue>;

export async function listProjects(ctx: TContext, query: TListProjectsQuery, viewerId: number | null, scope: Pick<TProjectFilter, 'userId'> = {}): Promise<TPage<TProject>> {
  const filter: TProjectFilter = { categories: query.category, tags: query.tag, ...scope };
  const rows = await listProjectPage(ctx.db, { sort: query.sort, filter, limit: query.limit, after: decodeCursor(query.cursor, SORT_CURSOR_VALUES[query.sort]) });
  const column = SORT_COLUMNS[query.sort];
  return toPage(rows, query.limit, (row) => [row[column], row.id], (page) => hydrateProjects(ctx, page, viewerId, 'card'));
}

export async function listLikedProjects(ctx: TContext, userId: number, page: { limit: number; cursor?: string | undefined }): Promise<TPage<TProject>> {
  const rows = await listLikedPage(ctx.db, userId, page.limit, decodeCursor(page.cursor));
  return toPage(rows, page.limit, (row) => [row.liked_at, row.id], (pageRows) => hydrateProjects(ctx, pageRows.map(({ liked_at: _likedAt, ...project }) => project), userId, 'card'));
}

export async function listSimilarProjects(ctx: TContext, projectId: number, viewerId: number | null): Promise<TProject[]> {
  const row = await findProjectById(ctx.db, projectId);
  if (!row) throw notFound('Project not found');
  const tags = (await tagsOfProjects(ctx.db, [row.id])).get(row.id) ?? [];
  const similar = await listSimilar(ctx.db, { id: row.id, tags, categories: categoriesOf(row.category) }, SIMILAR_LIMIT);
  return hydrateProjects(ctx, similar, viewerId, 'card');
}

export async function pickRandomProject(ctx: TContext): Promise<{ id: number; slug: string }> {
  const project = await randomProject(ctx.db);
  if (!project) throw notFound('No projects yet');
  return project;
}

export async function toggleLike(ctx: TContext, userId: number, projectId: number) {
  if (!(await findProjectById(ctx.db, projectId))) throw notFound('Project not found');
  return toggleLikeRow(ctx.db, userId, projectId, ctx.now());
}

async function ownedProject(ctx: TContext, userId: number, projectId: number): Promise<ProjectRow> {
  const row = await findProjectById(ctx.db, projectId);
  if (!row) throw notFound('Project not found');
  if (row.user_id !== userId) throw forbidden('Only the creator can change this project');
  return row;
}

export async function updateProject(ctx: TContext, userId: number, projectId: number, input: TUpdateProjectRequest): Promise<TProject> {
  const row = await ownedProject(ctx, userId, projectId);
  const removed = await ctx.db.transaction().execute(async (trx) => {
    // Checked before anything changes: an unknown or foreign URL must not cost the project its media.
    if (input.images !== undefined) {
      const usable = await findUsableMediaByUrls(trx, { projectId: row.id, ownerId: userId, urls: input.images });
      if (usable.length !== input.images.length || new Set(input.images).size !== input.images.length) {
        throw invalidField('images', 'Upload the media files first; each can be used once');
      }
    }
    await updateProjectRow(trx, row.id, {
      ...(input.title !== undefined ? { title: input.title } : {}),
      ...(input.description !== undefined ? { description: input.description } : {}),
      ...(input.category !== undefined ? { category: input.category.join(',') } : {}),
      ...(input.hidePrompt !== undefined ? { hide_prompt: input.hidePrompt ? 1 : 0 } : {}),
      updated_at: ctx.now().toISOString(),
    });
    if (input.category !== undefined) await replaceCategories(trx, row.id, input.category);
    if (input.tags !== undefined) await replaceTags(trx, row.id, input.tags);
    await syncSearchDocuments(trx, ctx.engine, { projectId: row.id });
    if (input.images === undefined) return [];
    return detachMissingMedia(trx, { projectId: row.id, ownerId: userId, orderedUrls: input.images });
  });
  await deleteStoredMedia(ctx, removed);
  const updated = await findProjectById(ctx.db, row.id);
  const [project] = await hydrateProjects(ctx, [updated!], userId);
  return project!;
}

export async function deleteProject(ctx: TContext, userId: number, projectId: number): Promise<void> {
  const row = await ownedProject(ctx, userId, projectId);
  const media = await listMediaOfProjects(ctx.db, [row.id]);
  await deleteProjectRow(ctx.db, row.id);
  await deleteStoredMedia(ctx, media.get(row.id) ?? []);
}
