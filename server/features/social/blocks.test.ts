// Blocking: who may block whom, the list of blocked members, and what a block refuses (follows,
// hire messages; comments are in comments.test.ts).
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { TBlockedMember } from '../../../shared/schemas/comment';
import type { TCreatorProfile } from '../../../shared/schemas/creator';
import { MAX_BLOCKS } from '../../../shared/schemas/comment';
import type { UserRow } from '../../db/schema';
import { buildTestApp, ENGINES, type TTestApp } from '../../test/build-test-app';
import { buildProject, buildUser, cookieFor } from '../../test/factories';

describe.each(ENGINES)('blocking on %s', (engine) => {
  let t: TTestApp;
  let mira: UserRow;
  let miraCookie: string;
  let ada: UserRow;
  let adaCookie: string;
  beforeEach(async () => {
    t = await buildTestApp(engine);
    mira = await buildUser(t.ctx, { first_name: 'Mira', last_name: 'Sol' });
    miraCookie = await cookieFor(t.ctx, mira);
    ada = await buildUser(t.ctx, { first_name: 'Ada', last_name: 'Lovelace' });
    adaCookie = await cookieFor(t.ctx, ada);
  });
  afterEach(async () => {
    await t.close();
  });

  const block = (cookie: string | undefined, id: number, method: 'POST' | 'DELETE' = 'POST') =>
    t.app.inject({ method, url: `/api/users/${id}/block`, headers: cookie ? { cookie } : {} });
  const follow = (cookie: string, id: number) => t.app.inject({ method: 'POST', url: `/api/users/${id}/follow`, headers: { cookie } });
  const profile = async (id: number, cookie?: string) => (await t.app.inject({ method: 'GET', url: `/api/users/${id}`, headers: cookie ? { cookie } : {} })).json<TCreatorProfile>();

  it('blocks and unblocks a member, idempotently, and the creator page says so to the blocker only', async () => {
    expect((await block(miraCookie, ada.id)).json()).toEqual({ blocked: true });
    expect((await block(miraCookie, ada.id)).json()).toEqual({ blocked: true });
    expect((await profile(ada.id, miraCookie)).isBlocked).toBe(true);
    expect((await profile(ada.id)).isBlocked).toBe(false);
    expect((await profile(mira.id, adaCookie)).isBlocked).toBe(false);
    expect((await block(miraCookie, ada.id, 'DELETE')).json()).toEqual({ blocked: false });
    expect((await profile(ada.id, miraCookie)).isBlocked).toBe(false);
  });

  it('refuses visitors (401), oneself (400) and unknown members (404)', async () => {
    expect((await block(undefined, ada.id)).statusCode).toBe(401);
    const self = await block(miraCookie, mira.id);
    expect(self.statusCode).toBe(400);
    expect(self.json().message).toBe('You cannot block yourself');
    expect((await block(miraCookie, 2_000_000)).statusCode).toBe(404);
  });

  it('lists the blocked members, newest first, paged', async () => {
    const grace = await buildUser(t.ctx, { first_name: 'Grace', last_name: 'Hopper' });
    await block(miraCookie, ada.id);
    t.clock.advance(1000);
    await block(miraCookie, grace.id);
    const first = await t.app.inject({ method: 'GET', url: '/api/blocks?limit=1', headers: { cookie: miraCookie } });
    expect(first.json<TBlockedMember[]>().map((b) => b.user)).toEqual([{ id: grace.id, name: 'Grace Hopper', profileImageUrl: null }]);
    expect(first.headers['x-has-more']).toBe('true');
    const second = await t.app.inject({ method: 'GET', url: `/api/blocks?limit=1&cursor=${first.headers['x-next-cursor']}`, headers: { cookie: miraCookie } });
    expect(second.json<TBlockedMember[]>().map((b) => b.user.id)).toEqual([ada.id]);
    expect((await t.app.inject({ method: 'GET', url: '/api/blocks', headers: { cookie: adaCookie } })).json()).toEqual([]);
    expect((await t.app.inject({ method: 'GET', url: '/api/blocks' })).statusCode).toBe(401);
  });

  it("ends the blocked member's follow of the blocker and refuses a new one (403); the blocker may still follow", async () => {
    expect((await follow(adaCookie, mira.id)).json().following).toBe(true);
    expect((await profile(mira.id)).stats.followers).toBe(1);
    await block(miraCookie, ada.id);
    expect((await profile(mira.id)).stats.followers).toBe(0);
    const refused = await follow(adaCookie, mira.id);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('You cannot follow this member');
    expect((await follow(miraCookie, ada.id)).statusCode).toBe(200);
    await block(miraCookie, ada.id, 'DELETE');
    expect((await follow(adaCookie, mira.id)).statusCode).toBe(200);
  });

  it('refuses a hire message from a blocked member (403), not from others', async () => {
    const project = await buildProject(t.ctx, mira);
    await block(miraCookie, ada.id);
    const message = { name: 'Ada', email: 'ada@example.com', subject: 'Hi', message: 'Would you take a commission?', recipientId: mira.id, projectId: project.id, projectTitle: null };
    const refused = await t.app.inject({ method: 'POST', url: '/api/contact', headers: { cookie: adaCookie }, payload: message, remoteAddress: '10.1.0.1' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('You cannot message this member');
    expect(await t.ctx.db.selectFrom('messages').selectAll().execute()).toEqual([]);
    const grace = await cookieFor(t.ctx, await buildUser(t.ctx));
    expect((await t.app.inject({ method: 'POST', url: '/api/contact', headers: { cookie: grace }, payload: message, remoteAddress: '10.1.0.2' })).statusCode).toBe(201);
  });

  it(`stops at ${MAX_BLOCKS} blocked members`, async () => {
    const others = [];
    for (let i = 0; i < 3; i += 1) others.push(await buildUser(t.ctx));
    // Fill the list behind the API's back up to one below the bound, then the API adds the last one.
    const now = t.ctx.now().toISOString();
    const fillers = [];
    for (let i = 0; i < MAX_BLOCKS - 1; i += 1) fillers.push({ first_name: 'F', last_name: `${i}`, email: `filler-${i}@example.com`, password_hash: 'x', created_at: now, updated_at: now });
    for (let i = 0; i < fillers.length; i += 250) {
      const ids = await t.ctx.db.insertInto('users').values(fillers.slice(i, i + 250)).returning('id').execute();
      await t.ctx.db.insertInto('blocks').values(ids.map(({ id }) => ({ blocker_id: mira.id, blocked_id: id, created_at: now }))).execute();
    }
    expect((await block(miraCookie, others[0]!.id)).statusCode).toBe(200);
    const refused = await block(miraCookie, others[1]!.id);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe('You can block up to 1,000 members');
    // Blocking someone already blocked is still fine.
    expect((await block(miraCookie, others[0]!.id)).statusCode).toBe(200);
  });
});
