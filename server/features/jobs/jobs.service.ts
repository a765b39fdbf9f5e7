// Jobs: posting (awaiting payment until paid), the live list, the poster's own list, reading
// one, the counting redirect to the application link, and expiry.
import { applicationHref, type TCreateJobRequest, type TJob, type TListJobsQuery, type TMyJob } from '../../../shared/schemas/job';
import { inTransaction, type TContext } from '../../context';
import type { JobRow } from '../../db/schema';
import { forbidden, notFound } from '../../http/errors';
import { decodeCursor, toPage, type TPage } from '../../http/paging';
import { unpaidJobsReached } from '../../http/member-limits';
import { lockMember, memberNames } from '../accounts/accounts.service';
import { effectiveStatus, toMyJob, toPublicJob } from './job.presenter';
import {
  deleteUnpaidJobRows,
  countApplyClick,
  countJobView,
  countLiveJobs,
  countUnpaidJobs,
  expireEndedJobRows,
  findJobById,
  insertJob,
  insertJobTags,
  listJobsOfUserPage,
  listLiveJobPage,
  tagsOfJobs,
} from './jobs.repo';

function isLive(row: JobRow, now: Date): boolean {
  return effectiveStatus(row, now) === 'active';
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
export async function createJob(ctx: TContext, userId: number, input: TCreateJobRequest): Promise<TMyJob> {
  const row = await inTransaction(ctx, async (tx) => {
    const { db } = tx;
    await lockMember(tx, userId);
    if ((await countUnpaidJobs(db, userId)) >= ctx.config.limits.unpaidJobs) throw unpaidJobsReached(ctx.config.limits.unpaidJobs);
    const job = await insertJob(db, {
      userId,
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
      now: ctx.now(),
    });
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
  const filter = { now: ctx.now(), q: query.q || undefined, type: query.type };
  const [rows, total] = await Promise.all([listLiveJobPage(ctx.db, filter, query.limit, decodeCursor(query.cursor)), countLiveJobs(ctx.db, filter)]);
  const page = await toPage(rows, query.limit, (row) => [row.active_until ?? '', row.id], async (pageRows) => (await hydrateJobs(ctx, pageRows)).map(toPublicJob));
  return { ...page, total };
}

export async function listMyJobs(ctx: TContext, userId: number, page: { limit: number; cursor?: string | undefined }): Promise<TPage<TMyJob>> {
  const rows = await listJobsOfUserPage(ctx.db, userId, page.limit, decodeCursor(page.cursor));
  return toPage(rows, page.limit, (row) => [row.created_at, row.id], (pageRows) => hydrateJobs(ctx, pageRows));
}

/** A live job for anyone (counted as a view), or any of your own jobs with its numbers. */
export async function viewJob(ctx: TContext, jobId: number, viewerId: number | null): Promise<TJob | TMyJob> {
  const row = await findJobById(ctx.db, jobId);
  if (!row) throw notFound('Job not found');
  if (viewerId !== null && row.user_id === viewerId) return readJob(ctx, row);
  if (!isLive(row, ctx.now())) throw notFound('Job not found');
  await countJobView(ctx.db, row.id);
  return toPublicJob(await readJob(ctx, row));
}

/** The job of this member, or 404 / 403. */
export async function findOwnedJob(ctx: TContext, userId: number, jobId: number): Promise<JobRow> {
  const row = await findJobById(ctx.db, jobId);
  if (!row) throw notFound('Job not found');
  if (row.user_id !== userId) throw forbidden('Only the member who posted this job can do that');
  return row;
}

/** Counts the click and answers where to send the applicant: mailto: for an e-mail, else the URL. */
export async function applyToJob(ctx: TContext, jobId: number): Promise<string> {
  const applicationUrl = await countApplyClick(ctx.db, jobId, ctx.now());
  if (!applicationUrl) throw notFound('Job not found');
  return applicationHref(applicationUrl);
}

/** Marks listings whose 60 days are over as expired (they already left the live list at their end). */
export function expireEndedJobs(ctx: Pick<TContext, 'db' | 'now'>): Promise<number> {
  return expireEndedJobRows(ctx.db, ctx.now());
}

/** Jobs never paid for go with their member; paid ones stay up, their poster unlinked by the foreign key. */
export async function deleteUnpaidJobsOf(ctx: TContext, userId: number): Promise<void> {
  await deleteUnpaidJobRows(ctx.db, userId);
}
