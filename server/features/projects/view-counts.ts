// Counted views, written in batches. A project page counts its viewer's view once per day; writing
// each one in a transaction of its own put a write (and, on SQLite, the one connection's turn) on
// every new visitor's request. Instead each new view waits here, in this process's memory, and
// `flushViewCounts` writes all of them every second (FLUSH_EVERY_MS) and when the server closes
// (graceful shutdown: app.close() runs the onClose hook before the database closes), in
// transactions of VIEWS_PER_TRANSACTION with other requests' turns in between: a second's views
// in one transaction held SQLite's one connection for 130 ms at 1,000 views (each moves its
// project's counters and their indexes), the slowest hundredth of every request's latency. A crash
// loses the views of at most the last second; nothing else depends on them. A batch whose write
// fails is tried again whole at the next tick: its views already written are then found written
// (not counted twice), and their projects' answers forgotten, as below.
//
// What the pages show meanwhile: the visitors' cached copy of a project is counted up in place
// as before, and a copy read from the database adds the views still waiting for that project
// (`pendingViews`), so a project's page shows its views within a second (a kept answer is sent
// to new visitors for that long: servesKeptPage in projects.service.ts). The counters in the
// database, and so lists sorted by views, creator figures and site figures, trail by up to a second.
// Whether a view is new is decided for sure only when its row is written (project_views_pk: a
// viewer whose row another process wrote, or one this process's buffer no longer remembered);
// such a view is not counted, and the project's cached answers are forgotten so that they show
// the exact count again.
import type { TContext } from '../../context';
import { inTransaction, invalidateAfterCommit } from '../../context';
import { changedByViews } from '../../lib/cache-tags';
import { MAX_KNOWN_VIEWS, type TViewBuffer, type TViewRow } from '../../lib/view-buffer';
import { recordedViewsOfDay, recordViewsOnce, viewDay } from '../social/social.service';
import { addViews, existingProjectIds } from './projects.repo';

/** How often the waiting views are written. */
export const FLUSH_EVERY_MS = 1000;

/** Flushes in progress per buffer: a flush asked for while one runs waits for it, then writes what is left. */
const running = new WeakMap<TViewBuffer, Promise<void>>();

/**
 * Writes every waiting view in one transaction: the rows that are new, and each project's
 * counter moved by its new views. Resolves once everything that waited when it was called is
 * written (tests call it before asserting counters in the database).
 */
export async function flushViewCounts(ctx: Pick<TContext, 'db' | 'readCache'> & { views?: TViewBuffer | undefined }): Promise<void> {
  const counts = ctx.views;
  if (!counts) return;
  const before = running.get(counts);
  if (before) await before.catch(() => {});
  const batch = counts.take();
  if (!batch) return;
  const flush = writeBatch(ctx, batch.rows).then(
    () => batch.done(true),
    (error: unknown) => {
      batch.done(false);
      throw error;
    },
  );
  running.set(counts, flush);
  try {
    await flush;
  } finally {
    if (running.get(counts) === flush) running.delete(counts);
  }
}

/**
 * Views written per transaction: about 7 ms of SQLite's one connection at 100,000 projects
 * (23 µs a view; at 100 a transaction, 3 ms and 31 µs a view: the commit and the counters'
 * pages are shared by more views). Visitors' project pages +14 % req/s, members' mix +28 %, a
 * visitors' p99 of 47 ms against 39 (fourteenth pass in the README).
 */
export const VIEWS_PER_TRANSACTION = 300;

async function writeBatch(ctx: Pick<TContext, 'db' | 'readCache'>, batch: readonly TViewRow[]): Promise<void> {
  // In the order of the views' primary key: a project's views of the second land in one
  // transaction (its counters moved once, not once per transaction that has one of them), next
  // to each other in the index. Half the cost of arrival order: 54 µs of SQLite a view, not 115,
  // at 3,000 new views a second over 20,000 projects (1,400 counter updates, not 2,400).
  const rows = [...batch].sort((a, b) => a.project_id - b.project_id || (a.viewer_key < b.viewer_key ? -1 : a.viewer_key > b.viewer_key ? 1 : 0));
  for (let start = 0; start < rows.length; start += VIEWS_PER_TRANSACTION) {
    // Requests waiting for the connection take their turns between two transactions.
    if (start > 0) await new Promise((resolve) => setImmediate(resolve));
    await writeViews(ctx, rows.slice(start, start + VIEWS_PER_TRANSACTION));
  }
}

async function writeViews(ctx: Pick<TContext, 'db' | 'readCache'>, rows: readonly TViewRow[]): Promise<void> {
  await inTransaction(ctx, async (tx) => {
    const newViews = new Map<number, number>();
    // A project deleted since its view was counted takes the view with it (its rows would break the foreign key).
    const existing = await existingProjectIds(tx.db, [...new Set(rows.map((row) => row.project_id))]);
    for (const projectId of await recordViewsOnce(tx, rows.filter((row) => existing.has(row.project_id)))) newViews.set(projectId, (newViews.get(projectId) ?? 0) + 1);
    await addViews(tx.db, newViews);
    // A view shown as counted that was not new: the project's answers forget it.
    const shownPerProject = new Map<number, number>();
    for (const row of rows) shownPerProject.set(row.project_id, (shownPerProject.get(row.project_id) ?? 0) + 1);
    const overcounted = [...shownPerProject].filter(([projectId, shown]) => existing.has(projectId) && (newViews.get(projectId) ?? 0) < shown).map(([projectId]) => projectId);
    if (overcounted.length > 0) invalidateAfterCommit(tx, changedByViews(overcounted));
  });
}

/**
 * Flushes every FLUSH_EVERY_MS until stopped; stopping flushes what is left. Failures are logged
 * and retried at the next tick. First it reads today's recorded views into the buffer, so that a
 * new visitor's view is known new without a lookup (TViewBuffer.mayBeRecorded); until that read
 * ends, and if it fails, views are looked up as before.
 */
export function startViewFlushing(ctx: Pick<TContext, 'db' | 'readCache' | 'log' | 'now'> & { views?: TViewBuffer | undefined }, everyMs: number = FLUSH_EVERY_MS): { stop(): Promise<void> } {
  const flush = () => flushViewCounts(ctx).catch((error: unknown) => ctx.log.error({ err: error }, 'writing counted views failed; they are retried'));
  const timer = setInterval(() => void flush(), everyMs);
  timer.unref();
  const learning = learnTodaysViews(ctx).catch((error: unknown) => ctx.log.warn({ err: error }, 'reading today\'s views failed; new views are looked up one by one'));
  return {
    async stop() {
      clearInterval(timer);
      await learning;
      await flushViewCounts(ctx);
    },
  };
}

async function learnTodaysViews(ctx: Pick<TContext, 'db' | 'now'> & { views?: TViewBuffer | undefined }): Promise<void> {
  if (!ctx.views) return;
  const day = viewDay(ctx.now());
  ctx.views.knowDay(day, await recordedViewsOfDay(ctx, day, MAX_KNOWN_VIEWS));
}
