// The server's way into the client (built by `vite build --ssr`, loaded by server/http/spa.ts):
// renders a page as a visitor sees it, with the answers it was drawn from, for the browser to
// hydrate without asking again. Data comes from the app's own API through the same query
// functions and keys the browser uses, so both sides hold the same shapes.
import { dehydrate, type DehydratedState, type Query, type QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { renderToStringAsync } from 'preact-render-to-string';
import { StaticRouter } from 'react-router';
import type { TSiteInfo } from '@shared/schemas/contact';
import { currentUserQuery } from '@/api/auth';
import { createQueryClient, readQuery } from '@/api/query-client';
import { sendRequestsThrough } from '@/api/request';
import { App } from './App';

export { sendRequestsThrough };

/** Answers about who is asking: a page is rendered once for every visitor, never fetched as anyone. */
const VIEWER_PATHS: ReadonlySet<string> = new Set(['/api/auth/me', '/api/auth/user']);
/** A page whose data depends on data (a creator's projects on their profile) takes a render per step. */
const MAX_RENDERS = 4;

export interface TRenderedPage {
  /** What goes inside #root. */
  html: string;
  /** The answers the page shows, for the browser's cache. */
  state: DehydratedState;
}

/** A read the page would make as a visitor: an API GET, not about the viewer, enabled, not yet tried. */
function isVisitorRead(query: Query): boolean {
  const [path] = query.queryKey;
  if (typeof path !== 'string' || !path.startsWith('/api/') || VIEWER_PATHS.has(path)) return false;
  if (query.state.status !== 'pending' || query.state.fetchStatus !== 'idle') return false;
  const { enabled } = query.options as { enabled?: boolean | ((query: Query) => boolean) };
  return typeof enabled === 'function' ? enabled(query) : enabled !== false;
}

function page(url: string, client: QueryClient) {
  const Router = ({ children }: { children: ReactNode }) => <StaticRouter location={url}>{children}</StaticRouter>;
  return <App client={client} router={Router} />;
}

/**
 * Renders and waits for every Suspense boundary (lazy routes included), for what the page asks for.
 * (React is Preact here, see vite.config.ts: its asynchronous renderer waits for lazy parts.)
 */
async function discover(url: string, client: QueryClient): Promise<void> {
  await renderToStringAsync(page(url, client) as unknown as Parameters<typeof renderToStringAsync>[0]);
}

/**
 * The page's HTML, once everything it needs is loaded: rendered in one go, so it is plain markup.
 * (A streamed render sends large boundaries apart with inline scripts to put them in place,
 * which the CSP forbids.) A boundary that still waited or failed would be left to the browser:
 * the server sends the plain page instead.
 */
function renderWhole(url: string, client: QueryClient): string {
  // Preact's synchronous renderer throws when a part would still suspend.
  return renderToString(page(url, client));
}

/**
 * Renders, fetches what the render asked for, renders again, until the page asks for nothing new.
 * A read that fails stays pending: the browser asks for it and shows what it shows today.
 */
export async function renderPage(url: string, site: TSiteInfo): Promise<TRenderedPage> {
  const client = createQueryClient();
  client.setQueryData(readQuery('/api/site').queryKey, site);
  // Pages are rendered for visitors only (a signed-in member gets the shell, spa.ts): the header
  // draws Sign In and Sign Up at once, and the browser starts knowing it, with nothing to ask or redraw.
  client.setQueryData(currentUserQuery.queryKey, null);
  const tried = new Set<string>();
  for (let render = 1; render <= MAX_RENDERS; render += 1) {
    await discover(url, client);
    const reads = client.getQueryCache().findAll({ predicate: (query) => !tried.has(query.queryHash) && isVisitorRead(query) });
    if (reads.length === 0 || render === MAX_RENDERS) break;
    for (const query of reads) tried.add(query.queryHash);
    // A failed read is left as the browser finds it, pending, so both render the same loading state.
    await Promise.all(reads.map((query) => query.fetch().catch(() => query.reset())));
  }
  const html = renderWhole(url, client);
  const state = dehydrate(client, { shouldDehydrateQuery: (query) => query.state.status === 'success' && query.queryKey[0] !== '/api/site' });
  client.clear();
  return { html, state };
}
