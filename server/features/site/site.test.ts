// GET /api/stats and /api/site, /sitemap.xml and /robots.txt — also with the built client
// served, whose catch-all must not answer them with the page.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'kysely';
import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { UPLOAD_CATEGORIES } from '../../../shared/constants';
import type { TSiteStats } from '../../../shared/schemas/contact';
import { buildApp } from '../../app';
import { buildTestApp, ENGINES, type TTestApp } from '../../test/build-test-app';
import { buildJob, buildProject, buildUser } from '../../test/factories';

describe.each(ENGINES)('site pages and figures on %s', (engine) => {
  let t: TTestApp;
  let withClient: FastifyInstance;
  beforeEach(async () => {
    t = await buildTestApp(engine, { env: { PUBLIC_URL: 'https://gallery.example/a&b', SUPPORT_EMAIL: 'help@gallery.example', SITE_NAME: 'Koi Gallery' } });
    const clientDir = join(t.config.dataDir, 'client');
    mkdirSync(clientDir, { recursive: true });
    writeFileSync(join(clientDir, 'index.html'), '<!doctype html><html><head><title>Koi Gallery</title></head><body></body></html>');
    withClient = await buildApp({ config: t.config, database: t.database, clientDir, logger: false, storage: t.ctx.storage, now: t.ctx.now });
  });
  afterEach(async () => {
    await withClient.close();
    await t.close();
  });

  it('counts members, projects, views and likes exactly as the database sums them', async () => {
    const empty = await t.app.inject({ url: '/api/stats' });
    expect(empty.statusCode).toBe(200);
    // SUM over no rows is NULL in SQL: an empty site must still answer numbers.
    expect(empty.json()).toEqual({ users: 0, projects: 0, views: 0, likes: 0 });

    const a = await buildUser(t.ctx);
    const b = await buildUser(t.ctx);
    await buildUser(t.ctx);
    await buildProject(t.ctx, a, { likes: 3, views: 1200 });
    await buildProject(t.ctx, a, { likes: 0, views: 7 });
    await buildProject(t.ctx, b, { likes: 41, views: 5 });

    const stats = (await withClient.inject({ url: '/api/stats' })).json<TSiteStats>();
    const { rows } = await sql<{ users: number; projects: number; views: number; likes: number }>`
      select (select count(*) from users) as users, (select count(*) from projects) as projects,
             (select sum(views_count) from projects) as views, (select sum(likes_count) from projects) as likes`.execute(t.ctx.db);
    const sums = rows[0]!;
    expect(stats).toEqual({ users: Number(sums.users), projects: Number(sums.projects), views: Number(sums.views), likes: Number(sums.likes) });
    expect(stats).toEqual({ users: 3, projects: 3, views: 1212, likes: 44 });
  });

  it('tells pages the site name and the support address from the configuration', async () => {
    const response = await withClient.inject({ url: '/api/site' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ siteName: 'Koi Gallery', supportEmail: 'help@gallery.example' });
  });

  it('lists static pages, categories, projects and their creators in /sitemap.xml, with absolute escaped URLs', async () => {
    const creator = await buildUser(t.ctx);
    await buildUser(t.ctx);
    const project = await buildProject(t.ctx, creator);
    const row = await t.ctx.db.selectFrom('projects').select('updated_at').where('id', '=', project.id).executeTakeFirstOrThrow();
    const job = await buildJob(t.ctx, creator);
    const unpaid = await buildJob(t.ctx, creator, { status: 'pending_payment' });
    const jobRow = await t.ctx.db.selectFrom('jobs').select('updated_at').where('id', '=', job.id).executeTakeFirstOrThrow();

    for (const app of [t.app, withClient]) {
      const response = await app.inject({ url: '/sitemap.xml' });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('application/xml; charset=utf-8');
      const xml = response.body;
      expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">')).toBe(true);
      const base = 'https://gallery.example/a&amp;b';
      expect(xml).not.toContain('a&b');
      const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]);
      for (const path of ['', '/inspiration', '/jobs', '/search', '/about', '/for-creators', '/support', '/careers', '/terms', '/privacy', '/cookies']) {
        expect(locs).toContain(`${base}${path || '/'}`);
      }
      for (const category of UPLOAD_CATEGORIES) expect(locs).toContain(`${base}/category/${encodeURIComponent(category)}`);
      expect(xml).toContain(`<url><loc>${base}/project/${project.id}</loc><lastmod>${row.updated_at}</lastmod></url>`);
      expect(xml).toContain(`<url><loc>${base}/creator/${creator.id}</loc><lastmod>${row.updated_at}</lastmod></url>`);
      expect(xml).toContain(`<url><loc>${base}/terms</loc><lastmod>2025-01-06</lastmod></url>`);
      // Live job pages only.
      expect(xml).toContain(`<url><loc>${base}/jobs/${job.id}</loc><lastmod>${jobRow.updated_at}</lastmod></url>`);
      expect(locs).not.toContain(`${base}/jobs/${unpaid.id}`);
      // Only creators with work are listed: the second member has none.
      expect(locs.filter((loc) => loc?.includes('/creator/'))).toEqual([`${base}/creator/${creator.id}`]);
      expect(locs.some((loc) => /\/(profile|upload|post-job|invitation-codes|login|signup)$/.test(loc ?? ''))).toBe(false);
    }
  });

  it('serves /robots.txt keeping crawlers out of the API and members’ pages, pointing at the sitemap', async () => {
    for (const app of [t.app, withClient]) {
      const response = await app.inject({ url: '/robots.txt' });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('text/plain; charset=utf-8');
      const lines = response.body.split('\n');
      expect(lines[0]).toBe('User-agent: *');
      for (const path of ['/api/', '/profile', '/upload', '/post-job', '/invitation-codes']) expect(lines).toContain(`Disallow: ${path}`);
      expect(lines).not.toContain('Disallow: /');
      expect(lines).toContain('Sitemap: https://gallery.example/a&b/sitemap.xml');
    }
    // The SPA still answers its own routes.
    expect((await withClient.inject({ url: '/for-creators' })).body).toContain('<title>Koi Gallery</title>');
  });
});
