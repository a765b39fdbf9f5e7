// Server-side rendering of the pages crawlers and first visits see (README 'Server-side
// rendering'): the client's own React tree (dist/server/entry-server.js, built from
// web/entry-server.tsx) renders the page as a visitor sees it, from the app's own API asked
// through app.inject. The page carries the answers it was drawn from, preloads its largest image,
// and loads its scripts (from the client build's manifest) once it has painted (web/boot.ts).
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance } from 'fastify';
import type { TSiteInfo } from '../../shared/schemas/contact';
import type { TCacheTag } from '../lib/read-cache';
import { collectAnswerTags, countShownAnswer, renderingForAddress } from './answer-tags';

/** What web/entry-server.tsx exports (the server does not compile the client's code, so this is written out). */
interface TRendererModule {
  renderPage(url: string, site: TSiteInfo): Promise<{ html: string; state: unknown }>;
  sendRequestsThrough(fetcher: typeof fetch): void;
}

export interface TServerRenderer {
  /** The page with its content, or null for a page the client draws (or one that failed to render). */
  render(url: string, pageHtml: string, visitorIp: string): Promise<{ html: string; tags: TCacheTag[] | null } | null>;
}

/** The rendered pages (SPEC §2 addresses, matched as the client's router does) and their route modules. */
const RENDERED_PAGES: readonly (readonly [RegExp, string])[] = [
  [/^\/$/, 'pages/HomePage.tsx'],
  [/^\/project\/[^/]+\/?$/i, 'pages/ProjectPage.tsx'],
  [/^\/jobs\/?$/i, 'pages/JobsPage.tsx'],
  [/^\/jobs\/\d+\/?$/i, 'pages/JobPage.tsx'],
  [/^\/creator\/[^/]+\/?$/i, 'pages/CreatorPage.tsx'],
  [/^\/category\/[^/]+\/?$/i, 'pages/CategoryPage.tsx'],
  [/^\/search\/?$/i, 'pages/SearchPage.tsx'],
];

/** The element the client reads the answers from (QUERY_STATE_ELEMENT_ID in web/api/query-client.ts). */
const QUERY_STATE_ELEMENT_ID = 'query-state';

interface TManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  css?: string[];
}
type TManifest = Record<string, TManifestChunk>;

function staticClosure(manifest: TManifest, key: string, into = new Set<string>()): Set<string> {
  if (into.has(key) || !manifest[key]) return into;
  into.add(key);
  for (const imported of manifest[key].imports ?? []) staticClosure(manifest, imported, into);
  return into;
}

const escapeAttribute = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/** How a rendered page loads its code: its stylesheets, and the script that fetches the rest after the first paint. */
interface TPageAssets {
  /** The route's stylesheets beyond the entry's: in the head, since the page's first paint needs them. */
  styles: string;
  /** The entry's script tag in index.html, and the boot script (web/boot.ts) that takes its place. */
  entryScript: string;
  bootScript: string;
}

/**
 * Each rendered route's assets, from the client build's manifest. Its scripts are not fetched with
 * the HTML: web/boot.ts preloads them (the entry, then the route's chunks, in parallel) once the
 * page has painted and its largest image arrived, so that the code competes with neither.
 * Without a boot chunk (an older build) the entry's own script tag stays and loads everything.
 */
function pageAssets(manifest: TManifest | null): Map<string, TPageAssets> {
  const assets = new Map<string, TPageAssets>();
  const entry = manifest?.['index.html'];
  const boot = manifest?.['boot.ts'];
  if (!manifest || !entry) return assets;
  const loaded = staticClosure(manifest, 'index.html');
  const loadedCss = new Set([...loaded].flatMap((key) => manifest[key]?.css ?? []));
  const entryScript = `<script type="module" crossorigin src="/${entry.file}"></script>`;
  for (const [, page] of RENDERED_PAGES) {
    const chunks = [...staticClosure(manifest, page)].filter((key) => !loaded.has(key)).map((key) => manifest[key] as TManifestChunk);
    const styles = [...new Set(chunks.flatMap((chunk) => chunk.css ?? []))]
      .filter((file) => !loadedCss.has(file))
      .map((file) => `<link rel="stylesheet" crossorigin href="/${escapeAttribute(file)}" />`);
    const chunkUrls = chunks.map((chunk) => `/${chunk.file}`).join(' ');
    const bootScript = boot
      ? `<script type="module" crossorigin src="/${escapeAttribute(boot.file)}" data-entry="/${escapeAttribute(entry.file)}" data-chunks="${escapeAttribute(chunkUrls)}"></script>`
      : entryScript;
    assets.set(page, { styles: styles.join('\n    '), entryScript, bootScript });
  }
  return assets;
}

/**
 * The page's largest image, fetched first: the rendered `<img fetchpriority="high">` (the first
 * card, the project's first media) and, inside a <picture>, the AVIF source the browser picks.
 */
export function largestImagePreload(html: string): string {
  const image = /(<source type="image\/avif" srcSet="([^"]+)"\/>)?<img\b[^>]*\bfetchPriority="high"[^>]*>/i.exec(html);
  if (!image) return '';
  const attribute = (name: string) => new RegExp(`\\b${name}="([^"]*)"`, 'i').exec(image[0])?.[1];
  const avif = image[2];
  // Values are copied as React escaped them for an attribute: they stay escaped here.
  const srcset = avif ?? attribute('srcSet') ?? attribute('src');
  if (!srcset) return '';
  const sizes = attribute('sizes');
  return [
    '<link rel="preload" as="image" fetchpriority="high"',
    avif ? ' type="image/avif"' : '',
    ` imagesrcset="${srcset}"`,
    sizes ? ` imagesizes="${sizes}"` : '',
    ' />',
  ].join('');
}

/** The face most of a page's text is drawn in: web/fonts.css's subset of Inter (scripts/subset-inter.sh). */
const TEXT_FONT = 'fonts/inter-latin-basic-wght-normal.woff2';

/**
 * The text face fetched with the HTML rather than once the stylesheet asks for it: a slow link
 * then has it before the first paint, and the headline (often the page's largest paint) is drawn
 * in it at once. Declared `font-display: optional`, a face that is late is never swapped in.
 */
function textFontPreload(manifest: TManifest | null): string {
  const font = manifest?.[TEXT_FONT];
  return font ? `<link rel="preload" as="font" type="font/woff2" crossorigin href="/${escapeAttribute(font.file)}" />` : '';
}

/** JSON inside a script element: inert (the CSP allows no inline script), `<` escaped so no value can close the element. */
function stateScript(state: unknown): string {
  const json = JSON.stringify(state).replace(/</g, '\\u003c');
  return `<script id="${QUERY_STATE_ELEMENT_ID}" type="application/json">${json}</script>`;
}

function readManifest(clientDir: string): TManifest | null {
  const file = join(clientDir, '.vite', 'manifest.json');
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as TManifest) : null;
}

function remoteAddress(): { remoteAddress?: string } {
  const address = renderingForAddress();
  return address ? { remoteAddress: address } : {};
}

/** The renderer when dist/server holds its build, else null (the API alone, `npm run dev`, tests of other parts). */
export async function loadServerRenderer(app: FastifyInstance, clientDir: string, serverDir: string, site: TSiteInfo): Promise<TServerRenderer | null> {
  const entry = join(serverDir, 'entry-server.js');
  if (!existsSync(entry)) return null;
  const module = (await import(pathToFileURL(entry).href)) as TRendererModule;
  const manifest = readManifest(clientDir);
  const assets = pageAssets(manifest);
  const fontPreload = textFontPreload(manifest);

  // The client's reads, answered by the app itself as a cookie-less visitor from the visitor's
  // address (rate limits and view counts are theirs). The renderer never writes.
  module.sendRequestsThrough(async (input, init) => {
    if (init?.method && init.method !== 'GET') throw new Error(`the server renderer only reads (${init.method} ${String(input)})`);
    const answer = await app.inject({ method: 'GET', url: String(input), ...remoteAddress() });
    if (answer.statusCode === 200) countShownAnswer();
    const headers = new Headers();
    for (const [name, value] of Object.entries(answer.headers)) if (value !== undefined) headers.set(name, String(value));
    const empty = answer.statusCode === 204 || answer.statusCode === 304;
    return new Response(empty ? null : new Uint8Array(answer.rawPayload), { status: answer.statusCode, headers });
  });

  return {
    async render(url, pageHtml, visitorIp) {
      const path = url.split('?')[0] ?? '/';
      const page = RENDERED_PAGES.find(([pattern]) => pattern.test(path))?.[1];
      if (!page) return null;
      try {
        const { result, tags } = await collectAnswerTags(visitorIp, () => module.renderPage(url, site));
        // React writes the preloads it found (the logo) ahead of the tree: they belong in the head, not in #root.
        const preloads = /^(?:<link\b[^>]*>)*/.exec(result.html)?.[0] ?? '';
        const body = result.html.slice(preloads.length);
        const loading = assets.get(page);
        const head = [fontPreload, loading?.styles ?? '', largestImagePreload(body), preloads, stateScript(result.state)].filter(Boolean).join('\n    ');
        let html = pageHtml.replace('</head>', () => `    ${head}\n  </head>`).replace('<div id="root"></div>', () => `<div id="root">${body}</div>`);
        if (loading) html = html.replace(loading.entryScript, () => loading.bootScript);
        return { html, tags };
      } catch (error) {
        app.log.error({ err: error, url }, 'server rendering failed: the client draws the page');
        return null;
      }
    },
  };
}
