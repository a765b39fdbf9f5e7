// What pages need from the site itself: its configured name and support address, and the live figures.
import { useQuery } from '@tanstack/react-query';
import type { TSiteInfo, TSiteStats } from '@shared/schemas/contact';

export const SITE_INFO_KEY = '/api/site';
export const SITE_STATS_KEY = '/api/stats';

/** GET /api/site: the support address the footer-linked pages show and mail to. */
export function useSiteInfo() {
  return useQuery<TSiteInfo>({ queryKey: [SITE_INFO_KEY] });
}

/** GET /api/stats (SPEC §7): members, projects, views and likes counted by the server. */
export function useSiteStats() {
  return useQuery<TSiteStats>({ queryKey: [SITE_STATS_KEY] });
}
