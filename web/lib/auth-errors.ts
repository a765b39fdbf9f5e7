// Texts for sign-up failures (SPEC §8).
import { ApiError, serverMessage } from '@/api/api-error';

/** Why the invitation code was refused, by the validate call's status. */
export function invitationCodeErrorMessage(error: unknown): string {
  switch (error instanceof ApiError ? error.status : null) {
    case 404:
      return 'Invitation code not found. Please check the code and try again.';
    case 400:
      return 'Invalid invitation code format. Please enter a valid code.';
    case 410:
      return 'This invitation code has already been used.';
    default:
      return serverMessage(error, 'Invalid invitation code. Please contact support if you need help.');
  }
}

/** The server's field errors as 'field: message' pairs, else its message, else the fallback. */
export function signupErrorMessage(error: unknown): string {
  const body = error instanceof ApiError ? error.body : null;
  if (body?.message === 'Validation failed' && body.details?.length) {
    return body.details.map((detail) => `${detail.field}: ${detail.message}`).join(', ');
  }
  return serverMessage(error, 'Failed to create account. Please check your information and try again.');
}
