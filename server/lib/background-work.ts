// Work a request starts but does not wait for: its answer goes out first, so it cannot tell by
// its timing what the work found (a password reset for an address that has an account or not).
// Failures are logged; the app waits for what is still running when it closes.
import type { FastifyBaseLogger } from 'fastify';

export interface TBackgroundWork {
  /** Runs `work` after the current turn of the event loop; a failure is logged as `what`. */
  run(log: FastifyBaseLogger, what: string, work: () => Promise<unknown>): void;
  /** Resolves once nothing started is still running (tests, and the app's close). */
  settled(): Promise<void>;
}

export function createBackgroundWork(): TBackgroundWork {
  const running = new Set<Promise<void>>();
  return {
    run(log, what, work) {
      const task: Promise<void> = new Promise<void>((resolve) => setImmediate(resolve))
        .then(work)
        .then(
          () => undefined,
          (err: unknown) => log.error({ err, what }, 'background work failed'),
        )
        .finally(() => running.delete(task));
      running.add(task);
    },
    async settled() {
      while (running.size > 0) await Promise.all([...running]);
    },
  };
}
