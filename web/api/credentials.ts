// The member's credentials: password change and reset, e-mail change and its confirmation.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TChangeEmailRequest, TChangePasswordRequest, TConfirmEmailRequest, TForgotPasswordRequest, TResetPasswordRequest } from '@shared/schemas/credentials';
import { currentUserQuery } from './auth';
import { sendJson } from './request';

/** Other sessions end; this one stays. */
export function useChangePassword() {
  return useMutation({ mutationFn: (body: TChangePasswordRequest) => sendJson('POST', '/api/auth/password', body) });
}

/** Always the same answer, member or not. */
export function useForgotPassword() {
  return useMutation({ mutationFn: (body: TForgotPasswordRequest) => sendJson('POST', '/api/auth/password/forgot', body) });
}

/** Sets the password and signs the member in. */
export function useResetPassword() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: TResetPasswordRequest) => sendJson('POST', '/api/auth/password/reset', body),
    onSuccess: (user) => client.setQueryData(currentUserQuery.queryKey, user),
  });
}

export function useChangeEmail() {
  return useMutation({ mutationFn: (body: TChangeEmailRequest) => sendJson('POST', '/api/auth/email', body) });
}

export function useConfirmEmail() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: TConfirmEmailRequest) => sendJson('POST', '/api/auth/email/confirm', body),
    // A signed-in browser shows the new address from now on.
    onSuccess: () => client.invalidateQueries({ queryKey: currentUserQuery.queryKey }),
  });
}
