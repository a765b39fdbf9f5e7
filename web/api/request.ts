// The one way the client talks to the API (SPEC §7–§8): cookies always, JSON bodies,
// and every non-success status becomes an Error '<status>: <body text, or status text>'.
import type { TErrorBody } from '@shared/schemas/common';

export async function throwIfNotOk(response: Response): Promise<void> {
  if (response.ok) return;
  const text = (await response.text()) || response.statusText;
  throw new Error(`${response.status}: ${text}`);
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

/** The HTTP status at the start of a request error, or null for network failures. */
export function errorStatus(error: unknown): number | null {
  const match = error instanceof Error ? /^(\d{3}): /.exec(error.message) : null;
  return match ? Number(match[1]) : null;
}

/** The parsed JSON error body, when the server sent one. */
export function errorBody(error: unknown): TErrorBody | null {
  if (!(error instanceof Error)) return null;
  const text = error.message.replace(/^\d{3}: /, '');
  try {
    const parsed: unknown = JSON.parse(text);
    if (parsed && typeof parsed === 'object' && typeof (parsed as TErrorBody).message === 'string') {
      return parsed as TErrorBody;
    }
  } catch {
    // Not JSON: the body was plain text or a status text.
  }
  return null;
}

/** The server's message where SPEC §8 says 'server message', else the given fallback. */
export function serverMessage(error: unknown, fallback: string): string {
  return errorBody(error)?.message ?? fallback;
}

/** SPEC §6: a message beginning '401: ' and containing Unauthorized. */
export function isUnauthorizedError(error: unknown): boolean {
  return error instanceof Error && /^401: .*Unauthorized/.test(error.message);
}
