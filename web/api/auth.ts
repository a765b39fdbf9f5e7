import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TSigninRequest, TSignupRequest } from '@shared/schemas/auth';
import type { TUpdateProfileRequest } from '@shared/schemas/profile';
import type { TPreferencesRequest } from '@shared/schemas/user';
import { getJson, sendJson } from './request';

/** Signed in when the current-user call returns a member; a visitor gets null (SPEC §4). */
export const currentUserQuery = queryOptions({
  queryKey: ['/api/auth/me'] as const,
  queryFn: ({ signal }) => getJson('/api/auth/me', signal),
  retry: false,
});

export function useCurrentUser() {
  const query = useQuery(currentUserQuery);
  return { user: query.data ?? null, isLoading: query.isLoading, isSignedIn: Boolean(query.data) };
}

export function useSignin() {
  return useMutation({
    mutationFn: (body: TSigninRequest) => sendJson('POST', '/api/auth/signin', body),
  });
}

export function useSignup() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: TSignupRequest) => sendJson('POST', '/api/auth/signup', body),
    onSuccess: (user) => client.setQueryData(currentUserQuery.queryKey, user),
  });
}

/** Sign out: call, then a full redirect to / even on failure (SPEC §4, §8). */
export async function signOut(): Promise<void> {
  try {
    await sendJson('POST', '/api/auth/signout');
  } catch (error) {
    console.error('Sign-out failed', error);
  }
  window.location.assign('/');
}

export function useUpdateProfile() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: TUpdateProfileRequest) => sendJson('PATCH', '/api/auth/profile', body),
    onSuccess: (user) => client.setQueryData(currentUserQuery.queryKey, user),
  });
}

/** The member's viewing choices (showMature): every blurred project follows the answer at once. */
export function useUpdatePreferences() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: TPreferencesRequest) => sendJson('PUT', '/api/auth/preferences', body),
    onSuccess: (user) => client.setQueryData(currentUserQuery.queryKey, user),
  });
}
