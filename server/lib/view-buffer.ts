// The views counted by this process and not yet written (see features/projects/view-counts.ts,
// which writes them in batches): deduplicated per viewer, project and day, with how many wait
// per project, so that a project read from the database can show them already.

/** A view to record: one per viewer per project per day. */
export interface TViewRow {
  project_id: number;
  viewer_key: string;
  day: string;
}

/** At most this many views wait; past it a view is written at once, as before (a flood cannot grow memory without bound). */
export const MAX_PENDING_VIEWS = 50_000;

export interface TViewBuffer {
  /** Whether the view waits to be written (or is being written now). */
  has(view: TViewRow): boolean;
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
}

const viewId = (view: TViewRow) => `${view.project_id}\u0000${view.day}\u0000${view.viewer_key}`;

export function createViewBuffer(options: { maxPending?: number } = {}): TViewBuffer {
  const maxPending = options.maxPending ?? MAX_PENDING_VIEWS;
  let waiting = new Map<string, TViewRow>();
  let waitingPerProject = new Map<number, number>();
  let inFlight: Map<number, number> | null = null;
  let inFlightIds: ReadonlySet<string> = new Set();
  // Even while no flush runs, odd while one does; moved at each start and end.
  let phase = 0;

  const bump = (perProject: Map<number, number>, projectId: number) => perProject.set(projectId, (perProject.get(projectId) ?? 0) + 1);

  return {
    has(view) {
      const id = viewId(view);
      return waiting.has(id) || inFlightIds.has(id);
    },
    add(view) {
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
  };
}

