// The limits on member writes (server/http/member-limits.ts), each through the API on both
// engines: its 429 with Retry-After and message, that it frees up again, and that parallel
// requests of one member do not slip past a quota.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { once } from 'node:events';
import { connect } from 'node:net';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DAY_MS, HOUR_MS as HOUR, MINUTE_MS } from '../../shared/constants';
import { multipartBody, type TUploadFile } from '../lib/multipart-body';
import { buildTestApp, ENGINES, type TTestApp, type TTestAppOptions } from '../test/build-test-app';
import { buildMedia, buildProject, buildUser, cookieFor, jobBody } from '../test/factories';
import { LIMIT_MESSAGES } from './member-limits';

const FIXTURES = new URL('../test/fixtures/', import.meta.url);
const fixture = (name: string): TUploadFile => ({ filename: name, content: readFileSync(new URL(name, FIXTURES)) });
const MB = 1024 * 1024;

function filesUnder(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name));
}

describe.each(ENGINES)('limits on member writes on %s', (engine) => {
  let t: TTestApp;
  afterEach(async () => {
    await t?.close();
  });

  async function start(env: Record<string, string>, options: TTestAppOptions = {}) {
    t = await buildTestApp(engine, { ...options, env });
    const user = await buildUser(t.ctx);
    return { user, cookie: await cookieFor(t.ctx, user) };
  }

  async function upload(cookie: string, files: TUploadFile[]) {
    const body = await multipartBody(files);
    return t.app.inject({ method: 'POST', url: '/api/upload', headers: { ...body.headers, cookie }, payload: body.payload });
  }

  const mediaRows = async () => Number((await t.ctx.db.selectFrom('project_media').select(sql<number>`count(*)`.as('n')).executeTakeFirstOrThrow()).n);
  const tempFiles = () => filesUnder(join(t.config.dataDir, 'tmp'));
  const storedFiles = () => filesUnder(join(t.config.dataDir, 'media'));
  const retryAfter = (response: { headers: Record<string, unknown> }) => Number(response.headers['retry-after']);

  describe('upload bytes per member per day', () => {
    it('cuts off the upload that would pass the budget, keeping nothing of it, and frees up after 24 hours', async () => {
      // 0.1 MB: one a1111.png (59,427 bytes) fits, a second does not.
      const { cookie } = await start({ UPLOAD_MB_PER_DAY: '0.1' });
      const png = fixture('a1111.png');
      expect((await upload(cookie, [png])).statusCode).toBe(201);
      const kept = storedFiles();

      const over = await upload(cookie, [png]);
      expect(over.statusCode).toBe(429);
      expect(over.json().message).toBe(LIMIT_MESSAGES.uploadBytes('102.4 KB'));
      expect(retryAfter(over)).toBeGreaterThan(DAY_MS / 1000 - 120);
      expect(retryAfter(over)).toBeLessThanOrEqual(DAY_MS / 1000);
      expect(tempFiles()).toEqual([]);
      expect(storedFiles()).toEqual(kept);
      expect(await mediaRows()).toBe(1);

      // What is left of the budget still takes a smaller file.
      expect((await upload(cookie, [fixture('gps.jpg')])).statusCode).toBe(201);

      t.clock.advance(DAY_MS + MINUTE_MS);
      expect((await upload(cookie, [png])).statusCode).toBe(201);
    });

    it('lets a client still sending the upload cut off at the budget read its 429, finish and keep the connection', async () => {
      // 0.1 MB: after one a1111.png, 45,430 bytes are left; the second is cut off once more have come.
      const { cookie } = await start({ UPLOAD_MB_PER_DAY: '0.1' });
      const png = fixture('a1111.png');
      expect((await upload(cookie, [png])).statusCode).toBe(201);
      const address = new URL(await t.app.listen({ port: 0, host: '127.0.0.1' }));
      const body = await multipartBody([png]);
      const socket = connect(Number(address.port), '127.0.0.1');
      let received = '';
      socket.on('data', (chunk: Buffer) => (received += chunk.toString('latin1')));
      const receivedMatching = (pattern: RegExp) => vi.waitFor(() => expect(received).toMatch(pattern), { timeout: 5000 });
      await once(socket, 'connect');
      const head = `POST /api/upload HTTP/1.1\r\nHost: ${address.host}\r\nCookie: ${cookie}\r\nContent-Type: ${body.headers['content-type']}\r\nContent-Length: ${body.payload.length}\r\n\r\n`;
      const sentFirst = 50_000;
      socket.write(head + body.payload.subarray(0, sentFirst).toString('latin1'), 'latin1');
      await receivedMatching(/^HTTP\/1\.1 429 [^]*\r\n\r\n\{"message":"You have reached your upload limit[^"]*"\}$/);
      // Closed instead, the client's next write would fail (EPIPE): a network error, not the 429.
      expect(received).not.toMatch(/^connection: close/im);
      socket.write(body.payload.subarray(sentFirst));
      socket.write(`GET /healthz HTTP/1.1\r\nHost: ${address.host}\r\n\r\n`);
      await receivedMatching(/later\."\}HTTP\/1\.1 200 /);
      socket.destroy();
      expect(tempFiles()).toEqual([]);
      expect(await mediaRows()).toBe(1);
    });

    it('refuses before reading a byte once the budget is used, and counts each member alone', async () => {
      const { user, cookie } = await start({ UPLOAD_MB_PER_DAY: '0.01' });
      // Nine uploads of 1,234 bytes: 11,106 of 10,485 bytes.
      for (let i = 0; i < 9; i += 1) await buildMedia(t.ctx, user.id);
      const over = await upload(cookie, [fixture('gps.jpg')]);
      expect(over.statusCode).toBe(429);
      expect(over.json().message).toBe(LIMIT_MESSAGES.uploadBytes('10.2 KB'));
      expect(tempFiles()).toEqual([]);
      expect(await mediaRows()).toBe(9);

      const other = await cookieFor(t.ctx, await buildUser(t.ctx));
      expect((await upload(other, [fixture('gps.jpg')])).statusCode).toBe(201);
    });
  });

  describe('unattached uploads held', () => {
    it('refuses the file past the cap, whether in one request or across several, until a project takes one', async () => {
      const { cookie } = await start({ UNATTACHED_UPLOADS_MAX: '2' });
      const jpg = fixture('gps.jpg');
      const three = await upload(cookie, [jpg, jpg, jpg]);
      expect(three.statusCode).toBe(429);
      expect(three.json().message).toBe(LIMIT_MESSAGES.unattachedUploads(2));
      expect(await mediaRows()).toBe(0);
      expect(tempFiles()).toEqual([]);

      const two = await upload(cookie, [jpg, jpg]);
      expect(two.statusCode).toBe(201);
      const over = await upload(cookie, [jpg]);
      expect(over.statusCode).toBe(429);
      expect(retryAfter(over)).toBeGreaterThan(0);

      const [url] = two.json<{ urls: string[] }>().urls;
      const created = await t.app.inject({ method: 'POST', url: '/api/projects', headers: { cookie }, payload: { title: 'Held', category: 'Illustration', images: [url], tags: ['ai'] } });
      expect(created.statusCode).toBe(201);
      expect((await upload(cookie, [jpg])).statusCode).toBe(201);
    });

    it('lets only one of two parallel uploads take the last place, and removes the loser’s stored files', async () => {
      const { cookie } = await start({ UNATTACHED_UPLOADS_MAX: '1' });
      const responses = await Promise.all([upload(cookie, [fixture('gps.jpg')]), upload(cookie, [fixture('midjourney.jpg')])]);
      expect(responses.map((response) => response.statusCode).sort()).toEqual([201, 429]);
      expect(await mediaRows()).toBe(1);
      const winner = responses.find((response) => response.statusCode === 201)!.json<{ files: { url: string }[] }>().files[0]!.url;
      const prefix = winner.replace(/^\/media\//, '').replace(/\/[^/]+$/, '');
      expect(storedFiles().every((file) => file.includes(prefix))).toBe(true);
      expect(tempFiles()).toEqual([]);
    });
  });

  describe('the disk guard', () => {
    it('answers 507 before anything is written when DATA_DIR has less free space than MIN_FREE_DISK_MB', async () => {
      let free = 100 * MB;
      const asked: string[] = [];
      const { cookie } = await start(
        { MIN_FREE_DISK_MB: '1024' },
        {
          freeDiskSpace: async (dir) => {
            asked.push(dir);
            return free;
          },
        },
      );
      const full = await upload(cookie, [fixture('gps.jpg')]);
      expect(full.statusCode).toBe(507);
      expect(full.json().message).toBe('The server is low on storage space. Please try again later.');
      expect(asked).toEqual([join(t.config.dataDir, 'tmp')]);
      expect(tempFiles()).toEqual([]);
      expect(storedFiles()).toEqual([]);
      expect(await mediaRows()).toBe(0);

      free = 2048 * MB;
      expect((await upload(cookie, [fixture('gps.jpg')])).statusCode).toBe(201);
    });

    it('asks the real file system by default', async () => {
      // More free space than any disk has: the real statfs answer is below it.
      const { cookie } = await start({ MIN_FREE_DISK_MB: '90000000' });
      expect((await upload(cookie, [fixture('gps.jpg')])).statusCode).toBe(507);
    });
  });

  describe('projects per day', () => {
    const create = async (cookie: string, userId: number) =>
      t.app.inject({ method: 'POST', url: '/api/projects', headers: { cookie }, payload: { title: 'Daily', category: 'Illustration', images: [(await buildMedia(t.ctx, userId)).url], tags: ['ai'] } });

    it('refuses the project past PROJECTS_PER_DAY in 24 hours, until the oldest is a day old', async () => {
      const { user, cookie } = await start({ PROJECTS_PER_DAY: '2' });
      expect((await create(cookie, user.id)).statusCode).toBe(201);
      t.clock.advance(HOUR);
      expect((await create(cookie, user.id)).statusCode).toBe(201);
      const over = await create(cookie, user.id);
      expect(over.statusCode).toBe(429);
      expect(over.json().message).toBe(LIMIT_MESSAGES.projects(2));
      // The first one leaves the window in 23 hours.
      expect(retryAfter(over)).toBeGreaterThan(23 * 3600 - 120);
      expect(retryAfter(over)).toBeLessThanOrEqual(23 * 3600);
      t.clock.advance(23 * HOUR + MINUTE_MS);
      expect((await create(cookie, user.id)).statusCode).toBe(201);
    });

    it('lets parallel creations of one member make no more than the limit', async () => {
      const { user, cookie } = await start({ PROJECTS_PER_DAY: '3' });
      const responses = await Promise.all(Array.from({ length: 6 }, () => create(cookie, user.id)));
      expect(responses.filter((response) => response.statusCode === 201)).toHaveLength(3);
      expect(responses.filter((response) => response.statusCode === 429)).toHaveLength(3);
      await expect(buildProject(t.ctx, user)).rejects.toThrow(LIMIT_MESSAGES.projects(3));
    });
  });

  describe('unpaid jobs outstanding', () => {
    const post = (cookie: string) => t.app.inject({ method: 'POST', url: '/api/jobs', headers: { cookie }, payload: jobBody() });

    it('refuses a sixth job while five await payment, and takes one again once one is paid', async () => {
      const { cookie } = await start({});
      const ids = [];
      for (let i = 0; i < 5; i += 1) {
        const response = await post(cookie);
        expect(response.statusCode).toBe(201);
        ids.push(response.json<{ id: number }>().id);
      }
      const sixth = await post(cookie);
      expect(sixth.statusCode).toBe(429);
      expect(sixth.json().message).toBe('You have 5 job listings awaiting payment. Complete the payment of one before posting another.');
      expect(retryAfter(sixth)).toBeGreaterThan(0);

      await t.ctx.db.updateTable('jobs').set({ status: 'active', active_until: new Date(t.clock.now.getTime() + DAY_MS).toISOString() }).where('id', '=', ids[0]!).execute();
      expect((await post(cookie)).statusCode).toBe(201);
      expect((await post(cookie)).statusCode).toBe(429);
    });

    it('lets parallel creations of one member make no more than the limit', async () => {
      const { user, cookie } = await start({ UNPAID_JOBS_MAX: '3' });
      const responses = await Promise.all(Array.from({ length: 8 }, () => post(cookie)));
      expect(responses.filter((response) => response.statusCode === 201)).toHaveLength(3);
      expect(responses.filter((response) => response.statusCode === 429)).toHaveLength(5);
      const rows = await t.ctx.db.selectFrom('jobs').select('id').where('user_id', '=', user.id).execute();
      expect(rows).toHaveLength(3);
    });
  });

  describe('likes and follows per minute', () => {
    it('counts likes and follows together per member, with Retry-After within the minute', async () => {
      const { cookie } = await start({ LIKES_FOLLOWS_PER_MINUTE: '3' });
      const creator = await buildUser(t.ctx);
      const project = await buildProject(t.ctx, creator);
      const like = (who: string) => t.app.inject({ method: 'POST', url: `/api/projects/${project.id}/like`, headers: { cookie: who } });
      const follow = (who: string) => t.app.inject({ method: 'POST', url: `/api/users/${creator.id}/follow`, headers: { cookie: who } });

      expect((await like(cookie)).statusCode).toBe(200);
      expect((await like(cookie)).statusCode).toBe(200);
      expect((await follow(cookie)).statusCode).toBe(200);
      for (const over of [await like(cookie), await follow(cookie)]) {
        expect(over.statusCode).toBe(429);
        expect(over.json().message).toBe(LIMIT_MESSAGES.likesFollows);
        expect(retryAfter(over)).toBeGreaterThan(0);
        expect(retryAfter(over)).toBeLessThanOrEqual(60);
      }
      // The refused like changed nothing; another member is not held back.
      expect((await t.ctx.db.selectFrom('projects').select('likes_count').where('id', '=', project.id).executeTakeFirstOrThrow()).likes_count).toBe(0);
      const other = await cookieFor(t.ctx, await buildUser(t.ctx));
      expect((await like(other)).statusCode).toBe(200);
    });
  });

  describe('every member write per minute (the floor)', () => {
    it('counts every state-changing request of a member, also those with no rate of their own, and never reads', async () => {
      const { cookie } = await start({ MEMBER_WRITES_PER_MINUTE: '3' });
      // A message that is not there: counted all the same, as the write was asked for.
      const openMessage = (who: string) => t.app.inject({ method: 'POST', url: '/api/messages/999999/read', headers: { cookie: who } });
      const markRead = (who: string) => t.app.inject({ method: 'POST', url: '/api/notifications/read', headers: { cookie: who }, payload: {} });
      const read = () => t.app.inject({ url: '/api/notifications/unread', headers: { cookie } });

      expect((await markRead(cookie)).statusCode).toBe(200);
      expect((await markRead(cookie)).statusCode).toBe(200);
      for (let index = 0; index < 5; index += 1) expect((await read()).statusCode).toBe(200);
      expect((await openMessage(cookie)).statusCode).toBe(404);
      for (const over of [await markRead(cookie), await openMessage(cookie)]) {
        expect(over.statusCode).toBe(429);
        expect(over.json().message).toBe(LIMIT_MESSAGES.memberWrites);
        expect(retryAfter(over)).toBeGreaterThan(0);
        expect(retryAfter(over)).toBeLessThanOrEqual(60);
      }
      // Another member is not held back.
      const other = await cookieFor(t.ctx, await buildUser(t.ctx));
      expect((await markRead(other)).statusCode).toBe(200);
    });
  });

  describe('contact messages per member per hour', () => {
    it('refuses a signed-in member past the limit from any address; visitors keep the per-address limit only', async () => {
      const { cookie } = await start({ CONTACT_MESSAGES_PER_HOUR: '2' });
      const send = (headers: Record<string, string>, remoteAddress: string) =>
        t.app.inject({ method: 'POST', url: '/api/contact', headers, remoteAddress, payload: { name: 'Ada', email: 'ada@example.com', message: 'Hello there', recipientId: 'support' } });
      expect((await send({ cookie }, '10.0.0.1')).statusCode).toBe(201);
      expect((await send({ cookie }, '10.0.0.2')).statusCode).toBe(201);
      const over = await send({ cookie }, '10.0.0.3');
      expect(over.statusCode).toBe(429);
      expect(over.json().message).toBe(LIMIT_MESSAGES.contactMessages);
      expect(retryAfter(over)).toBeGreaterThan(0);
      expect(retryAfter(over)).toBeLessThanOrEqual(3600);
      expect((await send({}, '10.0.0.3')).statusCode).toBe(201);
      expect(Number((await t.ctx.db.selectFrom('messages').select(sql<number>`count(*)`.as('n')).executeTakeFirstOrThrow()).n)).toBe(3);
    });
  });

  describe('profile edits per hour', () => {
    it('refuses the edit past the limit and leaves the profile as it was', async () => {
      const { user, cookie } = await start({ PROFILE_EDITS_PER_HOUR: '2' });
      const edit = (bio: string) => t.app.inject({ method: 'PATCH', url: '/api/auth/profile', headers: { cookie }, payload: { bio } });
      expect((await edit('one')).statusCode).toBe(200);
      expect((await edit('two')).statusCode).toBe(200);
      const over = await edit('three');
      expect(over.statusCode).toBe(429);
      expect(over.json().message).toBe(LIMIT_MESSAGES.profileEdits);
      expect(retryAfter(over)).toBeLessThanOrEqual(3600);
      expect((await t.ctx.db.selectFrom('users').select('bio').where('id', '=', user.id).executeTakeFirstOrThrow()).bio).toBe('two');
    });
  });
});


