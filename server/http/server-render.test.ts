import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { build } from 'vite';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import viteConfig from '../../vite.config';
import { buildApp } from '../app';
import { ENGINES, buildTestApp, type TTestApp } from '../test/build-test-app';
import { buildJob, buildProject, buildUser, cookieFor } from '../test/factories';
import { largestImagePreload } from './server-render';

// The real server renderer, built once from web/entry-server.tsx as `npm run build` builds it.
let serverDir: string;
beforeAll(async () => {
  serverDir = mkdtempSync(join(tmpdir(), 'ssr-build-'));
  // As `npm run build` builds it: production JSX for the production React it bundles (the test runner sets NODE_ENV=test).
  const testEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    await build({ ...viteConfig, logLevel: 'warn', build: { ...viteConfig.build, ssr: 'entry-server.tsx', outDir: serverDir, emptyOutDir: true, sourcemap: false } });
  } finally {
    process.env.NODE_ENV = testEnv;
  }
}, 120_000);
afterAll(() => rmSync(serverDir, { recursive: true, force: true }));

const INDEX_HTML = '<!doctype html><html><head><title></title><script type="module" crossorigin src="/assets/index-abc.js"></script></head><body><div id="root"></div></body></html>';
/** The client build's manifest, as far as the renderer reads it: the entry and the route chunks. */
const MANIFEST = {
  'index.html': { file: 'assets/index-abc.js', isEntry: true, imports: ['_shell.js'] },
  'boot.ts': { file: 'assets/boot-abc.js', isEntry: true },
  '_shell.js': { file: 'assets/shell-abc.js' },
  '_cards.js': { file: 'assets/cards-abc.js', imports: ['_shell.js'] },
  'pages/HomePage.tsx': { file: 'assets/HomePage-abc.js', isDynamicEntry: true, imports: ['_cards.js', '_shell.js'] },
  'pages/ProjectPage.tsx': { file: 'assets/ProjectPage-abc.js', isDynamicEntry: true, imports: ['_shell.js'] },
  'fonts/inter-latin-basic-wght-normal.woff2': { file: 'assets/inter-latin-basic-wght-normal-abc.woff2' },
};

/** The JSON the page carries for the client's cache. */
function queryState(html: string): { queries: { queryKey: unknown[]; state: { data: unknown } }[] } {
  const json = /<script id="query-state" type="application\/json">(.*?)<\/script>/s.exec(html)?.[1];
  expect(json, 'the page carries its query state').toBeDefined();
  return JSON.parse(json as string);
}

describe.each(ENGINES)('server-rendered pages (%s)', (engine) => {
  let t: TTestApp;
  let app: FastifyInstance;

  beforeEach(async () => {
    t = await buildTestApp(engine);
    const clientDir = join(t.config.dataDir, 'client');
    mkdirSync(join(clientDir, '.vite'), { recursive: true });
    writeFileSync(join(clientDir, 'index.html'), INDEX_HTML);
    writeFileSync(join(clientDir, '.vite', 'manifest.json'), JSON.stringify(MANIFEST));
    app = await buildApp({ config: t.config, database: t.database, clientDir, serverDir, logger: false, storage: t.ctx.storage });
  });
  afterEach(async () => {
    await app.close();
    await t.close();
  });

  it('sends the gallery with its cards, their titles and the first image, to a crawler that runs no script', async () => {
    const creator = await buildUser(t.ctx, { first_name: 'Ada' });
    await buildProject(t.ctx, creator, { title: 'Neon Koi Garden', likes: 1 });
    await buildProject(t.ctx, creator, { title: 'Chrome Orchard', likes: 9 });
    const response = await app.inject({ url: '/' });
    expect(response.statusCode).toBe(200);
    const root = /<div id="root">(.*)<\/div><\/body>/s.exec(response.body)?.[1] ?? '';
    expect(root).toContain('Featured Projects');
    expect(root).toContain('Neon Koi Garden');
    expect(root).toContain('Chrome Orchard');
    // The first card (trending first) is the page's largest image: not lazy, fetched first, preloaded.
    expect(root).toMatch(/<img [^>]*fetchPriority="high"/);
    expect(response.body).toMatch(/<link rel="preload" as="image" fetchpriority="high" imagesrcset="\/media\/[^"]+\/card\.webp"/);
    // The text face comes with the HTML, not once the stylesheet asks for it: the headline is drawn in it at once.
    expect(response.body).toContain('<link rel="preload" as="font" type="font/woff2" crossorigin href="/assets/inter-latin-basic-wght-normal-abc.woff2" />');
    // The code loads once the page has painted (web/boot.ts): the boot script takes the entry's
    // place and names the entry and the route's chunks beyond the entry's, to preload together.
    expect(response.body).toContain(
      '<script type="module" crossorigin src="/assets/boot-abc.js" data-entry="/assets/index-abc.js" data-chunks="/assets/HomePage-abc.js /assets/cards-abc.js"></script>',
    );
    expect(response.body).not.toContain('src="/assets/index-abc.js"');
    expect(response.body).not.toContain('modulepreload');
    expect(response.body).not.toContain('/assets/shell-abc.js');
    // The list is dehydrated under the key the client's gallery asks with; the viewer as a visitor
    // (pages are rendered for visitors only), so the browser does not ask who is signed in.
    const queries = queryState(response.body).queries;
    expect(queries.map((query) => query.queryKey)).toContainEqual(['/api/projects', { sort: 'trending', category: '', tag: '' }]);
    expect(queries.find((query) => query.queryKey[0] === '/api/auth/me')?.state.data).toBeNull();
  });

  it('sends a project page with its title, text and media URL', async () => {
    const creator = await buildUser(t.ctx, { first_name: 'Grace' });
    const project = await buildProject(t.ctx, creator, { title: 'Tidal Cathedral' });
    const response = await app.inject({ url: `/project/${project.slug}` });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('Tidal Cathedral');
    expect(response.body).toContain('Made with a diffusion model.');
    expect(response.body).toMatch(/<img [^>]*src="\/media\/[^"]+\/detail\.webp"/);
    expect(response.body).toMatch(/<link rel="preload" as="image" fetchpriority="high" imagesrcset="\/media\/[^"]+\/detail\.webp"/);
    expect(response.body).toContain('data-chunks="/assets/ProjectPage-abc.js"');
    // Nothing but the tree inside #root: what React preloads goes to the head.
    expect(response.body).toMatch(/<div id="root"><div/);
    const project404 = await app.inject({ url: '/project/no-such-project' });
    expect(project404.statusCode).toBe(200);
    expect(project404.body).not.toContain('Tidal Cathedral');
  });

  it('keeps the API document whole once pages have rendered (the renderer registers no schema of the server)', async () => {
    const creator = await buildUser(t.ctx, { first_name: 'Hedy' });
    const project = await buildProject(t.ctx, creator, { title: 'Signal Garden' });
    // The project page's code carries shared schemas with ids (ModerationNote …) of its own.
    expect((await app.inject({ url: `/project/${project.slug}` })).body).toContain('Signal Garden');
    expect((await app.inject({ url: '/' })).statusCode).toBe(200);
    const document = await app.inject({ url: '/api/docs/json' });
    expect(document.statusCode).toBe(200);
    expect(document.json().components.schemas).toHaveProperty('ModerationNote');
  });

  it('sends the job board with its jobs, and search results for a query', async () => {
    const poster = await buildUser(t.ctx);
    await buildJob(t.ctx, poster, { body: { title: 'Prompt Engineer for Diffusion Art' } });
    await buildProject(t.ctx, poster, { title: 'Velvet Nebula Atlas' });
    const jobs = await app.inject({ url: '/jobs' });
    expect(jobs.body).toContain('Prompt Engineer for Diffusion Art');
    const search = await app.inject({ url: '/search?q=nebula' });
    expect(search.body).toContain('Velvet Nebula Atlas');
  });

  it("sends a job's page with the listing, its JobPosting JSON-LD and share meta, counting each visitor's view", async () => {
    const poster = await buildUser(t.ctx);
    const job = await buildJob(t.ctx, poster, { body: { title: 'Latent Space Cartographer', location: 'Porto', remote: 'true', type: 'Freelance' } });
    const page = await app.inject({ url: `/jobs/${job.id}` });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Latent Space Cartographer');
    const ld = /<script type="application\/ld\+json">(.*?)<\/script>/s.exec(page.body)?.[1];
    expect(JSON.parse(ld ?? '{}')['@graph'][0]).toMatchObject({ '@type': 'JobPosting', title: 'Latent Space Cartographer', employmentType: 'CONTRACTOR', jobLocationType: 'TELECOMMUTE', validThrough: expect.any(String) });
    expect(page.body).toContain('<meta property="og:title" content="Latent Space Cartographer at Diffusion Labs |');
    expect(page.body).toContain(`<link rel="canonical" href="${t.config.publicUrl}/jobs/${job.id}"`);
    // Never served from the cache: another visitor's read counts as their view.
    await app.inject({ url: `/jobs/${job.id}`, remoteAddress: '203.0.113.7' });
    const row = await t.ctx.db.selectFrom('jobs').select('views').where('id', '=', job.id).executeTakeFirstOrThrow();
    expect(row.views).toBe(2);
    // Not live: the site's meta and no listing.
    const pending = await buildJob(t.ctx, poster, { status: 'pending_payment', body: { title: 'Unpaid Listing Title' } });
    const unpaid = await app.inject({ url: `/jobs/${pending.id}` });
    expect(unpaid.body).not.toContain('Unpaid Listing Title');
    expect(unpaid.body).not.toContain('application/ld+json');
  });

  it('caches the page for everyone and forgets it when what it shows changes', async () => {
    const creator = await buildUser(t.ctx);
    const project = await buildProject(t.ctx, creator, { title: 'First Title' });
    expect((await app.inject({ url: '/' })).body).toContain('First Title');
    await t.ctx.db.updateTable('projects').set({ title: 'Second Title' }).where('id', '=', project.id).execute();
    // The database changed behind the app's back: the cached page is still served.
    expect((await app.inject({ url: '/' })).body).toContain('First Title');
    const owner = await cookieFor(t.ctx, creator);
    const edit = await app.inject({ method: 'PATCH', url: `/api/projects/${project.id}`, headers: { cookie: owner, origin: t.config.publicUrl }, payload: { title: 'Third Title' } });
    expect(edit.statusCode).toBe(200);
    const after = await app.inject({ url: '/' });
    expect(after.body).toContain('Third Title');
  });

  it('escapes the query state so no value can close its script element', async () => {
    const creator = await buildUser(t.ctx);
    await buildProject(t.ctx, creator, { title: 'Evil </script><script>alert(1)</script>' });
    const response = await app.inject({ url: '/' });
    const state = /<script id="query-state" type="application\/json">(.*?)<\/script>/s.exec(response.body)?.[1] ?? '';
    expect(state).not.toContain('<');
    expect(JSON.stringify(queryState(response.body))).toContain('Evil </script><script>alert(1)</script>');
    expect(response.body).not.toContain('<script>alert(1)');
  });

  it("sends a signed-in member the plain page their client draws, never a visitor's state", async () => {
    const creator = await buildUser(t.ctx);
    await buildProject(t.ctx, creator, { title: 'Members Draw Their Own' });
    const visitor = await app.inject({ url: '/' });
    expect(visitor.body).toContain('Members Draw Their Own');
    const member = await app.inject({ url: '/', headers: { cookie: await cookieFor(t.ctx, creator) } });
    expect(member.statusCode).toBe(200);
    expect(member.body).toContain('<div id="root"></div>');
    expect(member.body).not.toContain('query-state');
  });

  it('leaves other pages to the client', async () => {
    const response = await app.inject({ url: '/login' });
    expect(response.body).toContain('<div id="root"></div>');
    expect(response.body).not.toContain('query-state');
  });
});

describe('largestImagePreload', () => {
  it('preloads the AVIF source of the high-priority picture, else its image', () => {
    expect(largestImagePreload('<picture><source type="image/avif" srcSet="/a.avif"/><img src="/a.webp" fetchPriority="high"/></picture>')).toBe(
      '<link rel="preload" as="image" fetchpriority="high" type="image/avif" imagesrcset="/a.avif" />',
    );
    expect(largestImagePreload('<img src="/b.webp" srcSet="/b.webp 1x, /b2.webp 2x" sizes="50vw" fetchPriority="high"/>')).toBe(
      '<link rel="preload" as="image" fetchpriority="high" imagesrcset="/b.webp 1x, /b2.webp 2x" imagesizes="50vw" />',
    );
    expect(largestImagePreload('<img src="/c.webp" loading="lazy"/>')).toBe('');
  });
});
