import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { randomBytes } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { TJob } from '../../shared/schemas/job';
import type { TProject } from '../../shared/schemas/project';
import { multipartBody } from '../lib/multipart-body';
import type { TReadCache } from '../lib/read-cache';
import { KEPT_PAGE_VIEWS_TRAIL_MS } from '../features/projects/projects.service';
import type { TPublicCacheCounts } from './public-cache';
import { buildTestApp, ENGINES, type TTestApp } from '../test/build-test-app';
import { buildCode, buildJob, buildMessage, buildProject, buildUser, cookieFor, FACTORY_PASSWORD, jobBody, signupBody } from '../test/factories';

const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const FIXTURES = join(import.meta.dirname, '../test/fixtures');

// A row changed directly in the database, without telling the cache, shows only in an answer
// that did not come from the cache: that is how these tests tell a hit from a miss.
const retitleBehindTheBack = (t: TTestApp, projectId: number, title: string) => t.ctx.db.updateTable('projects').set({ title }).where('id', '=', projectId).execute();
const retitleJobBehindTheBack = (t: TTestApp, jobId: number, title: string) => t.ctx.db.updateTable('jobs').set({ title }).where('id', '=', jobId).execute();

describe.each(ENGINES)('anonymous read cache on %s', (engine) => {
  let t: TTestApp;
  beforeEach(async () => {
    t = await buildTestApp(engine);
  });
  afterEach(async () => {
    await t.close();
  });

  const get = (url: string, cookie?: string) => t.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
  const cacheCounts = async () => (await get('/healthz/read-cache')).json() as TPublicCacheCounts & { entries: number };
  const titles = async (cookie?: string) => {
    const response = await get('/api/projects?sort=recent', cookie);
    expect(response.statusCode).toBe(200);
    return (response.json() as TProject[]).map((project) => project.title);
  };
  const projectTitle = async (id: number) => ((await get(`/api/projects/${id}`)).json() as TProject).title;
  const jobTitles = async () => ((await get('/api/jobs')).json() as TJob[]).map((job) => job.title);

  it('answers a repeated anonymous gallery read from the cache, with the same headers', async () => {
    const owner = await buildUser(t.ctx);
    const project = await buildProject(t.ctx, owner, { title: 'First' });
    const first = await get('/api/projects?sort=recent');
    await retitleBehindTheBack(t, project.id, 'Behind the back');
    const second = await get('/api/projects?sort=recent');
    expect(second.body).toBe(first.body);
    for (const header of ['content-type', 'x-has-more', 'cache-control', 'content-security-policy', 'x-content-type-options']) {
      expect(second.headers[header]).toBe(first.headers[header]);
    }
  });

  it('counts its answers at /healthz/read-cache: hits, misses, and members on visitors-only routes as bypassed', async () => {
    const owner = await buildUser(t.ctx);
    await buildProject(t.ctx, owner);
    const before = await cacheCounts();
    await get('/api/projects?sort=recent');
    await get('/api/projects?sort=recent');
    await get('/api/projects?sort=recent', await cookieFor(t.ctx, owner));
    const after = await cacheCounts();
    expect({ hits: after.hits - before.hits, misses: after.misses - before.misses, bypassed: after.bypassed - before.bypassed }).toEqual({ hits: 1, misses: 1, bypassed: 1 });
    expect(after.entries).toBeGreaterThan(0);
  });

  it('answers from the cache gzipped to clients that accept it, and plain to the others', async () => {
    const owner = await buildUser(t.ctx);
    for (let i = 0; i < 6; i += 1) await buildProject(t.ctx, owner);
    const plain = await get('/api/projects');
    expect(plain.headers.vary).toBe('accept-encoding');
    const gzipped = await t.app.inject({ method: 'GET', url: '/api/projects', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(gzipped.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);
    expect(gunzipSync(gzipped.rawPayload).toString()).toBe(plain.body);
    for (const acceptEncoding of ['identity', 'gzip;q=0', 'br']) {
      const refused = await t.app.inject({ method: 'GET', url: '/api/projects', headers: { 'accept-encoding': acceptEncoding } });
      expect(refused.headers['content-encoding']).toBeUndefined();
      expect(refused.body).toBe(plain.body);
    }
  });

  it('makes an answer\'s gzip copy when a browser first asks for it again, once, not when it stores the answer', async () => {
    const owner = await buildUser(t.ctx);
    for (let i = 0; i < 6; i += 1) await buildProject(t.ctx, owner);
    const bytes = () => t.ctx.readCache.bookkeeping().bytes;
    const gzip = { 'accept-encoding': 'gzip' };
    const stored = await t.app.inject({ method: 'GET', url: '/api/projects', headers: gzip });
    // The miss is answered plain, and stored plain.
    expect(stored.headers['content-encoding']).toBeUndefined();
    const plainBytes = bytes();
    const first = await t.app.inject({ method: 'GET', url: '/api/projects', headers: gzip });
    expect(first.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(first.rawPayload).toString()).toBe(stored.body);
    const withCopy = bytes();
    expect(withCopy).toBeGreaterThan(plainBytes);
    expect(withCopy - plainBytes).toBeLessThan(stored.rawPayload.length / 2);
    const again = await t.app.inject({ method: 'GET', url: '/api/projects', headers: gzip });
    expect(again.rawPayload).toEqual(first.rawPayload);
    expect(bytes()).toBe(withCopy);
  });

  it('builds again only the cards a write changed when it reads a list again (the others are kept, shared by every list)', async () => {
    const owner = await buildUser(t.ctx);
    const fan = await buildUser(t.ctx);
    const liked = await buildProject(t.ctx, owner, { title: 'Liked koi', tags: ['koi'] });
    const other = await buildProject(t.ctx, owner, { title: 'Other koi', tags: ['koi'] });
    const cards = async (url: string, cookie?: string) => Object.fromEntries(((await get(url, cookie)).json() as TProject[]).map((card) => [card.id, { title: card.title, likes: card.likes }]));
    const memberCookie = await cookieFor(t.ctx, fan);
    for (const url of ['/api/projects?sort=recent', '/api/projects/search/koi']) {
      for (const cookie of [undefined, memberCookie]) {
        expect(await cards(url, cookie)).toEqual({ [liked.id]: { title: 'Liked koi', likes: 0 }, [other.id]: { title: 'Other koi', likes: 0 } });
      }
    }
    await retitleBehindTheBack(t, other.id, 'Renamed behind the back');
    const like = await t.app.inject({ method: 'POST', url: `/api/projects/${liked.id}/like`, headers: { cookie: memberCookie } });
    expect(like.statusCode).toBe(200);
    // The lists are read again: the liked project's card is new, the other one kept.
    for (const url of ['/api/projects?sort=recent', '/api/projects/search/koi', '/api/projects?sort=popular']) {
      for (const cookie of [undefined, memberCookie]) {
        expect(await cards(url, cookie)).toEqual({ [liked.id]: { title: 'Liked koi', likes: 1 }, [other.id]: { title: 'Other koi', likes: 0 } });
      }
    }
    // Which projects a list holds is read again when that changes: a new project shows at once.
    const third = await buildProject(t.ctx, owner, { title: 'Third koi', tags: ['koi'] });
    for (const url of ['/api/projects?sort=recent', '/api/projects/search/koi']) {
      for (const cookie of [undefined, memberCookie]) expect((await cards(url, cookie))[third.id]).toEqual({ title: 'Third koi', likes: 0 });
    }
  });

  it('never serves a signed-in member from the cache', async () => {
    const owner = await buildUser(t.ctx);
    const fan = await buildUser(t.ctx);
    const project = await buildProject(t.ctx, owner, { title: 'First' });
    expect(await titles()).toEqual(['First']);
    await retitleBehindTheBack(t, project.id, 'Second');
    expect(await titles()).toEqual(['First']);
    // The fan's like, made behind the cache's back too, shows on their page: it is not the cached one.
    await t.ctx.db.insertInto('likes').values({ user_id: fan.id, project_id: project.id, created_at: new Date().toISOString() }).execute();
    const asFan = await get('/api/projects?sort=recent', await cookieFor(t.ctx, fan));
    expect((asFan.json() as TProject[]).map((card) => card.isLiked)).toEqual([true]);
  });

  it('serves pages that are the same for everyone, like category counts, to members from the cache too', async () => {
    const owner = await buildUser(t.ctx);
    const cookie = await cookieFor(t.ctx, owner);
    const project = await buildProject(t.ctx, owner, { categories: ['Print'] });
    const printCount = async () => {
      const response = await get('/api/categories', cookie);
      return (response.json() as { name: string; projects: number }[]).find((category) => category.name === 'Print')?.projects;
    };
    expect(await printCount()).toBe(1);
    await t.ctx.db.deleteFrom('project_categories').where('project_id', '=', project.id).execute();
    expect(await printCount()).toBe(1);
    const edit = await t.app.inject({ method: 'PATCH', url: `/api/projects/${project.id}`, headers: { cookie }, payload: { category: 'Animation' } });
    expect(edit.statusCode).toBe(200);
    expect(await printCount()).toBe(0);
  });

  it('forgets what a like changes when it succeeds, and nothing when it is refused', async () => {
    const owner = await buildUser(t.ctx);
    const liked = await buildProject(t.ctx, owner, { title: 'First' });
    const cookie = await cookieFor(t.ctx, owner);
    expect(await titles()).toEqual(['First']);
    await retitleBehindTheBack(t, liked.id, 'Renamed');

    const refused = await t.app.inject({ method: 'POST', url: `/api/projects/${liked.id}/like` });
    expect(refused.statusCode).toBe(401);
    expect(await titles()).toEqual(['First']);

    const like = await t.app.inject({ method: 'POST', url: `/api/projects/${liked.id}/like`, headers: { cookie } });
    expect(like.statusCode).toBe(200);
    expect(await titles()).toEqual(['Renamed']);
  });

  it('leaves project B and the job board cached when project A is liked', async () => {
    const creator = await buildUser(t.ctx);
    const fan = await buildUser(t.ctx);
    const a = await buildProject(t.ctx, creator, { title: 'A' });
    const b = await buildProject(t.ctx, creator, { title: 'B' });
    const job = await buildJob(t.ctx, creator, { body: { title: 'Prompt Engineer' } });
    expect(await projectTitle(b.id)).toBe('B');
    expect(await jobTitles()).toEqual(['Prompt Engineer']);
    await retitleBehindTheBack(t, b.id, 'B renamed');
    await retitleJobBehindTheBack(t, job.id, 'Renamed job');

    const like = await t.app.inject({ method: 'POST', url: `/api/projects/${a.id}/like`, headers: { cookie: await cookieFor(t.ctx, fan) } });
    expect(like.json()).toEqual({ liked: true, newCount: 1 });
    expect(((await get(`/api/projects/${a.id}`)).json() as TProject).likes).toBe(1);
    expect(await projectTitle(b.id)).toBe('B');
    expect(await jobTitles()).toEqual(['Prompt Engineer']);
  });

  it('empties nothing on sign-in, sign-out, a refused sign-up, a contact message, an inbox read, codes, an upload or an unpaid job', async () => {
    const creator = await buildUser(t.ctx);
    const project = await buildProject(t.ctx, creator, { title: 'Kept' });
    const job = await buildJob(t.ctx, creator, { body: { title: 'Kept job' } });
    const message = await buildMessage(t.ctx, creator.id);
    const code = await buildCode(t.ctx, creator.id);
    const cached = ['/api/projects', `/api/projects/${project.id}`, `/api/users/${creator.id}`, `/api/users/${creator.id}/projects`, '/api/jobs', '/api/stats', '/api/categories', '/sitemap.xml'];
    const before = await Promise.all(cached.map(async (url) => (await get(url)).body));
    // Every one of those answers would change if read again from the database.
    await retitleBehindTheBack(t, project.id, 'Changed behind the back');
    await retitleJobBehindTheBack(t, job.id, 'Changed behind the back');
    await t.ctx.db.updateTable('users').set({ bio: 'Changed behind the back' }).where('id', '=', creator.id).execute();
    await t.ctx.db.updateTable('projects').set({ views_count: 1000, updated_at: '2030-01-01T00:00:00.000Z' }).where('id', '=', project.id).execute();
    await t.ctx.db.deleteFrom('project_categories').where('project_id', '=', project.id).execute();

    const signIn = await t.app.inject({ method: 'POST', url: '/api/auth/signin', payload: { email: creator.email, password: FACTORY_PASSWORD } });
    expect(signIn.statusCode).toBe(200);
    const cookie = await cookieFor(t.ctx, creator);
    const upload = await multipartBody([{ filename: 'a1111.png', content: readFileSync(join(FIXTURES, 'a1111.png')) }]);
    const writes = [
      { method: 'POST', url: '/api/auth/signup', payload: signupBody('NOT-A-REAL-CODE') },
      { method: 'POST', url: '/api/contact', payload: { name: 'Ada', email: 'ada@example.com', message: 'Hello', recipientId: creator.id, projectId: project.id } },
      { method: 'POST', url: `/api/messages/${message.id}/read`, headers: { cookie } },
      { method: 'POST', url: '/api/invitation-codes/validate', payload: { code: code.code } },
      { method: 'POST', url: '/api/invitation-codes/generate', headers: { cookie }, payload: { count: 1 } },
      { method: 'POST', url: '/api/upload', headers: { cookie, ...upload.headers }, payload: upload.payload },
      { method: 'POST', url: '/api/jobs', headers: { cookie }, payload: jobBody() },
      { method: 'POST', url: '/api/auth/signout', headers: { cookie } },
    ] as const;
    for (const write of writes) {
      const response = await t.app.inject(write);
      expect(response.statusCode, write.url).toBeLessThan(500);
    }
    expect(await Promise.all(cached.map(async (url) => (await get(url)).body))).toEqual(before);
  });

  it('does not keep an answer read before a write to what it shows, even when it is stored after the write', async () => {
    const owner = await buildUser(t.ctx);
    const fan = await buildUser(t.ctx);
    const project = await buildProject(t.ctx, owner);
    const other = await buildProject(t.ctx, owner);
    const held = holdStores(t.ctx.readCache);
    // Both pages are read before the like, and reach the cache only after it.
    await get(`/api/projects/${project.id}`);
    await get(`/api/projects/${other.id}`);
    await t.app.inject({ method: 'POST', url: `/api/projects/${project.id}/like`, headers: { cookie: await cookieFor(t.ctx, fan) } });
    held.release();
    expect(((await get(`/api/projects/${project.id}`)).json() as TProject).likes).toBe(1);
    // The other page shows nothing the like changed: it was kept.
    await retitleBehindTheBack(t, other.id, 'Changed behind the back');
    expect(await projectTitle(other.id)).toBe(other.title);
  });

  it('keeps each URL apart', async () => {
    const owner = await buildUser(t.ctx);
    await buildProject(t.ctx, owner, { title: 'Alpha', categories: ['Illustration'] });
    await buildProject(t.ctx, owner, { title: 'Beta', categories: ['Animation'] });
    const illustration = await get('/api/projects?category=Illustration');
    const animation = await get('/api/projects?category=Animation');
    expect((illustration.json() as TProject[]).map((p) => p.title)).toEqual(['Alpha']);
    expect((animation.json() as TProject[]).map((p) => p.title)).toEqual(['Beta']);
  });

  /**
   * Holds the categories' counts read (a slow read) once its rows are in, until released: the
   * read's answer then stays in flight as long as a test needs. Counts the reads made.
   */
  const holdCategoryReads = () => {
    const reads = t.ctx.slowReads;
    const original = reads.all.bind(reads);
    let release = () => {};
    const released = new Promise<void>((resolve) => (release = resolve));
    const state = { reads: 0, holding: 0, release, restore: () => (reads.all = original) };
    reads.all = async <R,>(query: Parameters<typeof original>[0]) => {
      const rows = await original<R>(query);
      if (!query.sql.includes('project_categories')) return rows;
      state.reads += 1;
      state.holding += 1;
      await released;
      return rows;
    };
    return state;
  };
  const categoryProjects = (response: { json: () => unknown }, name: string) => (response.json() as { name: string; projects: number }[]).find((category) => category.name === name)?.projects;

  it('reads an uncached URL once for everyone asking while it is read, and answers the others from that read', async () => {
    const owner = await buildUser(t.ctx);
    await buildProject(t.ctx, owner, { categories: ['Print'] });
    const cookie = await cookieFor(t.ctx, owner);
    const hold = holdCategoryReads();
    try {
      const before = await cacheCounts();
      const first = get('/api/categories');
      await expect.poll(() => hold.holding).toBe(1);
      const others = [get('/api/categories'), get('/api/categories', cookie), get('/api/categories')];
      await expect.poll(async () => (await cacheCounts()).joined - before.joined).toBe(3);
      hold.release();
      const answers = await Promise.all([first, ...others]);
      expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200, 200]);
      expect(new Set(answers.map((answer) => answer.body)).size).toBe(1);
      expect(categoryProjects(answers[0]!, 'Print')).toBe(1);
      expect(hold.reads).toBe(1);
      const after = await cacheCounts();
      expect({ hits: after.hits - before.hits, misses: after.misses - before.misses, joined: after.joined - before.joined }).toEqual({ hits: 3, misses: 1, joined: 3 });
    } finally {
      hold.release();
      hold.restore();
    }
  });

  it('lets a request that waited read on its own when the answer it waited for is not kept (a write came while it was read)', async () => {
    const owner = await buildUser(t.ctx);
    const cookie = await cookieFor(t.ctx, owner);
    const project = await buildProject(t.ctx, owner, { categories: ['Print'] });
    const hold = holdCategoryReads();
    try {
      const first = get('/api/categories');
      await expect.poll(() => hold.holding).toBe(1);
      // Read before the edit, answered after it: never kept, so no later request is sent it.
      const edit = await t.app.inject({ method: 'PATCH', url: `/api/projects/${project.id}`, headers: { cookie }, payload: { category: 'Animation' } });
      expect(edit.statusCode).toBe(200);
      const joined = (await cacheCounts()).joined;
      const second = get('/api/categories');
      await expect.poll(async () => (await cacheCounts()).joined).toBe(joined + 1);
      hold.release();
      const [old, fresh] = await Promise.all([first, second]);
      expect(categoryProjects(old, 'Print')).toBe(1);
      expect(categoryProjects(fresh, 'Print')).toBe(0);
      expect(categoryProjects(fresh, 'Animation')).toBe(1);
      expect(hold.reads).toBe(2);
      expect(categoryProjects(await get('/api/categories'), 'Animation')).toBe(1);
      expect(hold.reads).toBe(2);
    } finally {
      hold.release();
      hold.restore();
    }
  });

  it('lets the requests that waited read on their own when the answer they waited for failed', async () => {
    const hold = holdCategoryReads();
    const reads = t.ctx.slowReads;
    const held = reads.all.bind(reads);
    let failures = 1;
    reads.all = async <R,>(query: Parameters<typeof held>[0]) => {
      const rows = await held<R>(query);
      if (query.sql.includes('project_categories') && failures-- > 0) throw new Error('the read failed');
      return rows;
    };
    try {
      const first = get('/api/categories');
      await expect.poll(() => hold.holding).toBe(1);
      const joined = (await cacheCounts()).joined;
      const second = get('/api/categories');
      await expect.poll(async () => (await cacheCounts()).joined).toBe(joined + 1);
      hold.release();
      const [failed, answered] = await Promise.all([first, second]);
      expect(failed.statusCode).toBe(500);
      expect(answered.statusCode).toBe(200);
      expect(hold.reads).toBe(2);
    } finally {
      hold.release();
      hold.restore();
    }
  });

  it("never holds a new visitor of a kept project page back behind another's view (each has a view to count)", async () => {
    const owner = await buildUser(t.ctx);
    const project = await buildProject(t.ctx, owner, { title: 'Popular' });
    const view = (address: string) => t.app.inject({ method: 'GET', url: `/api/projects/slug/${project.slug}`, remoteAddress: address });
    expect((await view('203.0.113.1')).statusCode).toBe(200);
    const before = await cacheCounts();
    const answers = await Promise.all(['203.0.113.2', '203.0.113.3', '203.0.113.4'].map(view));
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200]);
    expect((await cacheCounts()).joined - before.joined).toBe(0);
    // Each sent the kept answer, each view counted.
    expect((await cacheCounts()).hits - before.hits).toBe(3);
    await t.flushViews();
    expect((await t.ctx.db.selectFrom('projects').select('views_count').where('id', '=', project.id).executeTakeFirstOrThrow()).views_count).toBe(4);
  });

  it('sends a project to a visitor gzipped when accepted, the same JSON as plain', async () => {
    const owner = await buildUser(t.ctx);
    const project = await buildProject(t.ctx, owner, { media: 3 });
    const url = `/api/projects/slug/${project.slug}`;
    const plain = await get(url);
    const gzipped = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip' } });
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(gzipped.headers.vary).toBe('accept-encoding');
    expect(JSON.parse(gunzipSync(gzipped.rawPayload).toString())).toEqual(plain.json());
  });

  it('counts a project view once per visitor even when the project comes from the cache', async () => {
    const owner = await buildUser(t.ctx);
    const project = await buildProject(t.ctx, owner, { title: 'Viewed' });
    // A visitor is their address (hashed with the day's salt).
    const view = async (address: string) => {
      const response = await t.app.inject({ method: 'GET', url: `/api/projects/slug/${project.slug}`, remoteAddress: address });
      expect(response.statusCode).toBe(200);
      return (response.json() as TProject).views;
    };
    expect(await view('203.0.113.1')).toBe(1);
    expect(await view('203.0.113.1')).toBe(1);
    // New visitors are sent the kept answer while it is younger than the trail, their views counted.
    expect(await view('203.0.113.2')).toBe(1);
    expect(await view('203.0.113.2')).toBe(1);
    expect(await view('203.0.113.3')).toBe(1);
    t.clock.advance(KEPT_PAGE_VIEWS_TRAIL_MS);
    expect(await view('203.0.113.2')).toBe(3);
    // Written in the next batch of views (projects/view-counts.ts).
    await t.flushViews();
    const row = await t.ctx.db.selectFrom('projects').select('views_count').where('id', '=', project.id).executeTakeFirstOrThrow();
    expect(row.views_count).toBe(3);
  });

  it('reads a creator once for the pages of all their projects, until their profile changes', async () => {
    const owner = await buildUser(t.ctx, { first_name: 'Mira' });
    const [first, second] = [await buildProject(t.ctx, owner), await buildProject(t.ctx, owner)];
    const creatorOf = async (slug: string) => ((await get(`/api/projects/slug/${slug}`)).json() as TProject).user.firstName;
    expect(await creatorOf(first.slug)).toBe('Mira');
    await t.ctx.db.updateTable('users').set({ first_name: 'Behind the back' }).where('id', '=', owner.id).execute();
    // The second project's page is read from the database, its creator from what the first kept.
    expect(await creatorOf(second.slug)).toBe('Mira');
    const edit = await t.app.inject({ method: 'PATCH', url: '/api/auth/profile', headers: { cookie: await cookieFor(t.ctx, owner) }, payload: { firstName: 'Zephyrine' } });
    expect(edit.statusCode).toBe(200);
    expect([await creatorOf(first.slug), await creatorOf(second.slug)]).toEqual(['Zephyrine', 'Zephyrine']);
  });

  it('keeps the visitors\' copy of a project when a new visitor\'s view is counted, with the view in it', async () => {
    const owner = await buildUser(t.ctx);
    const project = await buildProject(t.ctx, owner, { title: 'Kept' });
    const view = async (address: string) => (await t.app.inject({ method: 'GET', url: `/api/projects/slug/${project.slug}`, remoteAddress: address })).json() as TProject;
    await view('203.0.113.1');
    await retitleBehindTheBack(t, project.id, 'Behind the back');
    // A new visitor once the kept answer is older than the trail: their answer is made again from
    // the kept copy, not from the database, with both views in it.
    t.clock.advance(KEPT_PAGE_VIEWS_TRAIL_MS);
    expect(await view('203.0.113.2')).toMatchObject({ title: 'Kept', views: 2 });
    // The next one is sent that answer as it is, their view counted on the copy.
    expect(await view('203.0.113.3')).toMatchObject({ title: 'Kept', views: 2 });
    await t.flushViews();
    const row = await t.ctx.db.selectFrom('projects').select('views_count').where('id', '=', project.id).executeTakeFirstOrThrow();
    expect(row.views_count).toBe(3);
  });

  it('answers members\' gallery pages from one copy shared by all members (mature work in), with each member\'s own likes and follows', async () => {
    const owner = await buildUser(t.ctx);
    const [first, second] = [await buildUser(t.ctx), await buildUser(t.ctx)];
    const project = await buildProject(t.ctx, owner, { title: 'Shared card' });
    const mature = await buildProject(t.ctx, owner, { title: 'Mature card' });
    await t.ctx.db.updateTable('projects').set({ is_mature: 1 }).where('id', '=', mature.id).execute();
    const cards = async (cookie: string) => (await get('/api/projects?sort=recent', cookie)).json() as TProject[];
    expect((await cards(await cookieFor(t.ctx, first))).map((card) => card.title)).toEqual(['Mature card', 'Shared card']);
    await retitleBehindTheBack(t, project.id, 'Behind the back');
    await t.ctx.db.insertInto('likes').values({ user_id: second.id, project_id: project.id, created_at: new Date().toISOString() }).execute();
    await t.ctx.db.insertInto('follows').values({ follower_id: second.id, followee_id: owner.id, created_at: new Date().toISOString() }).execute();
    const seen = await cards(await cookieFor(t.ctx, second));
    expect(seen.map((card) => [card.title, card.isLiked, card.isFollowing])).toEqual([
      ['Mature card', false, true],
      ['Shared card', true, true],
    ]);
    // Visitors' pages stay their own: no mature work.
    expect((await titles()).includes('Mature card')).toBe(false);
  });

  it('answers members\' search pages from one copy shared by all members (mature work in), with each member\'s own likes and follows', async () => {
    const owner = await buildUser(t.ctx);
    const [first, second] = [await buildUser(t.ctx), await buildUser(t.ctx)];
    const project = await buildProject(t.ctx, owner, { title: 'Shared lantern' });
    const mature = await buildProject(t.ctx, owner, { title: 'Mature lantern' });
    await t.ctx.db.updateTable('projects').set({ is_mature: 1 }).where('id', '=', mature.id).execute();
    const found = async (cookie: string) => (await get('/api/projects/search/lantern?sort=recent', cookie)).json() as TProject[];
    expect((await found(await cookieFor(t.ctx, first))).map((card) => card.title)).toEqual(['Mature lantern', 'Shared lantern']);
    await retitleBehindTheBack(t, project.id, 'Behind the back');
    await t.ctx.db.insertInto('likes').values({ user_id: second.id, project_id: project.id, created_at: new Date().toISOString() }).execute();
    await t.ctx.db.insertInto('follows').values({ follower_id: second.id, followee_id: owner.id, created_at: new Date().toISOString() }).execute();
    const seen = await found(await cookieFor(t.ctx, second));
    expect(seen.map((card) => [card.title, card.isLiked, card.isFollowing])).toEqual([
      ['Mature lantern', false, true],
      ['Shared lantern', true, true],
    ]);
    // Visitors' search stays their own: no mature work.
    expect(((await get('/api/projects/search/lantern?sort=recent')).json() as TProject[]).map((card) => card.title)).not.toContain('Mature lantern');
  });

  it("answers a creator's public collections to visitors from the cache, and forgets them when the owner creates, renames, fills, empties, hides or deletes one", async () => {
    const owner = await buildUser(t.ctx);
    const project = await buildProject(t.ctx, owner, { title: 'Kept' });
    const cookie = await cookieFor(t.ctx, owner);
    const shown = async () => ((await get(`/api/users/${owner.id}/collections`)).json() as { name: string; projectCount: number }[]).map((shelf) => `${shelf.name} (${shelf.projectCount})`);
    const write = async (method: 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) => {
      const response = await t.app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });
      expect(response.statusCode).toBeLessThan(300);
      return response;
    };
    expect(await shown()).toEqual([]);
    const { id } = (await write('POST', '/api/collections', { name: 'Moods', isPublic: true })).json() as { id: number };
    expect(await shown()).toEqual(['Moods (0)']);
    // From the cache: a change the cache was not told of does not show.
    await t.ctx.db.updateTable('collections').set({ name: 'Behind the back' }).where('id', '=', id).execute();
    expect(await shown()).toEqual(['Moods (0)']);
    await write('PATCH', `/api/collections/${id}`, { name: 'Tones' });
    expect(await shown()).toEqual(['Tones (0)']);
    await write('POST', `/api/collections/${id}/projects/${project.id}`);
    expect(await shown()).toEqual(['Tones (1)']);
    await write('DELETE', `/api/collections/${id}/projects/${project.id}`);
    expect(await shown()).toEqual(['Tones (0)']);
    await write('PATCH', `/api/collections/${id}`, { isPublic: false });
    expect(await shown()).toEqual([]);
    await write('PATCH', `/api/collections/${id}`, { isPublic: true });
    expect(await shown()).toEqual(['Tones (0)']);
    await write('DELETE', `/api/collections/${id}`);
    expect(await shown()).toEqual([]);
  });

  it("answers a project's comments to visitors from the cache, and forgets them when a comment is added, edited or deleted, or its author renamed", async () => {
    const creator = await buildUser(t.ctx);
    const fan = await buildUser(t.ctx, { first_name: 'Ada', last_name: 'Byron' });
    const project = await buildProject(t.ctx, creator, { title: 'Talked about' });
    const cookie = await cookieFor(t.ctx, fan);
    const shown = async () => ((await get(`/api/projects/${project.id}/comments`)).json() as { body: string; author: { name: string } | null }[]).map((comment) => `${comment.author?.name ?? '-'}: ${comment.body}`);
    const write = async (method: 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) => {
      const response = await t.app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });
      expect(response.statusCode).toBeLessThan(300);
      return response;
    };
    expect(await shown()).toEqual([]);
    const { id } = (await write('POST', `/api/projects/${project.id}/comments`, { body: 'Lovely light' })).json() as { id: number };
    expect(await shown()).toEqual(['Ada Byron: Lovely light']);
    // From the cache: a change the cache was not told of does not show.
    await t.ctx.db.updateTable('comments').set({ body: 'Behind the back' }).where('id', '=', id).execute();
    expect(await shown()).toEqual(['Ada Byron: Lovely light']);
    await write('PATCH', `/api/comments/${id}`, { body: 'Lovely light, and colours' });
    expect(await shown()).toEqual(['Ada Byron: Lovely light, and colours']);
    await write('PATCH', '/api/auth/profile', { firstName: 'Augusta', lastName: 'Byron' });
    expect(await shown()).toEqual(['Augusta Byron: Lovely light, and colours']);
    await write('DELETE', `/api/comments/${id}`);
    expect(await shown()).not.toContain('Augusta Byron: Lovely light, and colours');
  });

  it('answers a member\'s project page from the visitors\' copy, with their own like and follow read for them', async () => {
    const owner = await buildUser(t.ctx);
    const member = await buildUser(t.ctx);
    const project = await buildProject(t.ctx, owner, { title: 'Shared' });
    expect((await get(`/api/projects/slug/${project.slug}`)).statusCode).toBe(200);
    await retitleBehindTheBack(t, project.id, 'Behind the back');
    // Their like and follow, also behind the cache's back: a member's own part is never cached.
    await t.ctx.db.insertInto('likes').values({ user_id: member.id, project_id: project.id, created_at: new Date().toISOString() }).execute();
    await t.ctx.db.insertInto('follows').values({ follower_id: member.id, followee_id: owner.id, created_at: new Date().toISOString() }).execute();
    const seen = (await get(`/api/projects/slug/${project.slug}`, await cookieFor(t.ctx, member))).json() as TProject;
    expect(seen).toMatchObject({ title: 'Shared', isLiked: true, isFollowing: true });
    // A visitor's answer does not carry the member's part.
    expect((await get(`/api/projects/slug/${project.slug}`)).json()).toMatchObject({ title: 'Shared', isLiked: false, isFollowing: false });
    // The creator sees their own project from the database (their hidden prompt is theirs to see).
    expect(((await get(`/api/projects/slug/${project.slug}`, await cookieFor(t.ctx, owner))).json() as TProject).title).toBe('Behind the back');
  });
});

describe.each(ENGINES)('read cache of two processes sharing Redis on %s', (engine) => {
  let here: TTestApp;
  let there: TTestApp;
  beforeEach(async () => {
    // A channel of this test's own: other tests' invalidations on the same Redis must not reach it.
    const readCacheBus = { redisUrl: REDIS_URL, channel: `read-cache-test:${randomBytes(6).toString('hex')}` };
    here = await buildTestApp(engine, { readCacheBus });
    there = await buildTestApp(engine, { readCacheBus, shareWith: here });
    // Both subscribed before anything is published.
    await new Promise((resolve) => setTimeout(resolve, 300));
  });
  afterEach(async () => {
    await there.close();
    await here.close();
  });

  // Rows are made through the process that reads them, which forgets at once what they change;
  // made through the other, their invalidations could arrive after the reads they precede.
  it('makes the other process forget what a like changed there too, and keep the rest', async () => {
    const creator = await buildUser(there.ctx);
    const fan = await buildUser(there.ctx);
    const a = await buildProject(there.ctx, creator, { title: 'A' });
    const b = await buildProject(there.ctx, creator, { title: 'B' });
    const visitorPage = async (app: TTestApp, id: number) => (await app.app.inject({ url: `/api/projects/${id}` })).json() as TProject;
    expect((await visitorPage(there, a.id)).likes).toBe(0);
    expect((await visitorPage(there, b.id)).title).toBe('B');
    await retitleBehindTheBack(here, b.id, 'B renamed');

    const like = await here.app.inject({ method: 'POST', url: `/api/projects/${a.id}/like`, headers: { cookie: await cookieFor(here.ctx, fan) } });
    expect(like.json()).toEqual({ liked: true, newCount: 1 });
    await expect.poll(async () => (await visitorPage(there, a.id)).likes, { timeout: 3000, interval: 20 }).toBe(1);
    expect((await visitorPage(there, b.id)).title).toBe('B');
  });

  it('makes the other process forget everything when an account goes', async () => {
    const leaving = await buildUser(there.ctx);
    await buildProject(there.ctx, leaving, { title: 'Going' });
    const gallery = async () => ((await there.app.inject({ url: '/api/projects' })).json() as TProject[]).map((project) => project.title);
    expect(await gallery()).toEqual(['Going']);
    const deletion = await here.app.inject({ method: 'DELETE', url: '/api/auth/delete-account', headers: { cookie: await cookieFor(here.ctx, leaving) } });
    expect(deletion.statusCode).toBe(204);
    await expect.poll(gallery, { timeout: 3000, interval: 20 }).toEqual([]);
  });
});

/** Holds back every store into the cache until released, as if each read were slow to finish. */
function holdStores(cache: TReadCache): { release(): void } {
  const store = cache.set.bind(cache);
  const held: Parameters<TReadCache['set']>[] = [];
  cache.set = (...args) => void held.push(args);
  return {
    release() {
      cache.set = store;
      for (const args of held.splice(0)) store(...args);
    },
  };
}
