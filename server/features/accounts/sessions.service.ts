// Cookie sessions: the cookie holds a random token, the database only its SHA-256. A session
// ends after an idle period and, however much it is used, at an absolute expiry.
import { MAX_SESSIONS_PER_MEMBER, SESSION_USER_AGENT_MAX } from '../../../shared/constants';
import { isStaff } from '../../../shared/roles';
import type { TSession } from '../../../shared/schemas/session';
import { invalidateAfterCommit, type TContext, type TTransactional } from '../../context';
import type { UserRow } from '../../db/schema';
import { AppError } from '../../http/errors';
import { accountTag, sessionTag } from '../../lib/cache-tags';
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
/**
 * How long who a member's session signs in is kept between reads of the database (a staff
 * member's never is). What this app changes of an account or its sessions is forgotten at once
 * (forgetKeptSessionsOf, endSession), here and, with Redis, in every process; what changes
 * behind its back (another process without Redis, a hand edit) shows within this time.
 */
export const SESSION_KEPT_MS = 5_000;
/** Roughly what a kept session holds besides its member's row. */
const KEPT_SESSION_BYTES = 512;

interface TKeptSession {
  user: UserRow;
  lastSeenAt: string;
  expiresAt: string;
}

const keptSessionKey = (tokenHash: string) => `kept-session:${tokenHash}`;

/**
 * A change to the member's account row or sessions: what is kept of who their sessions sign in
 * is forgotten once it commits. A context without the read cache (the operator's CLI) keeps
 * nothing to forget; a server learns of its change within SESSION_KEPT_MS.
 */
export function forgetKeptSessionsOf(ctx: TTransactional, userId: number): void {
  if (ctx.readCache || ctx.changedInTransaction) invalidateAfterCommit(ctx, [accountTag(userId)]);
}

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
  forgetKeptSessionsOf(ctx, userId);
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
  forgetKeptSessionsOf(ctx, userId);
  return tokenHash;
}

export async function endSession(ctx: TContext, tokenHash: string): Promise<void> {
  await deleteSession(ctx.db, tokenHash);
  invalidateAfterCommit(ctx, [sessionTag(tokenHash)]);
}

/** Ends every session of the member, but the one with this token hash when given (the caller's own); how many ended. */
export async function endSessionsOf(ctx: TTransactional, userId: number, keepTokenHash?: string): Promise<number> {
  const ended = await deleteSessionsOfUser(ctx.db, userId, keepTokenHash);
  forgetKeptSessionsOf(ctx, userId);
  return ended;
}

/**
 * The member a cookie's token signs in, while the session lives; its use is noted. Every
 * signed-in request asks, so a live session and its member are kept for SESSION_KEPT_MS (frozen:
 * requests share them), its expiries checked again each time.
 */
export async function sessionMember(ctx: TContext, token: string): Promise<{ user: UserRow; tokenHash: string } | null> {
  if (token.length > MAX_TOKEN_LENGTH) return null;
  const tokenHash = hashSessionToken(token);
  const now = ctx.now();
  const idleSince = now.getTime() - ctx.config.session.idleMs;
  const session = ctx.readCache.get<TKeptSession>(keptSessionKey(tokenHash)) ?? (await readLiveSession(ctx, tokenHash, now, idleSince));
  if (!session) return null;
  const lastSeen = new Date(session.lastSeenAt).getTime();
  if (new Date(session.expiresAt).getTime() <= now.getTime() || lastSeen <= idleSince) return null;
  // A suspension deletes the member's sessions; this refuses any that slipped past (one started meanwhile).
  if (isSuspended(session.user, now)) return null;
  if (now.getTime() - lastSeen > TOUCH_EVERY_MS) {
    await touchSession(ctx.db, tokenHash, now);
    ctx.readCache.delete(keptSessionKey(tokenHash));
  }
  return { user: session.user, tokenHash };
}

async function readLiveSession(ctx: TContext, tokenHash: string, now: Date, idleSince: number): Promise<TKeptSession | undefined> {
  const ticket = ctx.readCache.ticket();
  const found = await findLiveSession(ctx.db, tokenHash, { now, idleSince: new Date(idleSince) });
  if (!found) return undefined;
  const session: TKeptSession = { user: Object.freeze(found.user), lastSeenAt: found.lastSeenAt, expiresAt: found.expiresAt };
  // Staff are read afresh on every request: the operator's `npm run admin` demotes from another
  // process, which this one may not hear of, and a role must end at once. They are few.
  if (isStaff(found.user.role)) return session;
  ctx.readCache.set(keptSessionKey(tokenHash), session, ticket, {
    tags: [accountTag(found.user.id), sessionTag(tokenHash)],
    ttlMs: SESSION_KEPT_MS,
    bytes: KEPT_SESSION_BYTES + JSON.stringify(found.user).length,
  });
  return session;
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
