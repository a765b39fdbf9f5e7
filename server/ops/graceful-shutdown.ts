// SIGTERM/SIGINT: stop taking traffic, let the requests in flight finish, then stop background
// work and close the database, and exit. A second signal, or a drain that outlasts its time,
// cuts the rest short.
import type { FastifyInstance } from 'fastify';
import type { TReadiness } from './readiness';
import { isWorkerProcess } from './cluster';

/** Longer than any request should take; a process manager's own kill timeout must be longer still. */
export const DRAIN_TIMEOUT_MS = 10_000;
/** After a forced drain, how long closing the rest (background work, database) may take. */
export const CLOSE_TIMEOUT_MS = 5_000;

export interface TShutdownPlan {
  app: FastifyInstance;
  readiness: TReadiness;
  /** After the HTTP server has closed (its onClose hooks stop background work): the database. */
  closeDatabase: () => Promise<void>;
  drainTimeoutMs?: number;
  closeTimeoutMs?: number;
  exit?: (code: number) => void;
}

export interface TShutdown {
  /** Starts the shutdown; called again while it runs, exits at once. Resolves once exit was called. */
  begin(signal: string): Promise<void>;
}

export function createShutdown(plan: TShutdownPlan): TShutdown {
  const { app, readiness } = plan;
  const exit = plan.exit ?? ((code: number) => process.exit(code));
  const drainTimeoutMs = plan.drainTimeoutMs ?? DRAIN_TIMEOUT_MS;
  const closeTimeoutMs = plan.closeTimeoutMs ?? CLOSE_TIMEOUT_MS;
  let started = false;

  return {
    async begin(signal) {
      if (started) {
        app.log.warn({ signal }, 'second signal: exiting now');
        exit(1);
        return;
      }
      started = true;
      readiness.markDraining();
      app.log.info({ signal, drainTimeoutMs }, 'shutting down: finishing requests in flight');

      let forced = false;
      const timers: NodeJS.Timeout[] = [];
      // A keep-alive connection whose last request ended during the drain is idle now; Node
      // closed only the idle ones when the server stopped listening, so reap the rest as they go
      // quiet or the drain would wait for their keep-alive timeout.
      timers.push(setInterval(() => app.server.closeIdleConnections(), 100));
      timers.push(
        setTimeout(() => {
          forced = true;
          app.log.warn('requests still in flight after the drain timeout: closing their connections');
          app.server.closeAllConnections();
          // Should closing the rest hang as well (a stuck hook), leave anyway.
          timers.push(
            setTimeout(() => {
              app.log.error('shutdown did not finish in time: exiting');
              exit(1);
            }, closeTimeoutMs),
          );
        }, drainTimeoutMs),
      );
      for (const timer of timers) timer.unref();

      let failed = false;
      // Each step runs even if the one before failed: the database closes (SQLite checkpoints
      // its WAL) though, say, releasing outbox claims failed because PostgreSQL is down.
      const step = async (what: string, work: () => Promise<unknown>) => {
        try {
          await work();
        } catch (error) {
          failed = true;
          app.log.error({ err: error }, `shutdown: ${what} failed`);
        }
      };
      // Stops listening, waits for requests in flight, then runs the onClose hooks (the periodic
      // tasks stop between batches; the outbox worker finishes the e-mail in hand and releases
      // its claims).
      await step('closing the server', () => app.close());
      await step('closing the database', plan.closeDatabase);
      for (const timer of timers) clearTimeout(timer);
      const code = failed || forced ? 1 : 0;
      app.log.info({ code }, 'shut down');
      exit(code);
    },
  };
}

/**
 * Routes SIGTERM and SIGINT (every one of them, so a second can force the exit) to the shutdown.
 * An app process under the supervisor (WEB_CONCURRENCY, server/ops/cluster.ts) takes its orders
 * from it alone: Ctrl-C reaches every process of the terminal's group, and the supervisor passes
 * it on as SIGTERM, so the worker's own SIGINT would count as a second signal. A worker whose
 * supervisor is gone (its channel closed) shuts down too.
 */
export function shutDownOnSignals(shutdown: TShutdown): void {
  if (isWorkerProcess()) {
    process.on('SIGINT', () => {});
    process.on('SIGTERM', () => void shutdown.begin('SIGTERM'));
    process.on('disconnect', () => void shutdown.begin('supervisor gone'));
    return;
  }
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    process.on(signal, () => void shutdown.begin(signal));
  }
}
