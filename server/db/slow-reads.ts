// Reads whose cost grows with the whole catalogue, run off the event loop. On SQLite every
// statement runs synchronously on the one thread that also parses, renders and sends every
// request, so while a full-text search ranks the 12,600 projects matching "loop*" (19 ms plus
// 7 ms to count them, at 100,000 projects) or the categories are counted over every project
// (90 ms), every other request waits: measured under the members' mix, the searches alone held
// the thread for more than 10 ms 28 times in 40,000 requests. Here they run on a worker thread of
// their own, with its own read-only connection to the same file (WAL: readers never wait for
// the writer, and each statement sees every transaction committed before it began, so a search
// made after a write's answer left sees that write). PostgreSQL already runs queries in its own
// processes; there (and for an in-memory SQLite database, which no second connection can open)
// these reads simply go through Kysely.
import { Worker } from 'node:worker_threads';
import type { CompiledQuery, Kysely } from 'kysely';
import type { Database } from './schema';

/** What the reading thread opens: the file, with these pragmas (connect.ts's, as on the main connection). */
export interface TSlowReadsWorkerData {
  file: string;
  pragmas: readonly string[];
}

export interface TSlowReadRequest {
  id: number;
  sql: string;
  parameters: readonly unknown[];
}
export type TSlowReadAnswer = { id: number; rows: unknown[] } | { id: number; error: string };

export interface TSlowReads {
  /** The rows of a read-only query (a SELECT), read without holding up the event loop where the engine would. */
  all<R>(query: CompiledQuery): Promise<R[]>;
  /** How many queries were sent to the reading thread (always 0 where there is none). */
  readonly offThread: number;
  close(): Promise<void>;
}

/** Through Kysely, on the database's own connections (PostgreSQL, in-memory SQLite). */
export function slowReadsThrough(db: Pick<Kysely<Database>, 'executeQuery'>): TSlowReads {
  return {
    all: async <R>(query: CompiledQuery) => (await db.executeQuery<R>(query)).rows as R[],
    offThread: 0,
    close: async () => {},
  };
}

/** dist/app's URL in the bundle `npm start` runs (server/cli/launch.mjs defines it); undefined from source. */
declare const __BUNDLE_DIR__: string | undefined;

/**
 * Bundled, the worker is a bundle of its own beside the server's. From source it is TypeScript
 * like the rest: it registers tsx's loader for itself, since a worker does not inherit the
 * `--import tsx` of the process that starts it. By absolute URLs: eval'd code resolves bare names
 * from the working directory, not from here.
 */
const WORKER_BOOT =
  typeof __BUNDLE_DIR__ === 'string'
    ? `await import(${JSON.stringify(new URL('slow-reads.worker.mjs', __BUNDLE_DIR__).href)});`
    : `import { register } from ${JSON.stringify(import.meta.resolve('tsx/esm/api'))}; register(); await import(${JSON.stringify(new URL('./slow-reads.worker.ts', import.meta.url).href)});`;

/**
 * A reading thread on the SQLite file, started at the first read, its connection set up with
 * `pragmas`. If it dies (it should not:
 * a statement's error is answered, not thrown), the reads in flight fail and the next read
 * starts a new one.
 */
export function sqliteSlowReads(file: string, pragmas: readonly string[], { onThreadStart }: { /** Told of each thread started (a test stops one). */ onThreadStart?: (thread: Worker) => void } = {}): TSlowReads {
  let worker: Worker | null = null;
  let closed = false;
  let nextId = 1;
  let offThread = 0;
  const pending = new Map<number, { resolve(rows: unknown[]): void; reject(error: Error): void }>();

  const failAll = (error: Error) => {
    for (const waiting of pending.values()) waiting.reject(error);
    pending.clear();
  };
  const start = (): Worker => {
    const started = new Worker(WORKER_BOOT, { eval: true, workerData: { file, pragmas } satisfies TSlowReadsWorkerData });
    // An idle reader never keeps the process alive; one with reads in flight does (see settle).
    started.unref();
    started.on('message', (answer: TSlowReadAnswer) => {
      const waiting = pending.get(answer.id);
      if (!waiting) return;
      pending.delete(answer.id);
      if (pending.size === 0) started.unref();
      if ('error' in answer) waiting.reject(new Error(answer.error));
      else waiting.resolve(answer.rows);
    });
    const gone = (error: Error) => {
      if (worker === started) worker = null;
      failAll(error);
    };
    started.on('error', gone);
    started.on('exit', (code) => gone(new Error(`the reading thread stopped (exit code ${code})`)));
    onThreadStart?.(started);
    return started;
  };

  return {
    all<R>(query: CompiledQuery): Promise<R[]> {
      if (closed) return Promise.reject(new Error('the database is closing'));
      worker ??= start();
      const id = nextId++;
      offThread += 1;
      const answer = new Promise<unknown[]>((resolve, reject) => pending.set(id, { resolve, reject }));
      worker.ref();
      worker.postMessage({ id, sql: query.sql, parameters: query.parameters } satisfies TSlowReadRequest);
      return answer as Promise<R[]>;
    },
    get offThread() {
      return offThread;
    },
    async close() {
      closed = true;
      const stopping = worker;
      worker = null;
      failAll(new Error('the database is closing'));
      await stopping?.terminate();
    },
  };
}
