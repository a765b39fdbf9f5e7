import { hashKey, type DehydratedState, type QueryClient } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { currentUserQuery, holdViewerWhileHydrating } from '@/api/auth';
import { createQueryClient, QUERY_STATE_ELEMENT_ID, startFromServerState } from '@/api/query-client';
import { announceHydrated, hydrateServerMarkup } from '@/lib/hydration';
import { App } from './App';
import { preloadPage } from './routes';
import './styles.css';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

/** The answers a server-rendered page was drawn from (server/http/spa.ts); null on a page the client draws. */
function serverQueryState(): DehydratedState | null {
  const text = document.getElementById(QUERY_STATE_ELEMENT_ID)?.textContent;
  if (!text) return null;
  try {
    return JSON.parse(text) as DehydratedState;
  } catch {
    return null;
  }
}

/**
 * The server renders every page as a visitor sees it (one cached page for all). A signed-in
 * member's likes and follows differ: once the header learns who is signed in (after hydration,
 * so the first render matches the server's), the answers the page came with load again.
 */
function refreshForMember(client: QueryClient, state: DehydratedState) {
  const rendered = new Set(state.queries.map((query) => query.queryHash));
  const stop = client.getQueryCache().subscribe((event) => {
    if (event.type !== 'updated' || event.query.queryHash !== hashKey(currentUserQuery.queryKey) || event.query.state.status === 'pending') return;
    stop();
    if (event.query.state.data) void client.invalidateQueries({ predicate: (query) => rendered.has(query.queryHash) });
  });
}

const client = createQueryClient();
const app = (
  <StrictMode>
    <App client={client} router={BrowserRouter} />
  </StrictMode>
);
const state = serverQueryState();
if (state && root.hasChildNodes()) {
  startFromServerState(client, state);
  holdViewerWhileHydrating();
  refreshForMember(client, state);
  // The page's code first: hydration that suspended on it could meet answers that changed meanwhile.
  void preloadPage(window.location.pathname).finally(() => {
    // The first pass, then each part wrapped in <HydrateLater> in a task of its own (lib/hydration.ts).
    hydrateServerMarkup(() => hydrateRoot(root, app));
  });
} else {
  createRoot(root).render(app);
  // A page the client draws itself (what the server sent, if anything, is replaced): nothing is held.
  announceHydrated();
}
