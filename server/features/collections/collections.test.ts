// Collections: who may read and change them (owner, another member, a visitor), private against
// public, what a collection shows (the gallery's rules), idempotent saving, the limits, and the
// rows going with a deleted project, collection or account. And the Following feed.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MAX_COLLECTIONS } from '../../../shared/constants';
import { MAX_PROJECTS_PER_COLLECTION, type TCollection, type TCollectionMembership, type TCollectionPage } from '../../../shared/schemas/collection';
import type { TProject } from '../../../shared/schemas/project';
import type { UserRow } from '../../db/schema';
import { buildTestApp, ENGINES, type TTestApp } from '../../test/build-test-app';
import { buildProject, buildUser, cookieFor } from '../../test/factories';
import { leave } from '../members/members.service';
import { COLLECTION_FULL, TOO_MANY_COLLECTIONS } from './collections.service';

describe.each(ENGINES)('collections on %s', (engine) => {
  let t: TTestApp;
  let owner: UserRow;
  let ownerCookie: string;
  let other: UserRow;
  let otherCookie: string;
  let creator: UserRow;
  let project: TProject;
  beforeEach(async () => {
    t = await buildTestApp(engine, { env: { COLLECTION_WRITES_PER_HOUR: '1000' } });
    owner = await buildUser(t.ctx, { first_name: 'Mira', last_name: 'Sol' });
    ownerCookie = await cookieFor(t.ctx, owner);
    other = await buildUser(t.ctx, { first_name: 'Ada', last_name: 'Lovelace' });
    otherCookie = await cookieFor(t.ctx, other);
    creator = await buildUser(t.ctx, { first_name: 'Koi', last_name: 'Maker' });
    project = await buildProject(t.ctx, creator, { title: 'Solar Bloom' });
  });
  afterEach(async () => {
    await t.close();
  });

  const headers = (cookie?: string) => (cookie ? { cookie } : {});
  const create = (cookie: string | undefined, payload: Record<string, unknown>) => t.app.inject({ method: 'POST', url: '/api/collections', headers: headers(cookie), payload });
  const made = async (name = 'Moodboard', isPublic = false, cookie = ownerCookie) => {
    const response = await create(cookie, { name, isPublic });
    expect(response.statusCode).toBe(201);
    return response.json<TCollection>();
  };
  const save = (cookie: string | undefined, collectionId: number, projectId = project.id) =>
    t.app.inject({ method: 'POST', url: `/api/collections/${collectionId}/projects/${projectId}`, headers: headers(cookie) });
  const unsave = (cookie: string | undefined, collectionId: number, projectId = project.id) =>
    t.app.inject({ method: 'DELETE', url: `/api/collections/${collectionId}/projects/${projectId}`, headers: headers(cookie) });
  const read = (cookie: string | undefined, id: number, query = '') => t.app.inject({ method: 'GET', url: `/api/collections/${id}${query}`, headers: headers(cookie) });
  const mine = async (cookie = ownerCookie, query = '') => {
    const response = await t.app.inject({ method: 'GET', url: `/api/collections${query}`, headers: headers(cookie) });
    expect(response.statusCode).toBe(200);
    return { items: response.json<TCollection[]>(), headers: response.headers };
  };
  const publicOf = async (userId: number, cookie?: string) => {
    const response = await t.app.inject({ method: 'GET', url: `/api/users/${userId}/collections`, headers: headers(cookie) });
    expect(response.statusCode).toBe(200);
    return response.json<TCollection[]>();
  };

  describe('POST /api/collections', () => {
    it('creates a trimmed, private-by-default collection for a member; refuses visitors and bad names', async () => {
      const response = await create(ownerCookie, { name: '  Neon nights  ' });
      expect(response.statusCode).toBe(201);
      expect(response.json<TCollection>()).toMatchObject({ name: 'Neon nights', isPublic: false, projectCount: 0, cover: null, isOwner: true, hasProject: null, owner: { id: owner.id, name: 'Mira Sol' } });
      expect(JSON.stringify(response.json())).not.toContain(owner.email);
      expect((await create(undefined, { name: 'x' })).statusCode).toBe(401);
      const empty = await create(ownerCookie, { name: '   ' });
      expect(empty.statusCode).toBe(400);
      expect(empty.json().details).toEqual([{ field: 'name', message: 'Please name the collection' }]);
      const long = await create(ownerCookie, { name: 'x'.repeat(61) });
      expect(long.json().details).toEqual([{ field: 'name', message: 'Collection names can be up to 60 characters' }]);
      expect((await create(ownerCookie, { name: 'x'.repeat(60), isPublic: true })).statusCode).toBe(201);
    });

    it(`stops at ${MAX_COLLECTIONS} collections per member`, async () => {
      const now = t.ctx.now().toISOString();
      await t.ctx.db
        .insertInto('collections')
        .values(Array.from({ length: MAX_COLLECTIONS - 1 }, (_, i) => ({ user_id: owner.id, name: `Set ${i}`, is_public: 0, created_at: now, updated_at: now })))
        .execute();
      await made('The last one');
      const refused = await create(ownerCookie, { name: 'One too many' });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().message).toBe(TOO_MANY_COLLECTIONS);
      expect((await made('Theirs', false, otherCookie)).name).toBe('Theirs');
    });

    it('limits collection writes per member per hour (429)', async () => {
      const limited = await buildTestApp(engine, { env: { COLLECTION_WRITES_PER_HOUR: '2' } });
      try {
        const member = await buildUser(limited.ctx);
        const cookie = await cookieFor(limited.ctx, member);
        const post = () => limited.app.inject({ method: 'POST', url: '/api/collections', headers: { cookie }, payload: { name: 'Set' } });
        expect((await post()).statusCode).toBe(201);
        expect((await post()).statusCode).toBe(201);
        const third = await post();
        expect(third.statusCode).toBe(429);
        expect(third.headers['retry-after']).toBeDefined();
      } finally {
        await limited.close();
      }
    });
  });

  describe('saving projects', () => {
    it('saves and removes idempotently, owner only; the counts and the cover follow', async () => {
      const collection = await made();
      const first = await save(ownerCookie, collection.id);
      expect(first.statusCode).toBe(200);
      expect(first.json<TCollectionMembership>()).toEqual({ saved: true, projectCount: 1 });
      expect((await save(ownerCookie, collection.id)).json<TCollectionMembership>()).toEqual({ saved: true, projectCount: 1 });
      const [listed] = (await mine()).items;
      expect(listed).toMatchObject({ id: collection.id, projectCount: 1, cover: { media: { url: project.images[0] }, isMature: false } });

      expect((await save(undefined, collection.id)).statusCode).toBe(401);
      expect((await save(otherCookie, collection.id)).statusCode).toBe(404);
      expect((await unsave(otherCookie, collection.id)).statusCode).toBe(404);
      expect((await save(ownerCookie, collection.id, 2_000_000)).statusCode).toBe(404);
      expect((await save(ownerCookie, 2_000_000)).statusCode).toBe(404);

      expect((await unsave(ownerCookie, collection.id)).json<TCollectionMembership>()).toEqual({ saved: false, projectCount: 0 });
      expect((await unsave(ownerCookie, collection.id)).json<TCollectionMembership>()).toEqual({ saved: false, projectCount: 0 });
      expect((await mine()).items[0]).toMatchObject({ projectCount: 0, cover: null });
    });

    it('says which of my collections hold a project (?projectId=)', async () => {
      const a = await made('A');
      const b = await made('B');
      await save(ownerCookie, b.id);
      const { items } = await mine(ownerCookie, `?projectId=${project.id}&limit=100`);
      expect(items.map((item) => [item.name, item.hasProject])).toEqual([
        ['B', true],
        ['A', false],
      ]);
      expect(a.hasProject).toBeNull();
      expect((await t.app.inject({ method: 'GET', url: '/api/collections' })).statusCode).toBe(401);
    });

    it('cannot save a project the member cannot see (hidden by a moderator)', async () => {
      const collection = await made();
      await t.ctx.db.updateTable('projects').set({ hidden_at: t.ctx.now().toISOString(), hidden_reason: 'Spam' }).where('id', '=', project.id).execute();
      expect((await save(ownerCookie, collection.id)).statusCode).toBe(404);
    });

    it(`holds at most ${MAX_PROJECTS_PER_COLLECTION.toLocaleString('en-US')} projects`, async () => {
      const collection = await made();
      const now = t.ctx.now().toISOString();
      const rows = Array.from({ length: MAX_PROJECTS_PER_COLLECTION }, (_, i) => ({ slug: `bulk-${i}`, user_id: creator.id, title: `Bulk ${i}`, description: null, category: 'Illustration', created_at: now, updated_at: now }));
      for (let i = 0; i < rows.length; i += 250) {
        const ids = await t.ctx.db.insertInto('projects').values(rows.slice(i, i + 250)).returning('id').execute();
        await t.ctx.db.insertInto('collection_projects').values(ids.map(({ id }) => ({ collection_id: collection.id, project_id: id, added_at: now }))).execute();
      }
      const refused = await save(ownerCookie, collection.id);
      expect(refused.statusCode).toBe(400);
      expect(refused.json().message).toBe(COLLECTION_FULL);
    });
  });

  describe('reading a collection', () => {
    it('shows a private collection to its owner only (404 to others and visitors)', async () => {
      const collection = await made('Secret');
      await save(ownerCookie, collection.id);
      const own = await read(ownerCookie, collection.id);
      expect(own.statusCode).toBe(200);
      expect(own.json<TCollectionPage>()).toMatchObject({ name: 'Secret', isOwner: true, projects: [{ id: project.id }], nextCursor: null });
      expect((await read(otherCookie, collection.id)).statusCode).toBe(404);
      expect((await read(undefined, collection.id)).statusCode).toBe(404);
      expect(await publicOf(owner.id)).toEqual([]);
    });

    it('shows a public collection to everyone and lists it on the creator page', async () => {
      const collection = await made('Open', true);
      await save(ownerCookie, collection.id);
      await made('Closed', false);
      const visitor = await read(undefined, collection.id);
      expect(visitor.statusCode).toBe(200);
      expect(visitor.json<TCollectionPage>()).toMatchObject({ isOwner: false, projectCount: 1, projects: [{ id: project.id, title: 'Solar Bloom' }] });
      expect((await read(otherCookie, collection.id)).json<TCollectionPage>().isOwner).toBe(false);
      expect((await publicOf(owner.id)).map((item) => item.name)).toEqual(['Open']);
      expect((await publicOf(owner.id, ownerCookie)).map((item) => item.name)).toEqual(['Open']);
      expect((await t.app.inject({ method: 'GET', url: '/api/users/2000000/collections' })).statusCode).toBe(404);
    });

    it('goes with its owner’s creator page while they are suspended: 404 to visitors and members, still there for staff', async () => {
      const collection = await made('Open', true);
      await t.ctx.db.updateTable('users').set({ suspended_at: t.ctx.now().toISOString(), suspension_reason: 'Spam' }).where('id', '=', owner.id).execute();
      const staffCookie = await cookieFor(t.ctx, await buildUser(t.ctx, { role: 'moderator' }));
      expect((await read(undefined, collection.id)).statusCode).toBe(404);
      expect((await read(otherCookie, collection.id)).statusCode).toBe(404);
      expect((await t.app.inject({ method: 'GET', url: `/api/users/${owner.id}/collections` })).statusCode).toBe(404);
      expect((await read(staffCookie, collection.id)).statusCode).toBe(200);
      expect((await publicOf(owner.id, staffCookie)).map((item) => item.name)).toEqual(['Open']);
      // The suspension lifted, everyone sees it again.
      await t.ctx.db.updateTable('users').set({ suspended_at: null, suspension_reason: null }).where('id', '=', owner.id).execute();
      expect((await read(undefined, collection.id)).statusCode).toBe(200);
    });

    it('leaves out hidden projects and a suspended creator’s; mature work for visitors only', async () => {
      const collection = await made('Mixed', true);
      const hidden = await buildProject(t.ctx, creator, { title: 'Hidden' });
      const mature = await buildProject(t.ctx, creator, { title: 'Mature', mature: true });
      const suspended = await buildUser(t.ctx);
      const theirs = await buildProject(t.ctx, suspended, { title: 'Suspended' });
      for (const item of [project, hidden, mature, theirs]) expect((await save(ownerCookie, collection.id, item.id)).statusCode).toBe(200);
      await t.ctx.db.updateTable('projects').set({ hidden_at: t.ctx.now().toISOString(), hidden_reason: 'Spam' }).where('id', '=', hidden.id).execute();
      await t.ctx.db.updateTable('projects').set({ owner_suspended: 1 }).where('id', '=', theirs.id).execute();
      const member = (await read(otherCookie, collection.id)).json<TCollectionPage>();
      expect(member.projects.map((item) => item.title).sort()).toEqual(['Mature', 'Solar Bloom']);
      expect(member.projectCount).toBe(2);
      const visitor = (await read(undefined, collection.id)).json<TCollectionPage>();
      expect(visitor.projects.map((item) => item.title)).toEqual(['Solar Bloom']);
      expect(visitor.projectCount).toBe(1);
      expect(visitor.cover?.isMature).toBe(false);
    });

    it('pages its projects, latest added first, without repeats', async () => {
      const collection = await made();
      const saved: number[] = [];
      for (let i = 0; i < 5; i += 1) {
        const item = await buildProject(t.ctx, creator);
        t.clock.advance(1000);
        await save(ownerCookie, collection.id, item.id);
        saved.unshift(item.id);
      }
      const first = (await read(ownerCookie, collection.id, '?limit=2')).json<TCollectionPage>();
      expect(first.projects.map((item) => item.id)).toEqual(saved.slice(0, 2));
      const second = (await read(ownerCookie, collection.id, `?limit=2&cursor=${first.nextCursor}`)).json<TCollectionPage>();
      const third = (await read(ownerCookie, collection.id, `?limit=2&cursor=${second.nextCursor}`)).json<TCollectionPage>();
      expect([...second.projects, ...third.projects].map((item) => item.id)).toEqual(saved.slice(2));
      expect(third.nextCursor).toBeNull();
      expect((await read(ownerCookie, collection.id, '?limit=101')).statusCode).toBe(400);
      expect((await read(ownerCookie, collection.id, '?cursor=nonsense')).statusCode).toBe(400);
    });
  });

  describe('changing and deleting', () => {
    it('renames and toggles visibility (owner only)', async () => {
      const collection = await made('Old');
      const patch = (cookie: string | undefined, payload: Record<string, unknown>) => t.app.inject({ method: 'PATCH', url: `/api/collections/${collection.id}`, headers: headers(cookie), payload });
      expect((await patch(undefined, { name: 'New' })).statusCode).toBe(401);
      expect((await patch(otherCookie, { name: 'New' })).statusCode).toBe(404);
      expect((await patch(ownerCookie, { name: '' })).statusCode).toBe(400);
      const renamed = await patch(ownerCookie, { name: 'New', isPublic: true });
      expect(renamed.statusCode).toBe(200);
      expect(renamed.json<TCollection>()).toMatchObject({ name: 'New', isPublic: true });
      expect((await read(undefined, collection.id)).statusCode).toBe(200);
      await patch(ownerCookie, { isPublic: false });
      expect((await read(undefined, collection.id)).statusCode).toBe(404);
    });

    it('deletes a collection with its rows (owner only)', async () => {
      const collection = await made();
      await save(ownerCookie, collection.id);
      const remove = (cookie?: string) => t.app.inject({ method: 'DELETE', url: `/api/collections/${collection.id}`, headers: headers(cookie) });
      expect((await remove()).statusCode).toBe(401);
      expect((await remove(otherCookie)).statusCode).toBe(404);
      expect((await remove(ownerCookie)).statusCode).toBe(204);
      expect((await read(ownerCookie, collection.id)).statusCode).toBe(404);
      expect(await t.ctx.db.selectFrom('collection_projects').selectAll().execute()).toEqual([]);
    });

    it('loses a project when its creator deletes it, and all of a member’s collections when they leave', async () => {
      const collection = await made('Kept', true);
      await save(ownerCookie, collection.id);
      const creatorCookie = await cookieFor(t.ctx, creator);
      expect((await t.app.inject({ method: 'DELETE', url: `/api/projects/${project.id}`, headers: { cookie: creatorCookie } })).statusCode).toBe(204);
      expect(await t.ctx.db.selectFrom('collection_projects').selectAll().execute()).toEqual([]);
      expect((await read(ownerCookie, collection.id)).json<TCollectionPage>().projectCount).toBe(0);

      const another = await buildProject(t.ctx, creator);
      await save(ownerCookie, collection.id, another.id);
      await leave(t.ctx, owner.id);
      expect(await t.ctx.db.selectFrom('collections').selectAll().execute()).toEqual([]);
      expect(await t.ctx.db.selectFrom('collection_projects').selectAll().execute()).toEqual([]);
    });
  });
});

describe.each(ENGINES)('the Following feed on %s', (engine) => {
  let t: TTestApp;
  beforeEach(async () => {
    t = await buildTestApp(engine);
  });
  afterEach(async () => {
    await t.close();
  });

  it('answers 401 to visitors and the newest work of followed creators to a member, paged', async () => {
    const reader = await buildUser(t.ctx);
    const cookie = await cookieFor(t.ctx, reader);
    const followed = await buildUser(t.ctx);
    const alsoFollowed = await buildUser(t.ctx);
    const stranger = await buildUser(t.ctx);
    const feed = (query = '', headers: Record<string, string> = { cookie }) => t.app.inject({ method: 'GET', url: `/api/projects?feed=following${query}`, headers });

    expect((await feed('', {})).statusCode).toBe(401);
    expect((await feed('', {})).statusCode).toBe(401);
    const empty = await feed();
    expect(empty.statusCode).toBe(200);
    expect(empty.json()).toEqual([]);

    for (const id of [followed.id, alsoFollowed.id]) {
      expect((await t.app.inject({ method: 'POST', url: `/api/users/${id}/follow`, headers: { cookie } })).statusCode).toBe(200);
    }
    const expected: number[] = [];
    for (let i = 0; i < 5; i += 1) {
      const project = await buildProject(t.ctx, i % 2 ? followed : alsoFollowed, { createdAt: new Date(Date.UTC(2026, 0, 1 + i)) });
      expected.unshift(project.id);
      await buildProject(t.ctx, stranger, { createdAt: new Date(Date.UTC(2026, 0, 1 + i)), likes: 100 });
    }
    const hidden = await buildProject(t.ctx, followed, { createdAt: new Date(Date.UTC(2026, 1, 1)) });
    await t.ctx.db.updateTable('projects').set({ hidden_at: new Date().toISOString(), hidden_reason: 'Spam' }).where('id', '=', hidden.id).execute();

    const first = await feed('&limit=3&sort=popular');
    expect(first.json<TProject[]>().map((project) => project.id)).toEqual(expected.slice(0, 3));
    expect(first.headers['x-has-more']).toBe('true');
    const second = await feed(`&limit=3&cursor=${first.headers['x-next-cursor']}`);
    expect(second.json<TProject[]>().map((project) => project.id)).toEqual(expected.slice(3));
    expect(second.headers['x-has-more']).toBe('false');
    expect((await feed('&limit=101')).statusCode).toBe(400);
    expect((await feed('&feed=nonsense')).statusCode).toBe(400);
    // The visitors' gallery is unchanged by the parameter's existence.
    expect((await t.app.inject({ method: 'GET', url: '/api/projects' })).statusCode).toBe(200);
  });
});
