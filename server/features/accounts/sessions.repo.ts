import type { Kysely } from 'kysely';
import { skipTakenRows, type Engine } from '../../db/connect';
import { preparedQuery } from '../../db/prepared-query';
import type { Database, SessionRow, UserRow } from '../../db/schema';

type Db = Kysely<Database>;

export async function insertSession(
  db: Db,
  session: { tokenHash: string; publicId: string; userId: number; userAgent: string | null; now: Date; expiresAt: Date },
): Promise<void> {
  const now = session.now.toISOString();
  await db
    .insertInto('sessions')
    .values({
      token_hash: session.tokenHash,
      public_id: session.publicId,
      user_id: session.userId,
      user_agent: session.userAgent,
      created_at: now,
      last_seen_at: now,
      expires_at: session.expiresAt.toISOString(),
    })
    .execute();
}

export type TSessionRow = Pick<SessionRow, 'token_hash' | 'public_id' | 'user_agent' | 'created_at' | 'last_seen_at'>;

/** A member's live sessions, most recently used first (sessions_user_last_seen_idx). */
export function listLiveSessionsOfUser(db: Db, userId: number, limits: { now: Date; idleSince: Date }, max: number): Promise<TSessionRow[]> {
  return db
    .selectFrom('sessions')
    .select(['token_hash', 'public_id', 'user_agent', 'created_at', 'last_seen_at'])
    .where('user_id', '=', userId)
    .where('last_seen_at', '>', limits.idleSince.toISOString())
    .where('expires_at', '>', limits.now.toISOString())
    .orderBy('last_seen_at', 'desc')
    .limit(max)
    .execute();
}

/** Deletes one session of this member by its public id; the token hash it had, or undefined when none. */
export async function deleteSessionOfUser(db: Db, userId: number, publicId: string): Promise<string | undefined> {
  const row = await db.deleteFrom('sessions').where('public_id', '=', publicId).where('user_id', '=', userId).returning('token_hash').executeTakeFirst();
  return row?.token_hash;
}

/** Deletes every session of the member but the one kept (if any); how many went. */
export async function deleteSessionsOfUser(db: Db, userId: number, keepTokenHash?: string): Promise<number> {
  let query = db.deleteFrom('sessions').where('user_id', '=', userId);
  if (keepTokenHash !== undefined) query = query.where('token_hash', '!=', keepTokenHash);
  const result = await query.executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Keeps the member's `keep` most recently used sessions and deletes the rest. */
export async function deleteSessionsBeyond(db: Db, userId: number, keep: number): Promise<void> {
  const kept = db.selectFrom('sessions').select('token_hash').where('user_id', '=', userId).orderBy('last_seen_at', 'desc').limit(keep);
  await db.deleteFrom('sessions').where('user_id', '=', userId).where('token_hash', 'not in', kept).execute();
}

/** Built once: every signed-in request asks it. */
const liveSessionQuery = preparedQuery((db, args: { tokenHash: string; now: string; idleSince: string }) =>
  db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .selectAll('users')
    .select(['sessions.last_seen_at as session_last_seen_at', 'sessions.expires_at as session_expires_at'])
    .where('sessions.token_hash', '=', args.tokenHash)
    .where('sessions.expires_at', '>', args.now)
    .where('sessions.last_seen_at', '>', args.idleSince),
);

/** The session and its member, if the session is still within both expiries. */
export async function findLiveSession(
  db: Db,
  tokenHash: string,
  limits: { now: Date; idleSince: Date },
): Promise<{ lastSeenAt: string; expiresAt: string; user: UserRow } | undefined> {
  const [row] = await liveSessionQuery(db, { tokenHash, now: limits.now.toISOString(), idleSince: limits.idleSince.toISOString() });
  if (!row) return undefined;
  const { session_last_seen_at: lastSeenAt, session_expires_at: expiresAt, ...user } = row;
  return { lastSeenAt, expiresAt, user };
}

export async function touchSession(db: Db, tokenHash: string, now: Date): Promise<void> {
  await db.updateTable('sessions').set({ last_seen_at: now.toISOString() }).where('token_hash', '=', tokenHash).execute();
}

export async function deleteSession(db: Db, tokenHash: string): Promise<void> {
  await db.deleteFrom('sessions').where('token_hash', '=', tokenHash).execute();
}

/**
 * Deletes up to `limit` sessions whose `column` is at or before `cutoff` (expires_at: past the
 * absolute expiry, sessions_expires_at_idx; last_seen_at: idle too long, sessions_last_seen_at_idx);
 * how many went. The outer condition is checked again on each row, so a session touched
 * meanwhile on PostgreSQL is not taken.
 */
export async function deleteSessionsEndedBy(db: Db, engine: Engine, column: 'expires_at' | 'last_seen_at', cutoff: Date, limit: number): Promise<number> {
  const at = cutoff.toISOString();
  const batch = db.selectFrom('sessions').select('token_hash').where(column, '<=', at).orderBy(column).limit(limit).$call(skipTakenRows(engine));
  const result = await db.deleteFrom('sessions').where('token_hash', 'in', batch).where(column, '<=', at).executeTakeFirst();
  return Number(result.numDeletedRows);
}
