import type { Kysely } from 'kysely';
import { skipTakenRows, type Engine } from '../../db/connect';
import type { Database, UserRow } from '../../db/schema';

type Db = Kysely<Database>;

export async function insertSession(db: Db, session: { tokenHash: string; userId: number; now: Date; expiresAt: Date }): Promise<void> {
  const now = session.now.toISOString();
  await db
    .insertInto('sessions')
    .values({ token_hash: session.tokenHash, user_id: session.userId, created_at: now, last_seen_at: now, expires_at: session.expiresAt.toISOString() })
    .execute();
}

/** The session and its member, if the session is still within both expiries. */
export async function findLiveSession(
  db: Db,
  tokenHash: string,
  limits: { now: Date; idleSince: Date },
): Promise<{ lastSeenAt: string; user: UserRow } | undefined> {
  const row = await db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .selectAll('users')
    .select('sessions.last_seen_at as session_last_seen_at')
    .where('sessions.token_hash', '=', tokenHash)
    .where('sessions.expires_at', '>', limits.now.toISOString())
    .where('sessions.last_seen_at', '>', limits.idleSince.toISOString())
    .executeTakeFirst();
  if (!row) return undefined;
  const { session_last_seen_at: lastSeenAt, ...user } = row;
  return { lastSeenAt, user };
}

export async function touchSession(db: Db, tokenHash: string, now: Date): Promise<void> {
  await db.updateTable('sessions').set({ last_seen_at: now.toISOString() }).where('token_hash', '=', tokenHash).execute();
}

export async function deleteSession(db: Db, tokenHash: string): Promise<void> {
  await db.deleteFrom('sessions').where('token_hash', '=', tokenHash).execute();
}

/** Deletes every session of the member but the one kept (sessions_user_id_idx); how many went. */
export async function deleteSessionsOfUser(db: Db, userId: number, keepTokenHash?: string): Promise<number> {
  let query = db.deleteFrom('sessions').where('user_id', '=', userId);
  if (keepTokenHash !== undefined) query = query.where('token_hash', '<>', keepTokenHash);
  const result = await query.executeTakeFirst();
  return Number(result.numDeletedRows);
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
