// On an empty site the operator needs a first code to get in.
import type { TContext } from '../../context';
import { findUnusedOperatorCode, insertCodes } from './invitation-codes.repo';
import { codesExpiredBefore } from './invitations.service';
import { anyUser } from './users.repo';

/**
 * While nobody has signed up, returns an unused operator code, making one if needed (the same
 * code is shown again on each restart until it is used or expires); otherwise null.
 */
export async function ensureOperatorCode(ctx: Pick<TContext, 'db' | 'now' | 'config'>): Promise<string | null> {
  if (await anyUser(ctx.db)) return null;
  const existing = await findUnusedOperatorCode(ctx.db, codesExpiredBefore(ctx));
  if (existing) return existing.code;
  const [created] = await insertCodes(ctx.db, null, 1, ctx.now());
  return created!.code;
}
