// Cookie sessions: the cookie holds a random token, the database only its SHA-256. A session
// ends after an idle period and, however much it is used, at an absolute expiry.
import type { TContext } from '../../context';
import type { UserRow } from '../../db/schema';
import { inBatches, type TBatchOptions } from '../../lib/in-batches';
import { hashSessionToken, newSessionToken } from './session-tokens';
import { deleteSession, deleteSessionsEndedBy, deleteSessionsOfUser, findLiveSession, insertSession, touchSession } from './sessions.repo';

/** last_seen_at is written at most this often, so reads stay reads. */
const TOUCH_EVERY_MS = 60_000;
/** Ended sessions deleted per statement. */
const ENDED_SESSIONS_BATCH = 1000;
/** Longer than any token this app issues: not worth hashing. */
const MAX_TOKEN_LENGTH = 100;

export interface TNewSession {
  token: string;
  expiresAt: Date;
}

export async function startSession(ctx: TContext, userId: number): Promise<TNewSession> {
  const { token, tokenHash } = newSessionToken();
  const now = ctx.now();
  const expiresAt = new Date(now.getTime() + ctx.config.session.absoluteMs);
  await insertSession(ctx.db, { tokenHash, userId, now, expiresAt });
  return { token, expiresAt };
}

export async function endSession(ctx: TContext, tokenHash: string): Promise<void> {
  await deleteSession(ctx.db, tokenHash);
}

/** Ends every session of the member except the one kept (the caller's own); how many ended. */
export function endSessionsOf(ctx: Pick<TContext, 'db'>, userId: number, keepTokenHash?: string): Promise<number> {
  return deleteSessionsOfUser(ctx.db, userId, keepTokenHash);
}

/** The member a cookie's token signs in, while the session lives; its use is noted. */
export async function sessionMember(ctx: TContext, token: string): Promise<{ user: UserRow; tokenHash: string } | null> {
  if (token.length > MAX_TOKEN_LENGTH) return null;
  const tokenHash = hashSessionToken(token);
  const now = ctx.now();
  const session = await findLiveSession(ctx.db, tokenHash, { now, idleSince: new Date(now.getTime() - ctx.config.session.idleMs) });
  if (!session) return null;
  if (now.getTime() - new Date(session.lastSeenAt).getTime() > TOUCH_EVERY_MS) await touchSession(ctx.db, tokenHash, now);
  return { user: session.user, tokenHash };
}

/**
 * Deletes sessions that can no longer sign anyone in: past their absolute expiry, or unused for
 * longer than the idle period (the same two limits sessionMember applies). Idempotent.
 */
export async function deleteEndedSessions(ctx: Pick<TContext, 'db' | 'engine' | 'config' | 'now'>, options: TBatchOptions = {}): Promise<number> {
  const now = ctx.now();
  const idleSince = new Date(now.getTime() - ctx.config.session.idleMs);
  const expired = await inBatches(ENDED_SESSIONS_BATCH, options, (size) => deleteSessionsEndedBy(ctx.db, ctx.engine, 'expires_at', now, size));
  const idle = await inBatches(ENDED_SESSIONS_BATCH, options, (size) => deleteSessionsEndedBy(ctx.db, ctx.engine, 'last_seen_at', idleSince, size));
  return expired + idle;
}
