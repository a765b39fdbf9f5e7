// Notifications: the bell's unread count (polled at most once a minute, and on return to the
// tab), the /notifications list, marking read, the e-mail settings and the unsubscribe link.
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { NOTIFICATIONS_PAGE_SIZE, UNREAD_POLL_MS } from '@shared/constants';
import type { TNotificationSettings, TUnsubscribeType } from '@shared/schemas/notification';
import { readQuery } from './query-client';
import { getJson, sendJson } from './request';

const LIST_PATH = '/api/notifications';
const unreadQuery = readQuery('/api/notifications/unread');
const settingsQuery = readQuery('/api/notifications/settings');

/** The unread count for the bell; only asked for a signed-in member. */
export function useUnreadNotifications(enabled: boolean) {
  return useQuery({
    ...unreadQuery,
    enabled,
    staleTime: UNREAD_POLL_MS,
    refetchInterval: UNREAD_POLL_MS,
    // Coming back to the tab is when someone looks: ask at once, whatever the last answer's age.
    refetchOnWindowFocus: 'always',
  });
}

export function useNotifications() {
  return useInfiniteQuery({
    queryKey: [LIST_PATH],
    queryFn: ({ pageParam, signal }) => getJson(pageParam ? `${LIST_PATH}?limit=${NOTIFICATIONS_PAGE_SIZE}&cursor=${encodeURIComponent(pageParam)}` : LIST_PATH, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    // New ones arrive while the page is away: a visit shows what is there now.
    staleTime: 0,
  });
}

/** Marks these (or all) read; the list and the bell follow. */
export function useMarkNotificationsRead() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (ids?: number[]) => sendJson('POST', '/api/notifications/read', ids ? { ids } : {}),
    onSuccess: (answer) => {
      client.setQueryData(unreadQuery.queryKey, answer);
      return client.invalidateQueries({ queryKey: [LIST_PATH] });
    },
  });
}

export function useNotificationSettings() {
  return useQuery(settingsQuery);
}

export function useSaveNotificationSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (settings: TNotificationSettings) => sendJson('PUT', '/api/notifications/settings', settings),
    onSuccess: (saved) => client.setQueryData(settingsQuery.queryKey, saved),
  });
}

export function useUnsubscribe() {
  return useMutation({
    mutationFn: ({ token, type }: { token: string; type: TUnsubscribeType }) =>
      sendJson('POST', `/api/notifications/unsubscribe?${new URLSearchParams({ token, type }).toString()}`),
  });
}
