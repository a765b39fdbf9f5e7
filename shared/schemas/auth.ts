import { z } from 'zod';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '../constants';
import { ZEmail } from './common';
import { ZInvitationCode } from './invitation';

const ZName = (required: string, tooLong: string) =>
  z.string({ error: required }).trim().min(1, required).max(50, tooLong);

export const ZSigninRequest = z.object({
  email: ZEmail,
  password: z.string({ error: 'Password is required' }).min(1, 'Password is required').max(PASSWORD_MAX_LENGTH),
});
export type TSigninRequest = z.infer<typeof ZSigninRequest>;

export const ZPassword = z
  .string({ error: 'Password must be at least 8 characters long' })
  .min(PASSWORD_MIN_LENGTH, 'Password must be at least 8 characters long')
  .max(PASSWORD_MAX_LENGTH, 'Password is too long');

export const ZSignupRequest = z.object({
  email: ZEmail,
  password: ZPassword,
  firstName: ZName('First name is required', 'First name is too long'),
  lastName: ZName('Last name is required', 'Last name is too long'),
  invitationCode: ZInvitationCode,
});
export type TSignupRequest = z.infer<typeof ZSignupRequest>;

/** The sign-up form adds a confirmation the server never sees. */
export const ZSignupForm = ZSignupRequest.extend({
  confirmPassword: z.string(),
}).refine((form) => form.password === form.confirmPassword, {
  message: "Passwords don't match",
  path: ['confirmPassword'],
});
export type TSignupForm = z.input<typeof ZSignupForm>;

/** GET /api/login's query (issue 16): the way back, passed on to /login when it is a path on this site. */
export const ZLoginRedirectQuery = z.object({
  next: z.string().max(2000).optional(),
  do: z.string().max(20).optional(),
  id: z.string().max(20).optional(),
});
