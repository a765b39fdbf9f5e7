import { DAY_MS, INVITE_GENERATE_BATCH, INVITES_FOR_NEW_USER } from '../../../shared/constants';
import { INVALID_CODE_FORMAT, isWellFormedInvitationCode, normalizeInvitationCode, type TInvitationAllowance, type TInvitationCode, type TValidateCodeResponse } from '../../../shared/schemas/invitation';
import { INVITE_RIGHT_LOST } from '../../../shared/schemas/moderation';
import { inTransaction, type TContext } from '../../context';
import type { InvitationCodeRow } from '../../db/schema';
import { AppError } from '../../http/errors';
import type { TSlowdown, TThrottle } from '../../http/rate-limit';
import { countCodesOwnedBy, countUnusedCodesOf, deleteUnusedCode, deleteUnusedCodesOf, findCode, insertCodes, listCodesOwnedBy } from './invitation-codes.repo';
import { toInvitationCode } from './invitation-code.presenter';
import { findUserById, lockUser } from './users.repo';

/** Codes guessed wrongly per IP: at 10 per 15 minutes, 50-bit codes cannot be found by trying. */
export const CODE_GUESS_RULE = { name: 'code-guess', points: 10, durationSeconds: 15 * 60 };
/**
 * Wrong codes from every address together: many addresses each guessing a little are slowed
 * down once there are more than 100 in 15 minutes (every answer waits, doubling to 5 s), never
 * refused, so an attack cannot lock honest newcomers out.
 */
export const CODE_GUESS_SLOWDOWN = { name: 'code-guess-all', durationSeconds: 15 * 60, freeFailures: 100, firstDelayMs: 250, maxDelayMs: 5000 };
/** The one key of the global slowdown. */
const EVERYONE = 'all';

export interface TCodeGuessThrottles {
  perIp: TThrottle;
  everywhere: TSlowdown;
}

export const codeNotFound = () => new AppError(404, 'Invitation code not found');
export const codeAlreadyUsed = () => new AppError(410, 'This invitation code has already been used');
export const codeExpired = () => new AppError(410, 'This invitation code has expired');

/** Codes made at or before this moment have expired (INVITE_TTL_DAYS). */
export function codesExpiredBefore(ctx: Pick<TContext, 'config' | 'now'>): Date {
  return new Date(ctx.now().getTime() - ctx.config.inviteTtlDays * DAY_MS);
}

/** Why an existing-or-not code cannot be used: 404 unknown, 410 used or expired; null if it can. */
export function unusableCodeError(row: InvitationCodeRow | undefined, expiredBefore: Date): AppError | null {
  if (!row) return codeNotFound();
  if (row.used_at !== null) return codeAlreadyUsed();
  if (new Date(row.created_at) <= expiredBefore) return codeExpired();
  return null;
}

/** Before a code is looked at: 429 for an address out of guesses, and a wait while codes are being guessed everywhere. */
export async function beforeCodeGuess(throttles: TCodeGuessThrottles, ip: string): Promise<void> {
  await throttles.perIp.check(ip);
  await throttles.everywhere.wait(EVERYONE);
}

/** A wrong code counts against the address; a well-formed one (a real guess) against everyone too. */
export async function countWrongCode(throttles: TCodeGuessThrottles, ip: string, wellFormed: boolean): Promise<void> {
  await Promise.all([throttles.perIp.hit(ip), wellFormed ? throttles.everywhere.hit(EVERYONE) : undefined]);
}

/** Checks a code without using it; every wrong answer counts against the caller's IP. */
export async function validateCode(ctx: TContext, guesses: TCodeGuessThrottles, rawCode: string, ip: string): Promise<TValidateCodeResponse> {
  await beforeCodeGuess(guesses, ip);
  const code = normalizeInvitationCode(rawCode.trim());
  const wellFormed = isWellFormedInvitationCode(code);
  const failure = wellFormed ? unusableCodeError(await findCode(ctx.db, code), codesExpiredBefore(ctx)) : new AppError(400, INVALID_CODE_FORMAT);
  if (failure) {
    await countWrongCode(guesses, ip, wellFormed);
    throw failure;
  }
  return { valid: true, code };
}

export async function listMyCodes(ctx: TContext, userId: number): Promise<TInvitationCode[]> {
  const rows = await listCodesOwnedBy(ctx.db, userId, codesExpiredBefore(ctx), { held: Math.max(ctx.config.invitesPerUser, INVITES_FOR_NEW_USER), expired: INVITE_GENERATE_BATCH });
  return rows.map((row) => toInvitationCode(row, ctx.config.inviteTtlDays));
}

/** Codes held (used, or unused and unexpired) against INVITES_PER_USER, and whether the member may invite at all. */
export async function codeAllowance(ctx: TContext, userId: number): Promise<TInvitationAllowance> {
  const held = await countCodesOwnedBy(ctx.db, userId, codesExpiredBefore(ctx));
  const canInvite = (await findUserById(ctx.db, userId))?.can_invite !== 0;
  return { held, limit: ctx.config.invitesPerUser, canInvite };
}

/** Deletes an unused code of the member's (expired or not); 404 for a used one or someone else's. */
export async function revokeCode(ctx: TContext, userId: number, codeId: number): Promise<void> {
  if (!(await deleteUnusedCode(ctx.db, userId, codeId))) throw codeNotFound();
}

/** New codes up to the member's allowance (INVITES_PER_USER held: used, or unused and unexpired); past it, 403. */
export async function generateCodes(ctx: TContext, userId: number, count: number): Promise<TInvitationCode[]> {
  const limit = ctx.config.invitesPerUser;
  const created = await inTransaction(ctx, async ({ db }) => {
    // Serialises concurrent generate calls of one member so the allowance holds.
    await lockUser(db, userId);
    if ((await findUserById(db, userId))?.can_invite === 0) throw new AppError(403, INVITE_RIGHT_LOST);
    const held = await countCodesOwnedBy(db, userId, codesExpiredBefore(ctx));
    if (held >= limit) {
      throw new AppError(403, `You already have the maximum of ${limit} invitation codes. Share the ones you have to invite people.`);
    }
    return insertCodes(db, userId, Math.min(count, limit - held), ctx.now());
  });
  return created.map((row) => toInvitationCode({ ...row, used_by_first_name: null, used_by_last_name: null }, ctx.config.inviteTtlDays));
}

/** Fresh operator codes (`npm run invite`): owned by nobody, for the people running the site; they expire like any code. */
export async function createOperatorCodes(ctx: Pick<TContext, 'db' | 'now'>, count: number): Promise<string[]> {
  return (await insertCodes(ctx.db, null, count, ctx.now())).map((row) => row.code);
}

/** Revokes every unused code of the member (a suspension, or a lost right to invite): those codes stop working. */
export async function revokeUnusedCodesOf(ctx: Pick<TContext, 'db'>, userId: number): Promise<number> {
  return deleteUnusedCodesOf(ctx.db, userId);
}

/** Unused codes the member holds that have not expired (invitation_codes_owner_idx). */
export function unusedCodesOf(ctx: Pick<TContext, 'db' | 'config' | 'now'>, userId: number): Promise<number> {
  return countUnusedCodesOf(ctx.db, userId, codesExpiredBefore(ctx));
}
