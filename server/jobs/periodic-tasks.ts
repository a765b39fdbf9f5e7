// What every app process runs on a timer: job listing expiry, payment reconciliation and housekeeping. Each task is a
// service function of the module that owns its table, idempotent and working in bounded
// batches, so several processes may run them side by side on either engine.
import { HOUR_MS, MINUTE_MS } from '../../shared/constants';
import type { TContext } from '../context';
import { deleteExpiredAccountTokens } from '../features/accounts/credentials.service';
import { deleteEndedSessions } from '../features/accounts/sessions.service';
import { expireEndedJobs, notifyExpiringJobs, pruneOldJobViews } from '../features/jobs/jobs.service';
import { reconcilePayments, type TPaymentsContext } from '../features/jobs/payments.service';
import { retryFileDeletions } from '../features/projects/file-deletions.service';
import { pruneOldNotifications, sendDueDigests } from '../features/notifications/notifications.service';
import { processPendingVideos } from '../features/media/video-processing.service';
import { liftEndedSuspensions } from '../features/moderation/moderation.service';
import { deleteStaleUploads } from '../features/projects/projects.service';
import { pruneOldViews } from '../features/social/social.service';
import type { TPeriodicTask } from './scheduler';

/** Listings leave the board at active_until by themselves; this only brings their stored status along. */
export const EXPIRE_JOBS_EVERY_MS = 5 * MINUTE_MS;
/** Ended sessions, expired account links, old view rows and stale uploads harm no one while they wait: hourly is plenty. */
export const HOUSEKEEPING_EVERY_MS = HOUR_MS;
/** A PaymentIntent that succeeded while its webhook was lost waits at most this long to go live. */
export const RECONCILE_PAYMENTS_EVERY_MS = 10 * MINUTE_MS;
/** Failed file deletions back off from a minute (file-deletions.service.ts): checked as often. */
export const RETRY_FILE_DELETIONS_EVERY_MS = MINUTE_MS;
/** A timed suspension ends at its time for sign-in (checked on each request); this brings the member's work back within a minute. */
export const LIFT_SUSPENSIONS_EVERY_MS = MINUTE_MS;

/** Owners hear of a listing ending in 3 days within this long of it coming into range; digests go out this soon after their hour. */
export const NOTIFY_EVERY_MS = 10 * MINUTE_MS;
/** Uploaded videos wait for their transcode: looked for often, one query when there is none. */
export const TRANSCODE_VIDEOS_EVERY_MS = MINUTE_MS / 6;

export type TPeriodicContext = Pick<TContext, 'db' | 'engine' | 'config' | 'now' | 'storage' | 'log'> & Partial<Pick<TContext, 'readCache'>>;

/** `payments`: the context payment reconciliation runs in (the provider, the read cache job activations invalidate); omitted or off, no such task. */
export function periodicTasks(ctx: TPeriodicContext, payments?: TPaymentsContext): TPeriodicTask[] {
  const { readCache } = ctx;
  return [
    { name: 'expire-jobs', everyMs: EXPIRE_JOBS_EVERY_MS, run: () => expireEndedJobs(ctx), done: 'job listings expired' },
    ...(payments?.payments
      ? [{ name: 'reconcile-payments', everyMs: RECONCILE_PAYMENTS_EVERY_MS, run: (signal: AbortSignal) => reconcilePayments(payments, { signal }), done: 'paid jobs activated by reconciliation' }]
      : []),
    // The member's work comes back into cached lists: only a process with the read cache runs it.
    ...(readCache ? [{ name: 'lift-ended-suspensions', everyMs: LIFT_SUSPENSIONS_EVERY_MS, run: () => liftEndedSuspensions({ ...ctx, readCache }), done: 'ended suspensions lifted' }] : []),
    { name: 'delete-ended-sessions', everyMs: HOUSEKEEPING_EVERY_MS, run: (signal) => deleteEndedSessions(ctx, { signal }), done: 'ended sessions deleted' },
    { name: 'delete-expired-account-tokens', everyMs: HOUSEKEEPING_EVERY_MS, run: (signal) => deleteExpiredAccountTokens(ctx, { signal }), done: 'expired account links deleted' },
    { name: 'prune-old-views', everyMs: HOUSEKEEPING_EVERY_MS, run: (signal) => pruneOldViews(ctx, { signal }), done: 'old project view rows (and their days\' salts) deleted' },
    { name: 'prune-old-job-views', everyMs: HOUSEKEEPING_EVERY_MS, run: (signal) => pruneOldJobViews(ctx, { signal }), done: 'old job view and apply-click rows deleted' },
    { name: 'delete-stale-uploads', everyMs: HOUSEKEEPING_EVERY_MS, run: (signal) => deleteStaleUploads(ctx, { signal }), done: 'uploads no project took deleted, with their files' },
    { name: 'notify-expiring-jobs', everyMs: NOTIFY_EVERY_MS, run: (signal) => notifyExpiringJobs(ctx, { signal }), done: 'owners told their listing ends in 3 days' },
    { name: 'send-notification-digests', everyMs: NOTIFY_EVERY_MS, run: (signal) => sendDueDigests(ctx, { signal }), done: 'daily notification digests queued' },
    { name: 'prune-old-notifications', everyMs: HOUSEKEEPING_EVERY_MS, run: (signal) => pruneOldNotifications(ctx, { signal }), done: 'old notifications deleted' },
    { name: 'transcode-videos', everyMs: TRANSCODE_VIDEOS_EVERY_MS, run: (signal) => processPendingVideos(ctx, { signal }), done: 'uploaded videos transcoded' },
    { name: 'retry-file-deletions', everyMs: RETRY_FILE_DELETIONS_EVERY_MS, run: (signal) => retryFileDeletions(ctx, { signal }), done: 'media file deletions retried' },
  ];
}
