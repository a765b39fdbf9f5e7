import { QueryClient, type QueryFunction } from '@tanstack/react-query';
import { throwIfNotOk } from './request';

type On401 = 'returnNull' | 'throw';

/** Default reads are GET to the query key's first element; a 401 throws unless asked otherwise. */
export function getQueryFn<T>({ on401 }: { on401: On401 }): QueryFunction<T | null> {
  return async ({ queryKey, signal }) => {
    const response = await fetch(String(queryKey[0]), { credentials: 'include', signal });
    if (on401 === 'returnNull' && response.status === 401) return null;
    await throwIfNotOk(response);
    return (await response.json()) as T;
  };
}

/** SPEC §7 defaults: never stale, no refetch on focus, no polling, no retry. */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      queryFn: getQueryFn({ on401: 'throw' }),
      staleTime: Infinity,
      refetchOnWindowFocus: false,
      refetchInterval: false,
      retry: false,
    },
    mutations: { retry: false },
  },
});
