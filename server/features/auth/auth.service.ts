// Accounts and sessions: sign-up with a single-use invitation code, sign-in, profile, deletion.
import { INVITES_FOR_NEW_USER } from '../../../shared/constants';
import type { TSigninRequest, TSignupRequest } from '../../../shared/schemas/auth';
import type { TUpdateProfileRequest } from '../../../shared/schemas/profile';
import type { TContext } from '../../context';
import { isUniqueViolation } from '../../db/connect';
import type { UserRow, UserUpdate } from '../../db/schema';
import { AppError } from '../../http/errors';
import type { TThrottle } from '../../http/rate-limit';
import { claimCode, deleteUnusedCodesOf, findCode, insertCodes, setCodeUser } from '../invitations/invitations.repo';
import { unusableCodeError } from '../invitations/invitations.service';
import { deleteUnpaidJobsOf } from '../jobs/jobs.repo';
import { listMediaOfOwner } from '../media/media.repo';
import { deleteStoredMedia } from '../media/media.service';
import { syncSearchDocuments } from '../search/search.repo';
import { withdrawLikesOf } from '../social/social.repo';
import { decoyPasswordHash, hashPassword, verifyPassword } from './passwords';
import { newSessionToken } from './session-tokens';
import { deleteSession, insertSession } from './sessions.repo';
import { deleteUser, findUserByEmail, insertUser, updateUser } from './users.repo';

export const SIGNIN_FAILED = 'Invalid email or password';

/** Per IP: many members may share one; per account: a password cannot be guessed online. */
export const SIGNIN_IP_RULE = { name: 'signin-ip', points: 30, durationSeconds: 15 * 60 };
export const SIGNIN_ACCOUNT_RULE = { name: 'signin-account', points: 8, durationSeconds: 15 * 60 };

export interface TSignupThrottles {
  codeGuesses: TThrottle;
}

export interface TSigninThrottles {
  perIp: TThrottle;
  perAccount: TThrottle;
}

export interface TNewSession {
  token: string;
  expiresAt: Date;
}

export async function startSession(ctx: TContext, userId: number): Promise<TNewSession> {
  const { token, tokenHash } = newSessionToken();
  const now = ctx.now();
  const expiresAt = new Date(now.getTime() + ctx.config.session.absoluteMs);
  await insertSession(ctx.db, { tokenHash, userId, now, expiresAt });
  return { token, expiresAt };
}

export async function endSession(ctx: TContext, tokenHash: string): Promise<void> {
  await deleteSession(ctx.db, tokenHash);
}

/**
 * Creates the account and uses the code in one transaction: the code is claimed with a
 * conditional update, so of any number of concurrent sign-ups exactly one gets it.
 */
export async function signUp(ctx: TContext, throttles: TSignupThrottles, input: TSignupRequest, ip: string): Promise<UserRow> {
  await throttles.codeGuesses.check(ip);
  // Hash outside the transaction: it is the slow part and must not hold the write lock.
  const passwordHash = await hashPassword(input.password);
  try {
    return await ctx.db.transaction().execute(async (trx) => {
      const now = ctx.now();
      const code = await claimCode(trx, input.invitationCode, now);
      if (!code) throw unusableCodeError(await findCode(trx, input.invitationCode));
      const user = await insertUser(trx, {
        email: input.email,
        password_hash: passwordHash,
        first_name: input.firstName,
        last_name: input.lastName,
        invited_by: code.owner_id,
        created_at: now.toISOString(),
        updated_at: now.toISOString(),
      });
      await setCodeUser(trx, code.id, user.id);
      await insertCodes(trx, user.id, Math.min(INVITES_FOR_NEW_USER, ctx.config.invitesPerUser), now);
      return user;
    });
  } catch (error) {
    if (error instanceof AppError && (error.status === 404 || error.status === 410)) await throttles.codeGuesses.hit(ip);
    if (isUniqueViolation(error)) throw new AppError(409, 'An account with this email already exists');
    throw error;
  }
}

/** One answer for an unknown e-mail and a wrong password, in the same time. */
export async function signIn(ctx: TContext, throttles: TSigninThrottles, input: TSigninRequest, ip: string): Promise<UserRow> {
  await throttles.perIp.check(ip);
  await throttles.perAccount.check(input.email);
  const user = await findUserByEmail(ctx.db, input.email);
  const valid = await verifyPassword(user?.password_hash ?? (await decoyPasswordHash()), input.password);
  if (!user || !valid) {
    await Promise.all([throttles.perIp.hit(ip), throttles.perAccount.hit(input.email)]);
    throw new AppError(401, SIGNIN_FAILED);
  }
  await throttles.perAccount.reset(input.email);
  return user;
}

const PROFILE_COLUMNS = {
  firstName: 'first_name',
  lastName: 'last_name',
  bio: 'bio',
  website: 'website',
  location: 'location',
  profileImageUrl: 'profile_image_url',
  title: 'title',
  twitterUrl: 'twitter_url',
  dribbbleUrl: 'dribbble_url',
  behanceUrl: 'behance_url',
} as const satisfies Record<keyof TUpdateProfileRequest, keyof UserUpdate>;

export async function updateProfile(ctx: TContext, userId: number, input: TUpdateProfileRequest): Promise<UserRow> {
  const changes: UserUpdate = { updated_at: ctx.now().toISOString() };
  for (const [field, column] of Object.entries(PROFILE_COLUMNS) as [keyof TUpdateProfileRequest, keyof UserUpdate][]) {
    const value = input[field];
    if (value !== undefined) (changes as Record<string, unknown>)[column] = value;
  }
  return ctx.db.transaction().execute(async (trx) => {
    const user = await updateUser(trx, userId, changes);
    // The creator's name is searchable on each of their projects.
    if (input.firstName !== undefined || input.lastName !== undefined) await syncSearchDocuments(trx, ctx.engine, { userId });
    return user;
  });
}

/**
 * The member goes with everything they own: sessions, unused codes, projects, media rows
 * and files, likes and follows (cascades), with the like counters of others' projects
 * corrected in the same transaction. Codes they used and codes others used from them
 * stay, unlinked, as the record of the invite tree. Unpaid jobs go; paid ones stay up until
 * they end, their poster unlinked (shown as a former member).
 */
export async function deleteAccount(ctx: TContext, userId: number): Promise<void> {
  const media = await listMediaOfOwner(ctx.db, userId);
  await ctx.db.transaction().execute(async (trx) => {
    await withdrawLikesOf(trx, userId);
    await deleteUnusedCodesOf(trx, userId);
    await deleteUnpaidJobsOf(trx, userId);
    await deleteUser(trx, userId);
  });
  await deleteStoredMedia(ctx, media);
}
