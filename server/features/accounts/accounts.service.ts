// Accounts: sign-up with a single-use invitation code, sign-in, the member's own profile row,
// and what other modules may know of a member (their public shape, name, existence).
import { INVITES_FOR_NEW_USER } from '../../../shared/constants';
import type { TSigninRequest, TSignupRequest } from '../../../shared/schemas/auth';
import type { TUpdateProfileRequest } from '../../../shared/schemas/profile';
import type { TPublicUser } from '../../../shared/schemas/user';
import { inTransaction, invalidateAfterCommit, type TContext } from '../../context';
import { isUniqueViolation } from '../../db/connect';
import type { UserRow, UserUpdate } from '../../db/schema';
import { AppError } from '../../http/errors';
import type { TThrottle } from '../../http/rate-limit';
import { changedByNewMember } from '../../lib/cache-tags';
import { claimCode, deleteUnusedCodesOf, findCode, insertCodes, setCodeUser } from './invitation-codes.repo';
import { unusableCodeError } from './invitations.service';
import { decoyPasswordHash, hashPassword, verifyPassword } from './passwords';
import { memberName, toPublicUser } from './user.presenter';
import { countUsers, deleteUser, findUserByEmail, findUserById, findUserNames, findUsersByIds, insertUser, updateUser } from './users.repo';

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

/**
 * Creates the account and uses the code in one transaction: the code is claimed with a
 * conditional update, so of any number of concurrent sign-ups exactly one gets it.
 */
export async function signUp(ctx: TContext, throttles: TSignupThrottles, input: TSignupRequest, ip: string): Promise<UserRow> {
  await throttles.codeGuesses.check(ip);
  // Hash outside the transaction: it is the slow part and must not hold the write lock.
  const passwordHash = await hashPassword(input.password);
  try {
    return await inTransaction(ctx, async (tx) => {
      const { db } = tx;
      const now = ctx.now();
      const code = await claimCode(db, input.invitationCode, now);
      if (!code) throw unusableCodeError(await findCode(db, input.invitationCode));
      const user = await insertUser(db, {
        email: input.email,
        password_hash: passwordHash,
        first_name: input.firstName,
        last_name: input.lastName,
        invited_by: code.owner_id,
        created_at: now.toISOString(),
        updated_at: now.toISOString(),
      });
      await setCodeUser(db, code.id, user.id);
      await insertCodes(db, user.id, Math.min(INVITES_FOR_NEW_USER, ctx.config.invitesPerUser), now);
      invalidateAfterCommit(tx, changedByNewMember());
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

/** Changes the member's own profile fields (the caller reindexes what shows their name). */
export async function updateProfile(ctx: TContext, userId: number, input: TUpdateProfileRequest): Promise<UserRow> {
  const changes: UserUpdate = { updated_at: ctx.now().toISOString() };
  for (const [field, column] of Object.entries(PROFILE_COLUMNS) as [keyof TUpdateProfileRequest, keyof UserUpdate][]) {
    const value = input[field];
    if (value !== undefined) (changes as Record<string, unknown>)[column] = value;
  }
  return updateUser(ctx.db, userId, changes);
}

/**
 * The member's row goes, and with it (cascades) their sessions; their unused codes are
 * deleted. Codes they used and codes others used from them stay, unlinked, as the record of
 * the invite tree. Other modules' rows are theirs to remove first (see members.service.ts).
 */
export async function deleteMember(ctx: TContext, userId: number): Promise<void> {
  await inTransaction(ctx, async ({ db }) => {
    await deleteUnusedCodesOf(db, userId);
    await deleteUser(db, userId);
  });
}

export async function memberExists(ctx: TContext, userId: number): Promise<boolean> {
  return (await findUserById(ctx.db, userId)) !== undefined;
}

/** The public shapes of these members, by id (members who left are missing). */
export async function publicMembers(ctx: TContext, userIds: number[]): Promise<Map<number, TPublicUser>> {
  const rows = await findUsersByIds(ctx.db, [...new Set(userIds)]);
  return new Map(rows.map((row) => [row.id, toPublicUser(row)]));
}

/** Display names of these members, by id (members who left are missing). */
export async function memberNames(ctx: TContext, userIds: number[]): Promise<Map<number, string>> {
  const rows = await findUserNames(ctx.db, [...new Set(userIds)]);
  return new Map(rows.map((row) => [row.id, memberName(row)]));
}

/** A member's public profile and who invited them, while that member is still here. */
export async function memberProfile(ctx: TContext, userId: number): Promise<{ user: TPublicUser; invitedBy: { id: number; name: string } | null } | null> {
  const user = await findUserById(ctx.db, userId);
  if (!user) return null;
  const inviter = user.invited_by ? await findUserById(ctx.db, user.invited_by) : undefined;
  return { user: toPublicUser(user), invitedBy: inviter ? { id: inviter.id, name: memberName(inviter) } : null };
}

/** Where mail for a member goes: for the mail server only, never for an API answer. */
export async function mailAddressOf(ctx: Pick<TContext, 'db'>, userId: number): Promise<string | undefined> {
  return (await findUserById(ctx.db, userId))?.email;
}

/** Whether an account uses this (normalised) e-mail address. */
export async function isRegistered(ctx: Pick<TContext, 'db'>, email: string): Promise<boolean> {
  return (await findUserByEmail(ctx.db, email)) !== undefined;
}

export function countMembers(ctx: TContext): Promise<number> {
  return countUsers(ctx.db);
}

