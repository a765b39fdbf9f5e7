// The site's own documents: GET /api/site (what pages need from the configuration), the
// figures of GET /api/stats, /sitemap.xml and /robots.txt, with absolute URLs from PUBLIC_URL.
import { UPLOAD_CATEGORIES } from '../../../shared/constants';
import type { TSiteInfo, TSiteStats } from '../../../shared/schemas/contact';
import type { TContext } from '../../context';
import { countMembers } from '../accounts/accounts.service';
import { sitemapJobs } from '../jobs/jobs.service';
import { sitemapEntries, siteTotals } from '../projects/projects.service';

/** One sitemap file holds 50,000 URLs at most (sitemaps.org): these caps leave room for the rest. */
export const SITEMAP_MAX_PROJECTS = 40_000;
export const SITEMAP_MAX_CREATORS = 9_000;
/** Live job pages (/jobs/{id}), newest first. */
export const SITEMAP_MAX_JOBS = 900;

/** SPEC §2 routes a crawler may read (signed-in-only and form pages are left out). */
export const SITEMAP_STATIC_PAGES = ['/', '/inspiration', '/jobs', '/search', '/about', '/for-creators', '/support', '/careers', '/terms', '/privacy', '/cookies'] as const;
/** The legal pages say 'last updated January 6, 2025' (SPEC §2). */
const LEGAL_PAGES_UPDATED = '2025-01-06';
const LEGAL_PAGES = new Set(['/terms', '/privacy', '/cookies']);
/** Pages whose content is the gallery: they change when projects do. */
const GALLERY_PAGES = new Set(['/', '/inspiration', '/search']);

/** Pages for members only, or steps of a form: nothing for a search index. */
export const ROBOTS_DISALLOWED = ['/api/', '/profile', '/upload', '/post-job', '/invitation-codes', '/notifications', '/unsubscribe'] as const;

export function siteInfo(ctx: TContext): TSiteInfo {
  return { siteName: ctx.config.siteName, supportEmail: ctx.config.mail.supportEmail };
}

/** The For Creators strip (SPEC §2): members, projects, and every project's views and likes. */
export async function siteStats(ctx: TContext): Promise<TSiteStats> {
  const [users, totals] = await Promise.all([countMembers(ctx), siteTotals(ctx)]);
  return { users, projects: totals.projects, views: totals.views, likes: totals.likes };
}

const escapeXml = (value: string) => value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&apos;');

interface TSitemapEntry {
  path: string;
  lastmod?: string | null | undefined;
}

export async function buildSitemap(ctx: TContext): Promise<string> {
  const [{ projects, creators }, jobs] = await Promise.all([sitemapEntries(ctx, { projects: SITEMAP_MAX_PROJECTS, creators: SITEMAP_MAX_CREATORS }), sitemapJobs(ctx, SITEMAP_MAX_JOBS)]);
  // Creators come most recently active first: the first one's change is the latest of all.
  const galleryChanged = creators[0]?.lastmod ?? null;
  const entries: TSitemapEntry[] = [
    ...SITEMAP_STATIC_PAGES.map((path) => ({
      path,
      lastmod: LEGAL_PAGES.has(path) ? LEGAL_PAGES_UPDATED : GALLERY_PAGES.has(path) ? galleryChanged : null,
    })),
    ...UPLOAD_CATEGORIES.map((category) => ({ path: `/category/${encodeURIComponent(category)}`, lastmod: galleryChanged })),
    ...projects.map((project) => ({ path: `/project/${project.id}`, lastmod: project.lastmod })),
    ...creators.map((creator) => ({ path: `/creator/${creator.id}`, lastmod: creator.lastmod })),
    ...jobs.map((job) => ({ path: `/jobs/${job.id}`, lastmod: job.lastmod })),
  ];
  const base = ctx.config.publicUrl;
  const urls = entries.map(({ path, lastmod }) => {
    const loc = `<loc>${escapeXml(`${base}${path}`)}</loc>`;
    return lastmod ? `  <url>${loc}<lastmod>${escapeXml(lastmod)}</lastmod></url>` : `  <url>${loc}</url>`;
  });
  return ['<?xml version="1.0" encoding="UTF-8"?>', '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">', ...urls, '</urlset>', ''].join('\n');
}

export function robotsTxt(ctx: TContext): string {
  return [
    'User-agent: *',
    // Share previews may use a project's og-image address; the rest of the API is not for indexing.
    'Allow: /api/projects/*/og-image',
    ...ROBOTS_DISALLOWED.map((path) => `Disallow: ${path}`),
    '',
    `Sitemap: ${ctx.config.publicUrl}/sitemap.xml`,
    '',
  ].join('\n');
}
