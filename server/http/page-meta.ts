// Meta tags written into the client's HTML on the server, so crawlers and share
// previews that run no JavaScript see the page's title, description and image; and what
// the client needs from the site before its first request (its name, the support address).
import { metaTagsOf, type TPageMeta } from '../../shared/share-meta';
import type { TSiteInfo } from '../../shared/schemas/contact';

/** The element the client reads the site's name and support address from (web/api/site.ts). */
export const SITE_INFO_ELEMENT_ID = 'site-info';

const escapeHtml = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');

export function renderMetaTags(meta: TPageMeta, siteName: string): string {
  const lines = metaTagsOf(meta, siteName).map(([attribute, key, value]) => `<meta ${attribute}="${key}" content="${escapeHtml(value)}" data-server-meta />`);
  lines.push(`<link rel="canonical" href="${escapeHtml(meta.url)}" data-server-meta />`);
  return lines.join('\n    ');
}

/**
 * JSON inside a script element: inert (not JavaScript, so the CSP has nothing to allow), and
 * `<` escaped so no value can close the element.
 */
function siteInfoScript(site: TSiteInfo): string {
  const json = JSON.stringify(site).replace(/</g, '\\u003c');
  return `<script id="${SITE_INFO_ELEMENT_ID}" type="application/json">${json}</script>`;
}

/** The client's index.html with the site's name, and this page's title and meta tags where it has its own. */
export function withSiteAndPageMeta(indexHtml: string, site: TSiteInfo, meta: TPageMeta | null): string {
  const title = meta?.title ?? site.siteName;
  let html = indexHtml.replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(title)}</title>`);
  if (meta) html = html.replace(/\s*<meta name="description"[^>]*>/, '').replace('</head>', `    ${renderMetaTags(meta, site.siteName)}\n  </head>`);
  return html.replace('</head>', `    ${siteInfoScript(site)}\n  </head>`);
}
