// The bench's load generator leaves response bodies undecoded, and still counts every answer,
// its status and its bytes.
import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import autocannon from 'autocannon';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { measure } from './measure';
import { skipResponseBodies } from './skip-response-bodies';

const BODY_BYTES = 64 * 1024;

describe('skipResponseBodies', () => {
  let server: Server;
  let url: string;
  beforeAll(async () => {
    const body = Buffer.alloc(BODY_BYTES, 'x');
    server = createServer((_request, response) => response.writeHead(200, { 'content-length': BODY_BYTES }).end(body));
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise((resolve) => server.close(resolve)));

  it('hands onResponse an empty body instead of the decoded answer', async () => {
    skipResponseBodies();
    const bodies: string[] = [];
    const result = await autocannon({ url, connections: 2, amount: 20, requests: [{ method: 'GET', path: '/', onResponse: (_status: number, body: string) => bodies.push(body) }] });
    expect(result['2xx']).toBe(20);
    expect(bodies).toHaveLength(20);
    expect(bodies.every((body) => body === '')).toBe(true);
  });

  it('leaves the bench’s measurement whole: requests, statuses and bytes', async () => {
    const result = await measure({ url, requestsFor: () => [{ method: 'GET', path: '/' }], connections: 2, length: { seconds: 1 } });
    expect(result.requests).toBeGreaterThan(50);
    expect(result.errors).toBe(0);
    expect(result.statusCodes).toEqual({ 200: result.requests });
    expect(result.throughputBytesPerSec).toBeGreaterThan(BODY_BYTES * 50);
  });
});
