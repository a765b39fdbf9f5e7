// Cookie sessions: the cookie holds a random token, the database only its SHA-256. A session
// ends after an idle period and, however much it is used, at an absolute expiry.
import { MAX_SESSIONS_PER_MEMBER, SESSION_USER_AGENT_MAX } from '../../../shared/constants';
import type { TSession } from '../../../shared/schemas/session';
import type { TContext } from '../../context';
import type { UserRow } from '../../db/schema';
import { AppError } from '../../http/errors';
import { inBatches, type TBatchOptions } from '../../lib/in-batches';
import { toSession } from './session.presenter';
import { isSuspended } from './suspension';
import { hashSessionToken, newSessionPublicId, newSessionToken } from './session-tokens';
import {
  deleteSession,
  deleteSessionOfUser,
  deleteSessionsBeyond,
  deleteSessionsEndedBy,
  deleteSessionsOfUser,
  findLiveSession,
  insertSession,
  listLiveSessionsOfUser,
  touchSession,
} from './sessions.repo';

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

/**
 * A new session for the member, noting the browser's User-Agent for their list of sessions. A
 * member holds at most MAX_SESSIONS_PER_MEMBER: the least recently used beyond that end.
 */
export async function startSession(ctx: TContext, userId: number, userAgent?: string): Promise<TNewSession> {
  const { token, tokenHash } = newSessionToken();
  const now = ctx.now();
  const expiresAt = new Date(now.getTime() + ctx.config.session.absoluteMs);
  await insertSession(ctx.db, { tokenHash, publicId: newSessionPublicId(), userId, userAgent: userAgent?.slice(0, SESSION_USER_AGENT_MAX) || null, now, expiresAt });
  await deleteSessionsBeyond(ctx.db, userId, MAX_SESSIONS_PER_MEMBER);
  return { token, expiresAt };
}

/** The member's live sessions: the one of this request first (marked current), then the others, most recently used first. */
export async function listSessions(ctx: TContext, userId: number, currentTokenHash: string | null): Promise<TSession[]> {
  const now = ctx.now();
  const rows = await listLiveSessionsOfUser(ctx.db, userId, { now, idleSince: new Date(now.getTime() - ctx.config.session.idleMs) }, MAX_SESSIONS_PER_MEMBER);
  const sessions = rows.map((row) => toSession(row, currentTokenHash));
  return [...sessions.filter((session) => session.current), ...sessions.filter((session) => !session.current)];
}

/** Ends one of the member's own sessions by its public id (404 for any other); the token hash it had. */
export async function endSessionOf(ctx: TContext, userId: number, publicId: string): Promise<string> {
  const tokenHash = await deleteSessionOfUser(ctx.db, userId, publicId);
  if (tokenHash === undefined) throw new AppError(404, 'Session not found');
  return tokenHash;
}

export async function endSession(ctx: TContext, tokenHash: string): Promise<void> {
  await deleteSession(ctx.db, tokenHash);
}

/** Ends every session of the member, but the one with this token hash when given (the caller's own); how many ended. */
export function endSessionsOf(ctx: Pick<TContext, 'db'>, userId: number, keepTokenHash?: string): Promise<number> {
  return deleteSessionsOfUser(ctx.db, userId, keepTokenHash);
}

/** The member a cookie's token signs in, while the session lives; its use is noted. */
export async function sessionMember(ctx: TContext, token: string): Promise<{ user: UserRow; tokenHash: string } | null> {
  if (token.length > MAX_TOKEN_LENGTH) return null;
  const tokenHash = hashSessionToken(token);
  const now = ctx.now();
  const session = await findLiveSession(ctx.db, tokenHash, { now, idleSince: new Date(now.getTime() - ctx.config.session.idleMs) });
  // A suspension deletes the member's sessions; this refuses any that slipped past (one started meanwhile).
  if (!session || isSuspended(session.user, now)) return null;
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
