// READ_CACHE_MB: the whole app's read cache stays within its byte budget over many distinct
// URLs, and evictions leave invalidation exact (an evicted answer is forgotten by its tags too).
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { TProject } from '../../shared/schemas/project';
import { buildTestApp, ENGINES, type TTestApp } from '../test/build-test-app';
import { buildProject, buildUser, cookieFor } from '../test/factories';

const BUDGET_MB = 0.25;
const BUDGET_BYTES = BUDGET_MB * 1024 * 1024;

const retitleBehindTheBack = (t: TTestApp, projectId: number, title: string) => t.ctx.db.updateTable('projects').set({ title }).where('id', '=', projectId).execute();

describe.each(ENGINES)('read cache budget (READ_CACHE_MB) on %s', (engine) => {
  let t: TTestApp;
  beforeEach(async () => {
    t = await buildTestApp(engine, { env: { READ_CACHE_MB: String(BUDGET_MB) } });
  });
  afterEach(async () => {
    await t.close();
  });

  const get = (url: string) => t.app.inject({ method: 'GET', url });
  const titlesAt = async (url: string) => ((await get(url)).json() as TProject[]).map((project) => project.title);

  it('takes its budget from READ_CACHE_MB', () => {
    expect(t.config.readCacheBytes).toBe(BUDGET_BYTES);
    expect(t.ctx.readCache.bookkeeping().maxBytes).toBe(BUDGET_BYTES);
  });

  it('never holds more than its budget over hundreds of distinct URLs, and forgets by tag what it still holds after evictions', async () => {
    const owner = await buildUser(t.ctx);
    const projects: { id: number; title: string }[] = [];
    for (let n = 0; n < 12; n += 1) projects.push(await buildProject(t.ctx, owner, { title: `Project ${n}`, tags: [`tag${n % 3}`] }));
    const firstUrl = '/api/projects?sort=recent&limit=12';
    expect(await titlesAt(firstUrl)).toHaveLength(12);

    let distinct = 0;
    for (let round = 0; round < 25; round += 1) {
      for (const sort of ['recent', 'trending', 'popular', 'views']) {
        for (const limit of [3, 6, 12]) {
          const response = await get(`/api/projects?sort=${sort}&limit=${limit}&tag=tag${round % 3}&round=${round}`);
          expect(response.statusCode).toBe(200);
          distinct += 1;
        }
      }
      for (const project of projects) await get(`/api/projects/${project.id}?round=${round}`);
      distinct += projects.length;
      expect(t.ctx.readCache.bookkeeping().bytes).toBeLessThanOrEqual(BUDGET_BYTES);
    }
    const { entries, bytes } = t.ctx.readCache.bookkeeping();
    expect(bytes).toBeLessThanOrEqual(BUDGET_BYTES);
    expect(bytes).toBeGreaterThan(BUDGET_BYTES / 2);
    expect(entries).toBeLessThan(distinct / 2);

    // The first answer was evicted long ago: a change made behind the cache's back shows. (Its
    // order, read again with the rows: the cards of projects other lists show may still be kept.)
    expect(t.ctx.readCache.get(`http:${firstUrl}`)).toBeUndefined();
    await t.ctx.db.updateTable('projects').set({ created_at: '2999-01-01T00:00:00.000Z' }).where('id', '=', projects[0]!.id).execute();
    expect((await titlesAt(firstUrl))[0]).toBe('Project 0');

    // A list cached now is served from the cache, until a like of one of its projects forgets it.
    const recentUrl = '/api/projects?sort=recent&limit=3';
    const shown = await titlesAt(recentUrl);
    const liked = projects.find((project) => project.title === shown[0])!;
    await retitleBehindTheBack(t, liked.id, 'Renamed again');
    expect(await titlesAt(recentUrl)).toEqual(shown);
    const fan = await buildUser(t.ctx);
    const like = await t.app.inject({ method: 'POST', url: `/api/projects/${liked.id}/like`, headers: { cookie: await cookieFor(t.ctx, fan) } });
    expect(like.statusCode).toBe(200);
    expect((await titlesAt(recentUrl))[0]).toBe('Renamed again');
  });

  it('caches nothing with READ_CACHE_MB=0', async () => {
    const off = await buildTestApp(engine, { env: { READ_CACHE_MB: '0' }, shareWith: t });
    try {
      const owner = await buildUser(off.ctx);
      const project = await buildProject(off.ctx, owner, { title: 'Before' });
      expect((await off.app.inject({ method: 'GET', url: '/api/projects' })).statusCode).toBe(200);
      await retitleBehindTheBack(t, project.id, 'After');
      expect(((await off.app.inject({ method: 'GET', url: '/api/projects' })).json() as TProject[])[0]?.title).toBe('After');
      expect(off.ctx.readCache.bookkeeping().entries).toBe(0);
    } finally {
      await off.close();
    }
  });
});
