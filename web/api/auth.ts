import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TSigninRequest, TSignupRequest } from '@shared/schemas/auth';
import type { TUpdateProfileRequest } from '@shared/schemas/profile';
import type { TCurrentUser } from '@shared/schemas/user';
import { getQueryFn } from './query-client';
import { apiJson, apiRequest } from './request';

export const CURRENT_USER_KEY = ['/api/auth/me'] as const;

/** Signed in when the current-user call returns data; a 401 means signed out (SPEC §4). */
export function useCurrentUser() {
  const query = useQuery<TCurrentUser | null>({
    queryKey: CURRENT_USER_KEY,
    queryFn: getQueryFn<TCurrentUser>({ on401: 'returnNull' }),
    retry: false,
  });
  return { user: query.data ?? null, isLoading: query.isLoading, isSignedIn: Boolean(query.data) };
}

export function useSignin() {
  return useMutation({
    mutationFn: (body: TSigninRequest) => apiJson<TCurrentUser>('POST', '/api/auth/signin', body),
  });
}

export function useSignup() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: TSignupRequest) => apiJson<TCurrentUser>('POST', '/api/auth/signup', body),
    onSuccess: (user) => client.setQueryData(CURRENT_USER_KEY, user),
  });
}

/** Sign out: call, then a full redirect to / even on failure (SPEC §4, §8). */
export async function signOut(): Promise<void> {
  try {
    await apiRequest('POST', '/api/auth/signout');
  } catch (error) {
    console.error('Sign-out failed', error);
  }
  window.location.assign('/');
}

export function useUpdateProfile() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: TUpdateProfileRequest) => apiJson<TCurrentUser>('PATCH', '/api/auth/profile', body),
    onSuccess: (user) => client.setQueryData(CURRENT_USER_KEY, user),
  });
}
