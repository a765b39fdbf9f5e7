// Meta tags written into the client's HTML on the server, so crawlers and share
// previews that run no JavaScript see the page's title, description and image.

export interface TPageMeta {
  title: string;
  description: string;
  /** Absolute URL of the page. */
  url: string;
  /** Absolute URL of a 1200×630 image. */
  image?: string;
  keywords?: string[];
  type?: 'website' | 'article';
  author?: string;
  section?: string;
  tags?: string[];
  publishedTime?: string;
}

const escapeHtml = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');

export function renderMetaTags(meta: TPageMeta, siteName: string): string {
  const tags: [attribute: 'name' | 'property', key: string, value: string][] = [
    ['name', 'description', meta.description],
    ['property', 'og:site_name', siteName],
    ['property', 'og:type', meta.type ?? 'website'],
    ['property', 'og:title', meta.title],
    ['property', 'og:description', meta.description],
    ['property', 'og:url', meta.url],
    ['name', 'twitter:card', meta.image ? 'summary_large_image' : 'summary'],
    ['name', 'twitter:title', meta.title],
    ['name', 'twitter:description', meta.description],
  ];
  if (meta.keywords?.length) tags.push(['name', 'keywords', meta.keywords.join(', ')]);
  if (meta.image) {
    tags.push(['property', 'og:image', meta.image], ['property', 'og:image:width', '1200'], ['property', 'og:image:height', '630'], ['name', 'twitter:image', meta.image]);
  }
  if (meta.author) tags.push(['property', 'article:author', meta.author]);
  if (meta.section) tags.push(['property', 'article:section', meta.section]);
  if (meta.publishedTime) tags.push(['property', 'article:published_time', meta.publishedTime]);
  for (const tag of meta.tags ?? []) tags.push(['property', 'article:tag', tag]);
  const lines = tags.map(([attribute, key, value]) => `<meta ${attribute}="${key}" content="${escapeHtml(value)}" data-server-meta />`);
  lines.push(`<link rel="canonical" href="${escapeHtml(meta.url)}" data-server-meta />`);
  return lines.join('\n    ');
}

/** The client's index.html with this page's title and meta tags in place of the defaults. */
export function withPageMeta(indexHtml: string, meta: TPageMeta, siteName: string): string {
  return indexHtml
    .replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(meta.title)}</title>`)
    .replace(/\s*<meta name="description"[^>]*>/, '')
    .replace('</head>', `    ${renderMetaTags(meta, siteName)}\n  </head>`);
}
