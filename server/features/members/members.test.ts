import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { TCreatorProfile } from '../../../shared/schemas/creator';
import { buildTestApp, ENGINES, type TTestApp } from '../../test/build-test-app';
import { buildCode, buildProject, buildUser, cookieFor, sessionCookieFrom, signupBody } from '../../test/factories';

describe.each(ENGINES)('members on %s', (engine) => {
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

  describe('profile and account', () => {
    it('updates the profile and validates its URLs', async () => {
      const user = await buildUser(t.ctx);
      const cookie = await cookieFor(t.ctx, user);
      const ok = await t.app.inject({
        method: 'PATCH',
        url: '/api/auth/profile',
        headers: { cookie },
        payload: { firstName: 'Grace', bio: 'Prompt engineer', website: 'https://grace.example.com', title: 'Director', twitterUrl: '' },
      });
      expect(ok.statusCode).toBe(200);
      expect(ok.json()).toMatchObject({ bio: 'Prompt engineer', website: 'https://grace.example.com', title: 'Director', twitterUrl: null });
      const bad = await t.app.inject({ method: 'PATCH', url: '/api/auth/profile', headers: { cookie }, payload: { website: 'javascript:alert(1)' } });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().details).toEqual([{ field: 'website', message: 'Please enter a valid website URL' }]);
      expect((await t.app.inject({ method: 'PATCH', url: '/api/auth/profile', payload: { bio: 'x' } })).statusCode).toBe(401);
    });

    it('deletes the account with its sessions and unused codes, keeping used codes as history', async () => {
      const user = await buildUser(t.ctx);
      const cookie = await cookieFor(t.ctx, user);
      await cookieFor(t.ctx, user);
      const usedCode = await buildCode(t.ctx, user.id);
      await buildCode(t.ctx, user.id);
      const invitee = await buildUser(t.ctx, { invited_by: user.id });
      await t.ctx.db.updateTable('invitation_codes').set({ used_by: invitee.id, used_at: new Date().toISOString() }).where('id', '=', usedCode.id).execute();

      const response = await t.app.inject({ method: 'DELETE', url: '/api/auth/delete-account', headers: { cookie } });
      expect(response.statusCode).toBe(204);
      expect(await t.ctx.db.selectFrom('users').select('id').where('id', '=', user.id).executeTakeFirst()).toBeUndefined();
      expect(await t.ctx.db.selectFrom('sessions').select('token_hash').where('user_id', '=', user.id).execute()).toEqual([]);
      const codes = await t.ctx.db.selectFrom('invitation_codes').selectAll().execute();
      expect(codes.map((c) => c.id)).toEqual([usedCode.id]);
      expect(codes[0]!.owner_id).toBeNull();
      const after = await t.ctx.db.selectFrom('users').select('invited_by').where('id', '=', invitee.id).executeTakeFirstOrThrow();
      expect(after.invited_by).toBeNull();
      expect((await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie } })).json()).toBeNull();
    });
  });
});
