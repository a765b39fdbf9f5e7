// A member's credentials after sign-up: changing the password or the e-mail address, and
// resetting a forgotten password through a mailed link.
import { z } from 'zod';
import { EMAIL_CHANGE_LINK_HOURS, PASSWORD_MAX_LENGTH, PASSWORD_RESET_LINK_HOURS } from '../constants';
import { counted } from '../format';
import { ZEmail } from './common';
import { ZPassword } from './auth';

/** What POST /api/auth/password/forgot always answers, member or not. */
export const FORGOT_PASSWORD_ANSWER = `If an account exists for that address, we've sent a link to reset the password. It expires in ${counted(PASSWORD_RESET_LINK_HOURS, 'hour')}.`;
/** What POST /api/auth/email answers, whether or not the new address is free. */
export const EMAIL_CHANGE_ANSWER = `We've sent a link to your new address. Open it within ${counted(EMAIL_CHANGE_LINK_HOURS, 'hour')} to confirm the change; until then your e-mail stays as it is.`;
export const INVALID_RESET_LINK = 'This reset link is invalid or has expired. Request a new one.';
export const INVALID_EMAIL_LINK = 'This confirmation link is invalid or has expired. Request a new one from Settings.';

const required = (message: string) => z.string({ error: message }).min(1, message).max(PASSWORD_MAX_LENGTH, message);

/** The token of a mailed link (256 bits, base64url); longer than any we issue is no token. */
const ZLinkToken = z.string({ error: 'The link is incomplete' }).min(1, 'The link is incomplete').max(100, 'The link is incomplete');

const passwordsMatch = { message: "Passwords don't match", path: ['confirmPassword'] };

export const ZChangePasswordRequest = z.object({
  currentPassword: required('Current password is required'),
  newPassword: ZPassword,
});
export type TChangePasswordRequest = z.infer<typeof ZChangePasswordRequest>;

export const ZChangePasswordForm = ZChangePasswordRequest.extend({ confirmPassword: z.string() }).refine(
  (form) => form.newPassword === form.confirmPassword,
  passwordsMatch,
);
export type TChangePasswordForm = z.input<typeof ZChangePasswordForm>;

export const ZChangeEmailRequest = z.object({
  newEmail: ZEmail,
  password: required('Password is required'),
});
export type TChangeEmailRequest = z.infer<typeof ZChangeEmailRequest>;

export const ZConfirmEmailRequest = z.object({ token: ZLinkToken });
export type TConfirmEmailRequest = z.infer<typeof ZConfirmEmailRequest>;

export const ZEmailChanged = z.object({ email: z.string() }).meta({ id: 'EmailChanged' });
export type TEmailChanged = z.output<typeof ZEmailChanged>;

export const ZForgotPasswordRequest = z.object({ email: ZEmail });
export type TForgotPasswordRequest = z.infer<typeof ZForgotPasswordRequest>;

export const ZResetPasswordRequest = z.object({ token: ZLinkToken, password: ZPassword });
export type TResetPasswordRequest = z.infer<typeof ZResetPasswordRequest>;

export const ZResetPasswordForm = ZResetPasswordRequest.extend({ confirmPassword: z.string() }).refine((form) => form.password === form.confirmPassword, passwordsMatch);
export type TResetPasswordForm = z.input<typeof ZResetPasswordForm>;

/** 202 Accepted: the request was taken; what happens next is told by e-mail. */
export const ZAccepted = z.object({ message: z.string() }).meta({ id: 'Accepted' });
export type TAccepted = z.output<typeof ZAccepted>;
