import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import { buildTestApp } from '../../test/build-test-app';
import { buildUser, cookieFor } from '../../test/factories';
import { S3_TEST_BUCKET, startS3Server, type TS3Server } from '../../test/s3-server';
import { multipartBody } from '../../lib/multipart-body';
import { processPendingVideos } from '../../features/media/video-processing.service';
import { createStorage } from './create-storage';
import { IMMUTABLE_CACHE_CONTROL, type TStorage } from './storage';

const BUCKET = S3_TEST_BUCKET;
const FIXTURES = new URL('../../test/fixtures/', import.meta.url);

async function bytesOf(stream: Readable | null): Promise<Buffer> {
  if (!stream) throw new Error('no such file');
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks);
}

describe('S3 storage against a local S3-compatible server', () => {
  const dir = mkdtempSync(join(tmpdir(), 's3-storage-'));
  let s3: TS3Server;
  let env: TS3Server['env'];
  let storage: TStorage;

  beforeAll(async () => {
    s3 = await startS3Server();
    env = s3.env;
    storage = createStorage(loadConfig(env).storage);
  });
  afterAll(async () => {
    await s3.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('stores a file, serves it at its public URL, reads back the same bytes and deletes it', async () => {
    const bytes = readFileSync(new URL('gps.jpg', FIXTURES));
    await storage.put('2026/01/abc/full.jpg', bytes, { contentType: 'image/jpeg', cacheControl: IMMUTABLE_CACHE_CONTROL });

    const url = storage.url('2026/01/abc/full.jpg');
    expect(url).toBe(`${env.S3_ENDPOINT}/${BUCKET}/2026/01/abc/full.jpg`);
    const served = await fetch(url);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/jpeg');
    expect(served.headers.get('cache-control')).toBe(IMMUTABLE_CACHE_CONTROL);
    expect(Buffer.from(await served.arrayBuffer()).equals(bytes)).toBe(true);
    expect((await bytesOf(await storage.get('2026/01/abc/full.jpg'))).equals(bytes)).toBe(true);

    await storage.delete('2026/01/abc/full.jpg');
    expect(await storage.get('2026/01/abc/full.jpg')).toBeNull();
    expect((await fetch(url)).status).toBe(404);
  });

  it('stores from a file and from a stream, in parts when large, and deletes a whole prefix', async () => {
    const large = Buffer.alloc(12 * 1024 * 1024, 7);
    const file = join(dir, 'clip.mp4');
    writeFileSync(file, readFileSync(new URL('clip.mp4', FIXTURES)));
    await storage.put('2026/01/def/full.mp4', { file }, { contentType: 'video/mp4' });
    await storage.put('2026/01/def/large.bin', Readable.from([large]), { contentType: 'application/octet-stream' });
    await storage.put('2026/01/defg/keep.txt', Buffer.from('neighbour'), { contentType: 'text/plain' });

    expect((await bytesOf(await storage.get('2026/01/def/full.mp4'))).equals(readFileSync(file))).toBe(true);
    expect((await bytesOf(await storage.get('2026/01/def/large.bin'))).equals(large)).toBe(true);

    await storage.deletePrefix('2026/01/def');
    expect(await storage.get('2026/01/def/full.mp4')).toBeNull();
    expect(await storage.get('2026/01/def/large.bin')).toBeNull();
    // A prefix is a folder: a key that merely starts with the same letters stays.
    expect(await text((await storage.get('2026/01/defg/keep.txt'))!)).toBe('neighbour');
  });

  it('refuses keys that could leave their folder', async () => {
    await expect(storage.put('../escape.txt', Buffer.from('x'), { contentType: 'text/plain' })).rejects.toThrow(/unsafe storage key/);
    expect(() => storage.url('a/../../b')).toThrow(/unsafe storage key/);
  });

  it('puts uploads in the bucket when S3_BUCKET is set, and serves nothing under /media', async () => {
    const t = await buildTestApp('sqlite', { env });
    try {
      const cookie = await cookieFor(t.ctx, await buildUser(t.ctx));
      const body = await multipartBody([{ filename: 'gps.jpg', content: readFileSync(new URL('gps.jpg', FIXTURES)) }]);
      const response = await t.app.inject({ method: 'POST', url: '/api/upload', headers: { ...body.headers, cookie }, payload: body.payload });
      expect(response.statusCode).toBe(201);
      const [media] = response.json().files;
      expect(media.url).toMatch(new RegExp(`^${env.S3_ENDPOINT}/${BUCKET}/\\d{4}/\\d{2}/[\\w-]+/full\\.webp$`));
      for (const rendition of Object.values(media.variants) as { url: string; mime: string }[]) {
        const served = await fetch(rendition.url);
        expect(served.status).toBe(200);
        expect(served.headers.get('content-type')).toBe(rendition.mime);
        // Stored with the object: a name made from the key, never the uploader's.
        expect(served.headers.get('content-disposition')).toMatch(/^inline; filename="[\w-]+-[\w-]+\.[a-z0-9]+"$/);
      }
      const path = new URL(media.url).pathname.replace(`/${BUCKET}`, '/media');
      expect((await t.app.inject({ method: 'GET', url: path })).statusCode).toBe(404);
    } finally {
      await t.close();
    }
  });
});

describe('video transcoding with S3 storage', () => {
  let s3: TS3Server;
  beforeAll(async () => {
    s3 = await startS3Server();
  });
  afterAll(async () => {
    await s3.stop();
  });

  it('takes the original from the bucket, puts the MP4 at the URL the upload answered and deletes the original', async () => {
    const t = await buildTestApp('sqlite', { env: s3.env });
    try {
      const cookie = await cookieFor(t.ctx, await buildUser(t.ctx));
      const body = await multipartBody([{ filename: 'clip.mov', content: readFileSync(new URL('clip.mov', FIXTURES)) }]);
      const response = await t.app.inject({ method: 'POST', url: '/api/upload', headers: { ...body.headers, cookie }, payload: body.payload });
      expect(response.statusCode).toBe(201);
      const [media] = response.json().files;
      expect(media).toMatchObject({ status: 'processing', mime: 'video/mp4' });
      const { source_key: sourceKey } = await t.ctx.db.selectFrom('project_media').select('source_key').executeTakeFirstOrThrow();
      expect(await t.ctx.storage.get(`${sourceKey}/source.mov`)).not.toBeNull();

      expect(await processPendingVideos({ ...t.ctx, log: t.ctx.log.child({}, { level: 'silent' }) })).toBe(1);
      const served = await fetch(media.url);
      expect(served.status).toBe(200);
      expect(served.headers.get('content-type')).toBe('video/mp4');
      expect(served.headers.get('content-disposition')).toMatch(/^inline; filename="[\w-]+-full\.mp4"$/);
      expect(Buffer.from(await served.arrayBuffer()).subarray(4, 8).toString('latin1')).toBe('ftyp');
      expect(await t.ctx.storage.get(`${sourceKey}/source.mov`)).toBeNull();
    } finally {
      await t.close();
    }
  });
});

describe('S3 configuration', () => {
  it('uses the folder in DATA_DIR unless S3_BUCKET is set', () => {
    expect(loadConfig({ DATA_DIR: '/srv/data' }).storage).toEqual({ kind: 'local', dir: '/srv/data/media' });
  });

  it('serves from the endpoint, or S3_PUBLIC_URL when given (a CDN)', () => {
    const base = { S3_BUCKET: 'art', S3_ENDPOINT: 'https://minio.example:9000/', S3_ACCESS_KEY_ID: 'id', S3_SECRET_ACCESS_KEY: 'secret' };
    expect(loadConfig(base).storage).toMatchObject({ kind: 's3', bucket: 'art', region: 'us-east-1', endpoint: 'https://minio.example:9000', publicUrl: 'https://minio.example:9000/art' });
    expect(loadConfig({ ...base, S3_PUBLIC_URL: 'https://cdn.example/' }).storage).toMatchObject({ publicUrl: 'https://cdn.example' });
    expect(loadConfig({ S3_BUCKET: 'art', S3_REGION: 'eu-west-3' }).storage).toMatchObject({ publicUrl: 'https://art.s3.eu-west-3.amazonaws.com', credentials: undefined });
  });

  it('stops at boot on half a key pair or a bad URL', () => {
    expect(() => loadConfig({ S3_BUCKET: 'art', S3_ACCESS_KEY_ID: 'id' })).toThrow('Invalid configuration: S3_SECRET_ACCESS_KEY must be set together with the other S3 key');
    expect(() => loadConfig({ S3_BUCKET: 'art', S3_PUBLIC_URL: 'cdn.example' })).toThrow(/S3_PUBLIC_URL must be an absolute URL/);
  });
});
