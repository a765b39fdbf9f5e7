// Jobs: posting (awaiting payment until paid), the live list, the poster's own list, reading
// one, the counting redirect to the application link, and expiry.
import { displayName } from '../../../shared/format';
import { applicationHref, FORMER_MEMBER_NAME, type TCreateJobRequest, type TJob, type TJobStatus, type TListJobsQuery, type TMyJob } from '../../../shared/schemas/job';
import type { TContext } from '../../context';
import type { JobRow } from '../../db/schema';
import { forbidden, notFound } from '../../http/errors';
import { decodeCursor, toPage, type TPage } from '../projects/cursor';
import {
  countApplyClick,
  countJobView,
  countLiveJobs,
  expireEndedJobRows,
  findJobById,
  insertJob,
  insertJobTags,
  listJobsOfUserPage,
  listLiveJobPage,
  posterNames,
  tagsOfJobs,
} from './jobs.repo';

/** A listing is live while paid and before its end; the row's status catches up in the background. */
export function effectiveStatus(row: Pick<JobRow, 'status' | 'active_until'>, now: Date): TJobStatus {
  if (row.status === 'active' && (!row.active_until || row.active_until <= now.toISOString())) return 'expired';
  return row.status;
}

function isLive(row: JobRow, now: Date): boolean {
  return effectiveStatus(row, now) === 'active';
}

/** Rows → the read shape, with a fixed number of queries however many rows there are. */
export async function hydrateJobs(ctx: TContext, rows: JobRow[]): Promise<TMyJob[]> {
  if (!rows.length) return [];
  const posterIds = [...new Set(rows.map((row) => row.user_id).filter((id): id is number => id !== null))];
  const [tags, posters] = await Promise.all([tagsOfJobs(ctx.db, rows.map((row) => row.id)), posterNames(ctx.db, posterIds)]);
  const names = new Map(posters.map((poster) => [poster.id, displayName({ firstName: poster.first_name, lastName: poster.last_name })]));
  const now = ctx.now();
  return rows.map((row) => ({
    id: row.id,
    title: row.title,
    company: row.company,
    companyLogo: row.company_logo,
    description: row.description,
    requirements: row.requirements,
    location: row.location,
    remote: row.remote === 1 ? 'true' : 'false',
    type: row.type,
    salary: row.salary,
    tags: tags.get(row.id) ?? [],
    applicationUrl: row.application_url,
    applyUrl: `/api/jobs/${row.id}/apply`,
    createdAt: row.created_at,
    user: { name: (row.user_id !== null && names.get(row.user_id)) || FORMER_MEMBER_NAME },
    status: effectiveStatus(row, now),
    activeUntil: row.active_until,
    views: row.views,
    applyClicks: row.apply_clicks,
  }));
}

/** The public shape: the numbers are the poster's business. */
function publicJob({ views: _views, applyClicks: _applyClicks, ...job }: TMyJob): TJob {
  return job;
}

export async function readJob(ctx: TContext, row: JobRow): Promise<TMyJob> {
  const [job] = await hydrateJobs(ctx, [row]);
  return job!;
}

/** Creates the listing awaiting payment; it goes live only when a payment activates it. */
export async function createJob(ctx: TContext, userId: number, input: TCreateJobRequest): Promise<TMyJob> {
  const row = await ctx.db.transaction().execute(async (trx) => {
    const job = await insertJob(trx, {
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
    await insertJobTags(trx, job.id, input.tags);
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
  const page = await toPage(rows, query.limit, (row) => [row.active_until ?? '', row.id], async (pageRows) => (await hydrateJobs(ctx, pageRows)).map(publicJob));
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
  return publicJob(await readJob(ctx, row));
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
