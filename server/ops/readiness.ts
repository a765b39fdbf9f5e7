// Is this process fit to take traffic? The database must answer a trivial query quickly, and
// the process must not be shutting down (a load balancer then stops sending requests here).
import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema';

/** A database slower than this to answer `select 1` counts as unreachable. */
export const READINESS_TIMEOUT_MS = 1000;

export type TReadinessResult = { ok: true } | { ok: false; reason: 'shutting-down' | 'database-unreachable' };

export interface TReadiness {
  check(): Promise<TReadinessResult>;
  /** From now on the process answers not-ready: shutdown has begun. */
  markDraining(): void;
  readonly draining: boolean;
}

export function createReadiness(db: Kysely<Database>, timeoutMs = READINESS_TIMEOUT_MS): TReadiness {
  let draining = false;
  return {
    get draining() {
      return draining;
    },
    markDraining() {
      draining = true;
    },
    async check() {
      if (draining) return { ok: false, reason: 'shutting-down' };
      return (await databaseAnswers(db, timeoutMs)) ? { ok: true } : { ok: false, reason: 'database-unreachable' };
    },
  };
}

async function databaseAnswers(db: Kysely<Database>, timeoutMs: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), timeoutMs);
  });
  // A query that loses the race still settles later (the pool's connect timeout ends it); its
  // failure is caught here so it never becomes an unhandled rejection.
  const answered = sql`select 1`
    .execute(db)
    .then(() => true)
    .catch(() => false);
  try {
    return await Promise.race([answered, timedOut]);
  } finally {
    clearTimeout(timer);
  }
}
