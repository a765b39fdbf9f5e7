// Job views and apply clicks count once per viewer per day, like project views; a visitor is
// their address, hashed with the day's salt (never stored raw), whatever User-Agent they send.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DAY_MS, MINUTE_MS } from '../../../shared/constants';
import { buildTestApp, ENGINES, type TTestApp } from '../../test/build-test-app';
import { buildJob, buildProject, buildUser, cookieFor } from '../../test/factories';
import { pruneOldViews } from '../social/social.service';
import { pruneOldJobViews } from './jobs.service';

const BROWSERS = ['Firefox/140', 'Chrome/139', 'Safari/18', 'curl/8.5', 'Edge/139'];

describe.each(ENGINES)('job views and apply clicks on %s', (engine) => {
  let t: TTestApp;
  beforeEach(async () => {
    t = await buildTestApp(engine);
    // Late in a UTC day, so the tests can step over midnight.
    t.clock.now = new Date('2031-05-10T22:00:00.000Z');
  });
  afterEach(async () => {
    await t.close();
  });

  const counters = async (jobId: number) => t.ctx.db.selectFrom('jobs').select(['views', 'apply_clicks']).where('id', '=', jobId).executeTakeFirstOrThrow();
  const view = (jobId: number, remoteAddress: string, headers: Record<string, string> = {}) => t.app.inject({ url: `/api/jobs/${jobId}`, remoteAddress, headers });
  const apply = (jobId: number, remoteAddress: string, headers: Record<string, string> = {}) => t.app.inject({ url: `/api/jobs/${jobId}/apply`, remoteAddress, headers });

  it('counts one visitor with five User-Agents once, and two addresses twice', async () => {
    const job = await buildJob(t.ctx, await buildUser(t.ctx));
    for (const browser of BROWSERS) {
      expect((await view(job.id, '203.0.113.7', { 'user-agent': browser })).statusCode).toBe(200);
      expect((await apply(job.id, '203.0.113.7', { 'user-agent': browser })).statusCode).toBe(302);
    }
    expect(await counters(job.id)).toEqual({ views: 1, apply_clicks: 1 });
    await view(job.id, '203.0.113.8');
    await apply(job.id, '203.0.113.8');
    expect(await counters(job.id)).toEqual({ views: 2, apply_clicks: 2 });
    await view(job.id, '203.0.113.9');
    expect(await counters(job.id)).toEqual({ views: 3, apply_clicks: 2 });
  });

  it('counts a member once a day by their id, from any address, and not at all on their own job', async () => {
    const poster = await buildUser(t.ctx);
    const job = await buildJob(t.ctx, poster);
    const member = await cookieFor(t.ctx, await buildUser(t.ctx));
    for (const address of ['203.0.113.1', '203.0.113.2']) {
      await view(job.id, address, { cookie: member });
      await apply(job.id, address, { cookie: member });
    }
    await view(job.id, '203.0.113.3', { cookie: await cookieFor(t.ctx, poster) });
    expect(await counters(job.id)).toEqual({ views: 1, apply_clicks: 1 });
  });

  it('counts the same viewer again on a new day', async () => {
    const job = await buildJob(t.ctx, await buildUser(t.ctx));
    await view(job.id, '203.0.113.7');
    await apply(job.id, '203.0.113.7');
    t.clock.advance(2 * 60 * MINUTE_MS + MINUTE_MS);
    await view(job.id, '203.0.113.7');
    await view(job.id, '203.0.113.7');
    await apply(job.id, '203.0.113.7');
    expect(await counters(job.id)).toEqual({ views: 2, apply_clicks: 2 });
  });

  it('stores a keyed hash of the address, never the address, with a random salt per day', async () => {
    const job = await buildJob(t.ctx, await buildUser(t.ctx));
    await view(job.id, '203.0.113.7');
    t.clock.advance(DAY_MS);
    await view(job.id, '203.0.113.7');
    const rows = await t.ctx.db.selectFrom('job_views').select(['viewer_key', 'day']).orderBy('day').execute();
    expect(rows.map((row) => row.day)).toEqual(['2031-05-10', '2031-05-11']);
    for (const row of rows) {
      expect(row.viewer_key).toMatch(/^a:[0-9a-f]{32}$/);
      expect(row.viewer_key).not.toContain('203.0.113');
    }
    // A new day's salt: the same address is not linkable across days.
    expect(rows[0]!.viewer_key).not.toBe(rows[1]!.viewer_key);
    const salts = await t.ctx.db.selectFrom('view_salts').select(['day', 'salt']).orderBy('day').execute();
    expect(salts.map((row) => row.day)).toEqual(['2031-05-10', '2031-05-11']);
    expect(salts[0]!.salt).toMatch(/^[0-9a-f]{64}$/);
    expect(salts[0]!.salt).not.toBe(salts[1]!.salt);
  });

  it('hashes a visitor alike in two processes of one site (the salt is shared through the database)', async () => {
    const project = await buildProject(t.ctx, await buildUser(t.ctx));
    const job = await buildJob(t.ctx, await buildUser(t.ctx));
    const other = await buildTestApp(engine, { shareWith: t });
    try {
      other.clock.now = t.clock.now;
      for (const app of [t.app, other.app, t.app, other.app]) {
        await app.inject({ url: `/api/jobs/${job.id}`, remoteAddress: '203.0.113.7' });
        await app.inject({ url: `/api/projects/${project.id}`, remoteAddress: '203.0.113.7', headers: { 'user-agent': `browser-${Math.random()}` } });
      }
    } finally {
      await other.close();
    }
    // Counted project views wait in each process's view buffer until a flush (closing flushes).
    await t.flushViews();
    expect((await counters(job.id)).views).toBe(1);
    expect((await t.ctx.db.selectFrom('projects').select('views_count').where('id', '=', project.id).executeTakeFirstOrThrow()).views_count).toBe(1);
  });

  it('counts a project view once for one address whatever its User-Agents', async () => {
    const project = await buildProject(t.ctx, await buildUser(t.ctx));
    for (const browser of BROWSERS) await t.app.inject({ url: `/api/projects/${project.id}`, remoteAddress: '203.0.113.7', headers: { 'user-agent': browser } });
    await t.app.inject({ url: `/api/projects/${project.id}`, remoteAddress: '203.0.113.8' });
    await t.flushViews();
    expect((await t.ctx.db.selectFrom('projects').select('views_count').where('id', '=', project.id).executeTakeFirstOrThrow()).views_count).toBe(2);
  });

  it('deletes job view rows and day salts of days that no longer dedupe, keeping the counters', async () => {
    const job = await buildJob(t.ctx, await buildUser(t.ctx));
    for (const day of ['2031-05-10', '2031-05-11', '2031-05-12', '2031-05-13']) {
      t.clock.now = new Date(`${day}T12:00:00.000Z`);
      await view(job.id, '203.0.113.7');
      await apply(job.id, '203.0.113.7');
      await view(job.id, '203.0.113.8');
    }
    expect(await counters(job.id)).toEqual({ views: 8, apply_clicks: 4 });

    expect(await pruneOldJobViews(t.ctx, { batchSize: 2 })).toBe(3);
    expect(await pruneOldJobViews(t.ctx)).toBe(0);
    const days = (await t.ctx.db.selectFrom('job_views').select('day').distinct().orderBy('day').execute()).map((row) => row.day);
    expect(days).toEqual(['2031-05-11', '2031-05-12', '2031-05-13']);
    expect(await counters(job.id)).toEqual({ views: 8, apply_clicks: 4 });

    await pruneOldViews(t.ctx);
    expect((await t.ctx.db.selectFrom('view_salts').select('day').orderBy('day').execute()).map((row) => row.day)).toEqual(['2031-05-11', '2031-05-12', '2031-05-13']);
    // Today's visitor still dedupes after the clean-up.
    await view(job.id, '203.0.113.7');
    expect((await counters(job.id)).views).toBe(8);
  });
});
