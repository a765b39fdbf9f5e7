// On an empty site the operator needs a first code to get in.
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { insertCodes } from './invitations.repo';

/**
 * While nobody has signed up, returns an unused operator code, making one if needed
 * (the same code is shown again on each restart until it is used); otherwise null.
 */
export async function ensureOperatorCode({ db, now }: { db: Kysely<Database>; now: Date }): Promise<string | null> {
  const member = await db.selectFrom('users').select('id').limit(1).executeTakeFirst();
  if (member) return null;
  const existing = await db
    .selectFrom('invitation_codes')
    .select('code')
    .where('owner_id', 'is', null)
    .where('used_at', 'is', null)
    .orderBy('id')
    .limit(1)
    .executeTakeFirst();
  if (existing) return existing.code;
  const [created] = await insertCodes(db, null, 1, now);
  return created!.code;
}
