import type { Kysely } from 'kysely';
import type { TCurrentUser, TPublicUser } from '../../../shared/schemas/user';
import { displayName } from '../../../shared/format';
import type { Database, NewUserRow, UserRow, UserUpdate } from '../../db/schema';

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

export async function updateUser(db: Db, id: number, changes: UserUpdate): Promise<UserRow> {
  return db.updateTable('users').set(changes).where('id', '=', id).returningAll().executeTakeFirstOrThrow();
}

export async function deleteUser(db: Db, id: number): Promise<void> {
  await db.deleteFrom('users').where('id', '=', id).execute();
}

/** Anyone may see this: no e-mail, no hash. */
export function toPublicUser(row: UserRow): TPublicUser {
  return {
    id: row.id,
    name: displayName({ firstName: row.first_name, lastName: row.last_name }),
    firstName: row.first_name,
    lastName: row.last_name,
    bio: row.bio,
    website: row.website,
    location: row.location,
    profileImageUrl: row.profile_image_url,
    title: row.title,
    twitterUrl: row.twitter_url,
    dribbbleUrl: row.dribbble_url,
    behanceUrl: row.behance_url,
    createdAt: row.created_at,
  };
}

/** Only for the member themself (GET /api/auth/me and their own auth answers). */
export function toCurrentUser(row: UserRow): TCurrentUser {
  return { ...toPublicUser(row), email: row.email };
}

/**
 * Takes the member's row lock for the rest of the transaction (a no-op write works on
 * both engines: a row lock in PostgreSQL; SQLite's BEGIN IMMEDIATE already serialises).
 */
export async function lockUser(db: Db, id: number): Promise<void> {
  await db.updateTable('users').set((eb) => ({ updated_at: eb.ref('updated_at') })).where('id', '=', id).execute();
}
