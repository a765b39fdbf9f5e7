// Whether a member is suspended now: a timed suspension is over at its end even before the
// periodic task (moderation's liftEndedSuspensions) clears it.
import { suspensionMessage } from '../../../shared/schemas/moderation';
import type { UserRow } from '../../db/schema';
import { AppError } from '../../http/errors';

export function isSuspended(user: Pick<UserRow, 'suspended_at' | 'suspended_until'>, now: Date): boolean {
  return user.suspended_at !== null && (user.suspended_until === null || user.suspended_until > now.toISOString());
}

/** The 403 a suspended member gets at sign-in and password reset, telling them why and until when; null when not suspended. */
export function suspensionRefusal(user: Pick<UserRow, 'suspended_at' | 'suspended_until' | 'suspension_reason'>, now: Date): AppError | null {
  return isSuspended(user, now) ? new AppError(403, suspensionMessage(user.suspended_until, user.suspension_reason ?? '')) : null;
}
