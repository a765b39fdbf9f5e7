// Jobs: posting (awaiting payment until paid), the live list, the poster's own list, reading
// one, the counting redirect to the application link, and expiry.
import { DAY_MS, PAYMENTS_OFF_MESSAGE } from '../../../shared/constants';
import { applicationHref, type TCreateJobRequest, type TJob, type TJobView, type TListJobsQuery, type TMyJob, type TUpdateJobRequest } from '../../../shared/schemas/job';
import { inTransaction, invalidateAfterCommit, type TContext } from '../../context';
import { changedByJobGoingLive } from '../../lib/cache-tags';
import type { JobRow, TJobCounterKind } from '../../db/schema';
import { AppError, forbidden, notFound } from '../../http/errors';
import { decodeCursor, toPage, type TPage } from '../../http/paging';
import { inBatches, type TBatchOptions } from '../../lib/in-batches';
import { moderationNote } from '../../lib/moderation-note';
import { unpaidJobsReached } from '../../http/member-limits';
import { lockMember, memberNames } from '../accounts/accounts.service';
import { notify } from '../notifications/notifications.service';
import { firstKeptViewDay, viewDay, viewerKey, type TViewer } from '../social/social.service';
import { effectiveStatus, toMyJob, toPublicJob } from './job.presenter';
import {
  closeJobRow,
  deleteJobTags,
  updateJobRow,
  deleteJobRow,
  takeListingsEndingBy,
  deleteUnpaidJobRows,
  setJobHidden,
  setPosterSuspended,
  addToJobCounter,
  deleteJobViewsBefore,
  insertJobViewOnce,
  countLiveJobs,
  countUnpaidJobs,
  expireEndedJobRows,
  findJobById,
  insertJob,
  type TJobFields,
  insertJobTags,
  listJobsOfUserPage,
  listLiveJobPage,
  tagsOfJobs,
} from './jobs.repo';

function isLive(row: JobRow, now: Date): boolean {
  return effectiveStatus(row, now) === 'active';
}

/** Not hidden by a moderator, its poster not suspended (jobs.repo.ts live()). */
function isShown(row: JobRow): boolean {
  return row.hidden_at === null && row.owner_suspended === 0;
}

/** Rows → the read shape, with a fixed number of queries however many rows there are. */
export async function hydrateJobs(ctx: TContext, rows: JobRow[]): Promise<TMyJob[]> {
  if (!rows.length) return [];
  const posterIds = rows.map((row) => row.user_id).filter((id): id is number => id !== null);
  const [tags, names] = await Promise.all([tagsOfJobs(ctx.db, rows.map((row) => row.id)), memberNames(ctx, posterIds)]);
  const now = ctx.now();
  return rows.map((row) => toMyJob(row, { tags: tags.get(row.id) ?? [], posterName: row.user_id === null ? undefined : names.get(row.user_id), now }));
}

export async function readJob(ctx: TContext, row: JobRow): Promise<TMyJob> {
  const [job] = await hydrateJobs(ctx, [row]);
  return job!;
}

/**
 * Creates the listing awaiting payment; it goes live only when a payment activates it. A member
 * holds at most UNPAID_JOBS_MAX unpaid ones (429 past it), counted with their row locked.
 */
/** The job form's fields (tags apart, in their own table), as posted or as edited. */
function jobFields(input: TCreateJobRequest | TUpdateJobRequest): TJobFields {
  return {
    title: input.title,
    company: input.company,
    companyLogo: input.companyLogo ?? null,
    description: input.description,
    requirements: input.requirements,
    location: input.location,
    remote: input.remote,
    type: input.type,
    salary: input.salary ?? null,
    applicationUrl: input.applicationUrl,
  };
}

export async function createJob(ctx: TContext, userId: number, input: TCreateJobRequest): Promise<TMyJob> {
  // With PAYMENTS_MODE=off no job could ever be paid for, so none is taken.
  if (ctx.config.payments.mode === 'off') throw new AppError(503, PAYMENTS_OFF_MESSAGE);
  const row = await inTransaction(ctx, async (tx) => {
    const { db } = tx;
    await lockMember(tx, userId);
    if ((await countUnpaidJobs(db, userId)) >= ctx.config.limits.unpaidJobs) throw unpaidJobsReached(ctx.config.limits.unpaidJobs);
    const job = await insertJob(db, { userId, ...jobFields(input), now: ctx.now() });
    await insertJobTags(db, job.id, input.tags);
    return job;
  });
  return readJob(ctx, row);
}

export interface TLiveJobsPage extends TPage<TJob> {
  /** How many live jobs match the filters, across all pages. */
  total: number;
}

export async function listLiveJobs(ctx: TContext, query: TListJobsQuery): Promise<TLiveJobsPage> {
  const filter = { now: ctx.now(), q: query.q || undefined, type: query.type, remoteOnly: query.remote, location: query.location || undefined };
  const [rows, total] = await Promise.all([listLiveJobPage(ctx.db, filter, query.limit, decodeCursor(query.cursor)), countLiveJobs(ctx.db, filter)]);
  const page = await toPage(rows, query.limit, (row) => [row.active_until ?? '', row.id], async (pageRows) => (await hydrateJobs(ctx, pageRows)).map(toPublicJob));
  return { ...page, total };
}

export async function listMyJobs(ctx: TContext, userId: number, page: { limit: number; cursor?: string | undefined }): Promise<TPage<TMyJob>> {
  const rows = await listJobsOfUserPage(ctx.db, userId, page.limit, decodeCursor(page.cursor));
  // The poster sees which of their listings a moderator hid, and why.
  return toPage(rows, page.limit, (row) => [row.created_at, row.id], async (pageRows) =>
    (await hydrateJobs(ctx, pageRows)).map((job, index) => ({ ...job, moderation: moderationNote(pageRows[index]!) })),
  );
}

/**
 * A live job for anyone (counted as a view, once per viewer per day); any of your own jobs with
 * its numbers; and for staff any job in whatever state (with why it is hidden). 404 otherwise.
 */
export async function viewJob(ctx: TContext, jobId: number, viewer: TViewer): Promise<TJobView> {
  const row = await findJobById(ctx.db, jobId);
  if (!row) throw notFound('Job not found');
  if (viewer.userId !== null && row.user_id === viewer.userId) return { ...(await readJob(ctx, row)), moderation: moderationNote(row), isOwn: true };
  const live = isLive(row, ctx.now()) && isShown(row);
  if (viewer.staff && !live) return { ...toPublicJob(await readJob(ctx, row)), moderation: moderationNote(row), isOwn: false };
  if (!live) throw notFound('Job not found');
  const counted = await countOncePerDay(ctx, row.id, 'view', viewer);
  return { ...toPublicJob(await readJob(ctx, counted ? { ...row, views: row.views + 1 } : row)), isOwn: false };
}

/** A live job as anyone sees it, without counting a view (the page's share meta); null when not live. */
export async function peekLiveJob(ctx: TContext, jobId: number): Promise<TJob | null> {
  const row = await findJobById(ctx.db, jobId);
  if (!row || !isLive(row, ctx.now()) || !isShown(row)) return null;
  return toPublicJob(await readJob(ctx, row));
}

/** The sitemap's job pages: live listings, newest first, with when each last changed. */
export async function sitemapJobs(ctx: TContext, limit: number): Promise<{ id: number; lastmod: string }[]> {
  const rows = await listLiveJobPage(ctx.db, { now: ctx.now() }, limit);
  return rows.slice(0, limit).map((row) => ({ id: row.id, lastmod: row.updated_at }));
}

/** The poster changes their listing: the whole form again, in whatever state the job is. */
export async function updateJob(ctx: TContext, userId: number, jobId: number, input: TUpdateJobRequest): Promise<TMyJob> {
  await findOwnedJob(ctx, userId, jobId);
  const row = await inTransaction(ctx, async (tx) => {
    const updated = await updateJobRow(tx.db, jobId, jobFields(input), tx.now());
    if (!updated) throw notFound('Job not found');
    await deleteJobTags(tx.db, jobId);
    await insertJobTags(tx.db, jobId, input.tags);
    invalidateAfterCommit(tx, changedByJobGoingLive());
    return updated;
  });
  return { ...(await readJob(ctx, row)), moderation: moderationNote(row) };
}

export const JOB_CLOSE_MESSAGES = {
  unpaid: 'This job is not live yet: it is awaiting payment',
  ended: 'This listing has already ended',
} as const;

/** The poster ends a live listing now: it leaves the board, and may be renewed later from today. */
export async function closeJob(ctx: TContext, userId: number, jobId: number): Promise<TMyJob> {
  const row = await findOwnedJob(ctx, userId, jobId);
  if (row.status === 'pending_payment') throw new AppError(409, JOB_CLOSE_MESSAGES.unpaid);
  const closed = await closeJobRow(ctx.db, jobId, ctx.now());
  if (!closed) throw new AppError(409, JOB_CLOSE_MESSAGES.ended);
  invalidateAfterCommit(ctx, changedByJobGoingLive());
  return { ...(await readJob(ctx, closed)), moderation: moderationNote(closed) };
}

/**
 * Counts a view or an apply click once per viewer per day, like project views: the viewer's row
 * and the counter in one transaction. True when this one counted.
 */
async function countOncePerDay(ctx: TContext, jobId: number, kind: TJobCounterKind, viewer: TViewer): Promise<boolean> {
  const day = viewDay(ctx.now());
  const key = await viewerKey(ctx, viewer, day);
  return inTransaction(ctx, async ({ db }) => {
    if (!(await insertJobViewOnce(db, { jobId, kind, viewerKey: key, day }))) return false;
    await addToJobCounter(db, jobId, kind);
    return true;
  });
}

/** The job of this member, or 404 / 403. */
export async function findOwnedJob(ctx: TContext, userId: number, jobId: number): Promise<JobRow> {
  const row = await findJobById(ctx.db, jobId);
  if (!row) throw notFound('Job not found');
  if (row.user_id !== userId) throw forbidden('Only the member who posted this job can do that');
  return row;
}

/** Counts the click (once per viewer per day) and answers where to send the applicant: mailto: for an e-mail, else the URL. */
export async function applyToJob(ctx: TContext, jobId: number, viewer: TViewer): Promise<string> {
  const row = await findJobById(ctx.db, jobId);
  if (!row || !isLive(row, ctx.now()) || !isShown(row)) throw notFound('Job not found');
  await countOncePerDay(ctx, row.id, 'apply', viewer);
  return applicationHref(row.application_url);
}

const OLD_JOB_VIEWS_BATCH = 1000;

/**
 * Deletes job view and apply-click rows of days that no longer dedupe (the same days as
 * project views: social's KEEP_VIEWS_DAYS). The counters on jobs keep every count.
 */
export function pruneOldJobViews(ctx: Pick<TContext, 'db' | 'engine' | 'now'>, options: TBatchOptions = {}): Promise<number> {
  const firstKeptDay = firstKeptViewDay(ctx.now());
  return inBatches(OLD_JOB_VIEWS_BATCH, options, (size) => deleteJobViewsBefore(ctx.db, ctx.engine, firstKeptDay, size));
}

/** Marks listings whose 60 days are over as expired (they already left the live list at their end). */
export function expireEndedJobs(ctx: Pick<TContext, 'db' | 'now'>): Promise<number> {
  return expireEndedJobRows(ctx.db, ctx.now());
}

/** How long before its end a poster is told that their listing ends. */
const EXPIRY_NOTICE_MS = 3 * DAY_MS;
const EXPIRY_NOTICE_BATCH = 200;

/**
 * Tells posters of listings that end within 3 days, once per listing: each listing is taken
 * (marked announced) in the transaction that writes its notification, so a failure leaves it to
 * the next run and no other process announces it too.
 */
export async function notifyExpiringJobs(ctx: Pick<TContext, 'db' | 'engine' | 'config' | 'now'>, options: TBatchOptions = {}): Promise<number> {
  return inBatches(EXPIRY_NOTICE_BATCH, options, (size) =>
    inTransaction(ctx, async (tx) => {
      const now = tx.now();
      const listings = await takeListingsEndingBy(tx.db, tx.engine, { now, until: new Date(now.getTime() + EXPIRY_NOTICE_MS), limit: size });
      for (const listing of listings) {
        if (listing.user_id !== null) await notify(tx, { userId: listing.user_id, type: 'job-expiring', actorId: null, jobId: listing.id, data: { title: listing.title } });
      }
      return listings.length;
    }),
  );
}

/** Jobs never paid for go with their member; paid ones stay up, their poster unlinked by the foreign key. */
export async function deleteUnpaidJobsOf(ctx: TContext, userId: number): Promise<void> {
  await deleteUnpaidJobRows(ctx.db, userId);
}

// ——— Moderation (features/moderation calls these inside its action's transaction) ———

/** What the moderation queue shows of a job; null once it is gone. */
export async function jobForModeration(ctx: TContext, jobId: number): Promise<{ title: string; ownerId: number | null; hidden: boolean; shown: boolean } | null> {
  const row = await findJobById(ctx.db, jobId);
  return row ? { title: row.title, ownerId: row.user_id, hidden: row.hidden_at !== null, shown: isShown(row) && isLive(row, ctx.now()) } : null;
}

/** A moderator hides the job (its poster sees why), or shows it again (null). */
export async function setJobModeration(ctx: TContext, jobId: number, hidden: { reason: string } | null): Promise<void> {
  if (!(await findJobById(ctx.db, jobId))) throw notFound('Job not found');
  await setJobHidden(ctx.db, jobId, hidden ? { at: ctx.now().toISOString(), reason: hidden.reason } : null);
  invalidateAfterCommit(ctx, changedByJobGoingLive());
}

/** A moderator deletes the job for good. */
export async function removeJobForModeration(ctx: TContext, jobId: number): Promise<void> {
  if (!(await findJobById(ctx.db, jobId))) throw notFound('Job not found');
  await deleteJobRow(ctx.db, jobId);
  invalidateAfterCommit(ctx, changedByJobGoingLive());
}

/** A suspension takes every job of the member off the board; its end puts them back. */
export async function setPosterSuspendedJobs(ctx: Pick<TContext, 'db' | 'readCache' | 'changedInTransaction'>, userId: number, suspended: boolean): Promise<void> {
  await setPosterSuspended(ctx.db, userId, suspended);
  invalidateAfterCommit(ctx, changedByJobGoingLive());
}
