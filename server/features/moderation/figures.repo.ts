// The figures of /admin: read-only counts over other modules' tables, in one place so the
// admin page costs a handful of bounded queries (each a range on a created_at index, or a
// count of a small set). It writes nothing, and marks the one engine switch it needs (days).
import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { Engine } from '../../db/connect';
import type { Database } from '../../db/schema';

type Db = Kysely<Database>;

/** The UTC day (YYYY-MM-DD) of a timestamp column: text in SQLite, timestamptz in PostgreSQL. */
function utcDay(engine: Engine, column: string): RawBuilder<string> {
  return engine === 'sqlite' ? sql<string>`substr(${sql.ref(column)}, 1, 10)` : sql<string>`to_char(${sql.ref(column)} at time zone 'UTC', 'YYYY-MM-DD')`;
}

async function perDay(db: Db, engine: Engine, table: 'users' | 'project_media', since: Date): Promise<Map<string, number>> {
  const day = utcDay(engine, 'created_at');
  const rows = await db
    .selectFrom(table)
    .select([day.as('day'), (eb) => eb.fn.countAll<number>().as('count')])
    .where('created_at', '>=', since.toISOString())
    .groupBy(day)
    .execute();
  return new Map(rows.map((row) => [row.day, Number(row.count)]));
}

/** Members who signed up per day (users_created_idx). */
export const signupsPerDay = (db: Db, engine: Engine, since: Date) => perDay(db, engine, 'users', since);
/** Media files uploaded per day (project_media_created_idx). */
export const uploadsPerDay = (db: Db, engine: Engine, since: Date) => perDay(db, engine, 'project_media', since);

/**
 * Distinct members per day who did something that leaves a dated row: created a project, liked,
 * followed, or signed in (a session started). Each source is a range on its created_at index.
 */
export async function activeMembersPerDay(db: Db, engine: Engine, since: Date): Promise<Map<string, number>> {
  const from = since.toISOString();
  const acts = db
    .selectFrom('projects')
    .select(['user_id as member', utcDay(engine, 'created_at').as('day')])
    .where('created_at', '>=', from)
    .unionAll(db.selectFrom('likes').select(['user_id as member', utcDay(engine, 'created_at').as('day')]).where('created_at', '>=', from))
    .unionAll(db.selectFrom('follows').select(['follower_id as member', utcDay(engine, 'created_at').as('day')]).where('created_at', '>=', from))
    .unionAll(db.selectFrom('sessions').select(['user_id as member', utcDay(engine, 'created_at').as('day')]).where('created_at', '>=', from));
  const rows = await db
    .selectFrom(acts.as('acts'))
    .select(['acts.day', (eb) => eb.fn.count<number>('acts.member').distinct().as('count')])
    .groupBy('acts.day')
    .execute();
  return new Map(rows.map((row) => [row.day, Number(row.count)]));
}

/** Jobs paid for and the money taken, in cents (every succeeded payment row). */
export async function paidJobTotals(db: Db): Promise<{ jobsPaid: number; revenueCents: number }> {
  const row = await db
    .selectFrom('payments')
    .select((eb) => [eb.fn.count<number>('job_id').distinct().as('jobs'), eb.fn.sum<number>('amount').as('amount')])
    .where('status', '=', 'succeeded')
    .executeTakeFirstOrThrow();
  return { jobsPaid: Number(row.jobs), revenueCents: Number(row.amount ?? 0) };
}

/** E-mails waiting to go out: not sent, not given up on (outbox_due_idx). */
export async function outboxBacklog(db: Db): Promise<number> {
  const row = await db
    .selectFrom('outbox')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('sent_at', 'is', null)
    .where('failed_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/**
 * Bytes of media stored: the size of every uploaded original as recorded at upload
 * (project_media.size_bytes). Resized variants and posters add to this on disk and are not counted.
 */
export async function mediaBytes(db: Db): Promise<number> {
  const row = await db.selectFrom('project_media').select((eb) => eb.fn.sum<number>('size_bytes').as('bytes')).executeTakeFirstOrThrow();
  return Number(row.bytes ?? 0);
}
