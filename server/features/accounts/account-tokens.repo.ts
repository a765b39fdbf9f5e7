// Single-use links mailed to a member (password reset, e-mail change): only each token's SHA-256 is stored.
import type { Kysely } from 'kysely';
import { skipTakenRows, type Engine } from '../../db/connect';
import type { AccountTokenRow, Database, TAccountTokenPurpose } from '../../db/schema';

type Db = Kysely<Database>;

export async function insertAccountToken(
  db: Db,
  token: { tokenHash: string; userId: number; purpose: TAccountTokenPurpose; newEmail: string | null; now: Date; expiresAt: Date },
): Promise<void> {
  await db
    .insertInto('account_tokens')
    .values({
      token_hash: token.tokenHash,
      user_id: token.userId,
      purpose: token.purpose,
      new_email: token.newEmail,
      created_at: token.now.toISOString(),
      expires_at: token.expiresAt.toISOString(),
    })
    .execute();
}

/** The token, if it is of this purpose, unused and not expired. */
export function findUsableAccountToken(db: Db, tokenHash: string, purpose: TAccountTokenPurpose, now: Date): Promise<AccountTokenRow | undefined> {
  return db
    .selectFrom('account_tokens')
    .selectAll()
    .where('token_hash', '=', tokenHash)
    .where('purpose', '=', purpose)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now.toISOString())
    .executeTakeFirst();
}

/**
 * Marks the token used if it still is usable, in one conditional statement: of any number of
 * concurrent uses exactly one gets the row back.
 */
export function useAccountToken(db: Db, tokenHash: string, purpose: TAccountTokenPurpose, now: Date): Promise<AccountTokenRow | undefined> {
  const at = now.toISOString();
  return db
    .updateTable('account_tokens')
    .set({ used_at: at })
    .where('token_hash', '=', tokenHash)
    .where('purpose', '=', purpose)
    .where('used_at', 'is', null)
    .where('expires_at', '>', at)
    .returningAll()
    .executeTakeFirst();
}

/** Voids the member's unused tokens of a purpose (account_tokens_user_idx). */
export async function deleteUnusedAccountTokensOf(db: Db, userId: number, purpose: TAccountTokenPurpose): Promise<void> {
  await db.deleteFrom('account_tokens').where('user_id', '=', userId).where('purpose', '=', purpose).where('used_at', 'is', null).execute();
}

/** Deletes up to `limit` tokens past their expiry, used or not (account_tokens_expires_at_idx); how many went. */
export async function deleteExpiredAccountTokensBatch(db: Db, engine: Engine, now: Date, limit: number): Promise<number> {
  const at = now.toISOString();
  const batch = db.selectFrom('account_tokens').select('token_hash').where('expires_at', '<=', at).orderBy('expires_at').limit(limit).$call(skipTakenRows(engine));
  const result = await db.deleteFrom('account_tokens').where('token_hash', 'in', batch).where('expires_at', '<=', at).executeTakeFirst();
  return Number(result.numDeletedRows);
}
