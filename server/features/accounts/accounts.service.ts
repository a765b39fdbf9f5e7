// Accounts: sign-up with a single-use invitation code, sign-in, the member's own profile row,
// and what other modules may know of a member (their public shape, name, existence).
import { INVITES_FOR_NEW_USER } from '../../../shared/constants';
import type { TSigninRequest, TSignupRequest } from '../../../shared/schemas/auth';
import type { TUpdateProfileRequest } from '../../../shared/schemas/profile';
import type { TPreferencesRequest, TPublicUser, TRole } from '../../../shared/schemas/user';
import { inTransaction, invalidateAfterCommit, type TContext, type TTransactional } from '../../context';
import { isUniqueViolation, lockForTransaction, XACT_LOCKS } from '../../db/connect';
import type { UserRow, UserUpdate } from '../../db/schema';
import { AppError } from '../../http/errors';
import type { TSlowdown, TThrottle } from '../../http/rate-limit';
import { changedByNewMember, memberTag } from '../../lib/cache-tags';
import { claimCode, deleteUnusedCodesOf, findCode, insertCodes, setCodeUser } from './invitation-codes.repo';
import { beforeCodeGuess, codeAlreadyUsed, codesExpiredBefore, countWrongCode, unusableCodeError, type TCodeGuessThrottles } from './invitations.service';
import { assertPasswordAllowed } from './password-policy';
import { decoyPasswordHash, hashPassword, verifyPassword } from './passwords';
import { forgetKeptSessionsOf } from './sessions.service';
import { isSuspended, suspensionRefusal } from './suspension';
import { memberName, toPublicUser } from './user.presenter';
import {
  anyUser,
  countInviteesEverSuspended,
  countUsers,
  countUsersWithRole,
  deleteUser,
  findEndedSuspensions,
  findInvitees,
  findUserByEmail,
  findUserById,
  findUserNames,
  findUsersByIds,
  insertUser,
  listUsersPage,
  lockUser,
  updateUser,
} from './users.repo';

export const SIGNIN_FAILED = 'Invalid email or password';

/** Per IP: many members may share one. */
export const SIGNIN_IP_RULE = { name: 'signin-ip', points: 30, durationSeconds: 15 * 60 };
/** Per account from one IP: a password cannot be guessed online, and failures elsewhere never block the owner's own address. */
export const SIGNIN_ACCOUNT_IP_RULE = { name: 'signin-account-ip', points: 8, durationSeconds: 15 * 60 };
/** Per account from every address: never a block, only a wait before each answer (none for 5 failures, then 250 ms doubling to 5 s). */
export const SIGNIN_ACCOUNT_SLOWDOWN = { name: 'signin-account-slow', durationSeconds: 15 * 60, freeFailures: 5, firstDelayMs: 250, maxDelayMs: 5000 };
/** Sign-ups that fail once the code is known good (an e-mail already taken), per IP and per code: one code tests a handful of e-mails. */
export const SIGNUP_IP_RULE = { name: 'signup-ip', points: 5, durationSeconds: 60 * 60 };
export const SIGNUP_CODE_RULE = { name: 'signup-code', points: 5, durationSeconds: 60 * 60 };

export interface TSignupThrottles {
  codeGuesses: TCodeGuessThrottles;
  perIp: TThrottle;
  perCode: TThrottle;
}

export interface TSigninThrottles {
  perIp: TThrottle;
  perAccountAndIp: TThrottle;
  perAccount: TSlowdown;
}

/**
 * Creates the account and uses the code in one transaction: the code is claimed with a
 * conditional update, so of any number of concurrent sign-ups exactly one gets it.
 */
export async function signUp(ctx: TContext, throttles: TSignupThrottles, input: TSignupRequest, ip: string): Promise<UserRow> {
  await throttles.perIp.check(ip);
  await throttles.perCode.check(input.invitationCode);
  await beforeCodeGuess(throttles.codeGuesses, ip);
  await assertPasswordAllowed(input.password, { email: input.email, firstName: input.firstName, lastName: input.lastName }, 'password');
  // Hash outside the transaction: it is the slow part and must not hold the write lock.
  const passwordHash = await hashPassword(input.password);
  try {
    return await inTransaction(ctx, async (tx) => {
      const { db } = tx;
      const now = ctx.now();
      const expiredBefore = codesExpiredBefore(ctx);
      const code = await claimCode(db, input.invitationCode, now, expiredBefore);
      // Usable when read but claimed by another sign-up in between: used.
      if (!code) throw unusableCodeError(await findCode(db, input.invitationCode), expiredBefore) ?? codeAlreadyUsed();
      // The operator's first code makes the site's first account: its admin. Two operator codes used
      // at once on an empty PostgreSQL site would both see no account: the second waits for the first.
      if (code.owner_id === null) await lockForTransaction(db, ctx.engine, XACT_LOCKS.firstAccount);
      const firstAccount = !(await anyUser(db));
      const user = await insertUser(db, {
        email: input.email,
        password_hash: passwordHash,
        first_name: input.firstName,
        last_name: input.lastName,
        invited_by: code.owner_id,
        created_at: now.toISOString(),
        updated_at: now.toISOString(),
        ...(firstAccount ? { role: 'admin' as const } : {}),
      });
      await setCodeUser(db, code.id, user.id);
      await insertCodes(db, user.id, Math.min(INVITES_FOR_NEW_USER, ctx.config.invitesPerUser), now);
      invalidateAfterCommit(tx, changedByNewMember());
      return user;
    });
  } catch (error) {
    if (error instanceof AppError && (error.status === 404 || error.status === 410)) await countWrongCode(throttles.codeGuesses, ip, true);
    if (isUniqueViolation(error)) {
      // The code was good: this attempt tested an e-mail, and counts against the address and the code.
      await Promise.all([throttles.perIp.hit(ip), throttles.perCode.hit(input.invitationCode)]);
      throw new AppError(409, 'An account with this email already exists');
    }
    throw error;
  }
}

/**
 * One answer for an unknown e-mail and a wrong password, in the same time. Failures block an
 * address (30) and an account from one address (8); failures from everywhere only slow the
 * account's answers down, right password or not, so nobody can lock the owner out.
 */
export async function signIn(ctx: TContext, throttles: TSigninThrottles, input: TSigninRequest, ip: string): Promise<UserRow> {
  // The address first: it holds no '|', so no e-mail can make another pair's key.
  const accountAndIp = `${ip}|${input.email}`;
  await throttles.perIp.check(ip);
  await throttles.perAccountAndIp.check(accountAndIp);
  await throttles.perAccount.wait(input.email);
  const user = await findUserByEmail(ctx.db, input.email);
  const valid = await verifyPassword(user?.password_hash ?? (await decoyPasswordHash()), input.password);
  if (!user || !valid) {
    await Promise.all([throttles.perIp.hit(ip), throttles.perAccountAndIp.hit(accountAndIp), throttles.perAccount.hit(input.email)]);
    throw new AppError(401, SIGNIN_FAILED);
  }
  await throttles.perAccountAndIp.reset(accountAndIp);
  // Only after the right password: the refusal tells why, which is the member's business.
  const refusal = suspensionRefusal(user, ctx.now());
  if (refusal) throw refusal;
  return user;
}

/**
 * Every change to a member's account row goes through here: their sessions keep who they sign
 * in for a few seconds (sessions.service.ts), and this forgets that once the change commits.
 */
export async function changeUser(ctx: TTransactional, userId: number, changes: UserUpdate): Promise<UserRow> {
  const user = await updateUser(ctx.db, userId, changes);
  forgetKeptSessionsOf(ctx, userId);
  return user;
}

/** Sets a member's role (the operator's `npm run admin`, and admins in /admin); null when no account has that e-mail. */
export async function setRoleByEmail(ctx: TTransactional & Pick<TContext, 'now'>, email: string, role: TRole): Promise<UserRow | null> {
  const user = await findUserByEmail(ctx.db, email);
  if (!user) return null;
  return changeUser(ctx, user.id, { role, updated_at: ctx.now().toISOString() });
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
  return changeUser(ctx, userId, changes);
}

/** The member's viewing choices: only they see them, so no cached answer changes. */
export async function setPreferences(ctx: TContext, userId: number, input: TPreferencesRequest): Promise<UserRow> {
  return changeUser(ctx, userId, { show_mature: input.showMature ? 1 : 0, updated_at: ctx.now().toISOString() });
}

/**
 * The member's row goes, and with it (cascades) their sessions; their unused codes are
 * deleted. Codes they used and codes others used from them stay, unlinked, as the record of
 * the invite tree. Other modules' rows are theirs to remove first (see members.service.ts).
 */
export async function deleteMember(ctx: TContext, userId: number): Promise<void> {
  await inTransaction(ctx, async (tx) => {
    await deleteUnusedCodesOf(tx.db, userId);
    await deleteUser(tx.db, userId);
    forgetKeptSessionsOf(tx, userId);
  });
}

export async function memberExists(ctx: TContext, userId: number): Promise<boolean> {
  return (await findUserById(ctx.db, userId)) !== undefined;
}

const publicMemberKey = (userId: number) => `public-member:${userId}`;

/**
 * The public shapes of these members, by id (members who left are missing). Every card and
 * project page a cached copy does not answer shows its creator, and a creator has many projects:
 * each shape is kept in the read cache under the member's tag, which their profile edits forget
 * (changedByProfileEdit; no other change touches these fields), so most of those reads need no
 * query. Not kept from inside a transaction, which may yet roll back.
 */
export async function publicMembers(ctx: TContext, userIds: number[]): Promise<Map<number, TPublicUser>> {
  const members = new Map<number, TPublicUser>();
  const missing: number[] = [];
  for (const userId of new Set(userIds)) {
    const kept = ctx.readCache.get<TPublicUser>(publicMemberKey(userId));
    if (kept) members.set(userId, kept);
    else missing.push(userId);
  }
  if (missing.length === 0) return members;
  const ticket = ctx.readCache.ticket();
  for (const row of await findUsersByIds(ctx.db, missing)) {
    // Shared by every answer built from it: frozen, so that none can change it for the others.
    const member = Object.freeze(toPublicUser(row));
    if (!ctx.db.isTransaction) ctx.readCache.set(publicMemberKey(row.id), member, ticket, { tags: [memberTag(row.id)] });
    members.set(row.id, member);
  }
  return members;
}

/** Display names of these members, by id (members who left are missing). */
export async function memberNames(ctx: TContext, userIds: number[]): Promise<Map<number, string>> {
  const rows = await findUserNames(ctx.db, [...new Set(userIds)]);
  return new Map(rows.map((row) => [row.id, memberName(row)]));
}

/** A member's public profile and who invited them, while that member is still here. */
/**
 * A member's public profile; null when there is no such member, or when they are suspended and
 * the viewer is not staff (their page goes with their work while the suspension lasts).
 */
export async function memberProfile(ctx: TContext, userId: number, { staff = false }: { staff?: boolean } = {}): Promise<{ user: TPublicUser; invitedBy: { id: number; name: string } | null } | null> {
  const user = await findUserById(ctx.db, userId);
  if (!user) return null;
  if (!staff && isSuspended(user, ctx.now())) return null;
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


/**
 * Locks the member's row until the caller's transaction ends, so a member's quota checks
 * (server/http/member-limits.ts) and the writes they allow run one at a time: two parallel
 * requests cannot both count the same free place.
 */
export async function lockMember(ctx: Pick<TContext, 'db'>, userId: number): Promise<void> {
  if (!ctx.db.isTransaction) throw new Error('lockMember holds its lock until the transaction ends: call it inside inTransaction');
  await lockUser(ctx.db, userId);
}

// ——— Moderation (features/moderation calls these inside its action's transaction) ———

/** A member's row for /admin: the moderation presenter picks what it shows (never the e-mail). */
export async function memberForModeration(ctx: Pick<TContext, 'db'>, userId: number): Promise<UserRow | null> {
  return (await findUserById(ctx.db, userId)) ?? null;
}

/** Suspends the member until a time, or for good (until null); they also count against whoever invited them. */
export async function suspendAccount(ctx: TTransactional, userId: number, suspension: { at: Date; until: string | null; reason: string }): Promise<UserRow> {
  return changeUser(ctx, userId, {
    suspended_at: suspension.at.toISOString(),
    suspended_until: suspension.until,
    suspension_reason: suspension.reason,
    was_suspended: 1,
    updated_at: suspension.at.toISOString(),
  });
}

export async function liftAccountSuspension(ctx: TTransactional, userId: number, now: Date): Promise<UserRow> {
  return changeUser(ctx, userId, { suspended_at: null, suspended_until: null, suspension_reason: null, updated_at: now.toISOString() });
}

/** Timed suspensions whose end has come (users_suspended_until_idx), for the task that lifts them. */
export function endedSuspensions(ctx: Pick<TContext, 'db'>, now: Date, limit: number): Promise<Pick<UserRow, 'id' | 'first_name' | 'last_name'>[]> {
  return findEndedSuspensions(ctx.db, now, limit);
}

export async function setInviteRight(ctx: TTransactional, userId: number, canInvite: boolean, note: string | null, now: Date): Promise<UserRow> {
  return changeUser(ctx, userId, { can_invite: canInvite ? 1 : 0, invite_right_note: note, updated_at: now.toISOString() });
}

export async function setRole(ctx: TTransactional, userId: number, role: TRole, now: Date): Promise<UserRow> {
  return changeUser(ctx, userId, { role, updated_at: now.toISOString() });
}

export function countAdmins(ctx: Pick<TContext, 'db'>): Promise<number> {
  return countUsersWithRole(ctx.db, 'admin');
}

/** Of the members this one invited, how many staff have ever suspended (users_invited_by_idx). */
export function countSuspendedInvitees(ctx: Pick<TContext, 'db'>, inviterId: number): Promise<number> {
  return countInviteesEverSuspended(ctx.db, inviterId);
}

/** The members this one invited, oldest first, at most `limit`. */
export function inviteesOf(ctx: Pick<TContext, 'db'>, inviterId: number, limit: number): Promise<UserRow[]> {
  return findInvitees(ctx.db, inviterId, limit);
}

/** A page of members, newest first, whose name contains q (users_created_idx; the name filter runs over that walk). */
export function membersPage(ctx: Pick<TContext, 'db'>, options: { q: string | undefined; limit: number; after: [string, number] | undefined }): Promise<UserRow[]> {
  return listUsersPage(ctx.db, options);
}
