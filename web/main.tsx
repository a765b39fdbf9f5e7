import type { DehydratedState, QueryClient } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { currentUserQuery } from '@/api/auth';
import { createQueryClient, QUERY_STATE_ELEMENT_ID, startFromServerState } from '@/api/query-client';
import { App } from './App';
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
 * member's likes and follows differ: once the member is known, those answers load again.
 */
function refreshForMember(client: QueryClient, state: DehydratedState) {
  const rendered = new Set(state.queries.map((query) => query.queryHash));
  void client.fetchQuery(currentUserQuery).then(
    (user) => user && client.invalidateQueries({ predicate: (query) => rendered.has(query.queryHash) }),
    () => undefined,
  );
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
  hydrateRoot(root, app);
  refreshForMember(client, state);
} else {
  createRoot(root).render(app);
}
