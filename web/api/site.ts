// What pages need from the site itself: its configured name and support address, and the live figures.
import { useQuery } from '@tanstack/react-query';
import { readQuery } from './query-client';

/** GET /api/site: the support address the footer-linked pages show and mail to. */
export function useSiteInfo() {
  return useQuery(readQuery('/api/site'));
}

/** GET /api/stats (SPEC §7): members, projects, views and likes counted by the server. */
export function useSiteStats() {
  return useQuery(readQuery('/api/stats'));
}
