// What every app process runs on a timer: job listing expiry and housekeeping. Each task is a
// service function of the module that owns its table, idempotent and working in bounded
// batches, so several processes may run them side by side on either engine.
import { HOUR_MS, MINUTE_MS } from '../../shared/constants';
import type { TContext } from '../context';
import { deleteEndedSessions } from '../features/accounts/sessions.service';
import { expireEndedJobs, pruneOldJobViews } from '../features/jobs/jobs.service';
import { retryFileDeletions } from '../features/projects/file-deletions.service';
import { deleteStaleUploads } from '../features/projects/projects.service';
import { pruneOldViews } from '../features/social/social.service';
import type { TPeriodicTask } from './scheduler';

/** Listings leave the board at active_until by themselves; this only brings their stored status along. */
export const EXPIRE_JOBS_EVERY_MS = 5 * MINUTE_MS;
/** Ended sessions, old view rows and stale uploads harm no one while they wait: hourly is plenty. */
export const HOUSEKEEPING_EVERY_MS = HOUR_MS;
/** Failed file deletions back off from a minute (file-deletions.service.ts): checked as often. */
export const RETRY_FILE_DELETIONS_EVERY_MS = MINUTE_MS;

export type TPeriodicContext = Pick<TContext, 'db' | 'engine' | 'config' | 'now' | 'storage' | 'log'>;

export function periodicTasks(ctx: TPeriodicContext): TPeriodicTask[] {
  return [
    { name: 'expire-jobs', everyMs: EXPIRE_JOBS_EVERY_MS, run: () => expireEndedJobs(ctx), done: 'job listings expired' },
    { name: 'delete-ended-sessions', everyMs: HOUSEKEEPING_EVERY_MS, run: (signal) => deleteEndedSessions(ctx, { signal }), done: 'ended sessions deleted' },
    { name: 'prune-old-views', everyMs: HOUSEKEEPING_EVERY_MS, run: (signal) => pruneOldViews(ctx, { signal }), done: 'old project view rows (and their days\' salts) deleted' },
    { name: 'prune-old-job-views', everyMs: HOUSEKEEPING_EVERY_MS, run: (signal) => pruneOldJobViews(ctx, { signal }), done: 'old job view and apply-click rows deleted' },
    { name: 'delete-stale-uploads', everyMs: HOUSEKEEPING_EVERY_MS, run: (signal) => deleteStaleUploads(ctx, { signal }), done: 'uploads no project took deleted, with their files' },
    { name: 'retry-file-deletions', everyMs: RETRY_FILE_DELETIONS_EVERY_MS, run: (signal) => retryFileDeletions(ctx, { signal }), done: 'media file deletions retried' },
  ];
}
