import { type KyselyPlugin, UpdateQueryNode } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { TProject } from '../../../shared/schemas/project';
import { projectTag } from '../../lib/cache-tags';
import { createViewBuffer, REMEMBERED_VIEWS } from '../../lib/view-buffer';
import { buildTestApp, ENGINES, type TTestApp } from '../../test/build-test-app';
import { buildProject, buildUser, cookieFor } from '../../test/factories';
import { viewDay } from '../social/social.service';
import { KEPT_PAGE_VIEWS_TRAIL_MS } from './projects.service';
import { FLUSH_EVERY_MS, flushViewCounts, VIEWS_PER_TRANSACTION } from './view-counts';

/** Every number a query's node holds (its parameters: a query's other fields are names and kinds), at any depth. */
function numbersIn(node: unknown): number[] {
  if (typeof node === 'number') return [node];
  return typeof node === 'object' && node !== null ? Object.values(node).flatMap(numbersIn) : [];
}

describe('the view buffer', () => {
  const view = (projectId: number, viewer: string) => ({ project_id: projectId, viewer_key: viewer, day: '2031-05-10' });

  it('keeps a view once, counts what waits per project, and refuses more than its room', () => {
    const buffer = createViewBuffer({ maxPending: 3 });
    expect(buffer.add(view(1, 'a'))).toBe('added');
    expect(buffer.add(view(1, 'a'))).toBe('waiting');
    expect(buffer.add(view(1, 'b'))).toBe('added');
    expect(buffer.add(view(2, 'a'))).toBe('added');
    expect(buffer.add(view(2, 'b'))).toBe('full');
    expect([buffer.pending(1), buffer.pending(2), buffer.pending(3)]).toEqual([2, 1, 0]);
  });

  it('remembers the counted views of the latest day after they are written, the latest two generations of them', () => {
    const buffer = createViewBuffer();
    const ofDay = (projectId: number, viewer: string, day: string) => ({ project_id: projectId, viewer_key: viewer, day });
    expect(buffer.isCounted(view(1, 'a'))).toBe(false);
    buffer.add(view(1, 'a'));
    // Waiting: counted.
    expect(buffer.isCounted(view(1, 'a'))).toBe(true);
    buffer.remember(view(1, 'a'));
    buffer.take()!.done(true);
    // Written: still known, as remembered.
    expect(buffer.isCounted(view(1, 'a'))).toBe(true);
    expect(buffer.isCounted(view(1, 'b'))).toBe(false);
    // An earlier day is not remembered; a later one forgets the day before.
    buffer.remember(ofDay(2, 'a', '2031-05-09'));
    expect(buffer.isCounted(ofDay(2, 'a', '2031-05-09'))).toBe(false);
    buffer.remember(ofDay(3, 'a', '2031-05-11'));
    expect(buffer.isCounted(ofDay(3, 'a', '2031-05-11'))).toBe(true);
    expect(buffer.isCounted(view(1, 'a'))).toBe(false);
    // Past two generations the oldest views are forgotten; the latest REMEMBERED_VIEWS at least are kept.
    const viewer = (index: number) => ofDay(4, `v${index}`, '2031-05-11');
    for (let index = 0; index < 2 * REMEMBERED_VIEWS; index++) buffer.remember(viewer(index));
    expect([buffer.isCounted(ofDay(3, 'a', '2031-05-11')), buffer.isCounted(viewer(0))]).toEqual([false, false]);
    expect([REMEMBERED_VIEWS, 2 * REMEMBERED_VIEWS - 1].map((index) => buffer.isCounted(viewer(index)))).toEqual([true, true]);
  });

  it('still counts a batch being written, and takes it back when the write failed', () => {
    const buffer = createViewBuffer();
    buffer.add(view(1, 'a'));
    const mark = buffer.mark();
    const batch = buffer.take()!;
    expect(batch.rows).toEqual([view(1, 'a')]);
    // Being written: still shown, and a read that spans it is not steady.
    expect(buffer.pending(1)).toBe(1);
    expect(buffer.steadySince(buffer.mark())).toBe(false);
    expect(buffer.take()).toBeNull();
    buffer.add(view(1, 'b'));
    expect(buffer.pending(1)).toBe(2);
    batch.done(false);
    expect(buffer.pending(1)).toBe(2);
    expect(buffer.steadySince(mark)).toBe(false);
    const retry = buffer.take()!;
    expect(retry.rows).toHaveLength(2);
    retry.done(true);
    expect(buffer.pending(1)).toBe(0);
    expect(buffer.size()).toBe(0);
    expect(buffer.steadySince(buffer.mark())).toBe(true);
  });
});

describe('what the view buffer knows is recorded', () => {
  const view = (projectId: number, viewer: string, day = '2031-05-10') => ({ project_id: projectId, viewer_key: viewer, day });

  it('knows a view is new once it read the day\'s recorded views, and every view counted since', () => {
    const buffer = createViewBuffer({ alone: true });
    // Before the day's views are read, any view may be recorded.
    expect(buffer.mayBeRecorded(view(1, 'a'))).toBe(true);
    buffer.add(view(2, 'counted-before-the-read'));
    buffer.knowDay('2031-05-10', [{ project_id: 1, viewer_key: 'a' }]);
    expect(buffer.mayBeRecorded(view(1, 'a'))).toBe(true);
    expect(buffer.mayBeRecorded(view(2, 'counted-before-the-read'))).toBe(true);
    expect(buffer.mayBeRecorded(view(1, 'b'))).toBe(false);
    // Counted, written (or full: written by the caller), or found recorded: known from then on.
    buffer.add(view(1, 'b'));
    buffer.take()!.done(true);
    expect(buffer.mayBeRecorded(view(1, 'b'))).toBe(true);
    buffer.noteRecorded(view(3, 'c'));
    expect(buffer.mayBeRecorded(view(3, 'c'))).toBe(true);
  });

  it('knows the days that begin while it runs, and forgets the days before the latest', () => {
    const buffer = createViewBuffer({ alone: true });
    buffer.knowDay('2031-05-10', []);
    expect(buffer.mayBeRecorded(view(1, 'a', '2031-05-11'))).toBe(false);
    buffer.add(view(1, 'a', '2031-05-11'));
    expect(buffer.mayBeRecorded(view(1, 'a', '2031-05-11'))).toBe(true);
    expect(buffer.mayBeRecorded(view(1, 'b', '2031-05-11'))).toBe(false);
    // The day before the latest one counted is no longer held: looked up.
    expect(buffer.mayBeRecorded(view(9, 'z', '2031-05-10'))).toBe(true);
    // A day before this process started: looked up.
    expect(buffer.mayBeRecorded(view(9, 'z', '2031-05-09'))).toBe(true);
  });

  it('looks every view up when its start day had too many views to read, or when other processes count views too', () => {
    const tooMany = createViewBuffer({ alone: true });
    tooMany.knowDay('2031-05-10', null);
    expect(tooMany.mayBeRecorded(view(1, 'a'))).toBe(true);
    // The next day began while it ran: known.
    expect(tooMany.mayBeRecorded(view(1, 'a', '2031-05-11'))).toBe(false);

    const shared = createViewBuffer({ alone: false });
    shared.knowDay('2031-05-10', []);
    expect(shared.mayBeRecorded(view(1, 'a'))).toBe(true);
    expect(shared.mayBeRecorded(view(1, 'a', '2031-05-11'))).toBe(true);
  });
});

describe.each(ENGINES)('counted views written in batches on %s', (engine) => {
  let t: TTestApp;
  beforeEach(async () => {
    t = await buildTestApp(engine);
  });
  afterEach(async () => {
    await t.close();
  });

  const pageViews = async (projectId: number, remoteAddress: string, headers: Record<string, string> = {}) => {
    const response = await t.app.inject({ url: `/api/projects/${projectId}`, remoteAddress, headers });
    expect(response.statusCode).toBe(200);
    return response.json<TProject>().views;
  };
  const stored = async (projectId: number) => {
    const row = await t.ctx.db.selectFrom('projects').select(['views_count', 'trending_score']).where('id', '=', projectId).executeTakeFirstOrThrow();
    const rows = await t.ctx.db.selectFrom('project_views').select('viewer_key').where('project_id', '=', projectId).execute();
    return { views: row.views_count, trending: row.trending_score, rows: rows.length };
  };

  it('shows each new visitor\'s view once the kept answer is older than the trail, writes nothing per request, and counts each visitor exactly once after the flush', async () => {
    const project = await buildProject(t.ctx, await buildUser(t.ctx), { likes: 1 });
    const other = await buildProject(t.ctx, await buildUser(t.ctx));
    expect(await pageViews(project.id, '203.0.113.1')).toBe(1);
    expect(await pageViews(project.id, '203.0.113.1')).toBe(1);
    // A new visitor within the trail of the kept answer is sent it as it is: their view is
    // counted, and shown once that answer is older than the trail.
    expect(await pageViews(project.id, '203.0.113.2')).toBe(1);
    expect(await pageViews(other.id, '203.0.113.2')).toBe(1);
    // Fifteen seconds on, still the kept answer (a page of the tail is not made again at every
    // visit); past the trail, the new one.
    t.clock.advance(15_000);
    expect(await pageViews(project.id, '203.0.113.1')).toBe(1);
    t.clock.advance(KEPT_PAGE_VIEWS_TRAIL_MS - 15_000);
    expect(await pageViews(project.id, '203.0.113.1')).toBe(2);
    // Nothing written yet: the views wait for their batch.
    expect(await stored(project.id)).toMatchObject({ views: 0, rows: 0 });

    await t.flushViews();
    expect(await stored(project.id)).toEqual({ views: 2, trending: expect.closeTo(2 + 0.2, 5) as number, rows: 2 });
    expect(await stored(other.id)).toMatchObject({ views: 1, rows: 1 });
    // Once written, the same visitors count no more, and a new one counts on top.
    expect(await pageViews(project.id, '203.0.113.1')).toBe(2);
    expect(await pageViews(project.id, '203.0.113.3')).toBe(2);
    t.clock.advance(KEPT_PAGE_VIEWS_TRAIL_MS);
    expect(await pageViews(project.id, '203.0.113.3')).toBe(3);
    await t.flushViews();
    await t.flushViews();
    expect(await stored(project.id)).toMatchObject({ views: 3, rows: 3 });
  });

  it('remembers each counted visitor outside the read cache, and knows a returning one counted without a lookup', async () => {
    const project = await buildProject(t.ctx, await buildUser(t.ctx));
    const address = (index: number) => `203.0.113.${index}`;
    expect(await pageViews(project.id, address(1))).toBe(1);
    const entries = t.ctx.readCache.bookkeeping().entries;
    for (let index = 2; index <= 41; index++) await pageViews(project.id, address(index));
    // No entry a visitor: the read cache's budget stays for the answers it keeps.
    expect(t.ctx.readCache.bookkeeping().entries).toBe(entries);
    await t.flushViews();
    expect(await stored(project.id)).toMatchObject({ views: 41, rows: 41 });
    // Deleted behind the app's back: a visitor looked up now would be counted again.
    await t.ctx.db.deleteFrom('project_views').execute();
    t.clock.advance(KEPT_PAGE_VIEWS_TRAIL_MS);
    for (let index = 1; index <= 41; index++) expect(await pageViews(project.id, address(index))).toBe(41);
    await t.flushViews();
    expect(await stored(project.id)).toMatchObject({ views: 41, rows: 0 });
  });

  it('counts new visitors and members on the one cached copy, which stays as it was read (checked and encoded once)', async () => {
    const project = await buildProject(t.ctx, await buildUser(t.ctx));
    const member = await buildUser(t.ctx);
    expect(await pageViews(project.id, '203.0.113.1')).toBe(1);
    const copy = t.ctx.readCache.get<TProject>(`project:id:${project.id}`);
    expect(copy?.views).toBe(1);
    // Sent the kept answer, each counted on the copy.
    expect(await pageViews(project.id, '203.0.113.2')).toBe(1);
    expect(await pageViews(project.id, '203.0.113.3')).toBe(1);
    // A member's answer is made for them, with every view counted.
    expect(await pageViews(project.id, '203.0.113.4', { cookie: await cookieFor(t.ctx, member) })).toBe(4);
    // A returning visitor sees the latest count once the kept answer is older than the trail.
    t.clock.advance(KEPT_PAGE_VIEWS_TRAIL_MS);
    expect(await pageViews(project.id, '203.0.113.1')).toBe(4);
    expect(t.ctx.readCache.get(`project:id:${project.id}`)).toBe(copy);
    await t.flushViews();
    expect(await stored(project.id)).toMatchObject({ views: 4, rows: 4 });
  });

  it('answers a visitor and a member the same whether their page is read from the database or made from the visitors\' copy', async () => {
    const project = await buildProject(t.ctx, await buildUser(t.ctx));
    const page = async (remoteAddress: string, headers: Record<string, string> = {}) => {
      const response = await t.app.inject({ url: `/api/projects/${project.id}`, remoteAddress, headers });
      expect(response.statusCode).toBe(200);
      // Each new viewer adds a view; all else must be the same.
      return { ...response.json<TProject>(), views: 0 };
    };
    const [first, second] = [await cookieFor(t.ctx, await buildUser(t.ctx)), await cookieFor(t.ctx, await buildUser(t.ctx))];
    const visitorFromDatabase = await page('203.0.113.1');
    t.ctx.readCache.invalidateAll();
    const memberFromDatabase = await page('203.0.113.2', { cookie: first });
    // Past the trail of the kept answer: both made from the cached copy.
    t.clock.advance(KEPT_PAGE_VIEWS_TRAIL_MS);
    expect(await page('203.0.113.3')).toEqual(visitorFromDatabase);
    expect(await page('203.0.113.4', { cookie: second })).toEqual(memberFromDatabase);
  });

  it('does not count its creator\'s own views, from the database or from the visitors\' copy', async () => {
    const creator = await buildUser(t.ctx);
    const project = await buildProject(t.ctx, creator);
    const cookie = await cookieFor(t.ctx, creator);
    expect(await pageViews(project.id, '203.0.113.1', { cookie })).toBe(0);
    // A visitor's view puts the visitors' copy in the cache; the creator's next look at it counts no more.
    expect(await pageViews(project.id, '203.0.113.2')).toBe(1);
    expect(await pageViews(project.id, '203.0.113.1', { cookie })).toBe(1);
    await t.flushViews();
    expect(await stored(project.id)).toMatchObject({ views: 1, rows: 1 });
  });

  it('shows the views still waiting on a page read from the database', async () => {
    const project = await buildProject(t.ctx, await buildUser(t.ctx));
    await pageViews(project.id, '203.0.113.1');
    await pageViews(project.id, '203.0.113.2');
    // The visitors' copy is gone (a write to the project): the next page is read from the database, whose counter is still 0.
    t.ctx.readCache.invalidate([projectTag(project.id)]);
    expect(await pageViews(project.id, '203.0.113.1')).toBe(2);
    await t.flushViews();
    t.ctx.readCache.invalidate([projectTag(project.id)]);
    expect(await pageViews(project.id, '203.0.113.1')).toBe(2);
  });

  it('does not count a view the database already has, nor one another process wrote before the flush (the page shows the exact count after it)', async () => {
    // Other processes count views too (with Redis): each new view is looked up.
    await t.close();
    t = await buildTestApp(engine, { viewsAlone: false });
    const project = await buildProject(t.ctx, await buildUser(t.ctx));
    const [member, other] = [await buildUser(t.ctx), await buildUser(t.ctx)];
    const today = viewDay(t.ctx.now());
    expect(await pageViews(project.id, '203.0.113.1')).toBe(1);
    // Another process counted this member's view today, before they came here: not counted again.
    await t.ctx.db.insertInto('project_views').values({ project_id: project.id, viewer_key: `u:${other.id}`, day: today }).execute();
    expect(await pageViews(project.id, '203.0.113.8', { cookie: await cookieFor(t.ctx, other) })).toBe(1);
    // This member's view is taken as new, and another process writes it meanwhile.
    expect(await pageViews(project.id, '203.0.113.9', { cookie: await cookieFor(t.ctx, member) })).toBe(2);
    await t.ctx.db.insertInto('project_views').values({ project_id: project.id, viewer_key: `u:${member.id}`, day: today }).execute();
    await t.flushViews();
    expect(await stored(project.id)).toMatchObject({ views: 1, rows: 3 });
    expect(await pageViews(project.id, '203.0.113.1')).toBe(1);
  });

  it('alone, reads the day\'s views at start and then counts a new view without looking it up (one written behind its back shows until the flush)', async () => {
    const project = await buildProject(t.ctx, await buildUser(t.ctx));
    const [before, behind] = [await buildUser(t.ctx), await buildUser(t.ctx)];
    const today = viewDay(t.ctx.now());
    // Recorded before the process starts (a restart the same day).
    await t.ctx.db.insertInto('project_views').values({ project_id: project.id, viewer_key: `u:${before.id}`, day: today }).execute();
    const restarted = await buildTestApp(engine, { shareWith: t });
    try {
      const probe = { project_id: project.id, viewer_key: 'probe', day: today };
      await expect.poll(() => restarted.ctx.views!.mayBeRecorded(probe)).toBe(false);
      const views = async (remoteAddress: string, headers: Record<string, string> = {}) => {
        const response = await restarted.app.inject({ url: `/api/projects/${project.id}`, remoteAddress, headers });
        return response.json<TProject>().views;
      };
      expect(await views('203.0.113.1')).toBe(1);
      // Read at start: not counted again.
      expect(await views('203.0.113.2', { cookie: await cookieFor(restarted.ctx, before) })).toBe(1);
      // Written behind its back after the start (another process without Redis): not looked up, so
      // shown as new, then found at the flush and not counted; the page shows the exact count after it.
      await restarted.ctx.db.insertInto('project_views').values({ project_id: project.id, viewer_key: `u:${behind.id}`, day: today }).execute();
      expect(await views('203.0.113.3', { cookie: await cookieFor(restarted.ctx, behind) })).toBe(2);
      await restarted.flushViews();
      expect(await stored(project.id)).toMatchObject({ views: 1, rows: 3 });
      expect(await views('203.0.113.1')).toBe(1);
    } finally {
      await restarted.close();
    }
  });

  it('drops the waiting views of a project deleted before the flush, and writes the others', async () => {
    const owner = await buildUser(t.ctx);
    const doomed = await buildProject(t.ctx, owner);
    const kept = await buildProject(t.ctx, owner);
    await pageViews(doomed.id, '203.0.113.1');
    await pageViews(kept.id, '203.0.113.1');
    await t.app.inject({ method: 'DELETE', url: `/api/projects/${doomed.id}`, headers: { cookie: await cookieFor(t.ctx, owner) } });
    await t.flushViews();
    expect(await stored(kept.id)).toMatchObject({ views: 1, rows: 1 });
    expect(await t.ctx.db.selectFrom('project_views').select('project_id').execute()).toEqual([{ project_id: kept.id }]);
  });

  it(`writes a large batch in transactions of ${VIEWS_PER_TRANSACTION}, letting other requests through in between`, async () => {
    const projects = [await buildProject(t.ctx, await buildUser(t.ctx)), await buildProject(t.ctx, await buildUser(t.ctx))];
    const visitors = Math.round(VIEWS_PER_TRANSACTION * 1.5);
    for (let i = 0; i < visitors; i += 1) for (const project of projects) await pageViews(project.id, `198.51.${Math.floor(i / 250)}.${i % 250}`);
    const order: string[] = [];
    const flushed = t.flushViews().then(() => order.push('flush'));
    const read = t.app.inject({ url: '/api/jobs' }).then(() => order.push('read'));
    await Promise.all([flushed, read]);
    expect(order).toEqual(['read', 'flush']);
    for (const project of projects) expect(await stored(project.id)).toMatchObject({ views: visitors, rows: visitors });
  });

  it('writes a project\'s views of a batch side by side, its counter moved in one transaction, however they arrived', async () => {
    const projects = [await buildProject(t.ctx, await buildUser(t.ctx)), await buildProject(t.ctx, await buildUser(t.ctx))];
    // Arriving in turns: in arrival order each transaction would move both counters.
    for (let i = 0; i < VIEWS_PER_TRANSACTION; i += 1) for (const project of projects) await pageViews(project.id, `198.51.${Math.floor(i / 250)}.${i % 250}`);
    const movedPerUpdate: number[][] = [];
    const watching: KyselyPlugin = {
      transformQuery({ node }) {
        if (UpdateQueryNode.is(node)) movedPerUpdate.push(projects.map((project) => project.id).filter((id) => numbersIn(node.where).includes(id)));
        return node;
      },
      transformResult: ({ result }) => Promise.resolve(result),
    };
    await flushViewCounts({ ...t.ctx, db: t.ctx.db.withPlugin(watching) });
    expect(movedPerUpdate).toEqual([[projects[0]!.id], [projects[1]!.id]]);
    for (const project of projects) expect(await stored(project.id)).toMatchObject({ views: VIEWS_PER_TRANSACTION, rows: VIEWS_PER_TRANSACTION });
  });

  it('writes the waiting views when the server closes (graceful shutdown)', async () => {
    const project = await buildProject(t.ctx, await buildUser(t.ctx));
    // A second server process on the same database, with its own buffer; closing it is its shutdown.
    const second = await buildTestApp(engine, { shareWith: t });
    try {
      for (const address of ['203.0.113.1', '203.0.113.2', '203.0.113.2']) await second.app.inject({ url: `/api/projects/${project.id}`, remoteAddress: address });
      expect(await stored(project.id)).toMatchObject({ views: 0 });
      await second.app.close();
      expect(await stored(project.id)).toMatchObject({ views: 2, rows: 2 });
    } finally {
      await second.close();
    }
  });

  it('writes the waiting views each second by itself', async () => {
    const project = await buildProject(t.ctx, await buildUser(t.ctx));
    // A server process as in production: its timer writes them.
    const timed = await buildTestApp(engine, { shareWith: t, viewFlushEveryMs: FLUSH_EVERY_MS });
    try {
      await timed.app.inject({ url: `/api/projects/${project.id}`, remoteAddress: '203.0.113.1' });
      const deadline = Date.now() + 10 * FLUSH_EVERY_MS;
      while ((await stored(project.id)).views === 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
      expect(await stored(project.id)).toMatchObject({ views: 1, rows: 1 });
    } finally {
      await timed.close();
    }
  });
});
