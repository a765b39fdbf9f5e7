import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { once } from 'node:events';
import { connect } from 'node:net';
import { join } from 'node:path';
import exifr from 'exifr';
import sharp from 'sharp';
import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TMedia, TMediaRendition, TUploadResponse } from '../../../shared/schemas/media';
import { mediaKindFromUrl } from '../../../shared/urls';
import { buildTestApp, ENGINES, type TTestApp } from '../../test/build-test-app';
import { buildUser, cookieFor } from '../../test/factories';
import { multipartBody, type TUploadFile } from '../../lib/multipart-body';

const FIXTURES = new URL('../../test/fixtures/', import.meta.url);
const MB = 1024 * 1024;
const ffmpegInstalled = spawnSync('ffmpeg', ['-version']).status === 0;

const fixture = (name: string, filename = name): TUploadFile => ({ filename, content: readFileSync(new URL(name, FIXTURES)) });
/** A real file of that type, padded to the size: the magic bytes are right, the size is what counts. */
const paddedTo = (file: TUploadFile, bytes: number): TUploadFile => ({ ...file, content: Buffer.concat([file.content, Buffer.alloc(bytes - file.content.length)]) });

function filesUnder(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name));
}

describe.each(ENGINES)('media uploads on %s', (engine) => {
  let t: TTestApp;
  let cookie: string;
  let userId: number;
  beforeEach(async () => {
    t = await buildTestApp(engine);
    const user = await buildUser(t.ctx);
    userId = user.id;
    cookie = await cookieFor(t.ctx, user);
  });
  afterEach(async () => {
    await t.close();
  });

  async function upload(files: TUploadFile[], headers: Record<string, string> = { cookie }) {
    const body = await multipartBody(files);
    return t.app.inject({ method: 'POST', url: '/api/upload', headers: { ...body.headers, ...headers }, payload: body.payload });
  }

  async function uploadOne(file: TUploadFile): Promise<TMedia> {
    const response = await upload([file]);
    expect(response.statusCode).toBe(201);
    return (response.json() as TUploadResponse).files[0]!;
  }

  async function served(rendition: TMediaRendition): Promise<Buffer> {
    const response = await t.app.inject({ method: 'GET', url: rendition.url });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe(rendition.mime);
    return response.rawPayload;
  }

  async function mediaRows(): Promise<number> {
    const row = await t.ctx.db.selectFrom('project_media').select(sql<number>`count(*)`.as('count')).executeTakeFirstOrThrow();
    return Number(row.count);
  }

  /** A refused request keeps nothing: no stored file, no temporary file, no row. */
  async function expectNothingKept(): Promise<void> {
    expect(filesUnder(join(t.config.dataDir, 'media'))).toEqual([]);
    expect(filesUnder(join(t.config.dataDir, 'tmp'))).toEqual([]);
    expect(await mediaRows()).toBe(0);
  }

  describe('accepted files', () => {
    it('accepts JPEG, PNG, GIF, WebP, AVIF, MP4, WebM, MOV and AVI by their bytes, answering in upload order', async () => {
      const photo = fixture('gps.jpg').content;
      const files = [
        fixture('gps.jpg'),
        fixture('a1111.png'),
        fixture('anim.gif'),
        // Declared types are wrong on purpose: only the bytes count.
        { filename: 'made.webp', content: await sharp(photo).webp().toBuffer(), contentType: 'image/png' },
        { filename: 'made.avif', content: await sharp(photo).avif().toBuffer() },
        fixture('clip.mp4'),
        fixture('clip.webm'),
        fixture('clip.mov'),
        fixture('clip.avi'),
      ];
      const response = await upload(files);
      expect(response.statusCode).toBe(201);
      const body = response.json() as TUploadResponse;
      expect(body.urls).toEqual(body.files.map((file) => file.url));
      expect(body.files.map((file) => [file.type, file.mime])).toEqual([
        ['image', 'image/webp'],
        ['image', 'image/webp'],
        ['gif', 'image/gif'],
        ['image', 'image/webp'],
        ['image', 'image/webp'],
        // Every video is transcoded to MP4 in the background (video-processing.test.ts), at the URL it gets now.
        ...(ffmpegInstalled ? ['video/mp4', 'video/mp4', 'video/mp4', 'video/mp4'] : ['video/mp4', 'video/webm', 'video/quicktime', 'video/x-msvideo']).map((mime) => ['video', mime]),
      ]);
      expect(body.files.map((file) => file.status)).toEqual([...Array<string>(5).fill('ready'), ...Array<string>(4).fill(ffmpegInstalled ? 'processing' : 'ready')]);
      // The client tells media apart by the URL's extension (SPEC §3).
      expect(body.urls.map(mediaKindFromUrl)).toEqual(body.files.map((file) => file.type));
      expect(body.files.map((file) => file.size)).toEqual(files.map((file) => file.content.length));

      const rows = await t.ctx.db.selectFrom('project_media').selectAll().orderBy('id').execute();
      expect(rows.map((row) => [row.owner_id, row.project_id, row.url])).toEqual(body.urls.map((url) => [userId, null, url]));
      expect(filesUnder(join(t.config.dataDir, 'tmp'))).toEqual([]);
    });

    it('makes sized WebP renditions, AVIF where smaller, a 1200×630 share image and a placeholder for an image', async () => {
      const media = await uploadOne(fixture('a1111.png'));
      expect(media).toMatchObject({ width: 768, height: 512, placeholder: expect.stringMatching(/^[A-Za-z0-9+/]+=*$/) });
      const { full, card, detail, og, cardAvif, detailAvif } = media.variants;
      expect([full, card, detail, og].map((r) => r && [r.mime, r.width, r.height])).toEqual([
        ['image/webp', 768, 512],
        ['image/webp', 400, 267],
        ['image/webp', 768, 512],
        ['image/jpeg', 1200, 630],
      ]);
      for (const avif of [cardAvif, detailAvif]) if (avif) expect(avif.mime).toBe('image/avif');
      for (const rendition of Object.values(media.variants)) {
        const response = await t.app.inject({ method: 'GET', url: rendition.url });
        expect(response.statusCode).toBe(200);
        expect(response.headers['content-type']).toBe(rendition.mime);
        expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
        expect(response.headers['x-content-type-options']).toBe('nosniff');
        const { width, height } = await sharp(response.rawPayload).metadata();
        expect([width, height]).toEqual([rendition.width, rendition.height]);
      }
    });

    it('keeps animations moving: a GIF stays a GIF at full size, its renditions and an animated WebP\'s are animated WebP', async () => {
      const media = await uploadOne(fixture('anim.gif'));
      expect(media).toMatchObject({ type: 'gif', width: 240, height: 160 });
      const { full, card, detail, og } = media.variants;
      expect(full.url).toMatch(/\.gif$/);
      for (const rendition of [full, card!, detail!]) {
        const metadata = await sharp(await served(rendition), { animated: true }).metadata();
        expect(metadata.pages).toBe(16);
      }
      expect((await sharp(await served(og!)).metadata()).pages ?? 1).toBe(1);

      const animatedWebp = await sharp(fixture('anim.gif').content, { animated: true }).webp().toBuffer();
      const webp = await uploadOne({ filename: 'anim.webp', content: animatedWebp });
      expect(webp).toMatchObject({ type: 'image', mime: 'image/webp', width: 240, height: 160 });
      for (const rendition of [webp.variants.full, webp.variants.card!, webp.variants.detail!]) {
        expect((await sharp(await served(rendition), { animated: true }).metadata()).pages).toBe(16);
      }
    });

    it(`${ffmpegInstalled ? 'makes a poster frame for each video (ffmpeg is installed)' : 'stores videos without a poster (ffmpeg is not installed)'}`, async () => {
      const clips = ffmpegInstalled ? ['mp4', 'webm', 'mov', 'avi'] : ['mp4', 'webm', 'mov'];
      const response = await upload(clips.map((ext) => fixture(`clip.${ext}`)));
      expect(response.statusCode).toBe(201);
      for (const [index, media] of (response.json() as TUploadResponse).files.entries()) {
        // With ffmpeg the MP4 appears at the URL once transcoded (video-processing.test.ts).
        if (!ffmpegInstalled) expect((await served(media.variants.full)).equals(fixture(`clip.${clips[index]!}`).content)).toBe(true);
        if (ffmpegInstalled) {
          expect(media).toMatchObject({ width: 320, height: 240, placeholder: expect.any(String) });
          expect(media.variants.poster).toMatchObject({ mime: 'image/jpeg', width: 320, height: 240 });
          const poster = await sharp(await served(media.variants.poster!)).metadata();
          expect([poster.format, poster.width, poster.height]).toEqual(['jpeg', 320, 240]);
        } else {
          expect(media).toMatchObject({ width: null, height: null, placeholder: null });
          expect(media.variants.poster).toBeUndefined();
        }
      }
    });

    it('accepts a 15MB video: the 20MB limit is for videos, the 10MB one for images', async () => {
      const response = await upload([paddedTo(fixture('clip.mp4'), 15 * MB)]);
      expect(response.statusCode).toBe(201);
      expect(response.json().files[0]).toMatchObject({ type: 'video', size: 15 * MB });
    });
  });

  describe('privacy and provenance', () => {
    it('serves no EXIF or GPS in any rendition of a phone photo, upright at 480×640', async () => {
      const original = fixture('gps.jpg').content;
      expect(await exifr.gps(original)).toMatchObject({ latitude: expect.any(Number) });
      const media = await uploadOne(fixture('gps.jpg'));
      expect(media).toMatchObject({ width: 480, height: 640, aiMetadata: null });
      expect(media.variants.full).toMatchObject({ width: 480, height: 640 });
      for (const rendition of Object.values(media.variants)) {
        const bytes = await served(rendition);
        const metadata = await sharp(bytes).metadata();
        expect(metadata.exif).toBeUndefined();
        expect(metadata.xmp).toBeUndefined();
        expect(metadata.orientation).toBeUndefined();
        expect(await exifr.parse(bytes, true).catch(() => undefined)).toBeUndefined();
        expect(bytes.includes('FixtureCam')).toBe(false);
      }
      const full = await sharp(await served(media.variants.full)).metadata();
      expect([full.width, full.height]).toEqual([480, 640]);
    });

    it('reads back the AUTOMATIC1111 prompt, negative prompt and settings of a PNG', async () => {
      const media = await uploadOne(fixture('a1111.png'));
      expect(media.aiMetadata).toEqual({
        tool: 'Stable Diffusion (AUTOMATIC1111)',
        prompt: 'masterpiece, a glass lighthouse in volumetric fog, golden hour',
        negativePrompt: 'blurry, lowres',
        steps: 30,
        sampler: 'DPM++ 2M Karras',
        cfgScale: 7,
        seed: '1234567890',
        model: 'sd_xl_base_1.0',
        software: 'v1.10.1',
        c2pa: false,
      });
      // Stored with the media, not only answered.
      const row = await t.ctx.db.selectFrom('project_media').select('ai_metadata').executeTakeFirstOrThrow();
      expect(JSON.parse(row.ai_metadata!)).toEqual(media.aiMetadata);
    });

    it('resolves the ComfyUI prompt, sampler settings and checkpoint from the node graph', async () => {
      const media = await uploadOne(fixture('comfyui.png'));
      expect(media.aiMetadata).toMatchObject({
        tool: 'ComfyUI',
        prompt: 'a neon koi pond at night, long exposure',
        negativePrompt: 'watermark, text',
        steps: 20,
        sampler: 'euler',
        seed: '42',
        model: 'sd_xl_base_1.0.safetensors',
      });
    });

    it('recognises Midjourney and its prompt from EXIF and XMP', async () => {
      const media = await uploadOne(fixture('midjourney.jpg'));
      expect(media.aiMetadata).toMatchObject({ tool: 'Midjourney', prompt: 'a paper crane over a rainy tokyo street, cinematic --ar 3:2 --v 6.1', software: 'Midjourney' });
    });
  });

  describe('refusals', () => {
    it('refuses an SVG with 415 naming the file, keeping none of the request', async () => {
      const response = await upload([fixture('gps.jpg'), fixture('script.svg')]);
      expect(response.statusCode).toBe(415);
      expect(response.json()).toEqual({ message: 'script.svg: Only images and videos are supported' });
      await expectNothingKept();
    });

    it('refuses an HTML page named .png with 415, whatever type it claims', async () => {
      const response = await upload([{ ...fixture('html-as.png'), contentType: 'image/png' }]);
      expect(response.statusCode).toBe(415);
      expect(response.json()).toEqual({ message: 'html-as.png: Only images and videos are supported' });
      await expectNothingKept();
    });

    it('refuses an image whose bytes say PNG but that cannot be decoded with 415 naming the file', async () => {
      const broken = { filename: 'broken.png', content: fixture('a1111.png').content.subarray(0, 5000) };
      const response = await upload([broken]);
      expect(response.statusCode).toBe(415);
      expect(response.json()).toEqual({ message: 'broken.png: The image could not be read: the file is damaged or incomplete' });
      await expectNothingKept();
    });

    it('refuses an image over 10MB with 413 naming the file', async () => {
      const jpeg = { filename: 'huge.jpg', content: await sharp(fixture('gps.jpg').content).jpeg().toBuffer() };
      const response = await upload([fixture('a1111.png'), paddedTo(jpeg, 11 * MB)]);
      expect(response.statusCode).toBe(413);
      expect(response.json()).toEqual({ message: 'huge.jpg: File size exceeds 10MB limit' });
      await expectNothingKept();
    });

    it('refuses a video over 20MB with 413 naming the file', async () => {
      const response = await upload([paddedTo(fixture('clip.mp4', 'long.mp4'), 21 * MB)]);
      expect(response.statusCode).toBe(413);
      expect(response.json()).toEqual({ message: 'long.mp4: File size exceeds 20MB limit' });
      await expectNothingKept();
    });

    it('refuses a pixel bomb quickly with 413 naming the file, and goes on answering', async () => {
      const started = Date.now();
      const response = await upload([fixture('gps.jpg'), fixture('pixel-bomb.png')]);
      expect(Date.now() - started).toBeLessThan(5_000);
      expect(response.statusCode).toBe(413);
      expect(response.json()).toEqual({ message: 'pixel-bomb.png: Image dimensions exceed the 50 megapixel limit' });
      await expectNothingKept();
      expect((await t.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
    });

    it('refuses more than 10 files in one request with 413, keeping none', async () => {
      const response = await upload(Array.from({ length: 11 }, (_, i) => fixture('gps.jpg', `photo-${i}.jpg`)));
      expect(response.statusCode).toBe(413);
      expect(response.json()).toEqual({ message: 'At most 10 files can be uploaded at once' });
      await expectNothingKept();
    });

    it('answers 401 when signed out and 403 from another site, storing nothing', async () => {
      const signedOut = await upload([fixture('gps.jpg')], {});
      expect(signedOut.statusCode).toBe(401);
      const crossSite = await upload([fixture('gps.jpg')], { cookie, origin: 'https://evil.example' });
      expect(crossSite.statusCode).toBe(403);
      await expectNothingKept();
    });

    it('answers 400 for a form without files or with files in another field, and 415 for a body that is not a form', async () => {
      const noFiles = await upload([]);
      expect(noFiles.statusCode).toBe(400);
      expect(noFiles.json()).toEqual({ message: 'No files were uploaded' });
      const body = await multipartBody([fixture('gps.jpg')], 'file');
      const otherField = await t.app.inject({ method: 'POST', url: '/api/upload', headers: { ...body.headers, cookie }, payload: body.payload });
      expect(otherField.statusCode).toBe(400);
      expect(otherField.json()).toEqual({ message: "Send the files in the field 'images'" });
      await expectNothingKept();
      const json = await t.app.inject({ method: 'POST', url: '/api/upload', headers: { cookie }, payload: { images: ['x'] } });
      expect(json.statusCode).toBe(415);
    });

    it('answers a refused large upload at once over real HTTP, and the server keeps serving', async () => {
      const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
      const body = await multipartBody([paddedTo(fixture('gps.jpg', 'huge.jpg'), 60 * MB)]);
      for (const [headers, status] of [[{ cookie }, 413], [{}, 401]] as const) {
        const response = await fetch(`${address}/api/upload`, { method: 'POST', headers: { ...body.headers, ...headers }, body: body.payload });
        expect(response.status).toBe(status);
        // The unread rest of the body is not read: the connection closes after the answer.
        expect(response.headers.get('connection')).toBe('close');
        expect((await fetch(`${address}/healthz`)).status).toBe(200);
      }
      await expectNothingKept();
    });

    it('lets a signed-out client still sending an ordinary image read its 401, finish and keep the connection', async () => {
      const address = new URL(await t.app.listen({ port: 0, host: '127.0.0.1' }));
      const body = await multipartBody([fixture('a1111.png')]);
      const socket = connect(Number(address.port), '127.0.0.1');
      let received = '';
      socket.on('data', (chunk: Buffer) => (received += chunk.toString('latin1')));
      const receivedMatching = (pattern: RegExp) => vi.waitFor(() => expect(received).toMatch(pattern), { timeout: 5000 });
      await once(socket, 'connect');
      const head = `POST /api/upload HTTP/1.1\r\nHost: ${address.host}\r\nContent-Type: ${body.headers['content-type']}\r\nContent-Length: ${body.payload.length}\r\n\r\n`;
      socket.write(head + body.payload.subarray(0, 1000).toString('latin1'), 'latin1');
      await receivedMatching(/^HTTP\/1\.1 401 [^]*\r\n\r\n\{"message":"Unauthorized"\}$/);
      // Cut off instead, the client's next write would fail (EPIPE) and it would see a network error, not the 401.
      expect(received).not.toMatch(/^connection: close/im);
      socket.write(body.payload.subarray(1000));
      socket.write(`GET /healthz HTTP/1.1\r\nHost: ${address.host}\r\n\r\n`);
      await receivedMatching(/\{"message":"Unauthorized"\}HTTP\/1\.1 200 /);
      socket.destroy();
      await expectNothingKept();
    });
  });

  describe('uploads in projects', () => {
    it("takes only the caller's own unattached uploads, keeps their order, reorders them and deletes the files of those removed", async () => {
      const response = await upload([fixture('gps.jpg', 'a.jpg'), fixture('gps.jpg', 'b.jpg'), fixture('gps.jpg', 'c.jpg')]);
      const [a, b, c] = (response.json() as TUploadResponse).files.map((file) => file.url) as [string, string, string];
      const project = { title: 'Lighthouse', category: 'Illustration', tags: ['ai'] };
      const stranger = await cookieFor(t.ctx, await buildUser(t.ctx));
      const taken = await t.app.inject({ method: 'POST', url: '/api/projects', headers: { cookie: stranger }, payload: { ...project, images: [a] } });
      expect(taken.statusCode).toBe(400);

      const created = await t.app.inject({ method: 'POST', url: '/api/projects', headers: { cookie }, payload: { ...project, images: [b, a] } });
      expect(created.statusCode).toBe(201);
      const { id } = created.json<{ id: number }>();
      expect(created.json<{ images: string[] }>().images).toEqual([b, a]);
      const again = await t.app.inject({ method: 'POST', url: '/api/projects', headers: { cookie }, payload: { ...project, images: [a] } });
      expect(again.statusCode).toBe(400);

      // Edit: drop b, add the unattached c, put it first.
      const edited = await t.app.inject({ method: 'PATCH', url: `/api/projects/${id}`, headers: { cookie }, payload: { images: [c, a] } });
      expect(edited.statusCode).toBe(200);
      expect(edited.json<{ images: string[] }>().images).toEqual([c, a]);
      expect((await t.app.inject({ method: 'GET', url: b })).statusCode).toBe(404);
      expect((await t.app.inject({ method: 'GET', url: a })).statusCode).toBe(200);
    });
  });

  describe('serving /media', () => {
    it('answers every /media request with a sandbox CSP, same-site CORP, nosniff and an inline disposition with a generated name', async () => {
      const media = await uploadOne(fixture('gps.jpg', 'holiday-in-paris.jpg'));
      for (const rendition of Object.values(media.variants)) {
        const response = await t.app.inject({ method: 'GET', url: rendition.url });
        expect(response.statusCode).toBe(200);
        expect(response.headers['content-security-policy']).toBe("default-src 'none'; sandbox");
        expect(response.headers['cross-origin-resource-policy']).toBe('same-site');
        expect(response.headers['x-content-type-options']).toBe('nosniff');
        const [, id, name] = /\/([\w-]+)\/([\w-]+\.[a-z0-9]+)$/.exec(rendition.url)!;
        expect(response.headers['content-disposition']).toBe(`inline; filename="${id}-${name}"`);
        expect(response.headers['content-disposition']).not.toContain('holiday');
      }
      const missing = await t.app.inject({ method: 'GET', url: '/media/2026/01/nothing/full.webp' });
      expect(missing.statusCode).toBe(404);
      expect(missing.headers['content-security-policy']).toBe("default-src 'none'; sandbox");
      // Pages keep their own policy, which lets their <img> and <video> tags load /media.
      const page = await t.app.inject({ method: 'GET', url: '/healthz' });
      expect(page.headers['content-security-policy']).toMatch(/img-src 'self'[^;]*;media-src 'self'/);
    });

    it('serves nothing outside the stored media: traversal, folders, unknown files and types are 404', async () => {
      const media = await uploadOne(fixture('gps.jpg'));
      const folder = media.url.slice(0, media.url.lastIndexOf('/'));
      mkdirSync(join(t.config.dataDir, 'media'), { recursive: true });
      writeFileSync(join(t.config.dataDir, 'media', 'page.html'), '<script>alert(1)</script>');
      for (const url of [
        '/media/../app.db',
        '/media/%2e%2e/app.db',
        '/media/..%2fapp.db',
        '/media/2026/..%2f..%2fapp.db',
        '/media/',
        `${folder}/`,
        folder,
        `${folder}/missing.webp`,
        '/media/page.html',
      ]) {
        const response = await t.app.inject({ method: 'GET', url });
        expect([url, response.statusCode]).toEqual([url, 404]);
      }
    });
  });
});
