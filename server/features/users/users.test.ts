import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { TCategorySummary, TCreatorProfile } from '../../../shared/schemas/creator';
import { buildTestApp, ENGINES, type TTestApp } from '../../test/build-test-app';
import { buildCode, buildProject, buildUser, cookieFor, sessionCookieFrom, signupBody } from '../../test/factories';

describe.each(ENGINES)('creators and categories on %s', (engine) => {
  let t: TTestApp;
  beforeEach(async () => {
    t = await buildTestApp(engine);
  });
  afterEach(async () => {
    await t.close();
  });

  it('shows a creator with stats equal to the sums in the database, and no e-mail', async () => {
    const creator = await buildUser(t.ctx, { email: 'hidden@example.com', title: 'Prompt engineer' });
    await buildProject(t.ctx, creator, { likes: 3, views: 40 });
    await buildProject(t.ctx, creator, { likes: 5, views: 2 });
    const fan = await buildUser(t.ctx);
    const fanCookie = await cookieFor(t.ctx, fan);
    const other = await buildProject(t.ctx, fan);
    await t.app.inject({ method: 'POST', url: `/api/projects/${other.id}/like`, headers: { cookie: await cookieFor(t.ctx, creator) } });
    await t.app.inject({ method: 'POST', url: `/api/users/${creator.id}/follow`, headers: { cookie: fanCookie } });

    const response = await t.app.inject({ url: `/api/users/${creator.id}`, headers: { cookie: fanCookie } });
    expect(response.statusCode).toBe(200);
    const profile: TCreatorProfile = response.json();
    const sums = await sql<{ likes: number; views: number; n: number }>`select sum(likes_count) as likes, sum(views_count) as views, count(*) as n from projects where user_id = ${creator.id}`.execute(t.ctx.db);
    expect(profile.stats).toEqual({
      projects: Number(sums.rows[0]!.n),
      likes: Number(sums.rows[0]!.likes),
      views: Number(sums.rows[0]!.views),
      liked: 1,
      followers: 1,
      following: 0,
    });
    expect(profile.stats.likes).toBe(8);
    expect(profile.isFollowing).toBe(true);
    expect(profile.user).toMatchObject({ id: creator.id, title: 'Prompt engineer' });
    expect(response.body).not.toContain('hidden@example.com');
    expect((await t.app.inject({ url: `/api/users/${creator.id}` })).json().isFollowing).toBe(false);
    expect((await t.app.inject({ url: '/api/users/424242' })).statusCode).toBe(404);
  });

  it('names who invited a member, linking the invite tree', async () => {
    const inviter = await buildUser(t.ctx, { first_name: 'Grace', last_name: 'Hopper' });
    const code = await buildCode(t.ctx, inviter.id);
    const signup = await t.app.inject({ method: 'POST', url: '/api/auth/signup', payload: signupBody(code.code) });
    const invitee = signup.json();
    const profile: TCreatorProfile = (await t.app.inject({ url: `/api/users/${invitee.id}`, headers: { cookie: sessionCookieFrom(signup) } })).json();
    expect(profile.invitedBy).toEqual({ id: inviter.id, name: 'Grace Hopper' });
    expect(profile.isFollowing).toBe(false);
    expect((await t.app.inject({ url: `/api/users/${inviter.id}` })).json().invitedBy).toBeNull();
  });

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
