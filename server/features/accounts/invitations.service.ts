import { INVITES_FOR_NEW_USER } from '../../../shared/constants';
import { INVALID_CODE_FORMAT, isWellFormedInvitationCode, normalizeInvitationCode, type TInvitationCode, type TValidateCodeResponse } from '../../../shared/schemas/invitation';
import { inTransaction, type TContext } from '../../context';
import type { InvitationCodeRow } from '../../db/schema';
import { AppError } from '../../http/errors';
import type { TThrottle } from '../../http/rate-limit';
import { countCodesOwnedBy, findCode, insertCodes, listCodesOwnedBy } from './invitation-codes.repo';
import { toInvitationCode } from './invitation-code.presenter';
import { lockUser } from './users.repo';

/** Codes guessed wrongly per IP: at 10 per 15 minutes, 50-bit codes cannot be found by trying. */
export const CODE_GUESS_RULE = { name: 'code-guess', points: 10, durationSeconds: 15 * 60 };

export const codeNotFound = () => new AppError(404, 'Invitation code not found');
export const codeAlreadyUsed = () => new AppError(410, 'This invitation code has already been used');

/** Why an existing-or-not code cannot be used: 404 unknown, 410 used. */
export function unusableCodeError(row: InvitationCodeRow | undefined): AppError {
  return row ? codeAlreadyUsed() : codeNotFound();
}

/** Checks a code without using it; every wrong answer counts against the caller's IP. */
export async function validateCode(ctx: TContext, guesses: TThrottle, rawCode: string, ip: string): Promise<TValidateCodeResponse> {
  await guesses.check(ip);
  const code = normalizeInvitationCode(rawCode.trim());
  let failure: AppError | null = null;
  if (!isWellFormedInvitationCode(code)) {
    failure = new AppError(400, INVALID_CODE_FORMAT);
  } else {
    const row = await findCode(ctx.db, code);
    if (!row || row.used_at !== null) failure = unusableCodeError(row);
  }
  if (failure) {
    await guesses.hit(ip);
    throw failure;
  }
  return { valid: true, code };
}

export async function listMyCodes(ctx: TContext, userId: number): Promise<TInvitationCode[]> {
  const rows = await listCodesOwnedBy(ctx.db, userId, Math.max(ctx.config.invitesPerUser, INVITES_FOR_NEW_USER));
  return rows.map(toInvitationCode);
}

/** New codes up to the member's allowance (INVITES_PER_USER in all); past it, 403. */
export async function generateCodes(ctx: TContext, userId: number, count: number): Promise<TInvitationCode[]> {
  const limit = ctx.config.invitesPerUser;
  const created = await inTransaction(ctx, async ({ db }) => {
    // Serialises concurrent generate calls of one member so the allowance holds.
    await lockUser(db, userId);
    const held = await countCodesOwnedBy(db, userId);
    if (held >= limit) {
      throw new AppError(403, `You already have the maximum of ${limit} invitation codes. Share the ones you have to invite people.`);
    }
    return insertCodes(db, userId, Math.min(count, limit - held), ctx.now());
  });
  return created.map((row) => toInvitationCode({ ...row, used_by_first_name: null, used_by_last_name: null }));
}

/** Fresh operator codes (`npm run invite`): owned by nobody, for the people running the site. */
export async function createOperatorCodes(ctx: Pick<TContext, 'db' | 'now'>, count: number): Promise<string[]> {
  return (await insertCodes(ctx.db, null, count, ctx.now())).map((row) => row.code);
}
