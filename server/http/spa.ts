// Serves the built client: hashed assets cached for a year, index.html never cached,
// and every other GET outside /api and /media answered with index.html for the router —
// with the site's name and support address for the client, and the page's own meta tags
// where a resolver knows the page. The pages crawlers and first visits see (server-render.ts)
// come with their content rendered by React on the server when the server bundle is built.
// Source maps are never served (404), whatever the build left.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyRequest, onSendAsyncHookHandler } from 'fastify';
import type { TSiteInfo } from '../../shared/schemas/contact';
import type { TPageMeta } from '../../shared/share-meta';
import type { TCacheTag } from '../lib/read-cache';
import { acceptsGzip } from './accepts-gzip';
import { withSiteAndPageMeta } from './page-meta';
import { cachedForVisitors, type TPublicCacheRule } from './public-cache';
import { loadServerRenderer, type TServerRenderer } from './server-render';

/** A page's own meta tags (null: the site's), and the read cache's tags of what they show. */
export interface TPageWithMeta {
  meta: TPageMeta | null;
  tags: readonly TCacheTag[];
}

export type TMetaResolver = (path: string) => Promise<TPageWithMeta>;

export interface TSpaOptions {
  clientDir: string;
  /** The server renderer's build (dist/server); without it every page is drawn by the client. */
  serverDir?: string | undefined;
  site: TSiteInfo;
  resolveMeta: TMetaResolver;
  /** Whether the page's cached copy may be served as it is (a project page counts each visitor's view). */
  pageViewCounted?: (path: string, request: FastifyRequest) => boolean;
}

/** A source map (or a compressed copy of one): the client's sources, which the site does not publish. */
function isSourceMap(path: string): boolean {
  return /\.map(\.(gz|br))?$/i.test(path);
}

const gzipAsync = promisify(gzip);
/** Shorter pages go as they are: gzip's framing and the CPU would cost more than they save. */
const GZIP_PAGES_FROM_BYTES = 1024;

/**
 * A page gzipped for the browsers that take it, whether or not it came from the cache: a
 * project page rendered for a new visitor is about 70 kB of HTML and 10 kB gzipped. A cached
 * copy sent gzipped already (or plain, to a client that asked so) is left as it is.
 */
const gzipPage: onSendAsyncHookHandler<unknown> = async (request, reply, payload) => {
  if (typeof payload !== 'string' || payload.length < GZIP_PAGES_FROM_BYTES || reply.statusCode !== 200 || reply.hasHeader('content-encoding')) return payload;
  reply.header('vary', 'accept-encoding');
  if (!acceptsGzip(request)) return payload;
  reply.header('content-encoding', 'gzip');
  return gzipAsync(payload);
};

export async function registerSpa(app: FastifyInstance, options: TSpaOptions): Promise<void> {
  const indexFile = join(options.clientDir, 'index.html');
  if (!existsSync(indexFile)) {
    app.log.warn({ clientDir: options.clientDir }, 'client build not found: only the API is served');
    return;
  }
  const indexHtml = readFileSync(indexFile, 'utf8');
  const renderer: TServerRenderer | null = options.serverDir ? await loadServerRenderer(app, options.clientDir, options.serverDir, options.site) : null;
  if (!renderer) app.log.info('server renderer not built: pages are drawn by the client');
  await app.register(fastifyStatic, {
    root: options.clientDir,
    wildcard: false,
    index: false,
    decorateReply: false,
    // The build writes .br and .gz copies of every asset (scripts/precompress-assets.ts).
    preCompressed: true,
    // The build keeps its maps outside this folder (vite.config.ts); any that are here stay private.
    allowedPath: (pathName) => !isSourceMap(pathName),
    setHeaders(reply, path) {
      reply.header('Cache-Control', path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'public, max-age=3600');
    },
  });
  // What each page shows, for the cache to tag the page with (the answer itself is HTML).
  const shown = new WeakMap<FastifyRequest, readonly TCacheTag[]>();
  // Cached for visitors only: a member's page is the plain shell their client draws, so it never
  // shows a visitor's state (a Follow button that is not theirs) until their own loads.
  const cacheRule: { publicCache: TPublicCacheRule } = cachedForVisitors((_html: string, request: FastifyRequest) => shown.get(request) ?? []);
  const { pageViewCounted } = options;
  if (pageViewCounted) cacheRule.publicCache.when = (request) => pageViewCounted(request.url.split('?')[0] ?? '/', request);
  // Pages are gzipped last: after the public cache's own onSend hook (onRoute hooks run in the
  // order they were added, and the cache's came first), so the cache keeps the plain page.
  app.addHook('onRoute', (route) => {
    if (route.url === '/*' && [route.method].flat().includes('GET')) route.onSend = [...[route.onSend ?? []].flat(), gzipPage];
  });
  app.get('/*', { config: cacheRule }, async (request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    if (path.startsWith('/api/') || path.startsWith('/media/') || isSourceMap(path)) {
      return reply.code(404).send({ message: `Route ${request.method} ${path} not found` });
    }
    const { meta, tags } = await options.resolveMeta(path);
    let html = withSiteAndPageMeta(indexHtml, options.site, meta);
    const rendered = renderer && !request.currentUser ? await renderer.render(request.url, html, request.ip) : null;
    if (rendered) {
      html = rendered.html;
      // An answer the page shows that names no tags: nothing would tell the cache when the page changes.
      if (rendered.tags === null) request.publicCacheTicket = null;
      shown.set(request, [...tags, ...(rendered.tags ?? [])]);
    } else {
      shown.set(request, tags);
    }
    return reply.type('text/html; charset=utf-8').header('Cache-Control', 'no-cache').send(html);
  });
}
