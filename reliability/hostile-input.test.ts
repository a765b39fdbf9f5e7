// Hostile input aimed at the edges the fuzzer cannot reach by chance: path traversal on /media
// over a real socket (no client normalises the path), uploads that are too large, cut off,
// mislabelled or malformed, and a thousand invitation-code guesses from one address.
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INVITE_CODE_ALPHABET, INVITE_CODE_LENGTH } from '../shared/constants';
import type { TUploadResponse } from '../shared/schemas/media';
import { CODE_GUESS_RULE } from '../server/features/accounts/invitations.service';
import { createThrottleStore } from '../server/http/rate-limit';
import { multipartBody, type TUploadFile } from '../server/lib/multipart-body';
import { buildTestApp, countRows, ENGINES, releaseFileDatabases, type TTestApp } from '../server/test/build-test-app';
import { buildCode, buildProject, buildUser, cookieFor, signupBody } from '../server/test/factories';

const FIXTURES = new URL('../server/test/fixtures/', import.meta.url);
const MB = 1024 * 1024;
const SECRET = 'TOP-SECRET-OUTSIDE-MEDIA';
const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

const fixture = (name: string, filename = name, contentType?: string): TUploadFile => ({ filename, content: readFileSync(new URL(name, FIXTURES)), ...(contentType ? { contentType } : {}) });

function filesUnder(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() || entry.isSymbolicLink())
    .map((entry) => join(entry.parentPath, entry.name));
}

/** A well-formed invitation code that nobody holds (50 random bits: never one that exists). */
function randomCode(): string {
  return Array.from(randomBytes(INVITE_CODE_LENGTH), (byte) => INVITE_CODE_ALPHABET[byte % INVITE_CODE_ALPHABET.length]).join('');
}

/** A fresh address per test, so one test's guesses never throttle another's. */
const newAddress = () => `198.51.${randomBytes(1)[0]}.${randomBytes(1)[0]}`;

/** The exact bytes of a GET over a socket, so no client library tidies up the path first. */
function rawGet(port: number, path: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => socket.write(`GET ${path} HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n`));
    const chunks: Buffer[] = [];
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('error', reject);
    socket.on('close', () => {
      const text = Buffer.concat(chunks).toString('latin1');
      resolve({ status: Number(/^HTTP\/1\.1 (\d{3})/.exec(text)?.[1] ?? 0), body: text.slice(text.indexOf('\r\n\r\n') + 4) });
    });
  });
}

async function waitFor(condition: () => boolean | Promise<boolean>, timeoutMs = 10_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > until) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

// Its spare test databases go when the file ends (the API files' setup file does this for them).
afterAll(releaseFileDatabases);

describe.each(ENGINES)('hostile input on %s', (engine) => {
  let t: TTestApp;
  let cookie: string;
  let origin: string;
  let port: number;

  beforeAll(async () => {
    t = await buildTestApp(engine);
    origin = new URL(t.config.publicUrl).origin;
    cookie = await cookieFor(t.ctx, await buildUser(t.ctx));
    port = Number(new URL(await t.app.listen({ port: 0, host: '127.0.0.1' })).port);
  });
  afterAll(async () => {
    await t?.close();
  });

  const mediaRows = async () => Number((await t.ctx.db.selectFrom('project_media').select(sql<number>`count(*)`.as('count')).executeTakeFirstOrThrow()).count);
  const mediaDir = () => join(t.config.dataDir, 'media');
  const tempDir = () => join(t.config.dataDir, 'tmp');

  async function upload(files: TUploadFile[], field = 'images') {
    const body = await multipartBody(files, field);
    return t.app.inject({ method: 'POST', url: '/api/upload', headers: { ...body.headers, cookie, origin }, payload: body.payload });
  }

  /** What a refused upload must leave: no temporary file, and no more media than before. */
  async function expectNothingKept(before: { rows: number; files: number }): Promise<void> {
    expect(filesUnder(tempDir())).toEqual([]);
    expect(filesUnder(mediaDir())).toHaveLength(before.files);
    expect(await mediaRows()).toBe(before.rows);
  }
  const storedNow = async () => ({ rows: await mediaRows(), files: filesUnder(mediaDir()).length });

  describe('path traversal on /media', () => {
    it('serves only files of the media folder: traversal, encodings, NUL, absolute paths and symlinks out are 4xx and leak nothing', async () => {
      const stored = (await upload([fixture('gps.jpg')])).json() as TUploadResponse;
      const served = await rawGet(port, stored.files[0]!.url);
      expect(served.status).toBe(200);

      // Bait outside the media folder, with an extension /media serves, and links to it from inside.
      const outside = join(t.config.dataDir, 'outside.webp');
      writeFileSync(outside, SECRET);
      mkdirSync(join(mediaDir(), 'evil'), { recursive: true });
      symlinkSync(outside, join(mediaDir(), 'evil', 'link.webp'));
      symlinkSync(t.config.dataDir, join(mediaDir(), 'evil-dir'));
      const key = stored.files[0]!.url.replace(/\/[^/]+$/, '');

      const attempts = [
        '/media/../outside.webp', '/media/../app.db', '/media/%2e%2e/outside.webp', '/media/%2e%2e%2foutside.webp', '/media/..%2foutside.webp',
        '/media/.%2e/outside.webp', '/media/%252e%252e%252foutside.webp', '/media/..\\outside.webp', '/media/..%5coutside.webp',
        '/media/%5c..%5coutside.webp', '/media/x/..%2f..%2foutside.webp', `${key}/../../outside.webp`, `${key}/..%2f..%2f..%2foutside.webp`,
        '/media/outside.webp%00.webp', '/media/%00/../outside.webp', '/media/..%00/outside.webp', '/media//etc/passwd', '/media/%2fetc%2fpasswd',
        `/media/${encodeURIComponent(outside)}`, `/media${outside}`, '/media/%c0%ae%c0%ae/outside.webp', '/media/%EF%BC%8E%EF%BC%8E/outside.webp',
        '/media/....//outside.webp', '/media/evil/link.webp', '/media/evil-dir/outside.webp', '/media/evil-dir/app.db', '/media/%zz', '/media/',
      ];
      for (const path of attempts) {
        const response = await rawGet(port, path);
        expect([path, response.status >= 400 && response.status < 500]).toEqual([path, true]);
        expect(response.body, path).not.toContain(SECRET);
        expect(response.body, path).not.toContain('SQLite format 3');
      }
    });
  });

  describe('multipart uploads', () => {
    it('refuses a file over its limit with 413 naming it, keeping nothing', async () => {
      const before = await storedNow();
      const jpeg = fixture('gps.jpg', 'huge.jpg');
      const response = await upload([fixture('a1111.png'), { ...jpeg, content: Buffer.concat([jpeg.content, Buffer.alloc(10 * MB + 1 - jpeg.content.length)]) }]);
      expect(response.statusCode).toBe(413);
      expect(response.json()).toEqual({ message: 'huge.jpg: File size exceeds 10MB limit' });
      await expectNothingKept(before);
    });

    it('answers a body cut off in the middle of a file with 400, keeping nothing', async () => {
      const before = await storedNow();
      const body = await multipartBody([fixture('a1111.png')]);
      const cut = body.payload.subarray(0, Math.floor(body.payload.length / 2));
      const response = await t.app.inject({ method: 'POST', url: '/api/upload', headers: { ...body.headers, cookie, origin }, payload: cut });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ message: 'Malformed multipart body' });
      await expectNothingKept(before);
    });

    it('removes the temporary file when the client vanishes in the middle of a file, and goes on serving', async () => {
      const before = await storedNow();
      const file = fixture('gps.jpg');
      const body = await multipartBody([{ ...file, content: Buffer.concat([file.content, Buffer.alloc(2 * MB)]) }]);
      const socket = connect(port, '127.0.0.1');
      await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
      socket.write(
        `POST /api/upload HTTP/1.1\r\nHost: localhost\r\nOrigin: ${origin}\r\nCookie: ${cookie}\r\nContent-Type: ${body.headers['content-type']}\r\nContent-Length: ${body.payload.length}\r\n\r\n`,
      );
      socket.write(body.payload.subarray(0, 1 * MB));
      // The upload is under way: its temporary file exists.
      await waitFor(() => filesUnder(tempDir()).length > 0);
      socket.destroy();
      await waitFor(() => filesUnder(tempDir()).length === 0);
      await expectNothingKept(before);
      expect((await rawGet(port, '/healthz')).status).toBe(200);
    });

    it('refuses files whose bytes are not media with 415 naming them, whatever their name and declared type say', async () => {
      const before = await storedNow();
      const exe = Buffer.concat([Buffer.from('MZ\x90\x00\x03\x00\x00\x00\x04\x00\x00\x00\xff\xff', 'latin1'), Buffer.alloc(58), Buffer.from('PE\0\0', 'latin1'), Buffer.alloc(4000)]);
      const gifThenScript = Buffer.from('GIF89a/*\x00\x00*/=1;alert(document.cookie);//<script>alert(1)</script>', 'latin1');
      const mislabelled: TUploadFile[] = [
        { filename: 'setup.png', content: exe, contentType: 'image/png' },
        fixture('html-as.png', 'page.png', 'image/png'),
        fixture('script.svg', 'vector.png', 'image/png'),
        { filename: 'polyglot.gif', content: gifThenScript, contentType: 'image/gif' },
        { filename: 'archive.jpg', content: Buffer.concat([Buffer.from('PK\x03\x04', 'latin1'), Buffer.alloc(100)]), contentType: 'image/jpeg' },
        { filename: 'paper.jpg', content: Buffer.from('%PDF-1.7\n%âãÏÓ\n1 0 obj<<>>endobj\n', 'latin1'), contentType: 'image/jpeg' },
      ];
      for (const file of mislabelled) {
        const response = await upload([file]);
        expect([file.filename, response.statusCode]).toEqual([file.filename, 415]);
        expect(response.json().message).toMatch(new RegExp(`^${file.filename.replace('.', '\\.')}: `));
      }
      await expectNothingKept(before);
    });

    it('keeps only re-encoded pixels of an image with a script appended, served as an image that browsers may not sniff', async () => {
      const png = fixture('a1111.png', 'innocent.png', 'text/html');
      const response = await upload([{ ...png, content: Buffer.concat([png.content, Buffer.from('<html><script>alert(1)</script></html>')]) }]);
      expect(response.statusCode).toBe(201);
      const [media] = (response.json() as TUploadResponse).files;
      for (const rendition of Object.values(media!.variants)) {
        const served = await t.app.inject({ method: 'GET', url: rendition.url });
        expect(served.statusCode).toBe(200);
        expect(served.headers['content-type']).toMatch(/^image\//);
        expect(served.headers['x-content-type-options']).toBe('nosniff');
        expect(served.rawPayload.includes('<script>')).toBe(false);
      }
    });

    it('refuses too many files or fields with 413, a form without boundary or with a broken one with 400, keeping nothing', async () => {
      const before = await storedNow();
      const tooManyFiles = await upload(Array.from({ length: 11 }, (_, i) => fixture('gps.jpg', `photo-${i}.jpg`)));
      expect(tooManyFiles.statusCode).toBe(413);
      expect(tooManyFiles.json()).toEqual({ message: 'At most 10 files can be uploaded at once' });

      const form = new FormData();
      for (let i = 0; i < 30; i += 1) form.append(`field${i}`, 'x');
      const request = new Request('http://localhost/', { method: 'POST', body: form });
      const manyFields = await t.app.inject({ method: 'POST', url: '/api/upload', headers: { 'content-type': request.headers.get('content-type')!, cookie, origin }, payload: Buffer.from(await request.arrayBuffer()) });
      expect(manyFields.statusCode).toBe(413);
      expect(manyFields.json()).toEqual({ message: 'Too many form fields' });

      for (const contentType of ['multipart/form-data', `multipart/form-data; boundary=${'b'.repeat(300)}`, 'multipart/form-data; boundary=']) {
        const response = await t.app.inject({ method: 'POST', url: '/api/upload', headers: { 'content-type': contentType, cookie, origin }, payload: '--x\r\n\r\nnothing' });
        expect([contentType, response.statusCode]).toEqual([contentType, 400]);
      }
      await expectNothingKept(before);
    });

    it('neither stores nor stumbles over a huge field, a huge file name or a __proto__ field', async () => {
      const before = await storedNow();
      const boundary = '----hostile';
      const part = (headers: string, content: string | Buffer) => Buffer.concat([Buffer.from(`--${boundary}\r\n${headers}\r\n\r\n`), Buffer.from(content), Buffer.from('\r\n')]);
      const send = (...parts: Buffer[]) =>
        t.app.inject({
          method: 'POST',
          url: '/api/upload',
          headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, cookie, origin },
          payload: Buffer.concat([...parts, Buffer.from(`--${boundary}--\r\n`)]),
        });
      const html = readFileSync(new URL('html-as.png', FIXTURES));
      const hugeField = await send(part('Content-Disposition: form-data; name="note"', 'x'.repeat(5 * MB)), part('Content-Disposition: form-data; name="images"; filename="a.png"\r\nContent-Type: image/png', html));
      expect(hugeField.statusCode).toBe(415);
      const hugeName = await send(part(`Content-Disposition: form-data; name="images"; filename="${'n'.repeat(200_000)}.png"\r\nContent-Type: image/png`, html));
      expect(hugeName.statusCode).toBeGreaterThanOrEqual(400);
      expect(hugeName.statusCode).toBeLessThan(500);
      expect(hugeName.body.length).toBeLessThan(1_000);
      const proto = await send(part('Content-Disposition: form-data; name="__proto__"', '{"polluted":1}'));
      expect(proto.statusCode).toBe(400);
      const noFileName = await send(part('Content-Disposition: form-data; name="images"', 'not a file'));
      expect(noFileName.statusCode).toBe(400);
      expect(({} as Record<string, unknown>).polluted).toBeUndefined();
      await expectNothingKept(before);
    });
  });

  describe('text and numbers the database cannot take', () => {
    const cursor = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

    it('drops NUL from bodies, query strings and path parameters alike, on both engines', async () => {
      const profile = await t.app.inject({ method: 'PATCH', url: '/api/auth/profile', headers: { cookie, origin }, payload: { bio: 'a\u0000b', location: '\u0000' } });
      expect(profile.statusCode).toBe(200);
      expect(profile.json()).toMatchObject({ bio: 'ab', location: null });
      for (const url of ['/api/projects?tag=a%00b', '/api/projects?category=%00', '/api/jobs?q=a%00b', '/api/projects/category/a%00b', '/api/projects/search/a%00b']) {
        expect([url, (await t.app.inject({ url })).statusCode]).toEqual([url, 200]);
      }
      expect((await t.app.inject({ url: '/api/projects/slug/a%00b' })).statusCode).toBe(404);
    });

    it('refuses a forged cursor with 400 (wrong type, out of range, NUL) and still follows a real one', async () => {
      const forged = [
        `/api/projects?sort=popular&cursor=${cursor(['abc', 1])}`,
        `/api/projects?sort=views&cursor=${cursor([1.5, 1])}`,
        `/api/projects?sort=trending&cursor=${cursor([1, 2 ** 53])}`,
        `/api/projects?sort=recent&cursor=${cursor(['2026\u0000', 1])}`,
        `/api/projects?sort=recent&cursor=${cursor([20, 1])}`,
        `/api/jobs?cursor=${cursor([1e308, 5])}`,
        `/api/projects/liked?cursor=${cursor(['2026-01-01', 1e300])}`,
        `/api/messages?cursor=${cursor(['2026-01-01', -(2 ** 40)])}`,
      ];
      for (const url of forged) {
        const response = await t.app.inject({ url, headers: { cookie } });
        expect([url, response.statusCode, response.json()]).toEqual([url, 400, { message: 'Invalid cursor' }]);
      }
      const creator = await buildUser(t.ctx);
      await buildProject(t.ctx, creator, { likes: 3, views: 7 });
      await buildProject(t.ctx, creator, { likes: 1, views: 2 });
      const first = await t.app.inject({ url: '/api/projects?sort=trending&limit=1' });
      const next = first.headers['x-next-cursor'];
      expect(next).toBeDefined();
      expect((await t.app.inject({ url: `/api/projects?sort=trending&limit=1&cursor=${String(next)}` })).statusCode).toBe(200);
    });

    it('answers a malformed URL and an overlong path parameter in the error shape, echoing nothing', async () => {
      const malformed = await t.app.inject({ url: '/api/projects/%zz' });
      expect([malformed.statusCode, malformed.json()]).toEqual([400, { message: 'Malformed URL' }]);
      const overlong = await t.app.inject({ url: `/api/projects/slug/${'x'.repeat(5_000)}` });
      expect([overlong.statusCode, overlong.json()]).toEqual([414, { message: 'URL too long' }]);
    });
  });

  describe('invitation code guessing', () => {
    const validate = (code: string, remoteAddress: string, app = t) =>
      app.app.inject({ method: 'POST', url: '/api/invitation-codes/validate', headers: { origin }, payload: { code }, remoteAddress });
    const signup = (code: string, remoteAddress: string, app = t) => app.app.inject({ method: 'POST', url: '/api/auth/signup', headers: { origin }, payload: signupBody(code), remoteAddress });

    it(`answers 1,000 guesses from one address with ${CODE_GUESS_RULE.points} answers and then 429s, and refuses even the right code until the window ends`, async () => {
      const address = newAddress();
      const real = await buildCode(t.ctx);
      const statuses: number[] = [];
      for (let i = 0; i < 1_000; i += 1) {
        const response = await validate(i % 2 ? randomCode() : `not-a-code-${i}`, address);
        statuses.push(response.statusCode);
        if (response.statusCode === 429) expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
      }
      expect(statuses.slice(0, CODE_GUESS_RULE.points).every((status) => status === 400 || status === 404)).toBe(true);
      expect(statuses.slice(CODE_GUESS_RULE.points).every((status) => status === 429)).toBe(true);

      // The right code is no way out: not by validating, not by signing up with it.
      const users = await countRows(t.ctx, 'users');
      expect((await validate(real.code, address)).statusCode).toBe(429);
      expect((await signup(real.code, address)).statusCode).toBe(429);
      expect(await countRows(t.ctx, 'users')).toBe(users);
      // Others are not punished for it.
      expect((await validate(real.code, newAddress())).statusCode).toBe(200);
    });

    it('counts wrong codes at sign-up and at validation against one allowance', async () => {
      const address = newAddress();
      const real = await buildCode(t.ctx);
      for (let i = 0; i < CODE_GUESS_RULE.points; i += 1) {
        const response = i % 2 ? await signup(randomCode(), address) : await validate(randomCode(), address);
        expect(response.statusCode).toBe(404);
      }
      expect((await signup(real.code, address)).statusCode).toBe(429);
      expect((await validate(real.code, address)).statusCode).toBe(429);
      expect((await signup(real.code, newAddress())).statusCode).toBe(201);
    });

    it('holds the allowance across two processes sharing Redis', async () => {
      const storeA = createThrottleStore(REDIS_URL);
      const storeB = createThrottleStore(REDIS_URL);
      const first = await buildTestApp(engine, { throttleStore: storeA });
      const second = await buildTestApp(engine, { throttleStore: storeB, shareWith: first });
      try {
        // The stores count in memory until their Redis connection is up (enableOfflineQueue: false).
        await new Promise((resolve) => setTimeout(resolve, 300));
        const address = newAddress();
        const real = await buildCode(first.ctx);
        const statuses: number[] = [];
        for (let i = 0; i < 200; i += 1) statuses.push((await validate(randomCode(), address, i % 2 ? first : second)).statusCode);
        expect(statuses.filter((status) => status === 404)).toHaveLength(CODE_GUESS_RULE.points);
        expect(statuses.slice(CODE_GUESS_RULE.points).every((status) => status === 429)).toBe(true);
        expect((await validate(real.code, address, first)).statusCode).toBe(429);
        expect((await validate(real.code, address, second)).statusCode).toBe(429);
      } finally {
        await second.close();
        await first.close();
        await storeA.close();
        await storeB.close();
      }
    });
  });
});
