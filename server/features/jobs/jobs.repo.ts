import { sql, type Expression, type ExpressionBuilder, type Kysely, type SqlBool } from 'kysely';
import type { TJobType } from '../../../shared/constants';
import { skipTakenRows, type Engine } from '../../db/connect';
import type { Database, JobRow, TJobCounterKind } from '../../db/schema';
import type { TCursor } from '../../http/paging';
import { containsPattern } from '../../lib/like-pattern';

type Db = Kysely<Database>;
type JobsEb = ExpressionBuilder<Database, 'jobs'>;

export interface TLiveJobFilter {
  now: Date;
  /** Lower-cased substring of title, company or description. */
  q?: string | undefined;
  type?: TJobType | undefined;
  /** Remote jobs only. */
  remoteOnly?: boolean | undefined;
  /** Lower-cased substring of the location. */
  location?: string | undefined;
}

export interface TNewJob {
  userId: number;
  title: string;
  company: string;
  companyLogo: string | null;
  description: string;
  requirements: string;
  location: string;
  remote: boolean;
  type: TJobType;
  salary: string | null;
  applicationUrl: string;
  now: Date;
}

/** Paid and not yet past its end: served by jobs_live_idx (or jobs_live_type_idx with a type). */
function live(eb: JobsEb, filter: TLiveJobFilter): Expression<SqlBool> {
  // Hidden by a moderator, or its poster suspended: off the board (few rows, skipped on the index walk).
  const conditions: Expression<SqlBool>[] = [
    eb('jobs.status', '=', 'active'),
    eb('jobs.active_until', '>', filter.now.toISOString()),
    eb('jobs.hidden_at', 'is', null),
    eb('jobs.owner_suspended', '=', 0),
  ];
  if (filter.type) conditions.push(eb('jobs.type', '=', filter.type));
  if (filter.remoteOnly) conditions.push(eb('jobs.remote', '=', 1));
  // Like q: a substring test over the live rows the index walk found.
  if (filter.location) conditions.push(sql<SqlBool>`lower(${eb.ref('jobs.location')}) like ${containsPattern(filter.location)} escape '\\'`);
  if (filter.q) {
    // A substring match cannot use a b-tree; it runs over the live rows the index found, a small set.
    const pattern = containsPattern(filter.q);
    conditions.push(
      eb.or(
        (['jobs.title', 'jobs.company', 'jobs.description'] as const).map((column) => sql<SqlBool>`lower(${eb.ref(column)}) like ${pattern} escape '\\'`),
      ),
    );
  }
  return eb.and(conditions);
}

/**
 * Live jobs, newest first, one extra row to tell if more exist. Every listing runs exactly
 * JOB_LISTING_DAYS, so the latest end is the latest start: ordering by active_until keeps
 * filter, order and keyset on one index.
 */
export function listLiveJobPage(db: Db, filter: TLiveJobFilter, limit: number, after?: TCursor): Promise<JobRow[]> {
  let query = db
    .selectFrom('jobs')
    .selectAll('jobs')
    .where((eb) => live(eb, filter));
  if (after) {
    const [value, id] = after;
    query = query.where((eb) => eb(eb.refTuple('jobs.active_until', 'jobs.id'), '<', eb.tuple(String(value), id)));
  }
  return query.orderBy('jobs.active_until', 'desc').orderBy('jobs.id', 'desc').limit(limit + 1).execute();
}

export async function countLiveJobs(db: Db, filter: TLiveJobFilter): Promise<number> {
  const row = await db
    .selectFrom('jobs')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where((eb) => live(eb, filter))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** A member's jobs in every state, newest first, keyset on (created_at, id). */
export function listJobsOfUserPage(db: Db, userId: number, limit: number, after?: TCursor): Promise<JobRow[]> {
  let query = db.selectFrom('jobs').selectAll().where('user_id', '=', userId);
  if (after) {
    const [value, id] = after;
    query = query.where((eb) => eb(eb.refTuple('created_at', 'id'), '<', eb.tuple(String(value), id)));
  }
  return query.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(limit + 1).execute();
}

export function findJobById(db: Db, id: number): Promise<JobRow | undefined> {
  return db.selectFrom('jobs').selectAll().where('id', '=', id).executeTakeFirst();
}

/** How many of the member's jobs await payment (jobs_user_idx: a member's jobs). */
export async function countUnpaidJobs(db: Db, userId: number): Promise<number> {
  const row = await db
    .selectFrom('jobs')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('user_id', '=', userId)
    .where('status', '=', 'pending_payment')
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

export type TJobFields = Omit<TNewJob, 'userId' | 'now'>;

/** The form's fields as the row's columns: one mapping for posting and for editing. */
function jobColumns(job: TJobFields) {
  return {
    title: job.title,
    company: job.company,
    company_logo: job.companyLogo,
    description: job.description,
    requirements: job.requirements,
    location: job.location,
    remote: job.remote ? 1 : 0,
    type: job.type,
    salary: job.salary,
    application_url: job.applicationUrl,
  };
}

export function insertJob(db: Db, job: TNewJob): Promise<JobRow> {
  const now = job.now.toISOString();
  return db
    .insertInto('jobs')
    .values({
      user_id: job.userId,
      ...jobColumns(job),
      status: 'pending_payment',
      active_until: null,
      payment_intent_id: null,
      created_at: now,
      updated_at: now,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}


/** The poster's edit: every field of the form at once. */
export function updateJobRow(db: Db, id: number, job: TJobFields, now: Date): Promise<JobRow | undefined> {
  return db
    .updateTable('jobs')
    .set({
      ...jobColumns(job),
      updated_at: now.toISOString(),
    })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst();
}

export async function deleteJobTags(db: Db, jobId: number): Promise<void> {
  await db.deleteFrom('job_tags').where('job_id', '=', jobId).execute();
}

/** A live listing ends now (its poster closed it early): the row as it now is, or undefined when it was not live. */
export function closeJobRow(db: Db, id: number, now: Date): Promise<JobRow | undefined> {
  const at = now.toISOString();
  return db
    .updateTable('jobs')
    .set({ status: 'expired', active_until: at, updated_at: at })
    .where('id', '=', id)
    .where('status', '=', 'active')
    .where('active_until', '>', at)
    .returningAll()
    .executeTakeFirst();
}

/**
 * A paid listing's end moves from `from` to `to` (active again): only while its end is still
 * `from`, so of two racing renewals each adds its own days (the loser reads the row again).
 */
export function extendJobRow(db: Db, id: number, change: { from: string | null; to: Date; now: Date }): Promise<JobRow | undefined> {
  return db
    .updateTable('jobs')
    .set({ status: 'active', active_until: change.to.toISOString(), expiry_notified_at: null, updated_at: change.now.toISOString() })
    .where('id', '=', id)
    .where('status', 'in', ['active', 'expired'])
    .where((eb) => (change.from === null ? eb('active_until', 'is', null) : eb('active_until', '=', change.from)))
    .returningAll()
    .executeTakeFirst();
}

export async function insertJobTags(db: Db, jobId: number, tags: string[]): Promise<void> {
  if (tags.length) await db.insertInto('job_tags').values(tags.map((tag, position) => ({ job_id: jobId, tag, position }))).execute();
}

export async function tagsOfJobs(db: Db, jobIds: number[]): Promise<Map<number, string[]>> {
  const byJob = new Map<number, string[]>();
  if (!jobIds.length) return byJob;
  const rows = await db.selectFrom('job_tags').select(['job_id', 'tag']).where('job_id', 'in', jobIds).orderBy('job_id').orderBy('position').execute();
  for (const row of rows) byJob.set(row.job_id, [...(byJob.get(row.job_id) ?? []), row.tag]);
  return byJob;
}

/** Adds one to the job's view or apply-click counter (the caller recorded a new viewer first). */
export async function addToJobCounter(db: Db, jobId: number, kind: TJobCounterKind): Promise<void> {
  await db
    .updateTable('jobs')
    .set((eb) => (kind === 'view' ? { views: eb('views', '+', 1) } : { apply_clicks: eb('apply_clicks', '+', 1) }))
    .where('id', '=', jobId)
    .execute();
}

/** Records one view or apply click per viewer per job per day; true when this one was new. */
export async function insertJobViewOnce(db: Db, view: { jobId: number; kind: TJobCounterKind; viewerKey: string; day: string }): Promise<boolean> {
  const inserted = await db
    .insertInto('job_views')
    .values({ job_id: view.jobId, kind: view.kind, viewer_key: view.viewerKey, day: view.day })
    .onConflict((oc) => oc.doNothing())
    .returning('job_id')
    .executeTakeFirst();
  return inserted !== undefined;
}

/** Deletes up to `limit` job view rows of days before `day` (job_views_day_idx); how many went. Counters stay. */
export async function deleteJobViewsBefore(db: Db, engine: Engine, day: string, limit: number): Promise<number> {
  const batch = db
    .selectFrom('job_views')
    .select(['job_id', 'kind', 'viewer_key', 'day'])
    .where('day', '<', day)
    .orderBy('day')
    .limit(limit)
    .$call(skipTakenRows(engine))
    .$asTuple('job_id', 'kind', 'viewer_key', 'day');
  const result = await db
    .deleteFrom('job_views')
    .where((eb) => eb(eb.refTuple('job_id', 'kind', 'viewer_key', 'day'), 'in', batch))
    .where('day', '<', day)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

export async function setJobPaymentIntent(db: Db, jobId: number, paymentIntentId: string, now: Date): Promise<void> {
  await db.updateTable('jobs').set({ payment_intent_id: paymentIntentId, updated_at: now.toISOString() }).where('id', '=', jobId).execute();
}

/**
 * Awaiting payment → active until the given time: the job as it now is, or undefined when it
 * was not awaiting payment (so of racing activations exactly one gets the row).
 */
export function activateJobRow(db: Db, jobId: number, now: Date, activeUntil: Date): Promise<JobRow | undefined> {
  return db
    .updateTable('jobs')
    .set({ status: 'active', active_until: activeUntil.toISOString(), updated_at: now.toISOString() })
    .where('id', '=', jobId)
    .where('status', '=', 'pending_payment')
    .returningAll()
    .executeTakeFirst();
}

/**
 * Jobs awaiting payment that have a PaymentIntent, created since the given time, oldest first,
 * after the keyset (created_at, id): served by jobs_unpaid_idx (status, created_at, id).
 */
export function listUnpaidJobsWithIntent(db: Db, since: Date, limit: number, after?: { createdAt: string; id: number }): Promise<Pick<JobRow, 'id' | 'created_at' | 'payment_intent_id'>[]> {
  let query = db
    .selectFrom('jobs')
    .select(['id', 'created_at', 'payment_intent_id'])
    .where('status', '=', 'pending_payment')
    .where('created_at', '>=', since.toISOString())
    .where('payment_intent_id', 'is not', null);
  if (after) query = query.where((eb) => eb(eb.refTuple('created_at', 'id'), '>', eb.tuple(after.createdAt, after.id)));
  return query.orderBy('created_at').orderBy('id').limit(limit).execute();
}

/** A member's jobs that were never paid for. */
export async function deleteUnpaidJobRows(db: Db, userId: number): Promise<void> {
  await db.deleteFrom('jobs').where('user_id', '=', userId).where('status', '=', 'pending_payment').execute();
}

/** Active listings whose time is up become expired; how many did. */
export async function expireEndedJobRows(db: Db, now: Date): Promise<number> {
  const result = await db
    .updateTable('jobs')
    .set({ status: 'expired', updated_at: now.toISOString() })
    .where('status', '=', 'active')
    .where('active_until', '<=', now.toISOString())
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** Hides the job from everyone but its poster and staff, or (null) shows it again. */
export async function setJobHidden(db: Db, id: number, hidden: { at: string; reason: string } | null): Promise<void> {
  await db
    .updateTable('jobs')
    .set({ hidden_at: hidden?.at ?? null, hidden_reason: hidden?.reason ?? null })
    .where('id', '=', id)
    .execute();
}

/** Marks every job of the member as their suspension's (or clears it): jobs_user_idx. */
export async function setPosterSuspended(db: Db, userId: number, suspended: boolean): Promise<void> {
  await db.updateTable('jobs').set({ owner_suspended: suspended ? 1 : 0 }).where('user_id', '=', userId).execute();
}

/** A moderator's deletion: the tags and view rows go with it (cascade); a payment keeps its record, unlinked. */
export async function deleteJobRow(db: Db, id: number): Promise<void> {
  await db.deleteFrom('jobs').where('id', '=', id).execute();
}

/**
 * Marks up to `limit` active listings that end by `until` and were not announced yet as
 * announced, and answers them: each listing is taken once, by one process (jobs_expiry_notice_idx).
 */
export async function takeListingsEndingBy(db: Db, engine: Engine, range: { now: Date; until: Date; limit: number }): Promise<{ id: number; user_id: number | null; title: string }[]> {
  const batch = db
    .selectFrom('jobs')
    .select('id')
    .where('status', '=', 'active')
    .where('expiry_notified_at', 'is', null)
    .where('active_until', '<=', range.until.toISOString())
    .where('active_until', '>', range.now.toISOString())
    .orderBy('active_until')
    .limit(range.limit)
    .$call(skipTakenRows(engine));
  return db
    .updateTable('jobs')
    .set({ expiry_notified_at: range.now.toISOString() })
    .where('id', 'in', batch)
    .where('expiry_notified_at', 'is', null)
    .returning(['id', 'user_id', 'title'])
    .execute();
}
