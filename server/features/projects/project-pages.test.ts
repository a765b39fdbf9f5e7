// Share previews and account deletion over real uploads: the HTML crawlers read, the
// og-image redirect, and an account's projects, files, likes and follows going with it.
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { TProject } from '../../../shared/schemas/project';
import { buildApp } from '../../app';
import { buildTestApp, ENGINES, type TTestApp } from '../../test/build-test-app';
import { buildProject, buildUser, cookieFor } from '../../test/factories';
import { multipartBody } from '../../lib/multipart-body';

const FIXTURES = join(import.meta.dirname, '../../test/fixtures');

function filesUnder(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile()).map((entry) => join(entry.parentPath, entry.name));
}

describe.each(ENGINES)('project pages and account deletion on %s', (engine) => {
  let t: TTestApp;
  beforeEach(async () => {
    t = await buildTestApp(engine, { env: { PUBLIC_URL: 'https://gallery.example' } });
  });
  afterEach(async () => {
    await t.close();
  });

  async function uploadProject(cookie: string, title: string): Promise<TProject> {
    const upload = await multipartBody([{ filename: 'a1111.png', content: readFileSync(join(FIXTURES, 'a1111.png')) }]);
    const uploaded = await t.app.inject({ method: 'POST', url: '/api/upload', headers: { cookie, ...upload.headers }, payload: upload.payload });
    expect(uploaded.statusCode).toBeLessThan(300);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/projects',
      headers: { cookie },
      payload: { title, description: 'A <b>bold</b> "koi" & friends', category: 'Illustration', images: uploaded.json().urls, tags: ['koi', 'neon'] },
    });
    return response.json();
  }

  it('redirects the og-image to the 1200×630 share rendition', async () => {
    const owner = await buildUser(t.ctx);
    const project = await uploadProject(await cookieFor(t.ctx, owner), 'Koi');
    const response = await t.app.inject({ url: `/api/projects/${project.id}/og-image` });
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe(project.media[0]!.variants.og!.url);
    const image = await t.app.inject({ url: String(response.headers.location) });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toMatch(/^image\//);
    expect((await t.app.inject({ url: '/api/projects/424242/og-image' })).statusCode).toBe(404);
  });

  it('writes the title, description, og and twitter tags into the raw HTML of /project/{slug}, counting no view', async () => {
    const clientDir = join(t.config.dataDir, 'client');
    mkdirSync(clientDir, { recursive: true });
    writeFileSync(join(clientDir, 'index.html'), '<!doctype html><html><head><title>Portfolio Platform</title><meta name="description" content="default" /></head><body></body></html>');
    const app = await buildApp({ config: t.config, database: t.database, clientDir, logger: false, storage: t.ctx.storage });
    try {
      const owner = await buildUser(t.ctx, { first_name: 'Ada', last_name: 'Lovelace' });
      const project = await uploadProject(await cookieFor(t.ctx, owner), 'Neon <Koi>');
      for (const path of [`/project/${project.slug}`, `/project/${project.id}`, `/PROJECT/${project.slug}/`]) {
        const html = (await app.inject({ url: path })).body;
        expect(html).toContain('<title>Neon &lt;Koi&gt; by Ada Lovelace | Portfolio Platform</title>');
        expect(html).toContain('<meta name="description" content="A &lt;b&gt;bold&lt;/b&gt; &quot;koi&quot; &amp; friends"');
        expect(html).not.toContain('content="default"');
        expect(html).toContain(`<meta property="og:url" content="https://gallery.example/project/${project.id}"`);
        expect(html).toMatch(/<meta property="og:image" content="https:\/\/gallery\.example\/media\/[^"]+og[^"]*"/);
        expect(html).toContain('<meta name="twitter:card" content="summary_large_image"');
        expect(html).toContain('<meta name="keywords" content="koi, neon"');
        expect(html).toContain('<meta property="article:author" content="Ada Lovelace"');
        expect(html).toContain('<meta property="article:section" content="Illustration"');
        expect(html).toContain('<meta property="article:tag" content="koi"');
      }
      const plain = (await app.inject({ url: '/project/no-such-project' })).body;
      expect(plain).toContain('<title>Portfolio Platform</title>');
      const row = await t.ctx.db.selectFrom('projects').select('views_count').where('id', '=', project.id).executeTakeFirstOrThrow();
      expect(row.views_count).toBe(0);
    } finally {
      await app.close();
    }
  });

  it("deletes an account with its projects, files, likes and follows, correcting others' counters", async () => {
    const leaver = await buildUser(t.ctx);
    const stayer = await buildUser(t.ctx);
    const leaverCookie = await cookieFor(t.ctx, leaver);
    const stayerCookie = await cookieFor(t.ctx, stayer);
    const doomed = await uploadProject(leaverCookie, 'Doomed');
    const survivor = await buildProject(t.ctx, stayer);
    await t.app.inject({ method: 'POST', url: `/api/projects/${survivor.id}/like`, headers: { cookie: leaverCookie } });
    await t.app.inject({ method: 'POST', url: `/api/projects/${doomed.id}/like`, headers: { cookie: stayerCookie } });
    await t.app.inject({ method: 'POST', url: `/api/users/${stayer.id}/follow`, headers: { cookie: leaverCookie } });
    await t.app.inject({ method: 'POST', url: `/api/users/${leaver.id}/follow`, headers: { cookie: stayerCookie } });
    const mediaDir = join(t.config.dataDir, 'media');
    const stored = filesUnder(mediaDir);
    expect(stored.length).toBeGreaterThan(0);
    expect((await t.app.inject({ url: `/api/projects/${survivor.id}` })).json().likes).toBe(1);

    const response = await t.app.inject({ method: 'DELETE', url: '/api/auth/delete-account', headers: { cookie: leaverCookie } });
    expect(response.statusCode).toBe(204);

    expect(filesUnder(mediaDir)).toEqual([]);
    expect((await t.app.inject({ url: `/api/projects/${doomed.id}` })).statusCode).toBe(404);
    // The views counted above are written in their batch (view-counts.ts); the deleted project's go with it.
    await t.flushViews();
    const counters = await t.ctx.db.selectFrom('projects').select(['likes_count', 'trending_score']).where('id', '=', survivor.id).executeTakeFirstOrThrow();
    expect(counters.likes_count).toBe(0);
    // The one view from reading it above is all that is left of its score.
    expect(counters.trending_score).toBeCloseTo(0.1);
    expect(await t.ctx.db.selectFrom('likes').selectAll().execute()).toEqual([]);
    expect(await t.ctx.db.selectFrom('follows').selectAll().execute()).toEqual([]);
    expect(await t.ctx.db.selectFrom('project_media').selectAll().where('owner_id', '=', leaver.id).execute()).toEqual([]);
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie: leaverCookie } })).json()).toBeNull();
  });
});
