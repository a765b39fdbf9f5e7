// WEB_CONCURRENCY above 1: `npm start` becomes a supervisor (node:cluster's primary) of that many
// app processes on one port, so a server with several cores uses them all; Node runs a process's
// JavaScript on one. The primary accepts connections and hands them out in turn; each worker is
// the whole app (server/main.ts), sharing the database, and Redis for read-cache invalidations
// and limits (config.ts refuses more than one process without REDIS_URL).
import cluster, { type Worker } from 'node:cluster';

/** Workers that exit this often within RESTART_WINDOW_MS are a crash loop: the supervisor gives up. */
export const MAX_RESTARTS = 5;
export const RESTART_WINDOW_MS = 60_000;

interface TLog {
  info(message: string): void;
  error(message: string): void;
}

const consoleLog: TLog = { info: (message) => console.log(message), error: (message) => console.error(message) };

/** True in a process the supervisor started. */
export function isWorkerProcess(): boolean {
  return cluster.isWorker;
}

/** Forks one worker and resolves once it listens; rejects if it exits first (bad config, database down). */
function forkListening(): Promise<Worker> {
  return new Promise((resolve, reject) => {
    const worker = cluster.fork();
    const exitedEarly = (code: number | null, signal: string | null) => reject(new Error(`app process ${worker.process.pid} exited before listening (${signal ?? `code ${code}`})`));
    worker.once('exit', exitedEarly);
    worker.once('listening', () => {
      worker.off('exit', exitedEarly);
      resolve(worker);
    });
  });
}

function aliveWorkers(): Worker[] {
  return Object.values(cluster.workers ?? {}).filter((worker): worker is Worker => worker !== undefined && !worker.isDead());
}

/**
 * Starts `count` app processes one after the other (the first applies the migrations and makes
 * the operator's invitation code alone), replaces any that dies, and on SIGTERM or SIGINT asks
 * each to shut down gracefully (SIGTERM: finish requests in flight, flush, close) and exits once
 * all have, with 1 if any of them failed to. A second signal is passed on: each worker exits at once.
 */
export async function superviseWorkers(count: number, log: TLog = consoleLog): Promise<void> {
  let starting = true;
  const listened = new WeakSet<Worker>();
  let stopping = false;
  let failed = false;
  const restarts: number[] = [];
  const exitOnceAllStopped = () => {
    if (aliveWorkers().length === 0) process.exit(failed ? 1 : 0);
  };
  const stopAll = (reason: string) => {
    if (!stopping) log.info(`${reason}: stopping ${aliveWorkers().length} app processes`);
    stopping = true;
    for (const worker of aliveWorkers()) worker.process.kill('SIGTERM');
    exitOnceAllStopped();
  };
  for (const signal of ['SIGTERM', 'SIGINT'] as const) process.on(signal, () => stopAll(signal));

  cluster.on('exit', (worker, code, signal) => {
    if (stopping) {
      failed ||= code !== 0;
      exitOnceAllStopped();
      return;
    }
    // One that dies before it listened, while the processes start one by one, is forkListening's to report.
    if (starting && !listened.has(worker)) return;
    const now = Date.now();
    restarts.push(now);
    while (restarts.length > 0 && restarts[0]! < now - RESTART_WINDOW_MS) restarts.shift();
    if (restarts.length > MAX_RESTARTS) {
      log.error(`app processes exited ${restarts.length} times within ${RESTART_WINDOW_MS / 1000} s`);
      failed = true;
      stopAll('crash loop');
      return;
    }
    log.error(`app process ${worker.process.pid} exited (${signal ?? `code ${code}`}): starting another`);
    cluster.fork();
  });

  try {
    for (let index = 0; index < count && !stopping; index++) {
      const worker = await forkListening();
      listened.add(worker);
      log.info(`app process ${index + 1} of ${count} listening (pid ${worker.process.pid})`);
    }
    starting = false;
  } catch (error) {
    log.error(error instanceof Error ? error.message : String(error));
    failed = true;
    stopAll('start failed');
  }
}
