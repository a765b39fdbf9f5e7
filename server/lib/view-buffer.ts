// The views counted by this process and not yet written (see features/projects/view-counts.ts,
// which writes them in batches): deduplicated per viewer, project and day, with how many wait
// per project, so that a project read from the database can show them already. It also knows
// which of a day's views are recorded, when it can know them all (`mayBeRecorded`), so that a
// new visitor's view is not looked up in the database.
import { createBloomFilter, type TBloomFilter } from './bloom-filter';

/** A view to record: one per viewer per project per day. */
export interface TViewRow {
  project_id: number;
  viewer_key: string;
  day: string;
}

/** At most this many views wait; past it a view is written at once, as before (a flood cannot grow memory without bound). */
export const MAX_PENDING_VIEWS = 50_000;

/**
 * A day's recorded views read at start, at most (about 50 MB while read, half a second of SQLite's
 * connection at start): past this many that day is looked up view by view.
 */
export const MAX_KNOWN_VIEWS = 500_000;

/**
 * Views this process remembers as counted, per generation: when the newer of two is full it
 * becomes the older and the older goes, so at most twice this many are held (about 100 bytes
 * each: some 30 MB).
 */
export const REMEMBERED_VIEWS = 150_000;

export interface TViewBuffer {
  /**
   * Whether this process knows the view is counted already: it waits, or this process counted it
   * or found it recorded (`remember`) among the latest remembered views of the latest day. A
   * "no" is not sure (forgotten, or counted by another process): the caller then asks on.
   */
  isCounted(view: TViewRow): boolean;
  /** The view is counted (added here, found waiting or recorded, or written at once): `isCounted` says so from now on. */
  remember(view: TViewRow): void;
  /** Takes a view to write later; false when it is already waiting, or when too many are (the caller writes it itself then). */
  add(view: TViewRow): 'added' | 'waiting' | 'full';
  /** Views of the project waiting to be written (including a batch being written now). */
  pending(projectId: number): number;
  /**
   * A mark of the flushes: a copy read from the database between two equal marks, with no
   * flush running at either, adds `pending` exactly; otherwise a flush may have landed in the
   * middle of the read and the copy may be off by its views (it is then not kept).
   */
  mark(): number;
  /** Whether no flush started or ended since the mark, and none was running at it. */
  steadySince(mark: number): boolean;
  /** Hands the waiting views over for writing; `done` ends the batch (on failure they wait again). */
  take(): { rows: TViewRow[]; done(written: boolean): void } | null;
  /** Counts of what waits (for /healthz and tests). */
  size(): number;
  /**
   * Whether the view may be recorded in the database already (so the caller must ask it). False
   * only when this process knows every view recorded that day and this one is not among them:
   * it read the day's views at start (`knowDay`) or was running when the day began, every view
   * it counted since went through `add`, and it counts views alone (`alone`; with Redis other
   * processes count them too). A wrong "maybe" costs a lookup; there is no wrong "no".
   */
  mayBeRecorded(view: TViewRow): boolean;
  /**
   * The day this process started on and the views recorded that day before it counted any
   * (null: too many to read; that day's views are then looked up one by one).
   */
  knowDay(day: string, recorded: Iterable<Omit<TViewRow, 'day'>> | null): void;
  /** A view found recorded in the database (by another process, or before this one started). */
  noteRecorded(view: TViewRow): void;
}

const viewId = (view: TViewRow) => `${view.project_id}\u0000${view.day}\u0000${view.viewer_key}`;

/**
 * The views of the latest day this process counted, as a Bloom filter (1 MiB: it answers "never
 * counted" wrongly for about 1 view in 2,000 at 500,000 a day, and a wrong answer there costs
 * only the lookup this saves). Older days are forgotten: a view of one is always looked up.
 */
function createRecordedViews(alone: boolean) {
  let startDay: string | null = null;
  let startDayRead = false;
  let latest: { day: string; filter: TBloomFilter } | null = null;
  const filterOf = (day: string): TBloomFilter | null => {
    if (latest === null || day > latest.day) latest = { day, filter: createBloomFilter() };
    return latest.day === day ? latest.filter : null;
  };
  const key = (view: Omit<TViewRow, 'day'>) => `${view.project_id}:${view.viewer_key}`;
  return {
    note(view: TViewRow) {
      filterOf(view.day)?.add(key(view));
    },
    knowDay(day: string, recorded: Iterable<Omit<TViewRow, 'day'>> | null) {
      startDay = day;
      startDayRead = recorded !== null;
      const filter = filterOf(day);
      if (filter && recorded) for (const view of recorded) filter.add(key(view));
    },
    mayBeRecorded(view: TViewRow): boolean {
      if (!alone || startDay === null || view.day < startDay || (view.day === startDay && !startDayRead)) return true;
      // A day later than any counted yet has nothing recorded by this process; an earlier one is forgotten.
      if (latest === null || view.day > latest.day) return false;
      return view.day < latest.day || latest.filter.mightHave(key(view));
    },
  };
}

/**
 * The views of the latest day known counted, the latest ones of them (REMEMBERED_VIEWS): a
 * returning visitor's view is known counted without the database. In the read cache before, each
 * was an entry of its own, and with the entry's bookkeeping counted against the cache's budget they
 * took more than half of it at 200,000 views, pushing out the projects' copies and answers.
 */
function createRememberedViews() {
  let day: string | null = null;
  let newer = new Set<string>();
  let older = new Set<string>();
  const key = (view: TViewRow) => `${view.project_id}:${view.viewer_key}`;
  return {
    remember(view: TViewRow) {
      if (day === null || view.day > day) {
        day = view.day;
        newer = new Set();
        older = new Set();
      }
      if (view.day !== day) return;
      if (newer.size >= REMEMBERED_VIEWS) {
        older = newer;
        newer = new Set();
      }
      newer.add(key(view));
    },
    has(view: TViewRow): boolean {
      if (view.day !== day) return false;
      const id = key(view);
      return newer.has(id) || older.has(id);
    },
  };
}

/** `alone`: no other process counts views in this database (no Redis); then a new view needs no lookup once the day is known. */
export function createViewBuffer(options: { maxPending?: number; alone?: boolean } = {}): TViewBuffer {
  const maxPending = options.maxPending ?? MAX_PENDING_VIEWS;
  const recorded = createRecordedViews(options.alone ?? false);
  const remembered = createRememberedViews();
  let waiting = new Map<string, TViewRow>();
  let waitingPerProject = new Map<number, number>();
  let inFlight: Map<number, number> | null = null;
  let inFlightIds: ReadonlySet<string> = new Set();
  // Even while no flush runs, odd while one does; moved at each start and end.
  let phase = 0;

  const bump = (perProject: Map<number, number>, projectId: number) => perProject.set(projectId, (perProject.get(projectId) ?? 0) + 1);

  /** Whether the view waits to be written (or is being written now). */
  const waits = (view: TViewRow) => {
    const id = viewId(view);
    return waiting.has(id) || inFlightIds.has(id);
  };

  return {
    isCounted: (view) => remembered.has(view) || waits(view),
    remember: (view) => remembered.remember(view),
    add(view) {
      // Noted even when full: the caller then writes it itself.
      recorded.note(view);
      const id = viewId(view);
      if (waiting.has(id)) return 'waiting';
      if (waiting.size >= maxPending) return 'full';
      waiting.set(id, view);
      bump(waitingPerProject, view.project_id);
      return 'added';
    },
    pending: (projectId) => (waitingPerProject.get(projectId) ?? 0) + (inFlight?.get(projectId) ?? 0),
    mark: () => phase,
    steadySince: (mark) => mark === phase && mark % 2 === 0,
    take() {
      if (waiting.size === 0 || inFlight) return null;
      const rows = [...waiting.values()];
      inFlight = waitingPerProject;
      inFlightIds = new Set(waiting.keys());
      waiting = new Map();
      waitingPerProject = new Map();
      phase += 1;
      return {
        rows,
        done(written) {
          const batch = inFlight;
          inFlight = null;
          inFlightIds = new Set();
          phase += 1;
          if (written || !batch) return;
          // Not written (the database was unreachable): they wait for the next flush, as far as room allows.
          for (const view of rows) {
            const id = viewId(view);
            if (waiting.has(id) || waiting.size >= maxPending) continue;
            waiting.set(id, view);
            bump(waitingPerProject, view.project_id);
          }
        },
      };
    },
    size: () => waiting.size + (inFlight ? [...inFlight.values()].reduce((sum, n) => sum + n, 0) : 0),
    mayBeRecorded: (view) => recorded.mayBeRecorded(view),
    knowDay: (day, views) => recorded.knowDay(day, views),
    noteRecorded: (view) => recorded.note(view),
  };
}

