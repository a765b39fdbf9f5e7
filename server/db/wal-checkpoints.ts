// SQLite's checkpoints off the event loop. In WAL mode a commit appends pages to the WAL, and a
// checkpoint copies them into the database file and syncs it. By default the connection whose
// commit takes the WAL past 1,000 pages runs that checkpoint itself, inside the commit: on the
// app's one connection, that is the thread serving every request. At 100,000 projects a batch of
// 100 counted views committed in 11.2 ms, 3.1 ms of it the commit and the rest the checkpoint
// (README, Performance, ninth pass).
//
// So the main connection checkpoints by itself only past WAL_FALLBACK_PAGES (should this thread
// be gone or behind), and a thread with a connection of its own runs a PASSIVE checkpoint every
// CHECKPOINT_EVERY_MS: it copies what no reader still needs without waiting for anyone, while the
// main connection goes on reading and writing. The thread starts once the WAL file has grown past
// WAL_START_BYTES (a process that writes little, a test's, never starts one), and again at the
// next tick after it stops. Durability is unchanged: commits and checkpoints sync as they did
// (synchronous = NORMAL on both connections).
import { statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';

/** The main connection's own checkpoint threshold, in pages (SQLite's default is 1,000). */
export const WAL_FALLBACK_PAGES = 10_000;
/** How often the thread checkpoints. */
export const CHECKPOINT_EVERY_MS = 1000;
/** The WAL's size at which the thread is started (SQLite's default threshold: 1,000 pages of 4 kB). */
export const WAL_START_BYTES = 4 * 1024 * 1024;

export interface TCheckpoint {
  /** Frames in the WAL, and how many of them are now in the database file. */
  walFrames: number;
  checkpointed: number;
}

export interface TWalCheckpoints {
  /** A passive checkpoint on the thread now (starting it if need be). */
  checkpoint(): Promise<TCheckpoint>;
  /** Threads started so far. */
  readonly threadsStarted: number;
  /** Checkpoints the thread has run so far (asked for, or on its ticks). */
  readonly checkpointsRun: number;
  close(): Promise<void>;
}

// Plain JavaScript, so that the thread starts in milliseconds without a TypeScript loader; the
// driver by absolute path, since eval'd code resolves bare names from the working directory.
const DRIVER = createRequire(import.meta.url).resolve('better-sqlite3');
const THREAD_CODE = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.driver);
const database = new Database(workerData.file, { fileMustExist: true });
database.pragma('synchronous = NORMAL');
parentPort.on('message', (id) => {
  try {
    const [row] = database.pragma('wal_checkpoint(PASSIVE)');
    parentPort.postMessage({ id, walFrames: row.log, checkpointed: row.checkpointed });
  } catch (error) {
    parentPort.postMessage({ id, error: error instanceof Error ? error.message : String(error) });
  }
});
`;

type TAnswer = ({ walFrames: number; checkpointed: number } | { error: string }) & { id: number };

export function walCheckpoints(
  file: string,
  { everyMs = CHECKPOINT_EVERY_MS, startBytes = WAL_START_BYTES, onThreadStart }: { everyMs?: number; startBytes?: number; /** Told of each thread started (a test stops one). */ onThreadStart?: (thread: Worker) => void } = {},
): TWalCheckpoints {
  let thread: Worker | null = null;
  let threadsStarted = 0;
  let checkpointsRun = 0;
  let closed = false;
  let nextId = 1;
  const pending = new Map<number, { resolve(checkpoint: TCheckpoint): void; reject(error: Error): void }>();

  const start = (): Worker => {
    const started = new Worker(THREAD_CODE, { eval: true, workerData: { file, driver: DRIVER } });
    threadsStarted += 1;
    // Never what keeps a process alive: a CLI that wrote its rows exits, and its connection's close checkpoints.
    started.unref();
    started.on('message', (answer: TAnswer) => {
      const waiting = pending.get(answer.id);
      pending.delete(answer.id);
      if ('error' in answer) {
        waiting?.reject(new Error(answer.error));
        return;
      }
      checkpointsRun += 1;
      waiting?.resolve({ walFrames: answer.walFrames, checkpointed: answer.checkpointed });
    });
    const gone = (error: Error) => {
      if (thread === started) thread = null;
      for (const waiting of pending.values()) waiting.reject(error);
      pending.clear();
    };
    started.on('error', gone);
    started.on('exit', (code) => gone(new Error(`the checkpoint thread stopped (exit code ${code})`)));
    onThreadStart?.(started);
    return started;
  };

  const checkpoint = (): Promise<TCheckpoint> => {
    if (closed) return Promise.reject(new Error('the database is closing'));
    thread ??= start();
    const id = nextId++;
    const answer = new Promise<TCheckpoint>((resolve, reject) => pending.set(id, { resolve, reject }));
    thread.postMessage(id);
    return answer;
  };

  const walBytes = () => {
    try {
      return statSync(`${file}-wal`).size;
    } catch {
      return 0;
    }
  };

  const timer = setInterval(() => {
    // One at a time: a checkpoint still running (a slow disk) is not asked again.
    if (pending.size > 0 || (thread === null && walBytes() < startBytes)) return;
    // A failed checkpoint (the thread stopped, the file went away) is left to the next tick and to the fallback.
    checkpoint().catch(() => {});
  }, everyMs);
  timer.unref();

  return {
    checkpoint,
    get threadsStarted() {
      return threadsStarted;
    },
    get checkpointsRun() {
      return checkpointsRun;
    },
    async close() {
      closed = true;
      clearInterval(timer);
      const stopping = thread;
      thread = null;
      await stopping?.terminate();
    },
  };
}
