import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';
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

/**
 * A server-rendered page is drawn for a visitor not yet known as anyone. While it hydrates
 * (its page part after the header), who is signed in stays unknown on every part, as the
 * server drew it; then the question is asked.
 */
let hydrating = false;
const hydrationListeners = new Set<() => void>();

export function holdViewerWhileHydrating(): void {
  hydrating = true;
}

/** The page the server rendered has hydrated (web/routes.tsx): who is signed in may load now. */
export function pageHydrated(): void {
  if (!hydrating) return;
  hydrating = false;
  for (const listener of hydrationListeners) listener();
}

function watchHydration(onChange: () => void) {
  hydrationListeners.add(onChange);
  return () => void hydrationListeners.delete(onChange);
}

const viewerMayLoad = () => !hydrating;
const viewerUnknownOnServer = () => false;

export function useCurrentUser() {
  const mayLoad = useSyncExternalStore(watchHydration, viewerMayLoad, viewerUnknownOnServer);
  const query = useQuery({ ...currentUserQuery, enabled: mayLoad });
  // Pending, not isLoading (pending and fetching): the server renders the page before anyone
  // asks, and hydration must see the same 'not known yet' the server drew.
  return { user: query.data ?? null, isLoading: query.isPending, isSignedIn: Boolean(query.data) };
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
