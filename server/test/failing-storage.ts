// A storage that refuses to delete, for tests of what the app does then.
import type { TStorage } from '../adapters/storage/storage';

export interface TDeleteFailures {
  /** Wraps a storage so its deletePrefix throws while failures are left (each call uses one). */
  wrap(storage: TStorage): TStorage;
  /** Every prefix deletePrefix was asked for, failed or not, in order. */
  readonly attempts: string[];
  failuresLeft: number;
}

export function failingDeletes(failures: number): TDeleteFailures {
  const state: TDeleteFailures = {
    attempts: [],
    failuresLeft: failures,
    wrap: (storage) => ({
      ...storage,
      async deletePrefix(prefix) {
        state.attempts.push(prefix);
        if (state.failuresLeft > 0) {
          state.failuresLeft -= 1;
          throw new Error(`storage unavailable (deleting ${prefix})`);
        }
        await storage.deletePrefix(prefix);
      },
    }),
  };
  return state;
}
