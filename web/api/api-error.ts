// A request the server answered with a non-success status (SPEC §8): the status, the SPEC's
// '<status>: <body text, or status text>' message, and the JSON error body when there was one.
import type { TErrorBody } from '@shared/schemas/common';
import { hasStrings } from '@/lib/json-shape';

function isErrorBody(value: unknown): value is TErrorBody {
  if (!hasStrings(value, 'message')) return false;
  const details: unknown = Reflect.get(value, 'details');
  return details === undefined || (Array.isArray(details) && details.every((detail) => hasStrings(detail, 'field', 'message')));
}

/** The error shape every route answers with, or null for a plain-text or empty body. */
function parseErrorBody(text: string): TErrorBody | null {
  try {
    const parsed: unknown = JSON.parse(text);
    return isErrorBody(parsed) ? parsed : null;
  } catch {
    return null;
  }
}

export class ApiError extends Error {
  override readonly name = 'ApiError';

  constructor(
    readonly status: number,
    message: string,
    /** The parsed JSON error (`{ message, details? }`), or null when the body was not one. */
    readonly body: TErrorBody | null,
  ) {
    super(message);
  }

  /** From what the server sent: its status, status text and body text. */
  static fromResponse(status: number, statusText: string, text: string): ApiError {
    return new ApiError(status, `${status}: ${text || statusText}`, parseErrorBody(text));
  }
}

/** The server's message where SPEC §8 says 'server message', else the given fallback (network failures included). */
export function serverMessage(error: unknown, fallback: string): string {
  return (error instanceof ApiError && error.body?.message) || fallback;
}


/**
 * The server's message when a limit refused the request (429: a member's write limit or a
 * throttle; 507: the server's disk is low), else null: pages whose SPEC text is fixed show it
 * instead, since 'Please sign in' or 'Please try again' would mislead there.
 */
export function limitMessage(error: unknown): string | null {
  if (!(error instanceof ApiError) || (error.status !== 429 && error.status !== 507)) return null;
  return error.body?.message ?? null;
}
