import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { TCategorySummary } from '../../../shared/schemas/creator';
import { MAX_MEDIA_PER_PROJECT, type TProject } from '../../../shared/schemas/project';
import { buildTestApp, ENGINES, type TTestApp } from '../../test/build-test-app';
import { buildMedia, buildProject, buildUser, cookieFor } from '../../test/factories';
import { listProjectPage } from './projects.repo';
import { KEPT_PAGE_VIEWS_TRAIL_MS } from './projects.service';

describe.each(ENGINES)('projects on %s', (engine) => {
  let t: TTestApp;
  beforeEach(async () => {
    t = await buildTestApp(engine);
  });
  afterEach(async () => {
    await t.close();
  });

  const create = (cookie: string | undefined, payload: Record<string, unknown>) =>
    t.app.inject({ method: 'POST', url: '/api/projects', headers: cookie ? { cookie } : {}, payload });

  describe('create', () => {
    it('creates a project from uploaded media with a slug, categories and clean tags', async () => {
      const user = await buildUser(t.ctx, { email: 'creator@example.com' });
      const cookie = await cookieFor(t.ctx, user);
      const [a, b] = [await buildMedia(t.ctx, user.id), await buildMedia(t.ctx, user.id, 'video')];
      const response = await create(cookie, {
        title: 'Neon Koi Pond',
        description: 'Long exposure',
        category: 'Illustration,Animation',
        images: [b.url, a.url],
        tags: [' koi ', 'neon', 'Koi', '', 'night'],
      });
      expect(response.statusCode).toBe(201);
      const project: TProject = response.json();
      expect(project).toMatchObject({
        slug: 'neon-koi-pond',
        title: 'Neon Koi Pond',
        category: 'Illustration,Animation',
        categories: ['Illustration', 'Animation'],
        images: [b.url, a.url],
        tags: ['koi', 'neon', 'night'],
        likes: 0,
        views: 0,
        isLiked: false,
        isFollowing: false,
        user: { id: user.id, firstName: 'Grace' },
      });
      expect(project.media.map((m) => m.type)).toEqual(['video', 'image']);
      expect(JSON.stringify(project)).not.toContain('creator@example.com');

      const again = await create(cookie, { title: 'Neon Koi Pond', category: 'Illustration', images: [(await buildMedia(t.ctx, user.id)).url], tags: ['x'] });
      expect(again.json().slug).toMatch(/^neon-koi-pond-[0-9a-f]{6}$/);
    });

    it('answers every validation message', async () => {
      const cookie = await cookieFor(t.ctx, await buildUser(t.ctx));
      const response = await create(cookie, { title: '  ', category: '', images: [], tags: [' ', ''] });
      expect(response.statusCode).toBe(400);
      expect(response.json().details).toEqual(
        expect.arrayContaining([
          { field: 'title', message: 'Title is required' },
          { field: 'category', message: 'At least one category is required' },
          { field: 'images', message: 'Please select at least one media file.' },
          { field: 'tags', message: 'At least one tag is required' },
        ]),
      );
      const unknownCategory = await create(cookie, { title: 'x', category: 'Cooking', images: ['/media/a.webp'], tags: ['a'] });
      expect(unknownCategory.json().details).toEqual([{ field: 'category.0', message: 'Unknown category' }]);
    });

    it("refuses media the caller did not upload, and media already in a project", async () => {
      const owner = await buildUser(t.ctx);
      const thief = await buildUser(t.ctx);
      const media = await buildMedia(t.ctx, owner.id);
      const stolen = await create(await cookieFor(t.ctx, thief), { title: 'Mine', category: 'Print', images: [media.url], tags: ['a'] });
      expect(stolen.statusCode).toBe(400);
      expect(stolen.json().details[0].field).toBe('images');
      const ownerCookie = await cookieFor(t.ctx, owner);
      expect((await create(ownerCookie, { title: 'First', category: 'Print', images: [media.url], tags: ['a'] })).statusCode).toBe(201);
      expect((await create(ownerCookie, { title: 'Second', category: 'Print', images: [media.url], tags: ['a'] })).statusCode).toBe(400);
    });

    it('needs a signed-in member', async () => {
      expect((await create(undefined, { title: 'x', category: 'Print', images: ['/media/x'], tags: ['a'] })).statusCode).toBe(401);
    });
  });

  describe('read', () => {
    it('reads by id and by slug, and answers a JSON 404 when missing', async () => {
      const project = await buildProject(t.ctx, await buildUser(t.ctx), { title: 'Glass City' });
      expect((await t.app.inject({ url: `/api/projects/${project.id}` })).json().slug).toBe('glass-city');
      expect((await t.app.inject({ url: '/api/projects/slug/glass-city' })).json().id).toBe(project.id);
      const missing = await t.app.inject({ url: '/api/projects/slug/nope' });
      expect(missing.statusCode).toBe(404);
      expect(missing.json()).toEqual({ message: 'Project not found' });
      expect((await t.app.inject({ url: '/api/projects/999999' })).statusCode).toBe(404);
    });

    it('counts a view once per viewer per project per day', async () => {
      const project = await buildProject(t.ctx, await buildUser(t.ctx));
      const viewer = await buildUser(t.ctx);
      const cookie = await cookieFor(t.ctx, viewer);
      const views = async (headers: Record<string, string>, remoteAddress = '203.0.113.1') => (await t.app.inject({ url: `/api/projects/${project.id}`, headers, remoteAddress })).json().views;
      expect(await views({ cookie })).toBe(1);
      expect(await views({ cookie })).toBe(1);
      // A visitor is their address: another browser on it is the same visitor.
      expect(await views({ 'user-agent': 'browser-a' })).toBe(2);
      expect(await views({ 'user-agent': 'browser-b' })).toBe(2);
      // A new visitor within the trail of the kept answer is sent it: counted, shown once the trail is past.
      expect(await views({ 'user-agent': 'browser-b' }, '203.0.113.2')).toBe(2);
      t.clock.advance(KEPT_PAGE_VIEWS_TRAIL_MS);
      expect(await views({ 'user-agent': 'browser-b' }, '203.0.113.2')).toBe(3);
      t.clock.advance(24 * 60 * 60 * 1000);
      expect(await views({ cookie })).toBe(4);
      // Written in the next batch of views (view-counts.ts).
      await t.flushViews();
      const row = await t.ctx.db.selectFrom('projects').select(['views_count', 'trending_score']).where('id', '=', project.id).executeTakeFirstOrThrow();
      expect(row.views_count).toBe(4);
      expect(row.trending_score).toBeCloseTo(0.4);
    });

    it('hides the AI prompt from others when the creator asks', async () => {
      const owner = await buildUser(t.ctx);
      const media = await buildMedia(t.ctx, owner.id);
      await t.ctx.db.updateTable('project_media').set({ ai_metadata: JSON.stringify({ tool: 'ComfyUI', prompt: 'secret sauce', negativePrompt: null, steps: 20, sampler: 'euler', cfgScale: 7, seed: '42', model: null, software: null, c2pa: false }) }).where('id', '=', media.id).execute();
      const cookie = await cookieFor(t.ctx, owner);
      const project = (await create(cookie, { title: 'Koi', category: 'Print', images: [media.url], tags: ['a'] })).json();
      expect(project.media[0].aiMetadata.prompt).toBe('secret sauce');
      await t.app.inject({ method: 'PATCH', url: `/api/projects/${project.id}`, headers: { cookie }, payload: { hidePrompt: true } });
      expect((await t.app.inject({ url: `/api/projects/${project.id}` })).json().media[0].aiMetadata).toBeNull();
      expect((await t.app.inject({ url: `/api/projects/${project.id}`, headers: { cookie } })).json().media[0].aiMetadata.prompt).toBe('secret sauce');
    });
  });

  describe('lists', () => {
    it('gives cards every media URL but only the cover’s details and the renditions a card draws, and the project page all of them', async () => {
      const owner = await buildUser(t.ctx);
      const project = await buildProject(t.ctx, owner, { media: 3 });
      const [card] = (await t.app.inject({ url: '/api/projects' })).json() as TProject[];
      expect(card!.images).toHaveLength(3);
      expect(card!.media.map((item) => item.url)).toEqual([card!.images[0]]);
      expect(card!.media[0]!.aiMetadata).toBeNull();
      expect(Object.keys(card!.media[0]!.variants).sort()).toEqual(['card', 'full']);
      const page: TProject = (await t.app.inject({ url: `/api/projects/${project.id}` })).json();
      expect(page.media.map((item) => item.url)).toEqual(card!.images);
      expect(Object.keys(page.media[0]!.variants).sort()).toEqual(['card', 'detail', 'full', 'og']);
    });

    it('pages through every project exactly once in each sort, 12 by default', async () => {
      const owner = await buildUser(t.ctx);
      for (let i = 0; i < 30; i += 1) {
        await buildProject(t.ctx, owner, { likes: i % 4, views: (i * 7) % 10, createdAt: new Date(Date.UTC(2026, 0, 1 + (i % 5))) });
      }
      for (const sort of ['trending', 'recent', 'popular', 'views']) {
        const seen: number[] = [];
        let cursor: string | undefined;
        let pages = 0;
        do {
          const response = await t.app.inject({ url: `/api/projects?sort=${sort}&limit=7${cursor ? `&cursor=${cursor}` : ''}` });
          const page: TProject[] = response.json();
          expect(page.length).toBeLessThanOrEqual(7);
          seen.push(...page.map((p) => p.id));
          cursor = response.headers['x-next-cursor'] as string | undefined;
          expect(response.headers['x-has-more']).toBe(cursor ? 'true' : 'false');
          pages += 1;
        } while (cursor);
        expect(pages).toBe(5);
        expect(new Set(seen).size).toBe(30);
        expect(seen).toHaveLength(30);
      }
      const first = await t.app.inject({ url: '/api/projects' });
      expect(first.json()).toHaveLength(12);
      expect(first.headers['x-has-more']).toBe('true');
      expect((await t.app.inject({ url: '/api/projects?limit=1000' })).statusCode).toBe(400);
    });

    it('orders trending by likes × 2 + views × 0.1, popular by likes, recent by date', async () => {
      const owner = await buildUser(t.ctx);
      const a = await buildProject(t.ctx, owner, { likes: 10, views: 0, createdAt: new Date('2026-01-01') });
      const b = await buildProject(t.ctx, owner, { likes: 5, views: 150, createdAt: new Date('2026-03-01') });
      const c = await buildProject(t.ctx, owner, { likes: 1, views: 10, createdAt: new Date('2026-02-01') });
      const ids = async (sort: string) => (await t.app.inject({ url: `/api/projects?sort=${sort}` })).json().map((p: TProject) => p.id);
      expect(await ids('trending')).toEqual([b.id, a.id, c.id]);
      expect(await ids('popular')).toEqual([a.id, b.id, c.id]);
      expect(await ids('recent')).toEqual([b.id, c.id, a.id]);
      expect(await ids('views')).toEqual([b.id, c.id, a.id]);
    });

    it('filters by any of the categories and any of the tags', async () => {
      const owner = await buildUser(t.ctx);
      const print = await buildProject(t.ctx, owner, { categories: ['Print'], tags: ['poster'] });
      const mobile = await buildProject(t.ctx, owner, { categories: ['Mobile', 'Branding'], tags: ['app', 'logo'] });
      await buildProject(t.ctx, owner, { categories: ['Social'], tags: ['meme'] });
      const ids = async (query: string) => (await t.app.inject({ url: `/api/projects?${query}` })).json().map((p: TProject) => p.id).sort();
      expect(await ids('category=Print,Branding')).toEqual([print.id, mobile.id].sort());
      expect(await ids('tag=logo&tag=poster')).toEqual([print.id, mobile.id].sort());
      expect(await ids('category=Mobile&tag=poster')).toEqual([]);
      expect((await t.app.inject({ url: '/api/projects/category/Mobile' })).json().map((p: TProject) => p.id)).toEqual([mobile.id]);
    });

    it('pages a tag the same whether its projects are few (fetched by id) or many (found walking the sort)', async () => {
      const owner = await buildUser(t.ctx);
      for (let i = 0; i < 9; i += 1) await buildProject(t.ctx, owner, { tags: i % 3 ? ['koi'] : ['other'], likes: i % 4 });
      const pages = async (rareTagProjects: number) => {
        const seen: number[][] = [];
        let after: [string | number, number] | undefined;
        for (;;) {
          const rows = await listProjectPage(t.ctx.db, t.ctx.engine, { sort: 'popular', filter: { tags: ['koi', 'missing'], categories: ['Illustration'] }, limit: 2, rareTagProjects, ...(after ? { after } : {}) });
          const page = rows.slice(0, 2);
          seen.push(page.map((row) => row.id));
          if (rows.length <= 2) return seen;
          const last = page.at(-1)!;
          after = [last.likes_count, last.id];
        }
      };
      const byId = await pages(2000);
      expect(byId.flat()).toHaveLength(6);
      expect(await pages(0)).toEqual(byId);
      expect(await listProjectPage(t.ctx.db, t.ctx.engine, { sort: 'trending', filter: { tags: ['nobody-uses-this'] }, limit: 12 })).toEqual([]);
    });

    it("remembers a tag's plan (one query a page, not two) without ever changing what a page shows", async () => {
      const owner = await buildUser(t.ctx);
      const projects = [];
      for (let i = 0; i < 4; i += 1) projects.push(await buildProject(t.ctx, owner, { tags: ['koi'] }));
      let queries = 0;
      const counted = t.ctx.db.withPlugin({ transformQuery: (args) => args.node, transformResult: async (args) => ((queries += 1), args.result) });
      const page = async (rareTagProjects: number) => {
        queries = 0;
        const rows = await listProjectPage(counted, t.ctx.engine, { sort: 'recent', filter: { tags: ['koi'] }, limit: 12, rareTagProjects });
        return { ids: rows.map((row) => row.id), queries };
      };
      const all = projects.map((project) => project.id).reverse();
      // Common (more than 2): the first page finds it out (two queries), the next ones know it (one).
      expect(await page(2)).toEqual({ ids: all, queries: 2 });
      expect(await page(2)).toEqual({ ids: all, queries: 1 });
      // Rare (at most 10): the same, with the other plan.
      expect(await page(10)).toEqual({ ids: all, queries: 2 });
      expect(await page(10)).toEqual({ ids: all, queries: 1 });
      // The tag becomes rarer: the remembered 'common' plan walks the sort, with the same answer.
      await t.ctx.db.deleteFrom('projects').where('id', 'in', projects.slice(0, 3).map((project) => project.id)).execute();
      expect(await page(2)).toEqual({ ids: [projects[3]!.id], queries: 1 });
      // It grows past 10: the remembered 'rare' plan still finds every project, in order.
      const later = [];
      for (let i = 0; i < 11; i += 1) later.push(await buildProject(t.ctx, owner, { tags: ['koi'] }));
      expect(await page(10)).toEqual({ ids: [...later.map((project) => project.id).reverse(), projects[3]!.id], queries: 1 });
    });

    it('lists similar projects best first, never the project itself, at most 8', async () => {
      const owner = await buildUser(t.ctx);
      const base = await buildProject(t.ctx, owner, { categories: ['Print'], tags: ['koi', 'neon'] });
      const best = await buildProject(t.ctx, owner, { categories: ['Print'], tags: ['koi', 'neon'] });
      const good = await buildProject(t.ctx, owner, { categories: ['Mobile'], tags: ['koi'] });
      const weak = await buildProject(t.ctx, owner, { categories: ['Print'], tags: ['other'], likes: 5 });
      await buildProject(t.ctx, owner, { categories: ['Social'], tags: ['unrelated'] });
      for (let i = 0; i < 10; i += 1) await buildProject(t.ctx, owner, { categories: ['Print'], tags: ['filler'] });
      const similar: TProject[] = (await t.app.inject({ url: `/api/projects/similar/${base.id}` })).json();
      expect(similar).toHaveLength(8);
      expect(similar.slice(0, 2).map((p) => p.id)).toEqual([best.id, good.id]);
      expect(similar.map((p) => p.id)).not.toContain(base.id);
      // Equal scores go to the more trending project.
      expect(similar[2]!.id).toBe(weak.id);
    });

    it("lists a member's projects and the projects they liked", async () => {
      const owner = await buildUser(t.ctx);
      const other = await buildUser(t.ctx);
      const mine = [await buildProject(t.ctx, owner), await buildProject(t.ctx, owner)];
      const theirs = await buildProject(t.ctx, other);
      const byUser = (await t.app.inject({ url: `/api/users/${owner.id}/projects` })).json().map((p: TProject) => p.id);
      expect(byUser.sort()).toEqual(mine.map((p) => p.id).sort());

      const cookie = await cookieFor(t.ctx, owner);
      await t.app.inject({ method: 'POST', url: `/api/projects/${theirs.id}/like`, headers: { cookie } });
      t.clock.advance(1000);
      await t.app.inject({ method: 'POST', url: `/api/projects/${mine[0]!.id}/like`, headers: { cookie } });
      const liked = await t.app.inject({ url: '/api/projects/liked', headers: { cookie } });
      expect(liked.json().map((p: TProject) => p.id)).toEqual([mine[0]!.id, theirs.id]);
      expect(liked.json().every((p: TProject) => p.isLiked)).toBe(true);
      expect((await t.app.inject({ url: '/api/projects/liked' })).statusCode).toBe(401);
    });

    it('picks a random project for Explore, 404 when there is none', async () => {
      expect((await t.app.inject({ url: '/api/projects/random' })).statusCode).toBe(404);
      const project = await buildProject(t.ctx, await buildUser(t.ctx));
      expect((await t.app.inject({ url: '/api/projects/random' })).json()).toEqual({ id: project.id, slug: project.slug });
    });
  });

  describe('categories', () => {
    it('counts projects and creators per category exactly as the rows', async () => {
      const a = await buildUser(t.ctx);
      const b = await buildUser(t.ctx);
      await buildProject(t.ctx, a, { categories: ['Illustration', 'Print'] });
      await buildProject(t.ctx, a, { categories: ['Illustration'] });
      await buildProject(t.ctx, b, { categories: ['Illustration'] });
      const categories: TCategorySummary[] = (await t.app.inject({ url: '/api/categories' })).json();
      expect(categories).toHaveLength(8);
      expect(categories.find((c) => c.name === 'Illustration')).toEqual({ name: 'Illustration', projects: 3, creators: 2, trending: true });
      expect(categories.find((c) => c.name === 'Print')).toEqual({ name: 'Print', projects: 1, creators: 1, trending: false });
      expect(categories.find((c) => c.name === 'Branding')).toEqual({ name: 'Branding', projects: 0, creators: 0, trending: false });
    });
  });

  describe('likes', () => {
    it('toggles and answers liked and newCount; 401 signed out', async () => {
      const project = await buildProject(t.ctx, await buildUser(t.ctx));
      const cookie = await cookieFor(t.ctx, await buildUser(t.ctx));
      const like = () => t.app.inject({ method: 'POST', url: `/api/projects/${project.id}/like`, headers: { cookie } });
      expect((await like()).json()).toEqual({ liked: true, newCount: 1 });
      expect((await t.app.inject({ url: `/api/projects/${project.id}`, headers: { cookie } })).json().isLiked).toBe(true);
      expect((await like()).json()).toEqual({ liked: false, newCount: 0 });
      const anonymous = await t.app.inject({ method: 'POST', url: `/api/projects/${project.id}/like` });
      expect(anonymous.statusCode).toBe(401);
      expect(anonymous.body).toContain('Unauthorized');
      expect((await t.app.inject({ method: 'POST', url: '/api/projects/424242/like', headers: { cookie } })).statusCode).toBe(404);
    });

    it('counts exactly when 50 members like at once', async () => {
      const project = await buildProject(t.ctx, await buildUser(t.ctx));
      const cookies = await Promise.all(Array.from({ length: 50 }, async () => cookieFor(t.ctx, await buildUser(t.ctx))));
      const responses = await Promise.all(cookies.map((cookie) => t.app.inject({ method: 'POST', url: `/api/projects/${project.id}/like`, headers: { cookie } })));
      expect(responses.every((r) => r.statusCode === 200)).toBe(true);
      const row = await t.ctx.db.selectFrom('projects').select(['likes_count', 'trending_score']).where('id', '=', project.id).executeTakeFirstOrThrow();
      expect(row.likes_count).toBe(50);
      expect(row.trending_score).toBe(100);
    });

    it("keeps the counter equal to the rows under one member's rapid toggles", async () => {
      const project = await buildProject(t.ctx, await buildUser(t.ctx));
      const cookie = await cookieFor(t.ctx, await buildUser(t.ctx));
      await Promise.all(Array.from({ length: 25 }, () => t.app.inject({ method: 'POST', url: `/api/projects/${project.id}/like`, headers: { cookie } })));
      const rows = await t.ctx.db.selectFrom('likes').select('user_id').where('project_id', '=', project.id).execute();
      const counter = await t.ctx.db.selectFrom('projects').select('likes_count').where('id', '=', project.id).executeTakeFirstOrThrow();
      expect(counter.likes_count).toBe(rows.length);
    });
  });

  describe('edit and delete', () => {
    it('lets only the owner edit (others 403) and keeps tags, categories and media order', async () => {
      const owner = await buildUser(t.ctx);
      const project = await buildProject(t.ctx, owner, { media: 2 });
      const [first, second] = project.images;
      const ownerCookie = await cookieFor(t.ctx, owner);
      const otherCookie = await cookieFor(t.ctx, await buildUser(t.ctx));
      const payload = { title: 'Renamed', tags: ['a', 'b'], category: 'Mobile,Print', images: [second, first] };
      const denied = await t.app.inject({ method: 'PATCH', url: `/api/projects/${project.id}`, headers: { cookie: otherCookie }, payload });
      expect(denied.statusCode).toBe(403);
      expect((await t.app.inject({ method: 'PATCH', url: `/api/projects/${project.id}`, payload })).statusCode).toBe(401);
      const edited = await t.app.inject({ method: 'PATCH', url: `/api/projects/${project.id}`, headers: { cookie: ownerCookie }, payload });
      expect(edited.statusCode).toBe(200);
      expect(edited.json()).toMatchObject({ title: 'Renamed', tags: ['a', 'b'], categories: ['Mobile', 'Print'], images: [second, first] });
      const dropped = await t.app.inject({ method: 'PATCH', url: `/api/projects/${project.id}`, headers: { cookie: ownerCookie }, payload: { images: [first] } });
      expect(dropped.json().images).toEqual([first]);
      expect(await t.ctx.db.selectFrom('project_media').select('id').where('url', '=', second!).executeTakeFirst()).toBeUndefined();
    });

    it('refuses media that is unknown, someone else’s or repeated, and keeps the project’s own', async () => {
      const owner = await buildUser(t.ctx);
      const project = await buildProject(t.ctx, owner, { media: 2 });
      const cookie = await cookieFor(t.ctx, owner);
      const strangers = await buildMedia(t.ctx, (await buildUser(t.ctx)).id);
      const [first] = project.images;
      for (const images of [['/media/nowhere.webp'], [strangers.url], [first, first]]) {
        const refused = await t.app.inject({ method: 'PATCH', url: `/api/projects/${project.id}`, headers: { cookie }, payload: { images } });
        expect(refused.statusCode).toBe(400);
        expect(refused.json().details[0]).toMatchObject({ field: 'images', message: 'Upload the media files first; each can be used once' });
      }
      const kept: TProject = (await t.app.inject({ url: `/api/projects/${project.id}` })).json();
      expect(kept.images).toEqual(project.images);
    });

    it('edits the media from the project page: adds a new upload, sets the cover, removes one, and the page and lists show it at once', async () => {
      const owner = await buildUser(t.ctx);
      const project = await buildProject(t.ctx, owner, { media: 2 });
      const cookie = await cookieFor(t.ctx, owner);
      const [first, second] = project.images;
      const added = await buildMedia(t.ctx, owner.id, 'video');
      // Read once, so the visitors' copies are cached: the edit must replace them.
      expect((await t.app.inject({ url: `/api/projects/${project.id}` })).json().images).toEqual(project.images);
      expect((await t.app.inject({ url: `/api/users/${owner.id}/projects` })).json()[0].images).toEqual(project.images);

      // The new upload becomes the cover, the old cover is removed.
      const images = [added.url, second!];
      const edited = await t.app.inject({ method: 'PATCH', url: `/api/projects/${project.id}`, headers: { cookie }, payload: { images } });
      expect(edited.statusCode).toBe(200);
      expect(edited.json().images).toEqual(images);
      expect(edited.json().media.map((item: { url: string; type: string }) => [item.url, item.type])).toEqual([
        [added.url, 'video'],
        [second, 'image'],
      ]);
      expect((await t.app.inject({ url: `/api/projects/${project.id}` })).json().images).toEqual(images);
      expect((await t.app.inject({ url: `/api/users/${owner.id}/projects` })).json()[0].images).toEqual(images);
      // The upload is the project's now (no longer one of the member's held uploads); the removed file is gone.
      const row = await t.ctx.db.selectFrom('project_media').select(['project_id', 'position']).where('id', '=', added.id).executeTakeFirstOrThrow();
      expect(row).toEqual({ project_id: project.id, position: 0 });
      expect(await t.ctx.db.selectFrom('project_media').select('id').where('url', '=', first!).executeTakeFirst()).toBeUndefined();
      // Used once: another project of the member cannot take it.
      const other = await buildProject(t.ctx, owner);
      const taken = await t.app.inject({ method: 'PATCH', url: `/api/projects/${other.id}`, headers: { cookie }, payload: { images: [added.url] } });
      expect(taken.statusCode).toBe(400);
    });

    it('keeps at least one media file and at most the upload limit', async () => {
      const owner = await buildUser(t.ctx);
      const project = await buildProject(t.ctx, owner);
      const cookie = await cookieFor(t.ctx, owner);
      const none = await t.app.inject({ method: 'PATCH', url: `/api/projects/${project.id}`, headers: { cookie }, payload: { images: [] } });
      expect(none.statusCode).toBe(400);
      expect(none.json().details[0]).toMatchObject({ field: 'images', message: 'Please select at least one media file.' });
      const extra = await Promise.all(Array.from({ length: MAX_MEDIA_PER_PROJECT }, () => buildMedia(t.ctx, owner.id)));
      const tooMany = await t.app.inject({ method: 'PATCH', url: `/api/projects/${project.id}`, headers: { cookie }, payload: { images: [...project.images, ...extra.map((item) => item.url)] } });
      expect(tooMany.statusCode).toBe(400);
      expect(tooMany.json().details[0]).toMatchObject({ field: 'images', message: `At most ${MAX_MEDIA_PER_PROJECT} media files per project` });
      const kept: TProject = (await t.app.inject({ url: `/api/projects/${project.id}` })).json();
      expect(kept.images).toEqual(project.images);
    });

    it('lets only the owner delete, removing the project and its rows', async () => {
      const owner = await buildUser(t.ctx);
      const project = await buildProject(t.ctx, owner);
      const fan = await buildUser(t.ctx);
      await t.app.inject({ method: 'POST', url: `/api/projects/${project.id}/like`, headers: { cookie: await cookieFor(t.ctx, fan) } });
      const denied = await t.app.inject({ method: 'DELETE', url: `/api/projects/${project.id}`, headers: { cookie: await cookieFor(t.ctx, fan) } });
      expect(denied.statusCode).toBe(403);
      const deleted = await t.app.inject({ method: 'DELETE', url: `/api/projects/${project.id}`, headers: { cookie: await cookieFor(t.ctx, owner) } });
      expect(deleted.statusCode).toBe(204);
      expect((await t.app.inject({ url: `/api/projects/${project.id}` })).statusCode).toBe(404);
      for (const table of ['project_media', 'likes', 'project_tags', 'project_categories'] as const) {
        const rows = await t.ctx.db.selectFrom(table).selectAll().where('project_id', '=', project.id).execute();
        expect(rows).toEqual([]);
      }
    });
  });

  describe('follows', () => {
    it('toggles following and answers the follower count; following yourself is 400', async () => {
      const creator = await buildUser(t.ctx);
      const project = await buildProject(t.ctx, creator);
      const fan = await buildUser(t.ctx);
      const cookie = await cookieFor(t.ctx, fan);
      const follow = () => t.app.inject({ method: 'POST', url: `/api/users/${creator.id}/follow`, headers: { cookie } });
      expect((await follow()).json()).toEqual({ following: true, followers: 1 });
      expect((await t.app.inject({ url: `/api/projects/${project.id}`, headers: { cookie } })).json().isFollowing).toBe(true);
      expect((await follow()).json()).toEqual({ following: false, followers: 0 });
      const self = await t.app.inject({ method: 'POST', url: `/api/users/${creator.id}/follow`, headers: { cookie: await cookieFor(t.ctx, creator) } });
      expect(self.statusCode).toBe(400);
      expect((await t.app.inject({ method: 'POST', url: `/api/users/${creator.id}/follow` })).statusCode).toBe(401);
      expect((await t.app.inject({ method: 'POST', url: '/api/users/424242/follow', headers: { cookie } })).statusCode).toBe(404);
    });
  });
});
