// No stale answer after a write: for each kind of write, the answers it changes are cached
// first (read anonymously, and again, so the second comes from the cache), then the write goes
// through the API, then every one of those answers shows the change.
import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TCategorySummary, TCreatorProfile } from '../../shared/schemas/creator';
import type { TSiteStats } from '../../shared/schemas/contact';
import type { TJob, TMyJob, TPaymentSession } from '../../shared/schemas/job';
import type { TProject } from '../../shared/schemas/project';
import type { UserRow } from '../db/schema';
import { LIKE_ORDER_LAG_MS } from '../lib/cache-tags';
import { OWN_MARKS_KEPT } from '../features/social/social.service';
import { buildAppServingClient, buildTestApp, ENGINES, type TTestApp } from '../test/build-test-app';
import { buildCode, buildJob, buildMedia, buildProject, buildUser, cookieFor, jobBody, signupBody } from '../test/factories';

describe.each(ENGINES)('no stale cached answer after a write on %s', (engine) => {
  let t: TTestApp;
  beforeEach(async () => {
    t = await buildTestApp(engine, { env: { PUBLIC_URL: 'https://gallery.example' } });
  });
  afterEach(async () => {
    await t.close();
  });

  /** An anonymous read, twice: the second answer is the cached one. */
  async function cached<T>(url: string): Promise<T> {
    await t.app.inject({ url });
    return read<T>(url);
  }
  async function read<T>(url: string): Promise<T> {
    const response = await t.app.inject({ url });
    expect(response.statusCode, url).toBe(200);
    return (String(response.headers['content-type']).startsWith('application/json') ? response.json() : response.body) as T;
  }
  const ids = (projects: TProject[]) => projects.map((project) => project.id);
  const write = async (method: 'POST' | 'PATCH' | 'DELETE', url: string, cookie: string, payload?: object) => {
    const response = await t.app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });
    expect(response.statusCode, `${method} ${url}: ${response.body}`).toBeLessThan(300);
    return response;
  };
  const member = async (overrides: Partial<UserRow> = {}) => {
    const user = await buildUser(t.ctx, overrides);
    return { user, cookie: await cookieFor(t.ctx, user) };
  };

  it('shows a like and an unlike in the project, the lists showing it or ordered by likes, both members\' figures and the site figures', async () => {
    const creator = await member();
    const fan = await member();
    // `rival` leads the orders by likes; one like on `liked` ties it, and the newer project wins ties.
    const rival = await buildProject(t.ctx, creator.user, { title: 'Rival koi', tags: ['koi'], likes: 1 });
    const liked = await buildProject(t.ctx, creator.user, { title: 'Liked koi', tags: ['koi'] });
    const neighbour = await buildProject(t.ctx, creator.user, { title: 'Neighbour', tags: ['koi'] });
    const urls = {
      project: `/api/projects/${liked.id}`,
      recent: '/api/projects?sort=recent',
      popularFirst: '/api/projects?sort=popular&limit=1',
      trendingFirst: '/api/projects/category/Illustration?sort=trending&limit=1',
      creatorsPopularFirst: `/api/users/${creator.user.id}/projects?sort=popular&limit=1`,
      searchPopularFirst: '/api/projects/search/koi?sort=popular&limit=1',
      similar: `/api/projects/similar/${neighbour.id}`,
      creator: `/api/users/${creator.user.id}`,
      fan: `/api/users/${fan.user.id}`,
      stats: '/api/stats',
    };
    const seen = async () => ({
      likes: (await read<TProject>(urls.project)).likes,
      inRecent: (await read<TProject[]>(urls.recent)).find((project) => project.id === liked.id)?.likes,
      popularFirst: ids(await read<TProject[]>(urls.popularFirst)),
      trendingFirst: ids(await read<TProject[]>(urls.trendingFirst)),
      creatorsPopularFirst: ids(await read<TProject[]>(urls.creatorsPopularFirst)),
      searchPopularFirst: ids(await read<TProject[]>(urls.searchPopularFirst)),
      inSimilar: (await read<TProject[]>(urls.similar)).find((project) => project.id === liked.id)?.likes,
      creatorLikes: (await read<TCreatorProfile>(urls.creator)).stats.likes,
      fanLiked: (await read<TCreatorProfile>(urls.fan)).stats.liked,
      siteLikes: (await read<TSiteStats>(urls.stats)).likes,
    });
    for (const url of Object.values(urls)) await cached(url);
    const before = { likes: 0, inRecent: 0, popularFirst: [rival.id], trendingFirst: [rival.id], creatorsPopularFirst: [rival.id], searchPopularFirst: [rival.id], inSimilar: 0, creatorLikes: 1, fanLiked: 0, siteLikes: 1 };
    expect(await seen()).toEqual(before);

    await write('POST', `/api/projects/${liked.id}/like`, fan.cookie);
    const after = { likes: 1, inRecent: 1, popularFirst: [liked.id], trendingFirst: [liked.id], creatorsPopularFirst: [liked.id], searchPopularFirst: [liked.id], inSimilar: 1, creatorLikes: 2, fanLiked: 1, siteLikes: 2 };
    // At once: the project, every list showing it, both members' figures.
    expect(await seen()).toMatchObject({ likes: 1, inRecent: 1, inSimilar: 1, creatorLikes: 2, fanLiked: 1 });
    // Lists ordered by likes that did not show it (limit=1), and the site's like count (kept: a
    // sum over every project, read once however many likes come): within LIKE_ORDER_LAG_MS.
    await new Promise((resolve) => setTimeout(resolve, LIKE_ORDER_LAG_MS + 100));
    expect(await seen()).toEqual(after);

    await write('POST', `/api/projects/${liked.id}/like`, fan.cookie);
    const { siteLikes: _withinTheLag, ...atOnce } = before;
    expect(await seen()).toMatchObject(atOnce);
    await new Promise((resolve) => setTimeout(resolve, LIKE_ORDER_LAG_MS + 100));
    expect(await seen()).toEqual(before);
  });

  it('keeps the site figures through likes until LIKE_ORDER_LAG_MS has passed (a sum over every project, read once for them all)', async () => {
    const creator = await member();
    const fans = [await member(), await member()];
    const project = await buildProject(t.ctx, creator.user);
    expect((await cached<TSiteStats>('/api/stats')).likes).toBe(0);
    // Only the lag's timer is held: the likes' own work does not wait on setTimeout.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      for (const fan of fans) await write('POST', `/api/projects/${project.id}/like`, fan.cookie);
      expect((await read<TSiteStats>('/api/stats')).likes).toBe(0);
      await vi.advanceTimersByTimeAsync(LIKE_ORDER_LAG_MS);
    } finally {
      vi.useRealTimers();
    }
    expect((await read<TSiteStats>('/api/stats')).likes).toBe(2);
  });

  it("shows a follow and an unfollow in both members' figures", async () => {
    const follower = await member();
    const followee = await member();
    const figures = async () => ({
      followers: (await read<TCreatorProfile>(`/api/users/${followee.user.id}`)).stats.followers,
      following: (await read<TCreatorProfile>(`/api/users/${follower.user.id}`)).stats.following,
    });
    await cached(`/api/users/${followee.user.id}`);
    await cached(`/api/users/${follower.user.id}`);
    await write('POST', `/api/users/${followee.user.id}/follow`, follower.cookie);
    expect(await figures()).toEqual({ followers: 1, following: 1 });
    await write('POST', `/api/users/${followee.user.id}/follow`, follower.cookie);
    expect(await figures()).toEqual({ followers: 0, following: 0 });
  });

  it("marks a member's own likes and follows from what it keeps of them, moved by each of their likes and follows, and each of those and blocks shows at once (others' do not forget it)", async () => {
    const creator = await member();
    const fan = await member();
    const first = await buildProject(t.ctx, creator.user, { title: 'First' });
    const second = await buildProject(t.ctx, creator.user, { title: 'Second' });
    const fansOwn = await buildProject(t.ctx, fan.user, { title: 'Fan art' });
    const marks = async () => {
      const response = await t.app.inject({ url: '/api/projects?sort=recent', headers: { cookie: fan.cookie } });
      const cards = response.json<TProject[]>();
      const page = await t.app.inject({ url: `/api/projects/${first.id}`, headers: { cookie: fan.cookie } });
      return { liked: cards.filter((card) => card.isLiked).map((card) => card.id), following: cards.filter((card) => card.user.id === creator.user.id).every((card) => card.isFollowing), pageLiked: page.json<TProject>().isLiked };
    };
    expect(await marks()).toEqual({ liked: [], following: false, pageLiked: false });
    // Kept: a like written behind the cache's back does not show until one of theirs does.
    await t.ctx.db.insertInto('likes').values({ user_id: fan.user.id, project_id: second.id, created_at: new Date().toISOString() }).execute();
    expect((await marks()).liked).toEqual([]);
    // Nor when others like their work or follow them: that changes the fan's figures, not their marks.
    await write('POST', `/api/projects/${fansOwn.id}/like`, creator.cookie);
    await write('POST', `/api/users/${fan.user.id}/follow`, creator.cookie);
    expect((await marks()).liked).toEqual([]);
    // Their own like and follow move what is kept of their marks, which is not read again: the
    // like written behind its back still does not show.
    await write('POST', `/api/projects/${first.id}/like`, fan.cookie);
    expect(await marks()).toEqual({ liked: [first.id], following: false, pageLiked: true });
    await write('POST', `/api/users/${creator.user.id}/follow`, fan.cookie);
    expect(await marks()).toEqual({ liked: [first.id], following: true, pageLiked: true });
    await write('POST', `/api/projects/${first.id}/like`, fan.cookie);
    expect(await marks()).toEqual({ liked: [], following: true, pageLiked: false });
    // The creator blocking the fan ends the fan's follow: their marks are forgotten, and read again.
    await write('POST', `/api/users/${fan.user.id}/block`, creator.cookie);
    expect(await marks()).toEqual({ liked: [second.id], following: false, pageLiked: false });
  });

  it(`asks the database each time for the marks of a member who follows more than ${OWN_MARKS_KEPT} (too many to keep)`, async () => {
    const creator = await member();
    const fan = await member();
    await buildProject(t.ctx, creator.user);
    const now = new Date().toISOString();
    const followed = [creator.user.id];
    for (let chunk = 0; chunk < OWN_MARKS_KEPT; chunk += 250) {
      const rows = Array.from({ length: 250 }, (_, index) => ({ email: `many-${chunk + index}@example.com`, password_hash: 'x', first_name: 'Many', last_name: String(chunk + index), created_at: now, updated_at: now }));
      followed.push(...(await t.ctx.db.insertInto('users').values(rows).returning('id').execute()).map((row) => row.id));
    }
    for (let start = 0; start < followed.length; start += 250) {
      await t.ctx.db.insertInto('follows').values(followed.slice(start, start + 250).map((id) => ({ follower_id: fan.user.id, followee_id: id, created_at: now }))).execute();
    }
    const following = async () => (await t.app.inject({ url: '/api/projects?sort=recent', headers: { cookie: fan.cookie } })).json<TProject[]>()[0]!.isFollowing;
    expect(await following()).toBe(true);
    // Not kept: a change behind the cache's back shows at once.
    await t.ctx.db.deleteFrom('follows').where('follower_id', '=', fan.user.id).where('followee_id', '=', creator.user.id).execute();
    expect(await following()).toBe(false);
  });

  it('shows a profile edit wherever the member is shown, and a new name in searches and on the job board', async () => {
    const creator = await member({ first_name: 'Mira', last_name: 'Sol' });
    const invitee = await member({ invited_by: creator.user.id });
    const project = await buildProject(t.ctx, creator.user, { title: 'Tide pool' });
    await buildJob(t.ctx, creator.user);
    const urls = {
      project: `/api/projects/${project.id}`,
      gallery: '/api/projects',
      creator: `/api/users/${creator.user.id}`,
      creatorsProjects: `/api/users/${creator.user.id}/projects`,
      invitee: `/api/users/${invitee.user.id}`,
      search: '/api/projects/search/Zephyrine',
      jobs: '/api/jobs',
    };
    const seen = async () => ({
      project: (await read<TProject>(urls.project)).user.firstName,
      gallery: (await read<TProject[]>(urls.gallery))[0]?.user.firstName,
      creator: (await read<TCreatorProfile>(urls.creator)).user.firstName,
      creatorsProjects: (await read<TProject[]>(urls.creatorsProjects))[0]?.user.firstName,
      inviter: (await read<TCreatorProfile>(urls.invitee)).invitedBy?.name,
      search: ids(await read<TProject[]>(urls.search)),
      poster: (await read<TJob[]>(urls.jobs))[0]?.user.name,
    });
    for (const url of Object.values(urls)) await cached(url);
    expect(await seen()).toEqual({ project: 'Mira', gallery: 'Mira', creator: 'Mira', creatorsProjects: 'Mira', inviter: 'Mira Sol', search: [], poster: 'Mira Sol' });

    await write('PATCH', '/api/auth/profile', creator.cookie, { firstName: 'Zephyrine' });
    expect(await seen()).toEqual({
      project: 'Zephyrine',
      gallery: 'Zephyrine',
      creator: 'Zephyrine',
      creatorsProjects: 'Zephyrine',
      inviter: 'Zephyrine Sol',
      search: [project.id],
      poster: 'Zephyrine Sol',
    });

    await write('PATCH', '/api/auth/profile', creator.cookie, { bio: 'Paints with light.' });
    expect((await read<TProject>(urls.project)).user.bio).toBe('Paints with light.');
    expect((await read<TCreatorProfile>(urls.creator)).user.bio).toBe('Paints with light.');
  });

  it("shows a new project in every list it enters, its creator's figures, the categories, the sitemap and the site figures", async () => {
    const creator = await member();
    const older = await buildProject(t.ctx, creator.user, { title: 'Older', tags: ['lantern'], categories: ['Illustration'] });
    const urls = {
      recent: '/api/projects?sort=recent',
      category: '/api/projects/category/Mobile',
      tagged: '/api/projects?tag=lantern',
      similar: `/api/projects/similar/${older.id}`,
      search: '/api/projects/search/Quokka',
      creatorsProjects: `/api/users/${creator.user.id}/projects`,
      creator: `/api/users/${creator.user.id}`,
      categories: '/api/categories',
      sitemap: '/sitemap.xml',
      stats: '/api/stats',
    };
    for (const url of Object.values(urls)) await cached(url);
    const media = await buildMedia(t.ctx, creator.user.id);
    const created: TProject = (
      await write('POST', '/api/projects', creator.cookie, { title: 'Quokka at dawn', description: 'New', category: 'Mobile', images: [media.url], tags: ['lantern'] })
    ).json();

    for (const url of [urls.recent, urls.category, urls.tagged, urls.similar, urls.search, urls.creatorsProjects]) {
      expect(ids(await read<TProject[]>(url)), url).toContain(created.id);
    }
    expect((await read<TCreatorProfile>(urls.creator)).stats.projects).toBe(2);
    expect((await read<TCategorySummary[]>(urls.categories)).find((category) => category.name === 'Mobile')?.projects).toBe(1);
    expect(await read<string>(urls.sitemap)).toContain(`/project/${created.id}</loc>`);
    expect((await read<TSiteStats>(urls.stats)).projects).toBe(2);
  });

  it('shows an edit on the project, in the lists its new title, tags and categories put it in, the categories and the sitemap', async () => {
    const creator = await member();
    const project = await buildProject(t.ctx, creator.user, { title: 'Plain', tags: ['ai'], categories: ['Illustration'] });
    const neighbour = await buildProject(t.ctx, creator.user, { title: 'Neighbour', tags: ['aurora'], categories: ['Branding'] });
    const urls = {
      project: `/api/projects/${project.id}`,
      category: '/api/projects/category/Animation',
      filtered: '/api/projects?category=Animation',
      tagged: '/api/projects?tag=aurora',
      similar: `/api/projects/similar/${neighbour.id}`,
      search: '/api/projects/search/Zanzibar',
      creatorsFiltered: `/api/users/${creator.user.id}/projects?category=Animation`,
      categories: '/api/categories',
      sitemap: '/sitemap.xml',
    };
    for (const url of Object.values(urls)) await cached(url);
    await write('PATCH', `/api/projects/${project.id}`, creator.cookie, { title: 'Zanzibar dawn', category: 'Animation', tags: ['aurora'], hidePrompt: true });

    expect(await read<TProject>(urls.project)).toMatchObject({ title: 'Zanzibar dawn', category: 'Animation', tags: ['aurora'], hidePrompt: true });
    for (const url of [urls.category, urls.filtered, urls.tagged, urls.similar, urls.search, urls.creatorsFiltered]) {
      expect(ids(await read<TProject[]>(url)), url).toContain(project.id);
    }
    expect((await read<TCategorySummary[]>(urls.categories)).find((category) => category.name === 'Animation')?.projects).toBe(1);
    const row = await t.ctx.db.selectFrom('projects').select('updated_at').where('id', '=', project.id).executeTakeFirstOrThrow();
    expect(await read<string>(urls.sitemap)).toContain(`/project/${project.id}</loc><lastmod>${row.updated_at}</lastmod>`);
  });

  it("takes a deleted project out of its page, every list, its creator's and likers' figures, the categories, the sitemap and the site figures", async () => {
    const creator = await member();
    const fan = await member();
    const project = await buildProject(t.ctx, creator.user, { title: 'Doomed heron', categories: ['Print'] });
    await write('POST', `/api/projects/${project.id}/like`, fan.cookie);
    const urls = {
      gallery: '/api/projects',
      search: '/api/projects/search/heron',
      creatorsProjects: `/api/users/${creator.user.id}/projects`,
      creator: `/api/users/${creator.user.id}`,
      fan: `/api/users/${fan.user.id}`,
      categories: '/api/categories',
      sitemap: '/sitemap.xml',
      stats: '/api/stats',
    };
    await cached(`/api/projects/${project.id}`);
    for (const url of Object.values(urls)) await cached(url);
    const response = await t.app.inject({ method: 'DELETE', url: `/api/projects/${project.id}`, headers: { cookie: creator.cookie } });
    expect(response.statusCode).toBe(204);

    expect((await t.app.inject({ url: `/api/projects/${project.id}` })).statusCode).toBe(404);
    for (const url of [urls.gallery, urls.search, urls.creatorsProjects]) expect(await read<TProject[]>(url), url).toEqual([]);
    expect((await read<TCreatorProfile>(urls.creator)).stats).toMatchObject({ projects: 0, likes: 0 });
    expect((await read<TCreatorProfile>(urls.fan)).stats.liked).toBe(0);
    expect((await read<TCategorySummary[]>(urls.categories)).find((category) => category.name === 'Print')?.projects).toBe(0);
    expect(await read<string>(urls.sitemap)).not.toContain(`/project/${project.id}<`);
    expect(await read<TSiteStats>(urls.stats)).toMatchObject({ projects: 0, likes: 0 });
  });

  it('takes a deleted account and everything it owned out of every answer', async () => {
    const leaving = await member();
    const staying = await member();
    await buildProject(t.ctx, leaving.user, { title: 'Leaving' });
    const kept = await buildProject(t.ctx, staying.user, { title: 'Staying' });
    await write('POST', `/api/projects/${kept.id}/like`, leaving.cookie);
    const urls = { gallery: '/api/projects?sort=recent', kept: `/api/projects/${kept.id}`, leaving: `/api/users/${leaving.user.id}`, stats: '/api/stats' };
    for (const url of Object.values(urls)) await cached(url);
    const response = await t.app.inject({ method: 'DELETE', url: '/api/auth/delete-account', headers: { cookie: leaving.cookie } });
    expect(response.statusCode).toBe(204);

    expect(ids(await read<TProject[]>(urls.gallery))).toEqual([kept.id]);
    expect((await read<TProject>(urls.kept)).likes).toBe(0);
    expect((await t.app.inject({ url: urls.leaving })).statusCode).toBe(404);
    expect(await read<TSiteStats>(urls.stats)).toMatchObject({ users: 1, projects: 1, likes: 0 });
  });

  it('puts a job on the board when it is paid for', async () => {
    const poster = await member();
    const board = async () => (await read<TJob[]>('/api/jobs')).map((job) => job.id);
    expect(await cached<TJob[]>('/api/jobs')).toEqual([]);
    const job: TMyJob = (await write('POST', '/api/jobs', poster.cookie, jobBody())).json();
    expect(await board()).toEqual([]);
    const session: TPaymentSession = (await write('POST', `/api/jobs/${job.id}/payment`, poster.cookie)).json();
    const card = await t.app.inject({ method: 'POST', url: '/api/payments/test/confirm', headers: { cookie: poster.cookie }, payload: { clientSecret: session.clientSecret, cardNumber: '4242 4242 4242 4242', expiry: '12 / 34', cvc: '123' } });
    expect(card.statusCode).toBe(200);
    expect(await board()).toEqual([]);
    await write('POST', `/api/jobs/${job.id}/confirm-payment`, poster.cookie, { paymentIntentId: session.paymentIntentId });
    expect(await board()).toEqual([job.id]);
  });

  it("counts a new member in the site's figures", async () => {
    const inviter = await member();
    const code = await buildCode(t.ctx, inviter.user.id);
    expect((await cached<TSiteStats>('/api/stats')).users).toBe(1);
    const signup = await t.app.inject({ method: 'POST', url: '/api/auth/signup', payload: signupBody(code.code) });
    expect(signup.statusCode).toBe(201);
    expect((await read<TSiteStats>('/api/stats')).users).toBe(2);
  });

  describe('the pages crawlers read', () => {
    let app: FastifyInstance;
    beforeEach(async () => {
      app = await buildAppServingClient(t, '<!doctype html><html><head><title>Portfolio Platform</title></head><body></body></html>');
    });
    afterEach(async () => {
      await app.close();
    });
    const page = async (path: string) => {
      await app.inject({ url: path });
      return (await app.inject({ url: path })).body;
    };
    const send = async (method: 'POST' | 'PATCH', url: string, cookie: string, payload: object) => {
      const response = await app.inject({ method, url, headers: { cookie }, payload });
      expect(response.statusCode, response.body).toBeLessThan(300);
      return response;
    };

    it("shows a project's new title and its creator's new name in its page's meta, and a new project at an address that had none", async () => {
      const creator = await member({ first_name: 'Ada', last_name: 'Lovelace' });
      const project = await buildProject(t.ctx, creator.user, { title: 'Koi' });
      expect(await page(`/project/${project.id}`)).toContain('<title>Koi by Ada Lovelace | Portfolio Platform</title>');
      expect(await page('/project/heron-at-dusk')).toContain('<title>Portfolio Platform</title>');

      await send('PATCH', `/api/projects/${project.id}`, creator.cookie, { title: 'Koi pond' });
      expect(await page(`/project/${project.id}`)).toContain('<title>Koi pond by Ada Lovelace | Portfolio Platform</title>');
      await send('PATCH', '/api/auth/profile', creator.cookie, { lastName: 'Byron' });
      expect(await page(`/project/${project.id}`)).toContain('<title>Koi pond by Ada Byron | Portfolio Platform</title>');

      const media = await buildMedia(t.ctx, creator.user.id);
      await send('POST', '/api/projects', creator.cookie, { title: 'Heron at dusk', category: 'Illustration', images: [media.url], tags: ['heron'] });
      expect(await page('/project/heron-at-dusk')).toContain('<title>Heron at dusk by Ada Byron | Portfolio Platform</title>');
    });
  });
});
