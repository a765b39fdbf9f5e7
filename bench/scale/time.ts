// Times as the app stores them: ISO-8601 instants, and UTC days for view deduplication.

export const DAY_MS = 24 * 60 * 60 * 1000;
/** How far back seeded activity starts. */
export const HISTORY_MS = 2 * 365 * DAY_MS;

export function iso(ms: number): string {
  return new Date(ms).toISOString();
}

export function utcDay(ms: number): string {
  return iso(ms).slice(0, 10);
}

/** A moment between `from` and `to`; skew > 1 leans towards `from`, below 1 towards `to`. */
export function between(from: number, to: number, uniform: number, skew = 1): number {
  return Math.round(from + (to - from) * uniform ** skew);
}
