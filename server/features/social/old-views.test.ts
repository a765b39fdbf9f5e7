import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, ENGINES, type TTestApp } from '../../test/build-test-app';
import { buildProject, buildUser } from '../../test/factories';
import { pruneOldViews } from './social.service';

const DAY_MS = 24 * 60 * 60 * 1000;

describe.each(ENGINES)('old project views on %s', (engine) => {
  let t: TTestApp;
  beforeEach(async () => {
    t = await buildTestApp(engine);
    // Late in a UTC day, so the tests can step over midnight.
    t.clock.now = new Date('2031-05-10T23:59:00.000Z');
  });
  afterEach(async () => {
    await t.close();
  });

  /** An anonymous visitor (their key is an HMAC of their address with the day's salt) opens the project; the views it answers. */
  const addresses = new Map<string, string>();
  const addressOf = (visitor: string) => {
    if (!addresses.has(visitor)) addresses.set(visitor, `198.51.100.${addresses.size + 1}`);
    return addresses.get(visitor)!;
  };
  const view = async (projectId: number, visitor: string) => (await t.app.inject({ url: `/api/projects/${projectId}`, remoteAddress: addressOf(visitor) })).json<{ views: number }>().views;
  // Counted views are written in batches (projects/view-counts.ts): what the database holds, once they are written.
  const counters = async (projectId: number) => {
    await t.flushViews();
    return t.ctx.db.selectFrom('projects').select(['views_count', 'trending_score', 'likes_count']).where('id', '=', projectId).executeTakeFirstOrThrow();
  };
  const viewDays = async () => {
    await t.flushViews();
    return (await t.ctx.db.selectFrom('project_views').select('day').orderBy('day').execute()).map((row) => row.day);
  };

  it('deletes view rows whose day ended more than two days ago, and leaves every counter as it was', async () => {
    const project = await buildProject(t.ctx, await buildUser(t.ctx), { likes: 3 });
    for (const day of ['2031-05-10', '2031-05-11', '2031-05-12', '2031-05-13']) {
      t.clock.now = new Date(`${day}T12:00:00.000Z`);
      await view(project.id, 'browser-a');
      await view(project.id, 'browser-b');
    }
    const before = await counters(project.id);
    expect(before.views_count).toBe(8);

    expect(await pruneOldViews(t.ctx)).toBe(2);
    expect(await viewDays()).toEqual(['2031-05-11', '2031-05-11', '2031-05-12', '2031-05-12', '2031-05-13', '2031-05-13']);
    expect(await counters(project.id)).toEqual(before);
    expect(await pruneOldViews(t.ctx)).toBe(0);
    // Site and creator totals come from the counters, not the rows.
    expect((await t.app.inject({ url: `/api/users/${(await t.ctx.db.selectFrom('projects').select('user_id').executeTakeFirstOrThrow()).user_id}` })).json().stats.views).toBe(8);
  });

  it('never lets a view of today or yesterday count twice after pruning', async () => {
    const project = await buildProject(t.ctx, await buildUser(t.ctx));
    // 23:59 on the 10th: counted for the 10th.
    expect(await view(project.id, 'late-visitor')).toBe(1);
    t.clock.advance(2 * 60 * 1000);
    // 00:01 on the 11th: a new day, a new view.
    expect(await view(project.id, 'late-visitor')).toBe(2);

    t.clock.advance(DAY_MS);
    // Counted views are written in batches: prune what has been written.
    await t.flushViews();
    expect(await pruneOldViews(t.ctx)).toBe(0);
    // 00:01 on the 12th, with a process whose clock runs behind (still the 11th) and one that is right.
    t.clock.advance(-2 * 60 * 1000);
    expect(await view(project.id, 'late-visitor')).toBe(2);
    t.clock.advance(2 * 60 * 1000);
    expect(await view(project.id, 'late-visitor')).toBe(3);
    expect(await view(project.id, 'late-visitor')).toBe(3);
    expect(await viewDays()).toEqual(['2031-05-10', '2031-05-11', '2031-05-12']);

    // 00:01 on the 13th, two days after the 10th ended: its row goes; yesterday's still dedupes a clock behind.
    t.clock.advance(DAY_MS);
    expect(await pruneOldViews(t.ctx)).toBe(1);
    expect(await viewDays()).toEqual(['2031-05-11', '2031-05-12']);
    t.clock.advance(-2 * 60 * 1000);
    expect(await view(project.id, 'late-visitor')).toBe(3);
    t.clock.advance(2 * 60 * 1000);
    expect(await view(project.id, 'late-visitor')).toBe(4);
    expect(await view(project.id, 'late-visitor')).toBe(4);
  });

  it('deletes a backlog in batches, with processes side by side deleting each row once', async () => {
    const project = await buildProject(t.ctx, await buildUser(t.ctx));
    for (let visitor = 0; visitor < 13; visitor += 1) await view(project.id, `browser-${visitor}`);
    t.clock.advance(3 * DAY_MS);
    await t.flushViews();

    const deleted = await Promise.all([pruneOldViews(t.ctx, { batchSize: 4 }), pruneOldViews(t.ctx, { batchSize: 4 })]);
    const leftover = await pruneOldViews(t.ctx, { batchSize: 4 });
    expect(deleted[0] + deleted[1] + leftover).toBe(13);
    expect(await viewDays()).toEqual([]);
    expect((await counters(project.id)).views_count).toBe(13);
  });
});
