// A round's warm-up draws requests the round does not: measuring what the warm-up itself left
// cached (a visitor's view counted, their page kept) would flatter every traffic scenario.
import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { measure, warmThenMeasure, warmUp } from './measure';

describe('measure and warmThenMeasure', () => {
  let server: Server;
  let url: string;
  const paths: string[] = [];
  beforeAll(async () => {
    server = createServer((request, response) => {
      paths.push(request.url ?? '');
      response.writeHead(200, { 'content-length': 2 }).end('ok');
    });
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise((resolve) => server.close(resolve)));

  it('warms up on connections numbered after the measured ones, so the measured round sends none of the warm-up’s requests', async () => {
    const connections: number[] = [];
    const requestsFor = (connection: number) => {
      connections.push(connection);
      return [{ method: 'GET' as const, path: `/drawn-by/${connection}` }];
    };
    const result = await warmThenMeasure({ url, requestsFor, connections: 2, length: { seconds: 0.5 } }, { seconds: 0.5 });
    expect(result.errors).toBe(0);
    expect(connections).toEqual([2, 3, 0, 1]);
    // The server saw the warm-up's requests, then only the measured round's.
    const measuredFrom = paths.findIndex((path) => /\/drawn-by\/[01]$/.test(path));
    expect(measuredFrom).toBeGreaterThan(0);
    expect(new Set(paths.slice(0, measuredFrom))).toEqual(new Set(['/drawn-by/2', '/drawn-by/3']));
    expect(new Set(paths.slice(measuredFrom))).toEqual(new Set(['/drawn-by/0', '/drawn-by/1']));
  });

  it('warms up again until a round has completed a request, so a slow first answer does not leave the measured round with none', async () => {
    // The first answers take longer than a warm-up round lasts (a first server-rendered page on a slow host).
    const openAt = Date.now() + 700;
    const slow = createServer((_request, response) => {
      const wait = Math.max(0, openAt - Date.now());
      setTimeout(() => {
        if (!response.destroyed) response.writeHead(200, { 'content-length': 2 }).end('ok');
      }, wait);
    });
    slow.listen(0, '127.0.0.1');
    await once(slow, 'listening');
    const slowUrl = `http://127.0.0.1:${(slow.address() as AddressInfo).port}`;
    try {
      const rounds = await warmUp({ url: slowUrl, requestsFor: () => [{ method: 'GET' as const, path: '/slow' }], connections: 2, length: { seconds: 1 } }, { seconds: 0.2 });
      expect(rounds).toBeGreaterThan(1);
      expect(Date.now()).toBeGreaterThanOrEqual(openAt);
      const measured = await measure({ url: slowUrl, requestsFor: () => [{ method: 'GET' as const, path: '/slow' }], connections: 2, length: { seconds: 0.3 } });
      expect(measured.requests).toBeGreaterThan(0);
    } finally {
      slow.closeAllConnections();
      await new Promise((resolve) => slow.close(resolve));
    }
  });

  it('ends a round shorter than a second when it is due, and still reports requests and bytes per second', async () => {
    const started = Date.now();
    const result = await measure({ url, requestsFor: () => [{ method: 'GET' as const, path: '/short' }], connections: 2, length: { seconds: 0.3 } });
    const elapsedMs = Date.now() - started;
    // autocannon's own sampling (a second) would have made it last a whole second.
    expect(elapsedMs).toBeLessThan(900);
    expect(result.errors).toBe(0);
    const perSecond = result.requests / result.durationSeconds;
    expect(result.reqPerSec).toBeGreaterThan(perSecond * 0.5);
    expect(result.reqPerSec).toBeLessThan(perSecond * 2);
    // Each answer is 2 bytes of body plus its head: bytes per second follow requests per second.
    expect(result.throughputBytesPerSec).toBeGreaterThan(result.reqPerSec * 2);
  });

  it('ends a counted round once it has that many answers, however long they take (the smoke run’s rounds)', async () => {
    // Each answer takes 150 ms: a round of 6 requests on 2 connections lasts about 450 ms.
    const slow = createServer((_request, response) => {
      setTimeout(() => response.writeHead(200, { 'content-length': 2 }).end('ok'), 150);
    });
    slow.listen(0, '127.0.0.1');
    await once(slow, 'listening');
    const slowUrl = `http://127.0.0.1:${(slow.address() as AddressInfo).port}`;
    try {
      const started = Date.now();
      const result = await measure({ url: slowUrl, requestsFor: () => [{ method: 'GET' as const, path: '/slow' }], connections: 2, length: { requests: 6 } });
      expect(result.requests).toBe(6);
      expect(result.errors).toBe(0);
      expect(Date.now() - started).toBeGreaterThanOrEqual(400);
      expect(result.reqPerSec).toBeGreaterThan(0);
      // Fewer requests than connections: one connection each.
      expect((await measure({ url, requestsFor: () => [{ method: 'GET' as const, path: '/few' }], connections: 10, length: { requests: 3 } })).requests).toBe(3);
    } finally {
      slow.closeAllConnections();
      await new Promise((resolve) => slow.close(resolve));
    }
  });
});
