import { useEffect, useSyncExternalStore } from 'react';
import { useSearchParams } from 'react-router';
import { STORAGE_KEYS } from '@shared/constants';

const KEY = STORAGE_KEYS.headerSearchQuery;

// Storage is read once per render, never watched; the server has none, and a page it rendered
// hydrates with its answer (no query handed over) before the stored one takes over.
const watchNothing = () => () => {};
const storedQuery = () => sessionStorage.getItem(KEY);
const noStoredQuery = () => null;

/**
 * The search term: ?q= in the URL, or the query the header left in session storage (SPEC §2, §3),
 * which moves into the URL and is removed from storage. A stored query wins over ?q= because the
 * header reloads an open search page as it is, old ?q= included, to hand over a newer query.
 */
export function useSearchQuery(): [query: string, search: (query: string) => void] {
  const [params, setParams] = useSearchParams();
  const handedOver = useSyncExternalStore(watchNothing, storedQuery, noStoredQuery);

  useEffect(() => {
    const stored = sessionStorage.getItem(KEY);
    if (stored === null) return;
    sessionStorage.removeItem(KEY);
    setParams({ q: stored }, { replace: true });
  }, [setParams]);

  const query = (handedOver ?? params.get('q') ?? '').trim();
  const search = (next: string) => setParams({ q: next });
  return [query, search];
}
