// Clean-ups that may face a large backlog delete it in bounded batches, each its own short
// statement or transaction, so no one of them holds the database for long.

export interface TBatchOptions {
  /** Rows per batch (tests make it small). */
  batchSize?: number;
  /** Stops between batches (the scheduler's stop at shutdown); the rest waits for the next run. */
  signal?: AbortSignal;
}

/**
 * Runs `batch(size)` until one comes back short of a full batch (nothing left, or the rest
 * taken by another process) or the signal has aborted; returns how many rows the batches handled.
 */
export async function inBatches(defaultSize: number, options: TBatchOptions, batch: (size: number) => Promise<number>): Promise<number> {
  const size = options.batchSize ?? defaultSize;
  let total = 0;
  for (;;) {
    const handled = await batch(size);
    total += handled;
    if (handled < size || options.signal?.aborted) return total;
    // Lets requests waiting for the database (one connection on SQLite) go between batches.
    await new Promise((resolve) => setImmediate(resolve));
  }
}
