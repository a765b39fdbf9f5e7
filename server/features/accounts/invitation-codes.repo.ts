import type { Kysely } from 'kysely';
import type { Database, InvitationCodeRow } from '../../db/schema';
import { newInvitationCode } from './invitation-code';

type Db = Kysely<Database>;

export function findCode(db: Db, code: string): Promise<InvitationCodeRow | undefined> {
  return db.selectFrom('invitation_codes').selectAll().where('code', '=', code).executeTakeFirst();
}

/** The oldest operator code nobody has used yet that has not expired. */
export function findUnusedOperatorCode(db: Db, expiredBefore: Date): Promise<{ code: string } | undefined> {
  return db
    .selectFrom('invitation_codes')
    .select('code')
    .where('owner_id', 'is', null)
    .where('used_at', 'is', null)
    .where('created_at', '>', expiredBefore.toISOString())
    .orderBy('id')
    .limit(1)
    .executeTakeFirst();
}

/** Inserts `count` fresh codes for an owner (null: operator codes). */
export async function insertCodes(db: Db, ownerId: number | null, count: number, now: Date): Promise<InvitationCodeRow[]> {
  if (count <= 0) return [];
  const createdAt = now.toISOString();
  const rows = Array.from({ length: count }, () => ({ code: newInvitationCode(), owner_id: ownerId, created_at: createdAt }));
  return db.insertInto('invitation_codes').values(rows).returningAll().execute();
}

/**
 * Marks the code used if, and only if, nobody has used it yet. The WHERE clause makes
 * this the single point of truth under concurrency: exactly one caller gets a row back.
 */
export function claimCode(db: Db, code: string, now: Date, expiredBefore: Date): Promise<InvitationCodeRow | undefined> {
  return db
    .updateTable('invitation_codes')
    .set({ used_at: now.toISOString() })
    .where('code', '=', code)
    .where('used_at', 'is', null)
    .where('created_at', '>', expiredBefore.toISOString())
    .returningAll()
    .executeTakeFirst();
}

export async function setCodeUser(db: Db, codeId: number, userId: number): Promise<void> {
  await db.updateTable('invitation_codes').set({ used_by: userId }).where('id', '=', codeId).execute();
}

/** Codes the member holds: used ones, and unused ones that have not expired (invitation_codes_owner_idx). */
export async function countCodesOwnedBy(db: Db, ownerId: number, expiredBefore: Date): Promise<number> {
  const row = await db
    .selectFrom('invitation_codes')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('owner_id', '=', ownerId)
    .where((eb) => eb.or([eb('used_at', 'is not', null), eb('created_at', '>', expiredBefore.toISOString())]))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/**
 * A member's codes, newest first, with who used each: those they hold (used, or unused and not
 * expired: at most `held`, their allowance) and the newest `expired` of their expired unused ones,
 * so an expired code never pushes a used one off the list (invitation_codes_owner_idx, both).
 */
export async function listCodesOwnedBy(db: Db, ownerId: number, expiredBefore: Date, limits: { held: number; expired: number }) {
  const cutoff = expiredBefore.toISOString();
  const codes = db
    .selectFrom('invitation_codes')
    .leftJoin('users', 'users.id', 'invitation_codes.used_by')
    .select([
      'invitation_codes.id',
      'invitation_codes.code',
      'invitation_codes.used_at',
      'invitation_codes.created_at',
      'users.first_name as used_by_first_name',
      'users.last_name as used_by_last_name',
    ])
    .where('invitation_codes.owner_id', '=', ownerId)
    .orderBy('invitation_codes.created_at', 'desc')
    .orderBy('invitation_codes.id', 'desc');
  const [held, expired] = await Promise.all([
    codes.where((eb) => eb.or([eb('invitation_codes.used_at', 'is not', null), eb('invitation_codes.created_at', '>', cutoff)])).limit(limits.held).execute(),
    codes.where('invitation_codes.used_at', 'is', null).where('invitation_codes.created_at', '<=', cutoff).limit(limits.expired).execute(),
  ]);
  return [...held, ...expired].sort((a, b) => b.created_at.localeCompare(a.created_at) || b.id - a.id);
}

/** Deletes the member's code if nobody has used it; whether it did. */
export async function deleteUnusedCode(db: Db, ownerId: number, codeId: number): Promise<boolean> {
  const result = await db.deleteFrom('invitation_codes').where('id', '=', codeId).where('owner_id', '=', ownerId).where('used_at', 'is', null).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** Unused codes leave with their owner (or are revoked); used ones stay as the record of who invited whom. How many went. */
export async function deleteUnusedCodesOf(db: Db, ownerId: number): Promise<number> {
  const result = await db.deleteFrom('invitation_codes').where('owner_id', '=', ownerId).where('used_at', 'is', null).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** invitation_codes_owner_idx. */
export async function countUnusedCodesOf(db: Db, ownerId: number, expiredBefore: Date): Promise<number> {
  const row = await db
    .selectFrom('invitation_codes')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('owner_id', '=', ownerId)
    .where('used_at', 'is', null)
    .where('created_at', '>', expiredBefore.toISOString())
    .executeTakeFirstOrThrow();
  return Number(row.count);
}
