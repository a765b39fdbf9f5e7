import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { UserRow } from '../../db/schema';
import { buildTestApp, ENGINES, type TTestApp } from '../../test/build-test-app';
import { buildJob, buildProject, buildUser, cookieFor } from '../../test/factories';

describe.each(ENGINES)('moderation actions on %s', (engine) => {
  let t: TTestApp;
  let moderator: UserRow;
  let owner: UserRow;
  beforeEach(async () => {
    t = await buildTestApp(engine);
    moderator = await buildUser(t.ctx, { role: 'moderator' });
    owner = await buildUser(t.ctx, { first_name: 'Olive' });
  });
  afterEach(async () => {
    await t.close();
  });

  const as = async (user: UserRow) => ({ cookie: await cookieFor(t.ctx, user) });
  const moderate = async (payload: Record<string, unknown>) => t.app.inject({ method: 'POST', url: '/api/admin/moderate', headers: await as(moderator), payload });
  const ids = (response: { json(): { id: number }[] }) => response.json().map((item) => item.id);

  /** Every list a project shows in, as this caller (undefined: a visitor) sees it. */
  async function listsShowing(projectId: number, creatorId: number, headers?: { cookie: string }): Promise<Record<string, boolean>> {
    const get = async (url: string) => ids(await t.app.inject({ url, ...(headers ? { headers } : {}) })).includes(projectId);
    return {
      gallery: await get('/api/projects?sort=recent'),
      category: await get('/api/projects/category/Illustration'),
      search: await get('/api/projects/search/Solar'),
      creator: await get(`/api/users/${creatorId}/projects`),
    };
  }

  it('hides a project from visitors and other members everywhere, tells its owner and staff why, resolves its reports and records it', async () => {
    const project = await buildProject(t.ctx, owner, { title: 'Solar Bloom' });
    await buildProject(t.ctx, owner, { title: 'Solar Twin' });
    const reporter = await buildUser(t.ctx);
    const other = await as(await buildUser(t.ctx));
    await t.app.inject({ method: 'POST', url: '/api/reports', headers: await as(reporter), payload: { targetType: 'project', targetId: project.id, reason: 'spam' } });
    // Warm the visitors' caches first: hiding must reach them.
    expect(await listsShowing(project.id, owner.id)).toEqual({ gallery: true, category: true, search: true, creator: true });
    expect((await t.app.inject({ url: `/api/projects/${project.id}` })).statusCode).toBe(200);
    expect((await t.app.inject({ url: '/sitemap.xml' })).body).toContain(`/project/${project.id}<`);

    const hidden = await moderate({ targetType: 'project', targetId: project.id, action: 'hide', reason: 'Undisclosed AI upscaling' });
    expect(hidden.statusCode).toBe(200);
    expect(hidden.json()).toMatchObject({ type: 'project', id: project.id, label: 'Solar Bloom', hidden: true, deleted: false });

    const nowhere = { gallery: false, category: false, search: false, creator: false };
    expect(await listsShowing(project.id, owner.id)).toEqual(nowhere);
    expect(await listsShowing(project.id, owner.id, other)).toEqual(nowhere);
    expect((await t.app.inject({ url: `/api/projects/${project.id}` })).statusCode).toBe(404);
    expect((await t.app.inject({ url: `/api/projects/slug/${project.slug}`, headers: other })).statusCode).toBe(404);
    expect((await t.app.inject({ url: `/api/projects/${project.id}/og-image` })).statusCode).toBe(404);
    expect((await t.app.inject({ url: '/sitemap.xml' })).body).not.toContain(`/project/${project.id}<`);
    expect((await t.app.inject({ method: 'POST', url: `/api/projects/${project.id}/like`, headers: other })).statusCode).toBe(404);
    const similar = await t.app.inject({ url: `/api/projects/similar/${project.id + 1}` });
    expect(ids(similar)).not.toContain(project.id);

    // Its conversation goes with it: nobody else reads or adds comments.
    const commentsUrl = `/api/projects/${project.id}/comments`;
    expect((await t.app.inject({ url: commentsUrl })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'POST', url: commentsUrl, headers: other, payload: { body: 'Still here?' } })).statusCode).toBe(404);
    expect((await t.app.inject({ url: commentsUrl, headers: await as(owner) })).statusCode).toBe(200);

    const ownView = await t.app.inject({ url: `/api/projects/${project.id}`, headers: await as(owner) });
    expect(ownView.statusCode).toBe(200);
    expect(ownView.json().moderation).toMatchObject({ hidden: true, reason: 'Undisclosed AI upscaling' });
    expect((await listsShowing(project.id, owner.id, await as(owner))).creator).toBe(true);
    const ownList = (await t.app.inject({ url: `/api/users/${owner.id}/projects`, headers: await as(owner) })).json() as { id: number; moderation: unknown }[];
    expect(ownList.find((item) => item.id === project.id)?.moderation).toMatchObject({ hidden: true, reason: 'Undisclosed AI upscaling' });
    expect(ownList.find((item) => item.id !== project.id)?.moderation).toBeNull();
    const staffView = await t.app.inject({ url: `/api/projects/${project.id}`, headers: await as(moderator) });
    expect(staffView.json().moderation.reason).toBe('Undisclosed AI upscaling');

    expect((await t.app.inject({ url: '/api/admin/reports', headers: await as(moderator) })).json()).toEqual([]);
    const admin = await buildUser(t.ctx, { role: 'admin' });
    const audit = (await t.app.inject({ url: '/api/admin/audit', headers: await as(admin) })).json();
    expect(audit[0]).toMatchObject({ actor: { id: moderator.id }, action: 'hide', targetType: 'project', targetId: project.id, targetLabel: 'Solar Bloom', reason: 'Undisclosed AI upscaling' });

    // The owner hears of it: the notice names the project, says why, and opens it.
    const notices = (await t.app.inject({ url: '/api/notifications', headers: await as(owner) })).json();
    expect(notices.unread).toBe(1);
    expect(notices.items[0]).toMatchObject({ type: 'moderation', text: 'Your project Solar Bloom was hidden by a moderator: Undisclosed AI upscaling', url: `/project/${project.slug}` });

    const restored = await moderate({ targetType: 'project', targetId: project.id, action: 'restore', reason: 'Disclosed now' });
    expect(restored.json().hidden).toBe(false);
    expect(await listsShowing(project.id, owner.id)).toEqual({ gallery: true, category: true, search: true, creator: true });
    // Restored, it is a listed project again: a visitor's page carries no moderation note.
    expect((await t.app.inject({ url: `/api/projects/${project.id}` })).json().moderation ?? null).toBeNull();
  });

  it('deletes a project for good and dismisses reports without touching the target', async () => {
    const project = await buildProject(t.ctx, owner);
    const kept = await buildProject(t.ctx, owner);
    const reporter = await buildUser(t.ctx);
    await t.app.inject({ method: 'POST', url: '/api/reports', headers: await as(reporter), payload: { targetType: 'project', targetId: kept.id, reason: 'other' } });

    const dismissed = await moderate({ targetType: 'project', targetId: kept.id, action: 'dismiss', reason: 'Nothing wrong' });
    expect(dismissed.json()).toMatchObject({ hidden: false, deleted: false });
    expect((await t.app.inject({ url: `/api/projects/${kept.id}` })).statusCode).toBe(200);
    expect((await t.app.inject({ url: '/api/admin/reports', headers: await as(moderator) })).json()).toEqual([]);
    const report = await t.ctx.db.selectFrom('reports').select(['status', 'resolved_at']).executeTakeFirstOrThrow();
    expect(report.status).toBe('resolved');
    // The same reporter may report it again once their report is resolved.
    expect((await t.app.inject({ method: 'POST', url: '/api/reports', headers: await as(reporter), payload: { targetType: 'project', targetId: kept.id, reason: 'other' } })).statusCode).toBe(201);

    const deleted = await moderate({ targetType: 'project', targetId: project.id, action: 'delete', reason: 'Stolen work' });
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json()).toMatchObject({ deleted: true, url: null });
    expect((await t.app.inject({ url: `/api/projects/${project.id}`, headers: await as(owner) })).statusCode).toBe(404);
    expect(await t.ctx.db.selectFrom('project_media').select('id').where('project_id', '=', project.id).execute()).toEqual([]);
    expect((await moderate({ targetType: 'project', targetId: project.id, action: 'hide', reason: 'Again' })).statusCode).toBe(404);
    expect((await moderate({ targetType: 'member', targetId: owner.id, action: 'hide', reason: 'No' })).statusCode).toBe(400);
  });

  it('hides a job from the board and its page for others; its poster and staff see why', async () => {
    const job = await buildJob(t.ctx, owner);
    expect(ids(await t.app.inject({ url: '/api/jobs' }))).toContain(job.id);
    expect((await moderate({ targetType: 'job', targetId: job.id, action: 'hide', reason: 'Scam listing' })).statusCode).toBe(200);
    expect(ids(await t.app.inject({ url: '/api/jobs' }))).not.toContain(job.id);
    expect((await t.app.inject({ url: `/api/jobs/${job.id}`, headers: await as(await buildUser(t.ctx)) })).statusCode).toBe(404);
    expect((await t.app.inject({ url: `/api/jobs/${job.id}/apply` })).statusCode).toBe(404);
    expect((await t.app.inject({ url: `/api/jobs/${job.id}`, headers: await as(owner) })).json().moderation).toMatchObject({ reason: 'Scam listing' });
    expect((await t.app.inject({ url: `/api/jobs/${job.id}`, headers: await as(moderator) })).json().moderation).toMatchObject({ reason: 'Scam listing' });
    const mine = (await t.app.inject({ url: '/api/jobs/mine', headers: await as(owner) })).json();
    expect(mine.find((item: { id: number }) => item.id === job.id).moderation).toMatchObject({ hidden: true, reason: 'Scam listing' });

    expect((await moderate({ targetType: 'job', targetId: job.id, action: 'delete', reason: 'Scam' })).statusCode).toBe(200);
    expect((await t.app.inject({ url: `/api/jobs/${job.id}`, headers: await as(owner) })).statusCode).toBe(404);
  });
});
