// A member's credentials after sign-up: changing the password (other sessions end), changing the
// e-mail address (confirmed from the new address, told to the old one), and resetting a forgotten
// password through a single-use link. Links carry a 256-bit token; only its SHA-256 is stored.
import { EMAIL_CHANGE_LINK_HOURS, HOUR_MS, PASSWORD_RESET_LINK_HOURS } from '../../../shared/constants';
import {
  INVALID_EMAIL_LINK,
  INVALID_RESET_LINK,
  type TChangeEmailRequest,
  type TChangePasswordRequest,
  type TEmailChanged,
  type TResetPasswordRequest,
} from '../../../shared/schemas/credentials';
import { inTransaction, type TContext } from '../../context';
import { isUniqueViolation } from '../../db/connect';
import type { UserRow } from '../../db/schema';
import { AppError, invalidField } from '../../http/errors';
import type { TThrottle } from '../../http/rate-limit';
import { inBatches, type TBatchOptions } from '../../lib/in-batches';
import { queueMail } from '../messages/outbox.service';
import { addressTakenMail, confirmEmailMail, emailChangeNoticeMail, passwordResetMail, type TAccountMail } from './account-mail';
import { deleteExpiredAccountTokensBatch, deleteUnusedAccountTokensOf, findUsableAccountToken, insertAccountToken, useAccountToken } from './account-tokens.repo';
import { assertPasswordAllowed, type TPasswordOwner } from './password-policy';
import { hashPassword, verifyPassword } from './passwords';
import { hashSessionToken, newSessionToken } from './session-tokens';
import { changeUser } from './accounts.service';
import { endSessionsOf } from './sessions.service';
import { suspensionRefusal } from './suspension';
import { findUserByEmail, findUserById } from './users.repo';

export const PASSWORD_RESET_TTL_MS = PASSWORD_RESET_LINK_HOURS * HOUR_MS;
export const EMAIL_CHANGE_TTL_MS = EMAIL_CHANGE_LINK_HOURS * HOUR_MS;
export const WRONG_CURRENT_PASSWORD = 'Your current password is incorrect.';
export const WRONG_PASSWORD = 'Your password is incorrect.';
export const SAME_EMAIL = 'This is already your e-mail address.';
export const SAME_PASSWORD = 'Choose a password different from your current one.';
export const EMAIL_TAKEN = 'This e-mail address is already in use by another account.';

/** Checking a signed-in member's password answers right or wrong: 5 wrong a member per 15 min. */
export const PASSWORD_CHECK_RULE = { name: 'password-check', points: 5, durationSeconds: 15 * 60 };
/** Reset requests per address: plenty for a person, too few to mail-bomb many members. */
export const RESET_IP_RULE = { name: 'password-reset-ip', points: 10, durationSeconds: 60 * 60 };
/** Reset mails per e-mail address: past it requests still get 202, and nothing is sent. */
export const RESET_MAIL_RULE = { name: 'password-reset-mail', points: 3, durationSeconds: 60 * 60 };
/** E-mail change requests (each sends two e-mails) per member. */
export const EMAIL_CHANGE_RULE = { name: 'email-change', points: 5, durationSeconds: 60 * 60 };

export interface TCredentialThrottles {
  /** Wrong passwords of a signed-in member (password and e-mail change), by member id. */
  passwordChecks: TThrottle;
  resetPerIp: TThrottle;
  resetMailPerEmail: TThrottle;
  emailChangePerMember: TThrottle;
}

export interface TCredentialsContext extends TContext {
  /** Called after an e-mail is committed to the outbox (the in-process worker's kick). */
  mailQueued: () => void;
}

/** Expired tokens (used or not) deleted per statement. */
const EXPIRED_TOKENS_BATCH = 1000;

function ownerOf(user: UserRow): TPasswordOwner {
  return { email: user.email, firstName: user.first_name, lastName: user.last_name };
}

function mailTo(ctx: Pick<TContext, 'db'>, to: string, mail: TAccountMail, now: Date) {
  return queueMail(ctx, { messageId: null, to, replyTo: null, subject: mail.subject, text: mail.text, now });
}

/** A wrong password as a field error: 400 with the field named, so the form shows it in place. */
function wrongPassword(field: string, message: string): AppError {
  return new AppError(400, message, {}, [{ field, message }]);
}

/** Counts against the limit, or answers false (nothing thrown) when it is used up. */
async function takeQuietly(throttle: TThrottle, key: string): Promise<boolean> {
  try {
    await throttle.take(key);
    return true;
  } catch (error) {
    if (error instanceof AppError && error.status === 429) return false;
    throw error;
  }
}

/** The member's password is checked (throttled per member: it is a password oracle). */
async function checkOwnPassword(throttle: TThrottle, user: UserRow, password: string, field: string, message: string): Promise<void> {
  const key = String(user.id);
  await throttle.check(key);
  if (!(await verifyPassword(user.password_hash, password))) {
    await throttle.hit(key);
    throw wrongPassword(field, message);
  }
  await throttle.reset(key);
}

/**
 * Sets a new password after checking the current one. Every other session of the member ends
 * (one a thief holds included); the one that asked stays. Outstanding reset links are voided.
 */
export async function changePassword(ctx: TContext, throttles: TCredentialThrottles, user: UserRow, keepTokenHash: string | null, input: TChangePasswordRequest): Promise<void> {
  await checkOwnPassword(throttles.passwordChecks, user, input.currentPassword, 'currentPassword', WRONG_CURRENT_PASSWORD);
  if (input.newPassword === input.currentPassword) throw invalidField('newPassword', SAME_PASSWORD);
  await assertPasswordAllowed(input.newPassword, ownerOf(user), 'newPassword');
  const passwordHash = await hashPassword(input.newPassword);
  await inTransaction(ctx, async (tx) => {
    await changeUser(tx, user.id, { password_hash: passwordHash, updated_at: ctx.now().toISOString() });
    await deleteUnusedAccountTokensOf(tx.db, user.id, 'password_reset');
    await endSessionsOf(tx, user.id, keepTokenHash ?? undefined);
  });
}

/**
 * A reset link to the address, if it is a member's and its mail limit allows. Runs off the
 * response path (the route answers 202 first), so neither the answer nor its timing says
 * whether the address has an account. A newer link voids the older ones.
 */
export async function requestPasswordReset(ctx: TCredentialsContext, throttles: TCredentialThrottles, email: string): Promise<void> {
  if (!(await takeQuietly(throttles.resetMailPerEmail, email))) return;
  const user = await findUserByEmail(ctx.db, email);
  if (!user) return;
  // The same 256-bit random token and SHA-256 as a session's (session-tokens.ts).
  const { token, tokenHash } = newSessionToken();
  await inTransaction(ctx, async (tx) => {
    const now = ctx.now();
    await deleteUnusedAccountTokensOf(tx.db, user.id, 'password_reset');
    await insertAccountToken(tx.db, { tokenHash, userId: user.id, purpose: 'password_reset', newEmail: null, now, expiresAt: new Date(now.getTime() + PASSWORD_RESET_TTL_MS) });
    await mailTo(tx, user.email, passwordResetMail(ctx.config, token), now);
  });
  ctx.mailQueued();
}

/**
 * Sets the password a reset link was for (the policy applies; a refused password leaves the
 * link usable), uses the link up, and ends every session of the member. The caller signs the
 * member in afresh.
 */
export async function resetPassword(ctx: TContext, input: TResetPasswordRequest): Promise<UserRow> {
  const tokenHash = hashSessionToken(input.token);
  const found = await findUsableAccountToken(ctx.db, tokenHash, 'password_reset', ctx.now());
  const user = found ? await findUserById(ctx.db, found.user_id) : undefined;
  if (!user) throw new AppError(400, INVALID_RESET_LINK);
  // A new password would sign a suspended member in: refused, the link left as it was.
  const refusal = suspensionRefusal(user, ctx.now());
  if (refusal) throw refusal;
  await assertPasswordAllowed(input.password, ownerOf(user), 'password');
  // Hashed outside the transaction: it is the slow part and must not hold the write lock.
  const passwordHash = await hashPassword(input.password);
  return inTransaction(ctx, async (tx) => {
    const now = ctx.now();
    const used = await useAccountToken(tx.db, tokenHash, 'password_reset', now);
    if (!used) throw new AppError(400, INVALID_RESET_LINK);
    const updated = await changeUser(tx, used.user_id, { password_hash: passwordHash, updated_at: now.toISOString() });
    await deleteUnusedAccountTokensOf(tx.db, used.user_id, 'password_reset');
    await endSessionsOf(tx, used.user_id);
    return updated;
  });
}

/**
 * Asks to move the account to a new address (the password is required). A link goes to the new
 * address and a notice to the old one. If the new address already has an account, that address
 * gets a note instead of a link: the caller's answer is the same either way.
 */
export async function requestEmailChange(ctx: TCredentialsContext, throttles: TCredentialThrottles, user: UserRow, input: TChangeEmailRequest): Promise<void> {
  await checkOwnPassword(throttles.passwordChecks, user, input.password, 'password', WRONG_PASSWORD);
  if (input.newEmail === user.email) throw invalidField('newEmail', SAME_EMAIL);
  // Counted only once the password is right: a typo does not use up the member's requests.
  await throttles.emailChangePerMember.take(String(user.id));
  const { token, tokenHash } = newSessionToken();
  await inTransaction(ctx, async (tx) => {
    const now = ctx.now();
    await deleteUnusedAccountTokensOf(tx.db, user.id, 'email_change');
    if (await findUserByEmail(tx.db, input.newEmail)) {
      await mailTo(tx, input.newEmail, addressTakenMail(ctx.config), now);
    } else {
      await insertAccountToken(tx.db, { tokenHash, userId: user.id, purpose: 'email_change', newEmail: input.newEmail, now, expiresAt: new Date(now.getTime() + EMAIL_CHANGE_TTL_MS) });
      await mailTo(tx, input.newEmail, confirmEmailMail(ctx.config, token), now);
    }
    await mailTo(tx, user.email, emailChangeNoticeMail(ctx.config, input.newEmail), now);
  });
  ctx.mailQueued();
}

/**
 * Moves the account to the address the link confirms, and uses the link up. If another account
 * took the address meanwhile, 409 and nothing changes. Reset links sent to the old address are voided.
 */
export async function confirmEmailChange(ctx: TContext, token: string): Promise<TEmailChanged> {
  const tokenHash = hashSessionToken(token);
  try {
    return await inTransaction(ctx, async (tx) => {
      const now = ctx.now();
      const used = await useAccountToken(tx.db, tokenHash, 'email_change', now);
      if (!used?.new_email) throw new AppError(400, INVALID_EMAIL_LINK);
      const updated = await changeUser(tx, used.user_id, { email: used.new_email, updated_at: now.toISOString() });
      await deleteUnusedAccountTokensOf(tx.db, used.user_id, 'password_reset');
      return { email: updated.email };
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError(409, EMAIL_TAKEN);
    throw error;
  }
}

/** Housekeeping: tokens past their expiry can do nothing any more. Idempotent. */
export function deleteExpiredAccountTokens(ctx: Pick<TContext, 'db' | 'engine' | 'now'>, options: TBatchOptions = {}): Promise<number> {
  const now = ctx.now();
  return inBatches(EXPIRED_TOKENS_BATCH, options, (size) => deleteExpiredAccountTokensBatch(ctx.db, ctx.engine, now, size));
}
