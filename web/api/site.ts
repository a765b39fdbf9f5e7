// What pages need from the site itself: its configured name and support address, and the live figures.
import { useQuery } from '@tanstack/react-query';
import type { TSiteInfo } from '@shared/schemas/contact';
import { hasStrings } from '@/lib/json-shape';
import { readQuery } from './query-client';

/** The element the server writes into every page (server/http/page-meta.ts); `npm run dev` has none. */
const SITE_INFO_ELEMENT_ID = 'site-info';

/** The site's name and support address as the page carries them; undefined when it does not. */
function siteInfoInPage(): TSiteInfo | undefined {
  // On the server the page is being written: the renderer has put the answer in the cache instead.
  if (typeof document === 'undefined') return undefined;
  const text = document.getElementById(SITE_INFO_ELEMENT_ID)?.textContent;
  if (!text) return undefined;
  try {
    const parsed: unknown = JSON.parse(text);
    return hasStrings(parsed, 'siteName', 'supportEmail') ? parsed : undefined;
  } catch {
    return undefined;
  }
}

/** The configured name and support address: from the page when it carries them, else GET /api/site. */
export function useSiteInfo() {
  return useQuery({ ...readQuery('/api/site'), initialData: siteInfoInPage });
}

/** The configured product name (SITE_NAME); '' for the moment it takes to ask when the page does not say. */
export function useSiteName(): string {
  return useSiteInfo().data?.siteName ?? '';
}

/** GET /api/stats (SPEC §7): members, projects, views and likes counted by the server. */
export function useSiteStats() {
  return useQuery(readQuery('/api/stats'));
}
