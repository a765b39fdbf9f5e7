import { gunzipSync } from 'node:zlib';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { TProject } from '../../shared/schemas/project';
import { buildTestApp, ENGINES, type TTestApp } from '../test/build-test-app';
import { buildProject, buildUser, cookieFor } from '../test/factories';

// Rows made with factories appear behind the app's back: only a response that did not come
// from the cache can show them. That is how these tests tell a hit from a miss.
describe.each(ENGINES)('anonymous read cache on %s', (engine) => {
  let t: TTestApp;
  beforeEach(async () => {
    t = await buildTestApp(engine, { readCache: true });
  });
  afterEach(async () => {
    await t.close();
  });

  const titles = async (cookie?: string) => {
    const response = await t.app.inject({ method: 'GET', url: '/api/projects?sort=recent', headers: cookie ? { cookie } : {} });
    expect(response.statusCode).toBe(200);
    return (response.json() as TProject[]).map((project) => project.title);
  };

  it('answers a repeated anonymous gallery read from the cache, with the same headers', async () => {
    const owner = await buildUser(t.ctx);
    await buildProject(t.ctx, owner, { title: 'First' });
    const first = await t.app.inject({ method: 'GET', url: '/api/projects?sort=recent' });
    await buildProject(t.ctx, owner, { title: 'Behind the back' });
    const second = await t.app.inject({ method: 'GET', url: '/api/projects?sort=recent' });
    expect(second.body).toBe(first.body);
    for (const header of ['content-type', 'x-has-more', 'cache-control', 'content-security-policy', 'x-content-type-options']) {
      expect(second.headers[header]).toBe(first.headers[header]);
    }
  });

  it('answers from the cache gzipped to clients that accept it, and plain to the others', async () => {
    const owner = await buildUser(t.ctx);
    for (let i = 0; i < 6; i += 1) await buildProject(t.ctx, owner);
    const plain = await t.app.inject({ method: 'GET', url: '/api/projects' });
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

  it('never serves a signed-in member from the cache', async () => {
    const owner = await buildUser(t.ctx);
    await buildProject(t.ctx, owner, { title: 'First' });
    expect(await titles()).toEqual(['First']);
    await buildProject(t.ctx, owner, { title: 'Second' });
    expect(await titles(await cookieFor(t.ctx, owner))).toEqual(['Second', 'First']);
  });

  it('serves pages that are the same for everyone, like category counts, to members from the cache too', async () => {
    const owner = await buildUser(t.ctx);
    const cookie = await cookieFor(t.ctx, owner);
    await buildProject(t.ctx, owner, { categories: ['Print'] });
    const printCount = async () => {
      const response = await t.app.inject({ method: 'GET', url: '/api/categories', headers: { cookie } });
      return (response.json() as { name: string; projects: number }[]).find((category) => category.name === 'Print')?.projects;
    };
    expect(await printCount()).toBe(1);
    await buildProject(t.ctx, owner, { categories: ['Print'] });
    expect(await printCount()).toBe(1);
    await t.app.inject({ method: 'POST', url: '/api/auth/signout', headers: { cookie } });
    expect((await t.app.inject({ method: 'GET', url: '/api/categories' })).json()).toContainEqual(expect.objectContaining({ name: 'Print', projects: 2 }));
  });

  it('forgets everything when a write succeeds, and nothing when a write is refused', async () => {
    const owner = await buildUser(t.ctx);
    const liked = await buildProject(t.ctx, owner, { title: 'First' });
    const cookie = await cookieFor(t.ctx, owner);
    expect(await titles()).toEqual(['First']);
    await buildProject(t.ctx, owner, { title: 'Second' });

    const refused = await t.app.inject({ method: 'POST', url: `/api/projects/${liked.id}/like` });
    expect(refused.statusCode).toBe(401);
    expect(await titles()).toEqual(['First']);

    const like = await t.app.inject({ method: 'POST', url: `/api/projects/${liked.id}/like`, headers: { cookie } });
    expect(like.statusCode).toBe(200);
    expect(await titles()).toEqual(['Second', 'First']);
  });

  it('keeps each URL apart', async () => {
    const owner = await buildUser(t.ctx);
    await buildProject(t.ctx, owner, { title: 'Alpha', categories: ['Illustration'] });
    await buildProject(t.ctx, owner, { title: 'Beta', categories: ['Animation'] });
    const illustration = await t.app.inject({ method: 'GET', url: '/api/projects?category=Illustration' });
    const animation = await t.app.inject({ method: 'GET', url: '/api/projects?category=Animation' });
    expect((illustration.json() as TProject[]).map((p) => p.title)).toEqual(['Alpha']);
    expect((animation.json() as TProject[]).map((p) => p.title)).toEqual(['Beta']);
  });

  it('sends a project to a visitor gzipped when accepted, the same JSON as plain', async () => {
    const owner = await buildUser(t.ctx);
    const project = await buildProject(t.ctx, owner, { media: 3 });
    const url = `/api/projects/slug/${project.slug}`;
    const plain = await t.app.inject({ method: 'GET', url });
    const gzipped = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip' } });
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(gzipped.headers.vary).toBe('accept-encoding');
    expect(JSON.parse(gunzipSync(gzipped.rawPayload).toString())).toEqual(plain.json());
  });

  it('counts a project view once per visitor even when the project comes from the cache', async () => {
    const owner = await buildUser(t.ctx);
    const project = await buildProject(t.ctx, owner, { title: 'Viewed' });
    const view = async (userAgent: string) => {
      const response = await t.app.inject({ method: 'GET', url: `/api/projects/slug/${project.slug}`, headers: { 'user-agent': userAgent } });
      expect(response.statusCode).toBe(200);
      return (response.json() as TProject).views;
    };
    expect(await view('visitor-a')).toBe(1);
    expect(await view('visitor-a')).toBe(1);
    expect(await view('visitor-b')).toBe(2);
    expect(await view('visitor-b')).toBe(2);
    expect(await view('visitor-c')).toBe(3);
    const row = await t.ctx.db.selectFrom('projects').select('views_count').where('id', '=', project.id).executeTakeFirstOrThrow();
    expect(row.views_count).toBe(3);
  });
});
