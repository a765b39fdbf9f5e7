// Background job expiry: listings already leave GET /api/jobs at active_until (the query
// checks it); this brings their stored status to 'expired' for the poster's list. The update
// is idempotent, so several app processes may run it side by side.
import type { FastifyBaseLogger } from 'fastify';
import type { TContext } from '../context';
import { expireEndedJobs } from '../features/jobs/jobs.service';

export const EXPIRE_JOBS_EVERY_MS = 5 * 60 * 1000;

export interface TJobExpiry {
  /** Stops the timer and waits for a run in progress, so the database can close after it. */
  stop(): Promise<void>;
}

export function startJobExpiry(ctx: Pick<TContext, 'db' | 'now'>, log: FastifyBaseLogger, everyMs = EXPIRE_JOBS_EVERY_MS): TJobExpiry {
  let running: Promise<void> | null = null;
  const run = () => {
    if (running) return;
    running = expireEndedJobs(ctx)
      .then((expired) => {
        if (expired > 0) log.info({ expired }, 'job listings expired');
      })
      .catch((error: unknown) => log.error({ err: error }, 'job expiry failed'))
      .finally(() => {
        running = null;
      });
  };
  run();
  const timer = setInterval(run, everyMs);
  // Never the reason the process stays up.
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
