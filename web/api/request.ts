// The one way the client talks to the API (SPEC §7–§8): cookies always, JSON bodies, and every
// non-success status becomes an ApiError. A request that got no answer fails with the browser's
// own error. Answers take their types from the path (endpoints.ts).
import { ApiError } from './api-error';
import type { TReadPath, TReads, TWriteMethod, TWrites } from './endpoints';

/** How requests leave: the browser's fetch; on the server, the app itself as a visitor (web/entry-server.tsx). */
let send: typeof fetch = (input, init) => fetch(input, init);

/** The server renders pages by asking its own API: every read of the client code goes there. */
export function sendRequestsThrough(fetcher: typeof fetch): void {
  send = fetcher;
}

export function apiFetch(path: string, init: RequestInit): Promise<Response> {
  return send(path, init);
}

export async function throwIfNotOk(response: Response): Promise<void> {
  if (response.ok) return;
  throw ApiError.fromResponse(response.status, response.statusText, await response.text());
}

/** The JSON answer; an empty body (204 No Content) reads as null. */
export async function readJson(response: Response) {
  const text = await response.text();
  return text ? JSON.parse(text) : null;
}

/** GET a path's JSON answer. */
export async function getJson<P extends TReadPath>(path: P, signal?: AbortSignal): Promise<TReads[P]> {
  const response = await apiFetch(path, { credentials: 'include', signal });
  await throwIfNotOk(response);
  return readJson(response);
}

/** A write with an optional JSON body; answers the path's JSON (null for 204). */
export async function sendJson<M extends TWriteMethod, P extends keyof TWrites[M] & string>(method: M, path: P, body?: unknown): Promise<TWrites[M][P]> {
  const response = await apiFetch(path, {
    method,
    credentials: 'include',
    headers: body === undefined ? {} : { 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  await throwIfNotOk(response);
  return readJson(response);
}
