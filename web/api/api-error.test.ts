import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, limitMessage, serverMessage } from './api-error';
import { getJson, sendJson } from './request';

afterEach(() => {
  vi.unstubAllGlobals();
});

/** What `fetch` answers: the body text with a status and its status text. */
function answer(status: number, statusText: string, body: string) {
  vi.stubGlobal('fetch', vi.fn(async () => new Response(body || null, { status, statusText })));
}

async function failureOf(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('the request succeeded');
}

describe('ApiError', () => {
  it("carries the status, the SPEC §8 message '<status>: <body>' and the parsed JSON error body", async () => {
    const body = { message: 'Validation failed', details: [{ field: 'email', message: 'Please enter a valid email address' }] };
    answer(400, 'Bad Request', JSON.stringify(body));
    const error = await failureOf(sendJson('POST', '/api/contact', {}));
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 400, message: `400: ${JSON.stringify(body)}`, body });
  });

  it('uses the status text when the body is empty, and has no body then', async () => {
    answer(404, 'Not Found', '');
    expect(await failureOf(getJson('/api/projects/1'))).toMatchObject({ status: 404, message: '404: Not Found', body: null });
  });

  it('keeps a plain-text body in the message without taking it for the error shape', () => {
    const error = ApiError.fromResponse(502, 'Bad Gateway', 'upstream down');
    expect(error).toMatchObject({ status: 502, message: '502: upstream down', body: null });
    expect(ApiError.fromResponse(500, 'Internal Server Error', '{"error":"no message field"}').body).toBeNull();
    expect(ApiError.fromResponse(400, 'Bad Request', '{"message":"x","details":"not a list"}').body).toBeNull();
  });

  it("reads the server's message where there is one, else the fallback, also for a request that got no answer", () => {
    expect(serverMessage(ApiError.fromResponse(429, 'Too Many Requests', '{"message":"Slow down"}'), 'Failed')).toBe('Slow down');
    expect(serverMessage(ApiError.fromResponse(500, 'Internal Server Error', ''), 'Failed')).toBe('Failed');
    expect(serverMessage(new TypeError('Failed to fetch'), 'Failed')).toBe('Failed');
  });

  it('leaves network failures as plain errors without a status', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))));
    const error = await failureOf(getJson('/api/stats'));
    expect(error).toBeInstanceOf(TypeError);
    expect(error).not.toBeInstanceOf(ApiError);
  });
});

describe('limitMessage', () => {
  it("gives the server's message for a limit's 429 or the disk guard's 507, and null for anything else", () => {
    const limit = ApiError.fromResponse(429, 'Too Many Requests', JSON.stringify({ message: 'You are liking and following too quickly. Please wait a minute and try again.' }));
    expect(limitMessage(limit)).toBe('You are liking and following too quickly. Please wait a minute and try again.');
    const disk = ApiError.fromResponse(507, 'Insufficient Storage', JSON.stringify({ message: 'The server is low on storage space. Please try again later.' }));
    expect(limitMessage(disk)).toBe('The server is low on storage space. Please try again later.');
    expect(limitMessage(ApiError.fromResponse(401, 'Unauthorized', JSON.stringify({ message: 'Unauthorized' })))).toBeNull();
    expect(limitMessage(ApiError.fromResponse(429, 'Too Many Requests', 'plain text'))).toBeNull();
    expect(limitMessage(new Error('Network error'))).toBeNull();
  });
});
