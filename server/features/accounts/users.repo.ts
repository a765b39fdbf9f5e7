import { sql, type Kysely } from 'kysely';
import type { TRole } from '../../../shared/schemas/user';
import { preparedQuery } from '../../db/prepared-query';
import type { Database, NewUserRow, UserRow, UserUpdate } from '../../db/schema';
import { containsPattern } from '../../lib/like-pattern';

type Db = Kysely<Database>;

export function findUserById(db: Db, id: number): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
}

export function findUserByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirst();
}

export async function insertUser(db: Db, user: NewUserRow): Promise<UserRow> {
  return db.insertInto('users').values(user).returningAll().executeTakeFirstOrThrow();
}

/** Call it through changeUser (accounts.service.ts), which tells the kept sessions. */
export async function updateUser(db: Db, id: number, changes: UserUpdate): Promise<UserRow> {
  return db.updateTable('users').set(changes).where('id', '=', id).returningAll().executeTakeFirstOrThrow();
}

export function findUsersByIds(db: Db, ids: number[]): Promise<UserRow[]> {
  if (!ids.length) return Promise.resolve([]);
  return usersByIdsQuery(db, { ids });
}

// The creators of every card and project page a cached copy does not answer: compiled once.
const usersByIdsQuery = preparedQuery((db, args: { ids: readonly number[] }) => db.selectFrom('users').selectAll().where('id', 'in', args.ids));

/** Only the name columns, for lists that show who someone is and nothing else. */
export function findUserNames(db: Db, ids: number[]) {
  if (!ids.length) return Promise.resolve([]);
  return db.selectFrom('users').select(['id', 'first_name', 'last_name']).where('id', 'in', ids).execute();
}

export async function countUsers(db: Db): Promise<number> {
  const row = await db.selectFrom('users').select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow();
  return Number(row.count);
}

export async function anyUser(db: Db): Promise<boolean> {
  return (await db.selectFrom('users').select('id').limit(1).executeTakeFirst()) !== undefined;
}

export async function deleteUser(db: Db, id: number): Promise<void> {
  await db.deleteFrom('users').where('id', '=', id).execute();
}

/**
 * Takes the member's row lock for the rest of the transaction (a no-op write works on
 * both engines: a row lock in PostgreSQL; SQLite's BEGIN IMMEDIATE already serialises).
 */
export async function lockUser(db: Db, id: number): Promise<void> {
  await db.updateTable('users').set((eb) => ({ updated_at: eb.ref('updated_at') })).where('id', '=', id).execute();
}

export async function countUsersWithRole(db: Db, role: TRole): Promise<number> {
  const row = await db.selectFrom('users').select((eb) => eb.fn.countAll<number>().as('count')).where('role', '=', role).executeTakeFirstOrThrow();
  return Number(row.count);
}

/** users_invited_by_idx. */
export async function countInviteesEverSuspended(db: Db, inviterId: number): Promise<number> {
  const row = await db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('invited_by', '=', inviterId)
    .where('was_suspended', '=', 1)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** users_invited_by_idx. */
export function findInvitees(db: Db, inviterId: number, limit: number): Promise<UserRow[]> {
  return db.selectFrom('users').selectAll().where('invited_by', '=', inviterId).orderBy('id').limit(limit).execute();
}

/** users_suspended_until_idx. */
export function findEndedSuspensions(db: Db, now: Date, limit: number) {
  return db
    .selectFrom('users')
    .select(['id', 'first_name', 'last_name'])
    .where('suspended_until', '<=', now.toISOString())
    .where('suspended_at', 'is not', null)
    .orderBy('suspended_until')
    .limit(limit)
    .execute();
}

/** Newest first on users_created_idx, one extra row to tell if more exist. */
export function listUsersPage(db: Db, options: { q: string | undefined; limit: number; after: [string, number] | undefined }): Promise<UserRow[]> {
  let query = db.selectFrom('users').selectAll();
  if (options.q) {
    const pattern = containsPattern(options.q);
    query = query.where(sql<boolean>`lower(first_name || ' ' || last_name) like ${pattern} escape '\\'`);
  }
  if (options.after) {
    const [createdAt, id] = options.after;
    query = query.where((eb) => eb(eb.refTuple('created_at', 'id'), '<', eb.tuple(createdAt, id)));
  }
  return query.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(options.limit + 1).execute();
}
