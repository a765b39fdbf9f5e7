// The floor under a request body's rate (server/http/slow-bodies.ts), over raw sockets so the
// body can trickle: a stalled or trickling body gets its 408 and loses its connection, leaving
// nothing behind; an honest body slower than one window is kept; a server that is not reading
// yet does not count against the client.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { once } from 'node:events';
import { connect, type Socket } from 'node:net';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'kysely';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { multipartBody } from '../lib/multipart-body';
import { buildTestApp, ENGINES, type TTestApp, type TTestAppOptions } from '../test/build-test-app';
import { buildUser, cookieFor } from '../test/factories';
import { SLOW_BODY_MESSAGE } from './slow-bodies';

const png = { filename: 'a1111.png', content: readFileSync(new URL('../test/fixtures/a1111.png', import.meta.url)) };
// 16 KB/s judged over 200 ms: each window needs 3,277 bytes.
const FLOOR = { MIN_BODY_KB_PER_SECOND: '16', SLOW_BODY_WINDOW_SECONDS: '0.2' };

/** The disk guard's question takes a second, five windows, before the upload route reads a byte. */
async function slowDiskGuard(): Promise<number> {
  await sleep(1000);
  return Number.MAX_SAFE_INTEGER;
}

interface TRawClient {
  socket: Socket;
  received: () => string;
  closed: Promise<unknown>;
}

describe.each(ENGINES)('the floor under a request body’s rate on %s', (engine) => {
  let t: TTestApp;
  let port: number;
  afterEach(async () => {
    await t?.close();
  });

  async function start(options: TTestAppOptions = {}, env: Record<string, string> = FLOOR) {
    t = await buildTestApp(engine, { ...options, env });
    port = Number(new URL(await t.app.listen({ port: 0, host: '127.0.0.1' })).port);
    return cookieFor(t.ctx, await buildUser(t.ctx));
  }

  async function open(): Promise<TRawClient> {
    const socket = connect(port, '127.0.0.1');
    let received = '';
    socket.on('data', (chunk: Buffer) => (received += chunk.toString('latin1')));
    const closed = once(socket, 'close');
    await once(socket, 'connect');
    return { socket, received: () => received, closed };
  }

  async function startUpload(cookie: string, copies = 1) {
    const body = await multipartBody(Array.from({ length: copies }, () => png));
    const client = await open();
    const head = `POST /api/upload HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nCookie: ${cookie}\r\nContent-Type: ${body.headers['content-type']}\r\nContent-Length: ${body.payload.length}\r\n\r\n`;
    client.socket.write(head);
    return { client, payload: body.payload };
  }

  const mediaRows = async () => Number((await t.ctx.db.selectFrom('project_media').select(sql<number>`count(*)`.as('n')).executeTakeFirstOrThrow()).n);
  const tempFiles = () => {
    const dir = join(t.config.dataDir, 'tmp');
    return existsSync(dir) ? readdirSync(dir, { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile()) : [];
  };
  const expectTimedOut = (received: string) => {
    expect(received).toMatch(/^HTTP\/1\.1 408 Request Timeout\r\n/);
    expect(received).toMatch(/^connection: close\r$/im);
    expect(JSON.parse(received.slice(received.indexOf('\r\n\r\n') + 4))).toEqual({ message: SLOW_BODY_MESSAGE });
  };

  it('answers 408 to an upload that stalls part way, closes its connection and keeps nothing of it', async () => {
    const cookie = await start();
    const { client, payload } = await startUpload(cookie);
    client.socket.write(payload.subarray(0, 20_000));
    await client.closed;
    expectTimedOut(client.received());
    await vi.waitFor(() => expect(tempFiles()).toEqual([]));
    expect(await mediaRows()).toBe(0);

    // The server still serves everyone else.
    expect((await t.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
  });

  it('answers 408 to a small JSON body that trickles in a few bytes at a time', async () => {
    await start();
    const client = await open();
    const body = JSON.stringify({ email: 'someone@example.com', password: 'correct horse battery staple' });
    client.socket.write(`POST /api/auth/signin HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n`);
    // 10 bytes per 50 ms: 200 B/s, far under the floor, yet never silent for a whole window.
    for (let at = 0; at < body.length && !client.socket.destroyed; at += 10) {
      client.socket.write(body.slice(at, at + 10));
      await sleep(50);
    }
    await client.closed;
    expectTimedOut(client.received());
  });

  it('keeps an upload that takes many windows at a rate above the floor', async () => {
    const cookie = await start();
    const { client, payload } = await startUpload(cookie);
    // 6,000 bytes per 100 ms, 60 KB/s: about a second, five windows.
    for (let at = 0; at < payload.length; at += 6000) {
      client.socket.write(payload.subarray(at, at + 6000));
      await sleep(100);
    }
    await vi.waitFor(() => expect(client.received()).toMatch(/^HTTP\/1\.1 201 /), { timeout: 15_000 });
    client.socket.destroy();
    expect(await mediaRows()).toBe(1);
  });

  it('does not count the windows in which the server was not reading the body yet', async () => {
    const cookie = await start({ freeDiskSpace: slowDiskGuard });
    // Ten files, 594 KB: more than the socket's buffers take while nobody reads.
    const { client, payload } = await startUpload(cookie, 10);
    client.socket.write(payload);
    await vi.waitFor(() => expect(client.received()).toMatch(/^HTTP\/1\.1 201 /), { timeout: 15_000 });
    client.socket.destroy();
    expect(await mediaRows()).toBe(10);
  });

  it('judges the body again once the server reads: a client that stalls after the server caught up gets its 408', async () => {
    const cookie = await start({ freeDiskSpace: slowDiskGuard });
    const { client, payload } = await startUpload(cookie, 10);
    // Half the body, then nothing: the server reads it once its disk guard answers, then waits.
    client.socket.write(payload.subarray(0, payload.length / 2));
    await client.closed;
    expectTimedOut(client.received());
    await vi.waitFor(() => expect(tempFiles()).toEqual([]));
    expect(await mediaRows()).toBe(0);
  });

  it('closes, without a second answer, a refused upload whose client stops sending the rest', async () => {
    // Signed out: the 401 goes at once and the body (under 10 MB) would be read to its end and dropped.
    await start();
    const { client, payload } = await startUpload('session=none');
    client.socket.write(payload.subarray(0, 20_000));
    await client.closed;
    expect(client.received()).toMatch(/^HTTP\/1\.1 401 /);
    expect(client.received()).not.toMatch(/408/);
  });

  it('closes a request another hook refused (a foreign origin) whose body stops coming', async () => {
    const cookie = await start();
    const client = await open();
    client.socket.write(`POST /api/projects HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nOrigin: http://elsewhere.example\r\nCookie: ${cookie}\r\nContent-Type: application/json\r\nContent-Length: 50000\r\n\r\n{"title":`);
    await client.closed;
    expect(client.received()).toMatch(/^HTTP\/1\.1 403 /);
    expect(client.received()).not.toMatch(/408/);
  });

  it('leaves a request made in-process (inject), whose socket is a stand-in, to its route', async () => {
    const cookie = await start();
    const body = await multipartBody([png]);
    const answer = await t.app.inject({ method: 'POST', url: '/api/upload', headers: { ...body.headers, cookie }, payload: body.payload });
    expect(answer.statusCode).toBe(201);
  });

  it('lets a body take its time when the floor is off', async () => {
    const cookie = await start({}, { MIN_BODY_KB_PER_SECOND: '0', SLOW_BODY_WINDOW_SECONDS: '0.2' });
    const { client, payload } = await startUpload(cookie);
    client.socket.write(payload.subarray(0, 20_000));
    await sleep(700);
    expect(client.socket.destroyed).toBe(false);
    client.socket.write(payload.subarray(20_000));
    await vi.waitFor(() => expect(client.received()).toMatch(/^HTTP\/1\.1 201 /), { timeout: 15_000 });
    client.socket.destroy();
  });
});
