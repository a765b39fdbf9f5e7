// What members do to each other's work and to each other: likes, follows, and counted views.
// A like or view also moves a counter on the project: projects.service.ts calls these inside
// the transaction that moves it.
import { createHmac, randomBytes } from 'node:crypto';
import { DAY_MS } from '../../../shared/constants';
import type { TFollowResponse } from '../../../shared/schemas/project';
import { inTransaction, invalidateAfterCommit, moveAfterCommit, type TContext, type TTransactional } from '../../context';
import { AppError, forbidden, notFound } from '../../http/errors';
import { decodeCursor, toPage, type TPage } from '../../http/paging';
import { changedByFollow, ownMarksTags, UNTOUCHED_BY_WRITES } from '../../lib/cache-tags';
import { inBatches, type TBatchOptions } from '../../lib/in-batches';
import type { TViewRow } from '../../lib/view-buffer';
import { memberExists } from '../accounts/accounts.service';
import { notify } from '../notifications/notifications.service';
import { blockExists } from './blocks.repo';
import {
  countFollowers,
  countFollowing,
  countLikesBy,
  deleteSaltsBefore,
  deleteViewsBefore,
  findSalt,
  followedAmong,
  insertSaltOnce,
  insertViewOnce,
  insertViewsOnce,
  likedAndFollowedAmong,
  likedProjectIdsAfter,
  likesAndFollowsOf,
  listLikesPage,
  toggleFollowRow,
  toggleLikeRow,
  viewExists,
  viewsOfDay,
} from './social.repo';

/** The like row flipped; the caller moves the counter by `delta` in the same transaction. */
export async function toggleLikeOf(ctx: TContext, userId: number, projectId: number): Promise<{ liked: boolean; delta: 1 | -1 | 0 }> {
  const flipped = await toggleLikeRow(ctx.db, userId, projectId, ctx.now());
  if (flipped.delta !== 0) moveOwnMarks(ctx, userId, 'liked', projectId, flipped.liked);
  return flipped;
}

/**
 * How long view rows are kept after their day ends. Only today's rows dedupe (a view is keyed by
 * the day it happens), but a request that read the clock just before midnight, or a process
 * whose clock runs behind, still writes yesterday's: two days is well past either.
 */
export const KEEP_VIEWS_DAYS = 2;
const OLD_VIEWS_BATCH = 1000;

/** Who is looking: a member, or a visitor known only by their address. */
export interface TViewer {
  userId: number | null;
  ip: string;
  /** A moderator or admin: sees what moderation hid. */
  staff?: boolean;
}

/** The last day viewDay worked out, and the milliseconds it spans: asked several times a request, it is the same all day. */
let lastViewDay = { from: 0, to: 0, day: '' };

/** The day a view counts on (UTC): a viewer counts once per day. */
export function viewDay(now: Date): string {
  const time = now.getTime();
  if (time >= lastViewDay.from && time < lastViewDay.to) return lastViewDay.day;
  const from = time - (((time % DAY_MS) + DAY_MS) % DAY_MS);
  lastViewDay = { from, to: from + DAY_MS, day: now.toISOString().slice(0, 10) };
  return lastViewDay.day;
}

const saltCacheKey = (day: string) => `view-salt:${day}`;

/**
 * The random salt of the day that visitors' addresses are hashed with. Stored in view_salts so
 * every process of the site hashes alike (the first to need it makes it), kept in the read cache
 * for a minute, and deleted with the day's view rows (pruneOldViews): once it is gone, nobody
 * can tell which address a view came from, even by trying every address.
 */
async function daySalt(ctx: TContext, day: string): Promise<string> {
  const cached = ctx.readCache.get<string>(saltCacheKey(day));
  if (cached) return cached;
  const ticket = ctx.readCache.ticket();
  let salt = await findSalt(ctx.db, day);
  if (!salt) {
    await insertSaltOnce(ctx.db, day, randomBytes(32).toString('hex'));
    salt = await findSalt(ctx.db, day);
    if (!salt) throw new Error(`no view salt for ${day}`);
  }
  ctx.readCache.set(saltCacheKey(day), salt, ticket, { tags: UNTOUCHED_BY_WRITES, bytes: 160 });
  return salt;
}

/** Addresses whose key under the latest salt is remembered, at most; past it they are forgotten and start again (bounded memory). */
export const VISITOR_KEYS_KEPT = 50_000;
/**
 * Visitors' keys under the latest salt, by address: the HMAC was about a tenth of the CPU of a
 * project page sent from the read cache (the README's eighteenth pass). In memory only, and
 * dropped when the next day's salt is first used.
 */
let keysOfSalt: { salt: string; byAddress: Map<string, string> } | null = null;

export function visitorKey(salt: string, ip: string): string {
  if (keysOfSalt?.salt !== salt) keysOfSalt = { salt, byAddress: new Map() };
  const known = keysOfSalt.byAddress.get(ip);
  if (known !== undefined) return known;
  const key = `a:${createHmac('sha256', salt).update(ip).digest('hex').slice(0, 32)}`;
  if (keysOfSalt.byAddress.size >= VISITOR_KEYS_KEPT) keysOfSalt.byAddress.clear();
  keysOfSalt.byAddress.set(ip, key);
  return key;
}

/**
 * The key a viewer's views count under on that day: `u:<id>` for a member; for a visitor an
 * HMAC-SHA256 of their address with the day's salt — the address only, so a new User-Agent is
 * not a new viewer, and the address itself is never stored.
 */
export async function viewerKey(ctx: TContext, viewer: TViewer, day: string): Promise<string> {
  if (viewer.userId !== null) return `u:${viewer.userId}`;
  return visitorKey(await daySalt(ctx, day), viewer.ip);
}

/** viewerKey without waiting: null when the day's salt is not in this process's cache yet. */
export function knownViewerKey(ctx: TContext, viewer: TViewer, day: string): string | null {
  if (viewer.userId !== null) return `u:${viewer.userId}`;
  const salt = ctx.readCache.get<string>(saltCacheKey(day));
  return salt ? visitorKey(salt, viewer.ip) : null;
}

/** Counts a view once per viewer per project per day; true when this one was new. */
export function recordViewOnce(ctx: TContext, projectId: number, viewerKey: string, day: string): Promise<boolean> {
  return insertViewOnce(ctx.db, projectId, viewerKey, day);
}

/** Whether this viewer's view of the project is recorded for that day already (a read, no write). */
export function isViewRecorded(ctx: Pick<TContext, 'db'>, view: TViewRow): Promise<boolean> {
  return viewExists(ctx.db, view);
}

/** The views recorded on `day`, or null when there are more than `limit` (too many to hold). */
export async function recordedViewsOfDay(ctx: Pick<TContext, 'db'>, day: string, limit: number): Promise<Omit<TViewRow, 'day'>[] | null> {
  const rows = await viewsOfDay(ctx.db, day, limit + 1);
  return rows.length > limit ? null : rows;
}

/** Counts many views at once, each once per viewer per project per day; the project id of each new one (a project as often as it got new views). */
export function recordViewsOnce(ctx: Pick<TContext, 'db'>, views: readonly TViewRow[]): Promise<number[]> {
  return insertViewsOnce(ctx.db, views);
}

interface TOwnMarks {
  liked: ReadonlySet<number>;
  following: ReadonlySet<number>;
}

/**
 * A member's likes and follows kept whole, up to this many of each: then every page they open
 * marks its cards from memory rather than asking the database which of its 12 projects they
 * like and which of its creators they follow (a statement on each of their requests, the
 * largest share of SQLite's time on members' pages). A member with more asks as before.
 */
export const OWN_MARKS_KEPT = 2000;
/** What one kept id costs in a Set: its slot in the hash table and the table's spare room. */
const OWN_MARK_BYTES = 24;

const ownMarksKey = (userId: number) => `own-marks:${userId}`;
const ownMarksBytes = (liked: number, following: number) => 128 + (liked + following) * OWN_MARK_BYTES;

/** The member's likes and follows, from the read cache or read whole; null when they are too many to keep. */
async function ownMarks(ctx: TContext, userId: number): Promise<TOwnMarks | null> {
  const key = ownMarksKey(userId);
  const kept = ctx.readCache.get<TOwnMarks | 'too many'>(key);
  if (kept !== undefined) return kept === 'too many' ? null : kept;
  // Taken before the read: a like or follow committed meanwhile keeps this read out of the cache.
  const ticket = ctx.readCache.ticket();
  const { liked, following } = await likesAndFollowsOf(ctx.db, userId, OWN_MARKS_KEPT + 1);
  const tooMany = liked.length > OWN_MARKS_KEPT || following.length > OWN_MARKS_KEPT;
  const marks: TOwnMarks | 'too many' = tooMany ? 'too many' : { liked: new Set(liked), following: new Set(following) };
  ctx.readCache.set(key, marks, ticket, { tags: ownMarksTags(userId), bytes: ownMarksBytes(liked.length, following.length) });
  return tooMany ? null : (marks as TOwnMarks);
}

/**
 * The member's own like or follow, in `tx`: once it commits, their kept marks are moved by it
 * rather than read whole again at their next page (a bench member with 300 likes: 0.6 ms of
 * SQLite at each of their likes and follows, a third of the database's time in the members'
 * mix). Two of one member's writes committing at once on PostgreSQL move the marks in the
 * order their commits are seen here, which for the same project or creator may not be the
 * order they committed in: the marks then show the other one until the read cache's TTL.
 */
function moveOwnMarks(tx: TTransactional, userId: number, which: keyof TOwnMarks, id: number, on: boolean): void {
  moveAfterCommit(tx, {
    key: ownMarksKey(userId),
    tags: ownMarksTags(userId),
    move(kept) {
      if (kept === 'too many') return { value: kept, bytes: ownMarksBytes(0, 0) };
      const marks = kept as TOwnMarks;
      const ids = new Set(marks[which]);
      if (on) ids.add(id);
      else ids.delete(id);
      if (ids.size > OWN_MARKS_KEPT) return undefined;
      const moved: TOwnMarks = { ...marks, [which]: ids };
      return { value: moved, bytes: ownMarksBytes(moved.liked.size, moved.following.size) };
    },
  });
}

/** What the viewer has done to these projects and their creators (nothing for a visitor). */
export async function viewerState(ctx: TContext, viewerId: number | null, items: { projectIds: number[]; creatorIds: number[] }): Promise<{ liked: Set<number>; following: Set<number> }> {
  if (viewerId === null) return { liked: new Set(), following: new Set() };
  const marks = await ownMarks(ctx, viewerId);
  if (!marks) return likedAndFollowedAmong(ctx.db, viewerId, items.projectIds, items.creatorIds);
  return { liked: new Set(items.projectIds.filter((id) => marks.liked.has(id))), following: new Set(items.creatorIds.filter((id) => marks.following.has(id))) };
}

/** A page of the projects the member liked, most recent like first: their ids. */
export async function likedProjectsPage(ctx: TContext, userId: number, page: { limit: number; cursor?: string | undefined }): Promise<TPage<number>> {
  const rows = await listLikesPage(ctx.db, userId, page.limit, decodeCursor(page.cursor));
  return toPage(rows, page.limit, (row) => [row.created_at, row.project_id], (pageRows) => pageRows.map((row) => row.project_id));
}

/** Every project the member likes, in batches (for taking their likes back when they leave). */
export async function forEachLikedProject(ctx: TContext, userId: number, batch: number, visit: (projectIds: number[]) => Promise<void>): Promise<void> {
  for (let after = 0; ; ) {
    const ids = await likedProjectIdsAfter(ctx.db, userId, after, batch);
    if (ids.length) await visit(ids);
    if (ids.length < batch) return;
    after = ids.at(-1)!;
  }
}

export const CANNOT_FOLLOW = 'You cannot follow this member';

export async function toggleFollow(ctx: TContext, followerId: number, followeeId: number): Promise<TFollowResponse> {
  if (followerId === followeeId) throw new AppError(400, 'You cannot follow yourself');
  if (!(await memberExists(ctx, followeeId))) throw notFound('Creator not found');
  return inTransaction(ctx, async (tx) => {
    if (await blockExists(tx.db, followeeId, followerId)) throw forbidden(CANNOT_FOLLOW);
    const following = await toggleFollowRow(tx.db, followerId, followeeId, ctx.now());
    moveOwnMarks(tx, followerId, 'following', followeeId, following);
    if (following) await notify(tx, { userId: followeeId, type: 'follow', actorId: followerId });
    invalidateAfterCommit(tx, changedByFollow({ followerId, followeeId }));
    return { following, followers: await countFollowers(tx.db, followeeId) };
  });
}

export async function isFollowing(ctx: TContext, followerId: number | null, followeeId: number): Promise<boolean> {
  if (followerId === null || followerId === followeeId) return false;
  return (await followedAmong(ctx.db, followerId, [followeeId])).has(followeeId);
}

/** A member's social figures: projects they liked, their followers, whom they follow. */
export async function memberFigures(ctx: TContext, userId: number): Promise<{ liked: number; followers: number; following: number }> {
  const [liked, followers, following] = await Promise.all([countLikesBy(ctx.db, userId), countFollowers(ctx.db, userId), countFollowing(ctx.db, userId)]);
  return { liked, followers, following };
}

/**
 * Deletes view rows whose day ended more than KEEP_VIEWS_DAYS ago. The counters on projects
 * (views, trending) keep every view; the rows only stop a viewer counting twice on one day.
 */
export async function pruneOldViews(ctx: Pick<TContext, 'db' | 'engine' | 'now'>, options: TBatchOptions = {}): Promise<number> {
  const firstKeptDay = firstKeptViewDay(ctx.now());
  const deleted = await inBatches(OLD_VIEWS_BATCH, options, (size) => deleteViewsBefore(ctx.db, ctx.engine, firstKeptDay, size));
  // The salts of those days go with them (job views of those days are pruned by the jobs module).
  await deleteSaltsBefore(ctx.db, firstKeptDay);
  return deleted;
}

/** The oldest day whose view rows (and salt) are kept: rows of earlier days no longer dedupe anything. */
export function firstKeptViewDay(now: Date): string {
  return viewDay(new Date(now.getTime() - KEEP_VIEWS_DAYS * DAY_MS));
}
