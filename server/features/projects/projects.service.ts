// Projects: create, read (with counted views), list, edit, delete, like; the figures and
// lists other modules show (creator totals, site totals, categories, the sitemap); and the
// project media rows the upload pipeline records.
import { DAY_MS, TRENDING_CATEGORIES, UPLOAD_CATEGORIES } from '../../../shared/constants';
import type { TCategorySummary } from '../../../shared/schemas/creator';
import type { TMedia } from '../../../shared/schemas/media';
import type { TCreateProjectRequest, TLikeResponse, TListProjectsQuery, TProject, TProjectRef, TUpdateProjectRequest } from '../../../shared/schemas/project';
import { coverShareImage } from '../../../shared/share-meta';
import { inTransaction, invalidateAfterCommit, type TContext } from '../../context';
import { isUniqueViolation } from '../../db/connect';
import type { FileDeletionRow, ProjectRow } from '../../db/schema';
import { forbidden, invalidField, notFound } from '../../http/errors';
import { decodeCursor, toPage, type TCursorValue, type TPage } from '../../http/paging';
import {
  changedByLike,
  changedByLikesWithinLag,
  LIKE_ORDER_LAG_MS,
  changedByNewProject,
  changedByProjectDeletion,
  changedByProjectEdit,
  changedByProjectModeration,
  changedBySuspension,
  listIdsTags,
  projectPageTags,
  UNTOUCHED_BY_WRITES,
} from '../../lib/cache-tags';
import { inBatches, type TBatchOptions } from '../../lib/in-batches';
import { moderationNote } from '../../lib/moderation-note';
import { withOwnPart } from '../../lib/own-part';
import type { TCacheTicket } from '../../lib/read-cache';
import type { TViewRow } from '../../lib/view-buffer';
import { bytesText, dailyQuotaReached, LIMIT_MESSAGES } from '../../http/member-limits';
import { lockMember, publicMembers } from '../accounts/accounts.service';
import { notify } from '../notifications/notifications.service';
import { forEachLikedProject, isViewRecorded, knownViewerKey, likedProjectsPage, recordViewOnce, toggleLikeOf, viewDay, viewerKey, viewerState, type TViewer } from '../social/social.service';
import { blurredShareImage } from './blurred-share-image';
import { deleteScheduledFiles, scheduleFileDeletions } from './file-deletions.service';
import {
  attachMedia,
  deleteMediaOfOwner,
  deleteMediaOfProject,
  deleteUnattachedMediaBefore,
  detachMissingMedia,
  findUnattachedMediaByUrls,
  findUsableMediaByUrls,
  insertMedia,
  listMediaOfProjects,
  storageKeysOf,
  type NewProjectMediaRow,
  unattachedUploadsOf,
  uploadedBytesSince,
} from './media.repo';
import { toMedia } from './media.presenter';
import { categoriesOf, toProject, type TProjectShape } from './project.presenter';
import {
  activeCreators,
  addView,
  categoryCounts,
  creatorTotals as creatorTotalsRow,
  deleteProjectRow,
  findProjectById,
  findProjectBySlug,
  findProjectsByIds,
  insertProject,
  likeCount,
  listFollowingPage,
  listProjectPage,
  listSimilar,
  moveCommentCounter,
  moveLikeCounters,
  newestProjects,
  projectIdsNotBy,
  projectsCreatedSince,
  setOwnerSuspended,
  setProjectHidden,
  randomProject,
  replaceCategories,
  replaceTags,
  siteTotals as siteTotalsRow,
  slugExists,
  SORT_COLUMNS,
  tagsOfProjects,
  updateProjectRow,
  type TProjectFilter,
} from './projects.repo';
import { syncSearchDocuments } from './search.repo';
import { slugify, suffixed } from './slug';

export const SIMILAR_LIMIT = 8;
/** Shown when a project has no still image to share (a video without a poster). */
export const DEFAULT_OG_IMAGE = '/og-default.png';
/** Likes taken back per statement when a member leaves. */
const WITHDRAW_LIKES_BATCH = 500;
/** An upload no project has taken this long after it arrived is deleted with its files. */
export const UNATTACHED_UPLOAD_MS = DAY_MS;
/** Stale uploads deleted per transaction, their files tried right after (in parallel). */
const STALE_UPLOADS_BATCH = 100;
const MEDIA_FILES_FIRST = 'Upload the media files first; each can be used once';

/** Rows → the read shape, with a fixed number of queries however many rows there are. */
export async function hydrateProjects(ctx: TContext, rows: ProjectRow[], viewerId: number | null, shape: TProjectShape = 'page'): Promise<TProject[]> {
  if (!rows.length) return [];
  const ids = rows.map((row) => row.id);
  const creatorIds = [...new Set(rows.map((row) => row.user_id))];
  const [media, tags, creators, viewer] = await Promise.all([
    listMediaOfProjects(ctx.db, ids),
    tagsOfProjects(ctx.db, ids),
    publicMembers(ctx, creatorIds),
    viewerState(ctx, viewerId, { projectIds: ids, creatorIds }),
  ]);
  return rows.map((row) => {
    const creator = creators.get(row.user_id);
    if (!creator) throw new Error(`project ${row.id} has no creator`);
    const parts = {
      media: media.get(row.id) ?? [],
      tags: tags.get(row.id) ?? [],
      creator,
      viewerId,
      isLiked: viewer.liked.has(row.id),
      isFollowing: viewer.following.has(row.user_id),
    };
    return toProject(row, parts, shape);
  });
}

const sharedCardKey = (projectId: number) => `card:${projectId}`;

/**
 * Cards of these rows as everyone sees them (nobody's likes or follows in them), one kept per
 * project in the read cache under that project's own tags: what a list's copy carries for each
 * card (projectListTags), so each card is forgotten exactly when a list showing it would be. A
 * list read again after a like on one of its projects, or another list showing the same popular
 * projects, then builds only the cards it does not find, and the response serializer, which
 * keeps each shared card's encoded form, encodes only those. `ticket` was taken before the rows
 * were read. A kept card may show fewer views than the row just read: views trail on cards as on
 * the lists (cache-tags.ts), by up to the cache's TTL.
 */
export async function sharedCards(ctx: TContext, rows: readonly ProjectRow[], ticket: TCacheTicket): Promise<TProject[]> {
  const cards = keptCards(ctx, rows.map((row) => row.id));
  await buildSharedCards(ctx, rows.filter((row) => !cards.has(row.id)), ticket, cards);
  return rows.map((row) => cards.get(row.id)!);
}

/**
 * Cards of these projects, in this order, as everyone sees them: the kept ones, and the others
 * read by id and built (sharedCards). A project no longer shown to everyone (hidden, deleted,
 * its creator suspended) is left out: the list of ids it came from is forgotten by that change.
 */
export async function sharedCardsByIds(ctx: TContext, ids: readonly number[]): Promise<TProject[]> {
  const cards = keptCards(ctx, ids);
  const missing = ids.filter((id) => !cards.has(id));
  if (missing.length > 0) {
    const ticket = ctx.readCache.ticket();
    await buildSharedCards(ctx, (await findProjectsByIds(ctx.db, missing)).filter(isListed), ticket, cards);
  }
  return ids.flatMap((id) => cards.get(id) ?? []);
}

function keptCards(ctx: TContext, ids: readonly number[]): Map<number, TProject> {
  const cards = new Map<number, TProject>();
  for (const id of ids) {
    const card = ctx.readCache.get<TProject>(sharedCardKey(id));
    if (card) cards.set(id, card);
  }
  return cards;
}

async function buildSharedCards(ctx: TContext, rows: ProjectRow[], ticket: TCacheTicket, into: Map<number, TProject>): Promise<void> {
  for (const card of await hydrateProjects(ctx, rows, null, 'card')) {
    // Shared from now on: frozen, as the read cache's copies are (own-part.ts).
    Object.freeze(card);
    ctx.readCache.set(sharedCardKey(card.id), card, ticket, { tags: projectPageTags(card) });
    into.set(card.id, card);
  }
}

async function hydrateOne(ctx: TContext, row: ProjectRow, viewerId: number | null): Promise<TProject> {
  const [project] = await hydrateProjects(ctx, [row], viewerId);
  return project!;
}

async function uniqueSlug(ctx: TContext, title: string): Promise<string> {
  const base = slugify(title);
  if (!(await slugExists(ctx.db, base))) return base;
  return suffixed(base);
}

export async function createProject(ctx: TContext, userId: number, input: TCreateProjectRequest): Promise<TProject> {
  const media = await findUnattachedMediaByUrls(ctx.db, userId, input.images);
  if (media.length !== new Set(input.images).size || media.length !== input.images.length) {
    throw invalidField('images', MEDIA_FILES_FIRST);
  }
  const byUrl = new Map(media.map((item) => [item.url, item.id]));
  const orderedIds = input.images.map((url) => byUrl.get(url)!);
  let slug = await uniqueSlug(ctx, input.title);
  for (let attempt = 0; ; attempt += 1) {
    try {
      const row = await inTransaction(ctx, async (tx) => {
        const { db } = tx;
        await ensureProjectAllowed(tx, userId);
        const project = await insertProject(db, {
          slug,
          userId,
          title: input.title,
          description: input.description ?? null,
          category: input.category.join(','),
          isMature: input.isMature,
          now: ctx.now(),
        });
        await replaceCategories(db, project.id, input.category);
        await replaceTags(db, project.id, input.tags);
        // An upload deleted as stale (or taken by another project) since it was found above:
        // nothing of this project is kept.
        const attached = await attachMedia(db, { projectId: project.id, ownerId: userId, orderedIds });
        if (attached !== orderedIds.length) throw invalidField('images', MEDIA_FILES_FIRST);
        await syncSearchDocuments(db, ctx.engine, { projectId: project.id });
        invalidateAfterCommit(tx, changedByNewProject({ projectId: project.id, creatorId: userId }));
        return project;
      });
      return hydrateOne(ctx, row, userId);
    } catch (error) {
      // Two projects with one title at the same moment: the loser takes a suffixed slug.
      if (!isUniqueViolation(error) || attempt >= 3) throw error;
      slug = suffixed(slugify(input.title));
    }
  }
}

/** PROJECTS_PER_DAY in any 24 hours: 429 past it. Inside the creating transaction, the member's row locked. */
async function ensureProjectAllowed(tx: TContext, userId: number): Promise<void> {
  await lockMember(tx, userId);
  const now = tx.now();
  const created = await projectsCreatedSince(tx.db, userId, new Date(now.getTime() - DAY_MS));
  const limit = tx.config.limits.projectsPerDay;
  if (created.count >= limit) throw dailyQuotaReached(LIMIT_MESSAGES.projects(limit), created.oldest, now);
}

export type TProjectKey = { id: number } | { slug: string };

const visitorCopyKey = (key: TProjectKey) => `project:${'id' in key ? `id:${key.id}` : `slug:${key.slug}`}`;
const viewedKey = (projectId: number, viewerKey: string, day: string) => `viewed:${projectId}:${viewerKey}:${day}`;
const today = (ctx: TContext) => viewDay(ctx.now());

function findByKey(ctx: TContext, key: TProjectKey): Promise<ProjectRow | undefined> {
  return 'id' in key ? findProjectById(ctx.db, key.id) : findProjectBySlug(ctx.db, key.slug);
}

/**
 * A project by id or slug; counts the viewer's view once a day, except its creator's: looking at
 * your own work is not an audience (and the view landing a second later would move a project
 * its creator just published through the trending order they are paging).
 */
export async function viewProject(ctx: TContext, key: TProjectKey, viewer: TViewer): Promise<TProject> {
  const day = today(ctx);
  const seenAs = await viewerKey(ctx, viewer, day);
  // Everyone but staff sees the same listed project, bar what the viewer did (isLiked,
  // isFollowing) and, for its creator, the hidden prompt: visitors and members are answered
  // from one cached visitors' copy, a member's own part from what is kept of their likes and
  // follows. The view is still counted per viewer.
  const cacheKey = visitorCopyKey(key);
  const cached = viewer.staff ? undefined : ctx.readCache.get<TProject>(cacheKey);
  if (cached && cached.user.id !== viewer.userId) {
    if (await countViewOnce(ctx, cached.id, seenAs, day)) viewsSinceCopied.set(cached, viewsSince(cached) + 1);
    const views = cached.views + viewsSince(cached);
    return viewer.userId === null ? withOwnPart(cached, { views }) : withViewerState(ctx, cached, viewer.userId, views);
  }
  const ticket = ctx.readCache.ticket();
  const flushes = ctx.views?.mark();
  const found = await findByKey(ctx, key);
  if (!found || !mayView(found, viewer)) throw notFound('Project not found');
  // The views still waiting to be written count already (view-counts.ts).
  const steady = flushes === undefined || ctx.views!.steadySince(flushes);
  const row = withPendingViews(ctx, found);
  const counted = row.user_id !== viewer.userId && (await countViewOnce(ctx, row.id, seenAs, day));
  const seen = counted ? { ...row, views_count: row.views_count + 1 } : row;
  // Only shown projects reach the visitors' copy, so it carries no moderation note, and the
  // answers made from it now are the same as those made from it later, when it is kept.
  if (isListed(row)) {
    const copy = await hydrateOne(ctx, seen, null);
    // A batch of views written while the row was read may or may not be in it: not kept then.
    if (steady) ctx.readCache.set(cacheKey, copy, ticket, { tags: projectPageTags(copy) });
    if (viewer.userId === null) return withOwnPart(copy, { views: copy.views });
    if (row.user_id !== viewer.userId) return withViewerState(ctx, copy, viewer.userId);
  }
  const project = await hydrateOne(ctx, seen, viewer.userId);
  return { ...project, moderation: moderationNote(row) };
}

/**
 * Views counted on a cached visitors' copy since it was read: answers show the copy's count plus
 * these as their own part (withOwnPart), so the copy itself stays as it is, checked and encoded
 * once (server/http/serialize-answer.ts), however many new visitors come. A copy read again from
 * the database starts at none, its count taking in the views still waiting to be written.
 */
const viewsSinceCopied = new WeakMap<TProject, number>();
const viewsSince = (copy: TProject) => viewsSinceCopied.get(copy) ?? 0;

/** The shared copy as this member sees it: whether they like the project and follow its creator. */
async function withViewerState(ctx: TContext, copy: TProject, viewerId: number, views = copy.views): Promise<TProject> {
  const { liked, following } = await viewerState(ctx, viewerId, { projectIds: [copy.id], creatorIds: [copy.user.id] });
  return withOwnPart(copy, { views, isLiked: liked.has(copy.id), isFollowing: following.has(copy.user.id) });
}

/** Shared cards as this member sees them: which they like, whose creators they follow. */
export async function cardsAsMemberSees(ctx: TContext, items: readonly TProject[], viewerId: number): Promise<TProject[]> {
  const { liked, following } = await viewerState(ctx, viewerId, { projectIds: items.map((item) => item.id), creatorIds: [...new Set(items.map((item) => item.user.id))] });
  return items.map((item) => withOwnPart(item, { isLiked: liked.has(item.id), isFollowing: following.has(item.user.id) }));
}

/** Shown to everyone: not hidden by a moderator, its creator not suspended (projects.repo.ts listed()). */
function isListed(row: ProjectRow): boolean {
  return row.hidden_at === null && row.owner_suspended === 0;
}

/** A hidden project is its owner's and staff's to see; one of a suspended creator, staff's only. */
function mayView(row: ProjectRow, viewer: Pick<TViewer, 'userId' | 'staff'>): boolean {
  if (isListed(row) || viewer.staff) return true;
  return row.owner_suspended === 0 && viewer.userId === row.user_id;
}

/**
 * Whether this visitor's view of the project is counted today and the project's visitor copy
 * is cached: then the whole cached answer may be sent again, with nothing left to do.
 */
export function isViewAlreadyCounted(ctx: TContext, key: TProjectKey, viewer: TViewer): boolean {
  return keptCopyAndView(ctx, key, viewer)?.counted === true;
}

/**
 * The project's kept visitors' copy and this viewer's view of it today, known without waiting
 * (null when either the copy or the day's salt is not in this process's cache): whether that
 * view is counted already.
 */
function keptCopyAndView(ctx: TContext, key: TProjectKey, viewer: TViewer): { copy: TProject; view: TViewRow; counted: boolean } | null {
  const copy = ctx.readCache.get<TProject>(visitorCopyKey(key));
  if (copy === undefined) return null;
  const day = today(ctx);
  const seenAs = knownViewerKey(ctx, viewer, day);
  if (seenAs === null) return null;
  const view = { project_id: copy.id, viewer_key: seenAs, day };
  return { copy, view, counted: isRemembered(ctx, view) };
}

/**
 * How long a kept answer of a project's page is sent to visitors, new ones included: the views
 * it shows trail the count by at most this. Past it the next visitor's answer is made again
 * (viewProject), with every view counted until then. Half the read cache's TTL, within which the
 * view counts of lists, profiles and the site's figures trail already: made again every second,
 * a page of the tail was made again at nearly every visit (the README's nineteenth pass).
 * Members' answers, the creator's and a project's first answer show every view counted.
 */
export const KEPT_PAGE_VIEWS_TRAIL_MS = 30_000;

/**
 * Whether a visitor may be sent the kept answer of a project's page, made `ageMs` ago: while it
 * is younger than KEPT_PAGE_VIEWS_TRAIL_MS, when their view of today is counted already, or when
 * it is new and this process counts it here, without the database and without the handler.
 * Making a new visitor's answer again, with their view in its count, cost a popular page more
 * than a kept answer's CPU (the README's seventeenth pass); now it is made at most once a trail.
 */
export function servesKeptPage(ctx: TContext, key: TProjectKey, viewer: TViewer, ageMs: number): boolean {
  if (ageMs >= KEPT_PAGE_VIEWS_TRAIL_MS) return false;
  const kept = keptCopyAndView(ctx, key, viewer);
  if (kept === null) return false;
  if (kept.counted) return true;
  // Kept answers go to visitors only, so never to the project's creator, whose views are not counted.
  if (viewer.userId !== null || !countKnownNewView(ctx, kept.view)) return false;
  viewsSinceCopied.set(kept.copy, viewsSince(kept.copy) + 1);
  return true;
}

/**
 * Counts a view the caller found neither waiting nor remembered (keptCopyAndView), when this
 * process can tell it is new without the database (the view buffer knows the day's recorded
 * views, and it is not among them): it then waits in the buffer and the viewer is remembered.
 * False, and nothing counted, when the buffer cannot tell or is full.
 */
function countKnownNewView(ctx: TContext, view: TViewRow): boolean {
  const buffer = ctx.views;
  if (!buffer || buffer.mayBeRecorded(view)) return false;
  const ticket = ctx.readCache.ticket();
  if (buffer.add(view) !== 'added') return false;
  rememberViewer(ctx, view, ticket);
  return true;
}

/**
 * The viewer's view of the project that day is counted: their next visit costs no lookup. The
 * view buffer remembers it (view-buffer.ts); without one (a context that writes views at once), a
 * mark in the read cache does.
 */
function rememberViewer(ctx: TContext, view: TViewRow, ticket: TCacheTicket): void {
  if (ctx.views) return ctx.views.remember(view);
  const seenKey = viewedKey(view.project_id, view.viewer_key, view.day);
  ctx.readCache.set(seenKey, true, ticket, { tags: UNTOUCHED_BY_WRITES, bytes: seenKey.length + 64 });
}

/** Whether this process knows the view is counted already (rememberViewer). */
function isRemembered(ctx: TContext, view: TViewRow): boolean {
  return ctx.views ? ctx.views.isCounted(view) : ctx.readCache.get<true>(viewedKey(view.project_id, view.viewer_key, view.day)) === true;
}

/** The row with the views that wait to be written (view-counts.ts) counted in. */
function withPendingViews(ctx: TContext, row: ProjectRow): ProjectRow {
  const pending = ctx.views?.pending(row.id) ?? 0;
  return pending === 0 ? row : { ...row, views_count: row.views_count + pending };
}

/**
 * Counts a view once per visitor per day. Visitors who come back the same day are remembered
 * by the view buffer (its latest 150,000 to 300,000 views), so their visits cost no database
 * read or write. A new view waits in the view buffer, written with the others of its second in
 * one transaction (view-counts.ts); without one (or with it full), the view row and the counter
 * are written in a transaction of its own.
 */
async function countViewOnce(ctx: TContext, projectId: number, viewerKey: string, day: string): Promise<boolean> {
  const view = { project_id: projectId, viewer_key: viewerKey, day };
  if (isRemembered(ctx, view)) return false;
  const ticket = ctx.readCache.ticket();
  if (ctx.views) {
    // Neither waiting nor remembered (new, or forgotten): written already? The database is
    // asked (a read, not a write) only when the buffer cannot tell it is new. A request that
    // added the view meanwhile finds it waiting (add).
    const recorded = ctx.views.mayBeRecorded(view) && (await isViewRecorded(ctx, view));
    if (recorded) ctx.views.noteRecorded(view);
    const buffered = recorded ? 'known' : ctx.views.add(view);
    if (buffered !== 'full') {
      rememberViewer(ctx, view, ticket);
      return buffered === 'added';
    }
  }
  const counted = await inTransaction(ctx, async (tx) => {
    if (!(await recordViewOnce(tx, projectId, viewerKey, day))) return false;
    await addView(tx.db, projectId);
    return true;
  });
  rememberViewer(ctx, view, ticket);
  return counted;
}

/** What another module may say of a project: its title, where it is and who made it. */
export async function projectSummary(ctx: Pick<TContext, 'db'>, projectId: number): Promise<{ id: number; title: string; slug: string; creatorId: number } | null> {
  const row = await findProjectById(ctx.db, projectId);
  return row ? { id: row.id, title: row.title, slug: row.slug, creatorId: row.user_id } : null;
}

/** Moves projects' comment counters; the comments module calls it in the transaction that adds, deletes, hides or restores. */
export async function moveCommentCounts(ctx: Pick<TContext, 'db'>, deltas: ReadonlyMap<number, number>): Promise<void> {
  for (const [projectId, delta] of deltas) {
    if (delta !== 0) await moveCommentCounter(ctx.db, projectId, delta);
  }
}

/** The project as a visitor would see it, without counting a view (meta tags, share images). */
export async function peekProject(ctx: TContext, key: TProjectKey): Promise<TProject | null> {
  const row = await findByKey(ctx, key);
  return row && isListed(row) ? hydrateOne(ctx, withPendingViews(ctx, row), null) : null;
}

/** What each sort's cursor carries: the type of its column. */
const SORT_CURSOR_VALUES = { trending: 'number', recent: 'text', popular: 'integer', views: 'integer' } as const satisfies Record<TListProjectsQuery['sort'], TCursorValue>;

/**
 * Visitors' discovery lists leave mature work out (members' lists show it, blurred unless they
 * opted in); a creator's own list and direct links still show it, blurred.
 */
export function matureFilter(viewerId: number | null): Pick<TProjectFilter, 'excludeMature'> {
  return viewerId === null ? { excludeMature: true } : {};
}

export async function listProjects(ctx: TContext, query: TListProjectsQuery, viewerId: number | null, scope: Pick<TProjectFilter, 'userId'> = {}): Promise<TPage<TProject>> {
  if (viewerId !== null && scope.userId === undefined) return membersGalleryPage(ctx, query, viewerId);
  return listProjectsFor(ctx, query, viewerId, scope);
}

/**
 * A gallery page is the same for every member (mature work in, unlike visitors') but for their
 * likes and follows. What is kept of it is which projects it shows, in what order (and the next
 * page's cursor), under the tags of what decides that alone (listIdsTags): a like or comment on
 * one of its projects changes that project's card, not the list, so the page is put together
 * again from its kept ids and the shared cards, of which only the changed one is built again.
 * Each member's own part comes from what is kept of their likes and follows.
 */
async function membersGalleryPage(ctx: TContext, query: TListProjectsQuery, viewerId: number): Promise<TPage<TProject>> {
  const key = `members-gallery:${JSON.stringify([query.sort, query.category, query.tag, query.limit, query.cursor])}`;
  const kept = ctx.readCache.get<TPage<number>>(key);
  if (kept) return { nextCursor: kept.nextCursor, items: await cardsAsMemberSees(ctx, await sharedCardsByIds(ctx, kept.items), viewerId) };
  const ticket = ctx.readCache.ticket();
  // As a member sees it (no mature filter), with nobody's likes or follows in it.
  const page = await listProjectsFor(ctx, query, null, {}, {});
  ctx.readCache.set(key, { nextCursor: page.nextCursor, items: page.items.map((card) => card.id) } satisfies TPage<number>, ticket, { tags: listIdsTags(query.sort) });
  return { ...page, items: await cardsAsMemberSees(ctx, page.items, viewerId) };
}

/** `audience`: whose filter applies (visitors leave mature work out); `viewerId`: whose likes and follows the cards carry. */
async function listProjectsFor(
  ctx: TContext,
  query: TListProjectsQuery,
  viewerId: number | null,
  scope: Pick<TProjectFilter, 'userId'>,
  audience: Pick<TProjectFilter, 'excludeMature'> = matureFilter(viewerId),
): Promise<TPage<TProject>> {
  // A creator's own list keeps what a moderator hid: its page tells them why.
  const withHidden = scope.userId !== undefined && scope.userId === viewerId;
  const filter: TProjectFilter = { categories: query.category, tags: query.tag, ...(scope.userId === undefined ? audience : {}), ...scope, withHidden };
  const ticket = ctx.readCache.ticket();
  const rows = await listProjectPage(ctx.db, ctx.engine, { sort: query.sort, filter, limit: query.limit, after: decodeCursor(query.cursor, SORT_CURSOR_VALUES[query.sort]), reads: ctx.slowReads });
  const column = SORT_COLUMNS[query.sort];
  return toPage(rows, query.limit, (row) => [row[column], row.id], async (page) => {
    if (viewerId === null) return sharedCards(ctx, page, ticket);
    const projects = await hydrateProjects(ctx, page, viewerId, 'card');
    if (!withHidden) return projects;
    // Their own hidden cards say so (My Projects' 'Hidden' mark and its reason).
    const notes = new Map(page.map((row) => [row.id, moderationNote(row)]));
    return projects.map((project) => ({ ...project, moderation: notes.get(project.id) ?? null }));
  });
}

/**
 * The Following feed: the newest projects of the creators the member follows, newest first
 * (the sort does not apply), with mature work as in members' gallery (blurred unless opted in).
 */
export async function listFollowingFeed(ctx: TContext, viewerId: number, page: { limit: number; cursor?: string | undefined }): Promise<TPage<TProject>> {
  const rows = await listFollowingPage(ctx.db, { followerId: viewerId, limit: page.limit, after: decodeCursor(page.cursor) });
  return toPage(rows, page.limit, (row) => [row.created_at, row.id], (pageRows) => hydrateProjects(ctx, pageRows, viewerId, 'card'));
}

/** The projects a member liked, most recent like first. */
export async function listLikedProjects(ctx: TContext, userId: number, page: { limit: number; cursor?: string | undefined }): Promise<TPage<TProject>> {
  const liked = await likedProjectsPage(ctx, userId, page);
  const rows = (await findProjectsByIds(ctx.db, liked.items)).filter((row) => mayView(row, { userId, staff: false }));
  return { items: await hydrateProjects(ctx, rows, userId, 'card'), nextCursor: liked.nextCursor };
}

export async function listSimilarProjects(ctx: TContext, projectId: number, viewerId: number | null): Promise<TProject[]> {
  const row = await findProjectById(ctx.db, projectId);
  if (!row) throw notFound('Project not found');
  const tags = (await tagsOfProjects(ctx.db, [row.id])).get(row.id) ?? [];
  const similar = await listSimilar(ctx.db, { id: row.id, tags, categories: categoriesOf(row.category) }, SIMILAR_LIMIT, matureFilter(viewerId));
  return hydrateProjects(ctx, similar, viewerId, 'card');
}

export async function pickRandomProject(ctx: TContext): Promise<TProjectRef> {
  const project = await randomProject(ctx.db);
  if (!project) throw notFound('No projects yet');
  return project;
}

/** Likes or unlikes: the like row and the project's counter change in one transaction. */
export async function toggleLike(ctx: TContext, userId: number, projectId: number): Promise<TLikeResponse> {
  const project = await findProjectById(ctx.db, projectId);
  if (!project || !mayView(project, { userId, staff: false })) throw notFound('Project not found');
  const { changed, ...answer } = await inTransaction(ctx, async (tx) => {
    const { liked, delta } = await toggleLikeOf(tx, userId, projectId);
    if (delta !== 0) {
      await moveLikeCounters(tx.db, [projectId], delta);
      invalidateAfterCommit(tx, changedByLike({ projectId, creatorId: project.user_id, likerId: userId }));
    }
    if (delta === 1) await notify(tx, { userId: project.user_id, type: 'like', actorId: userId, projectId });
    return { liked, newCount: await likeCount(tx.db, projectId), changed: delta !== 0 };
  });
  // Lists ordered by likes that do not show the project learn of it within LIKE_ORDER_LAG_MS.
  if (changed) ctx.readCache.invalidateSoon(changedByLikesWithinLag(), LIKE_ORDER_LAG_MS);
  return answer;
}

async function ownedProject(ctx: TContext, userId: number, projectId: number): Promise<ProjectRow> {
  const row = await findProjectById(ctx.db, projectId);
  if (!row) throw notFound('Project not found');
  if (row.user_id !== userId) throw forbidden('Only the creator can change this project');
  return row;
}

export async function updateProject(ctx: TContext, userId: number, projectId: number, input: TUpdateProjectRequest): Promise<TProject> {
  const row = await ownedProject(ctx, userId, projectId);
  const scheduled = await inTransaction(ctx, async (tx) => {
    const { db } = tx;
    // Checked before anything changes: an unknown or foreign URL must not cost the project its media.
    if (input.images !== undefined) {
      const usable = await findUsableMediaByUrls(db, { projectId: row.id, ownerId: userId, urls: input.images });
      if (usable.length !== input.images.length || new Set(input.images).size !== input.images.length) {
        throw invalidField('images', MEDIA_FILES_FIRST);
      }
    }
    await updateProjectRow(db, row.id, {
      ...(input.title !== undefined ? { title: input.title } : {}),
      ...(input.description !== undefined ? { description: input.description } : {}),
      ...(input.category !== undefined ? { category: input.category.join(',') } : {}),
      ...(input.hidePrompt !== undefined ? { hide_prompt: input.hidePrompt ? 1 : 0 } : {}),
      ...(input.isMature !== undefined ? { is_mature: input.isMature ? 1 : 0 } : {}),
      updated_at: ctx.now().toISOString(),
    });
    if (input.category !== undefined) await replaceCategories(db, row.id, input.category);
    if (input.tags !== undefined) await replaceTags(db, row.id, input.tags);
    await syncSearchDocuments(db, ctx.engine, { projectId: row.id });
    invalidateAfterCommit(tx, changedByProjectEdit({ projectId: row.id, creatorId: userId }));
    if (input.images === undefined) return [];
    const { removed, placed } = await detachMissingMedia(db, { projectId: row.id, ownerId: userId, orderedUrls: input.images });
    // An upload found usable above was deleted as stale since (PostgreSQL): the edit is undone whole.
    if (placed !== input.images.length) throw invalidField('images', MEDIA_FILES_FIRST);
    return scheduleFileDeletions(tx, storageKeysOf(removed));
  });
  await deleteScheduledFiles(ctx, scheduled);
  return hydrateOne(ctx, (await findProjectById(ctx.db, row.id))!, userId);
}

export async function deleteProject(ctx: TContext, userId: number, projectId: number): Promise<void> {
  const row = await ownedProject(ctx, userId, projectId);
  await deleteFiles(ctx, await inTransaction(ctx, (tx) => removeProjectRow(tx, row)));
}

/** The project's rows go; its files are scheduled for deletion (the caller deletes them after the commit). */
async function removeProjectRow(tx: TContext, row: ProjectRow): Promise<FileDeletionRow[]> {
  const keys = await deleteMediaOfProject(tx.db, row.id);
  await deleteProjectRow(tx.db, row.id);
  invalidateAfterCommit(tx, changedByProjectDeletion({ projectId: row.id, creatorId: row.user_id }));
  return scheduleFileDeletions(tx, keys);
}

const deleteFiles = (ctx: TContext, scheduled: FileDeletionRow[]) => deleteScheduledFiles(ctx, scheduled);

// ——— Moderation (features/moderation calls these inside its action's transaction) ———

/** What the moderation queue shows of a project, hidden or not; null once it is gone. */
export async function projectForModeration(ctx: TContext, projectId: number): Promise<{ title: string; slug: string; ownerId: number; hidden: boolean; listed: boolean } | null> {
  const row = await findProjectById(ctx.db, projectId);
  return row ? { title: row.title, slug: row.slug, ownerId: row.user_id, hidden: row.hidden_at !== null, listed: isListed(row) } : null;
}

/** Whether this member may see (and so report) the project. */
export async function isProjectVisibleTo(ctx: TContext, projectId: number, viewer: Pick<TViewer, 'userId' | 'staff'>): Promise<boolean> {
  const row = await findProjectById(ctx.db, projectId);
  return row !== undefined && mayView(row, viewer);
}

/** A moderator hides the project (reason shown to its owner), or shows it again (null). */
export async function setProjectModeration(ctx: TContext, projectId: number, hidden: { reason: string } | null): Promise<void> {
  const row = await findProjectById(ctx.db, projectId);
  if (!row) throw notFound('Project not found');
  await setProjectHidden(ctx.db, row.id, hidden ? { at: ctx.now().toISOString(), reason: hidden.reason } : null);
  invalidateAfterCommit(ctx, changedByProjectModeration({ projectId: row.id, creatorId: row.user_id }));
}

/** A moderator deletes the project for good. Run inside the action's transaction; returns the files to delete after it commits. */
export async function removeProjectForModeration(ctx: TContext, projectId: number): Promise<FileDeletionRow[]> {
  const row = await findProjectById(ctx.db, projectId);
  if (!row) throw notFound('Project not found');
  return removeProjectRow(ctx, row);
}

/** After the moderator's deletion committed: its media files go. */
export function deleteFilesOfRemovedProject(ctx: TContext, scheduled: FileDeletionRow[]): Promise<void> {
  return deleteFiles(ctx, scheduled);
}

/** A suspension hides every project of the member from everyone but staff; its end shows them again. */
export async function setCreatorSuspended(ctx: Pick<TContext, 'db' | 'readCache' | 'changedInTransaction'>, userId: number, suspended: boolean): Promise<void> {
  await setOwnerSuspended(ctx.db, userId, suspended);
  invalidateAfterCommit(ctx, changedBySuspension(userId));
}

export type TNewMediaRow = NewProjectMediaRow;

/** What a member may still upload now: bytes in the rolling day and unattached files; 429 when either is used up. */
export interface TUploadAllowance {
  bytes: number;
  files: number;
  /** The 429s for passing either while the upload streams in. */
  overBytes: () => Error;
  overFiles: () => Error;
}

const uploadBytesReached = (ctx: TContext, oldest: string | null, now: Date) =>
  dailyQuotaReached(LIMIT_MESSAGES.uploadBytes(bytesText(ctx.config.limits.uploadBytesPerDay)), oldest, now);
/** Held uploads leave when a project takes them, or as stale a day after they came (hourly sweep). */
const unattachedReached = (ctx: TContext, oldest: string | null, now: Date) =>
  dailyQuotaReached(LIMIT_MESSAGES.unattachedUploads(ctx.config.limits.unattachedUploads), oldest, now);

/**
 * Checked before an upload's first byte is written (the upload stops when it would pass
 * either), and again with the member's row locked when its rows are recorded (recordUploads).
 */
export async function uploadAllowance(ctx: TContext, ownerId: number): Promise<TUploadAllowance> {
  const now = ctx.now();
  const { uploadBytesPerDay, unattachedUploads } = ctx.config.limits;
  const [used, held] = await Promise.all([uploadedBytesSince(ctx.db, ownerId, new Date(now.getTime() - DAY_MS)), unattachedUploadsOf(ctx.db, ownerId)]);
  if (used.bytes >= uploadBytesPerDay) throw uploadBytesReached(ctx, used.oldest, now);
  if (held.count >= unattachedUploads) throw unattachedReached(ctx, held.oldest, now);
  return {
    bytes: uploadBytesPerDay - used.bytes,
    files: unattachedUploads - held.count,
    overBytes: () => uploadBytesReached(ctx, used.oldest ?? now.toISOString(), now),
    overFiles: () => unattachedReached(ctx, held.oldest ?? now.toISOString(), now),
  };
}

/**
 * Freshly uploaded media, not in any project yet: recorded in one transaction, in this order,
 * if the member's upload limits still allow them (parallel uploads were each checked alone).
 */
export async function recordUploads(ctx: TContext, rows: TNewMediaRow[]): Promise<TMedia[]> {
  const inserted = await inTransaction(ctx, async (tx) => {
    for (const ownerId of new Set(rows.map((row) => row.owner_id))) {
      await lockMember(tx, ownerId);
      const now = tx.now();
      const mine = rows.filter((row) => row.owner_id === ownerId);
      const used = await uploadedBytesSince(tx.db, ownerId, new Date(now.getTime() - DAY_MS));
      if (used.bytes + mine.reduce((sum, row) => sum + row.size_bytes, 0) > tx.config.limits.uploadBytesPerDay) throw uploadBytesReached(tx, used.oldest, now);
      const held = await unattachedUploadsOf(tx.db, ownerId);
      if (held.count + mine.length > tx.config.limits.unattachedUploads) throw unattachedReached(tx, held.oldest, now);
    }
    return insertMedia(tx.db, rows);
  });
  return inserted.map(toMedia);
}

/**
 * Everything a member uploaded, in projects or not, goes when they leave: run inside the
 * deletion's transaction; its answer goes to deleteScheduledFiles after the commit.
 */
export async function removeMediaOfCreator(ctx: TContext, userId: number): Promise<FileDeletionRow[]> {
  return scheduleFileDeletions(ctx, await deleteMediaOfOwner(ctx.db, userId));
}

/**
 * Deletes uploads that no project took within UNATTACHED_UPLOAD_MS, with their files: each
 * batch's rows and its file deletions commit together, then the files are deleted. A project
 * created at the same moment either took the upload first (and it stays) or finds it gone and
 * answers 400. Idempotent; how many uploads went.
 */
export function deleteStaleUploads(ctx: Pick<TContext, 'db' | 'engine' | 'now' | 'storage' | 'log'>, options: TBatchOptions = {}): Promise<number> {
  const before = new Date(ctx.now().getTime() - UNATTACHED_UPLOAD_MS);
  return inBatches(STALE_UPLOADS_BATCH, options, async (size) => {
    const scheduled = await inTransaction(ctx, async (tx) => scheduleFileDeletions(tx, await deleteUnattachedMediaBefore(tx.db, tx.engine, before, size)));
    await deleteScheduledFiles(ctx, scheduled);
    return scheduled.length;
  });
}

/**
 * Before a member's likes vanish with their account, the projects they liked lose them (their
 * own projects go with them anyway). Run inside the deletion's transaction.
 */
export async function withdrawLikesBy(ctx: TContext, userId: number): Promise<void> {
  await forEachLikedProject(ctx, userId, WITHDRAW_LIKES_BATCH, async (projectIds) => {
    await moveLikeCounters(ctx.db, await projectIdsNotBy(ctx.db, projectIds, userId), -1);
  });
}

/** The creator's name is searchable on each of their projects: rewrite those documents. */
export async function reindexCreator(ctx: TContext, userId: number): Promise<void> {
  await syncSearchDocuments(ctx.db, ctx.engine, { userId });
}

/** Every project's search document, after a bulk load (bench/seed-scale.ts). */
export async function rebuildSearchIndex(ctx: Pick<TContext, 'db' | 'engine'>): Promise<void> {
  await syncSearchDocuments(ctx.db, ctx.engine, 'everything');
}

/** A creator's projects, and the likes and views those received. */
export function creatorTotals(ctx: TContext, userId: number): Promise<{ projects: number; likes: number; views: number }> {
  return creatorTotalsRow(ctx.db, userId);
}

/** Every project, and every like and view they received. */
export function siteTotals(ctx: TContext): Promise<{ projects: number; likes: number; views: number }> {
  return siteTotalsRow(ctx.db, ctx.slowReads);
}

/** Every upload category with its real project and creator counts. */
export async function categorySummaries(ctx: TContext): Promise<TCategorySummary[]> {
  const counts = new Map((await categoryCounts(ctx.db, ctx.slowReads)).map((row) => [row.category, row]));
  return UPLOAD_CATEGORIES.map((name) => ({
    name,
    projects: Number(counts.get(name)?.projects ?? 0),
    creators: Number(counts.get(name)?.creators ?? 0),
    trending: TRENDING_CATEGORIES.includes(name),
  }));
}

/** What the sitemap lists: the newest projects, and the creators who have any (latest change first). */
export async function sitemapEntries(ctx: TContext, limits: { projects: number; creators: number }) {
  const [projects, creators] = await Promise.all([newestProjects(ctx.db, limits.projects), activeCreators(ctx.db, limits.creators)]);
  return {
    projects: projects.map((row) => ({ id: row.id, lastmod: row.updated_at })),
    creators: creators.map((row) => ({ id: row.user_id, lastmod: row.lastmod === null ? null : String(row.lastmod) })),
  };
}

/**
 * Where the project's 1200×630 share image lives: the cover's og rendition, a video's poster, else
 * the default. A mature project's is blurred, never the work itself.
 */
export async function shareImageLocation(ctx: TContext, projectId: number): Promise<string> {
  const project = await findProjectById(ctx.db, projectId);
  if (!project || !isListed(project)) throw notFound('Project not found');
  const cover = ((await listMediaOfProjects(ctx.db, [projectId])).get(projectId) ?? []).slice(0, 1);
  if (project.is_mature === 1) return (cover[0] && (await blurredShareImage(ctx.storage, cover[0]))) ?? DEFAULT_OG_IMAGE;
  return coverShareImage(cover.map(toMedia)) ?? DEFAULT_OG_IMAGE;
}
