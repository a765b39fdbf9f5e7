// How long work that keeps failing waits before its next try (mail delivery, file deletion).

/** The wait after the n-th failed attempt (n from 1): `firstMs`, doubling each time, never more than `maxMs`. */
export function doublingDelayMs(failedAttempts: number, limits: { firstMs: number; maxMs: number }): number {
  return Math.min(limits.maxMs, limits.firstMs * 2 ** Math.max(0, failedAttempts - 1));
}
