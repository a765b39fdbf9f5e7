// Runs periodic tasks in this process: each at start and then on its own interval, never two
// runs of one task at once. Every app process runs the same tasks side by side, so each task
// must be idempotent and take its rows from the database (see periodic-tasks.ts).
import type { FastifyBaseLogger } from 'fastify';

export interface TPeriodicTask {
  name: string;
  everyMs: number;
  /** One run; how many rows it handled. The signal aborts at shutdown (between batches). */
  run(signal: AbortSignal): Promise<number>;
  /** Logged (info) after a run that handled rows, with the task's name and the count. */
  done: string;
}

export interface TScheduler {
  /** Stops the timers, asks running tasks to stop, and waits for them, so the database can close after. */
  stop(): Promise<void>;
}

export function startScheduler(tasks: TPeriodicTask[], log: FastifyBaseLogger): TScheduler {
  const stopping = new AbortController();
  const running = new Map<string, Promise<void>>();
  const run = (task: TPeriodicTask) => {
    if (running.has(task.name) || stopping.signal.aborted) return;
    running.set(
      task.name,
      task
        .run(stopping.signal)
        .then((count) => {
          if (count > 0) log.info({ task: task.name, count }, task.done);
        })
        .catch((error: unknown) => log.error({ err: error, task: task.name }, 'periodic task failed'))
        .finally(() => running.delete(task.name)),
    );
  };
  const timers = tasks.map((task) => {
    run(task);
    const timer = setInterval(() => run(task), task.everyMs);
    // Never the reason the process stays up.
    timer.unref();
    return timer;
  });
  return {
    async stop() {
      stopping.abort();
      for (const timer of timers) clearInterval(timer);
      await Promise.all(running.values());
    },
  };
}
