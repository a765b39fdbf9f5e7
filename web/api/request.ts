// The one way the client talks to the API (SPEC §7–§8): cookies always, JSON bodies, and every
// non-success status becomes an ApiError. A request that got no answer fails with the browser's own error.
import { ApiError } from './api-error';

export async function throwIfNotOk(response: Response): Promise<void> {
  if (response.ok) return;
  throw ApiError.fromResponse(response.status, response.statusText, await response.text());
}

export async function apiRequest(method: string, url: string, body?: unknown): Promise<Response> {
  const response = await fetch(url, {
    method,
    credentials: 'include',
    headers: body === undefined ? {} : { 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  await throwIfNotOk(response);
  return response;
}

/** Sends a request and reads the JSON answer (null for 204). */
export async function apiJson<T>(method: string, url: string, body?: unknown): Promise<T> {
  const response = await apiRequest(method, url, body);
  if (response.status === 204) return null as T;
  return (await response.json()) as T;
}
