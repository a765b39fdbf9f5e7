import { useLocation, useNavigate } from 'react-router';
import { STORAGE_KEYS } from '@shared/constants';

/**
 * The header's search hand-off (SPEC §2): a trimmed, non-blank query is left in session storage
 * for the search page, which reads it once. Returns whether a search started.
 */
export function useHeaderSearch(): (query: string) => boolean {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  return (query: string) => {
    const trimmed = query.trim();
    if (!trimmed) return false;
    sessionStorage.setItem(STORAGE_KEYS.headerSearchQuery, trimmed);
    // The search page reads the stored query when it mounts, so an open one has to load again.
    if (/^\/search\/?$/i.test(pathname)) window.location.reload();
    else void navigate('/search');
    return true;
  };
}
