import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { PAGE_HEADERS } from '../../../shared/constants';
import type { TReportGroup } from '../../../shared/schemas/moderation';
import type { UserRow } from '../../db/schema';
import { buildTestApp, ENGINES, type TTestApp } from '../../test/build-test-app';
import { buildComment, buildJob, buildProject, buildUser, cookieFor } from '../../test/factories';

describe.each(ENGINES)('reports and the admin API on %s', (engine) => {
  let t: TTestApp;
  beforeEach(async () => {
    t = await buildTestApp(engine, { env: { REPORTS_PER_HOUR: '5' } });
  });
  afterEach(async () => {
    await t.close();
  });

  const report = async (reporter: UserRow, payload: Record<string, unknown>) =>
    t.app.inject({ method: 'POST', url: '/api/reports', headers: { cookie: await cookieFor(t.ctx, reporter) }, payload });
  const queue = async (staff: UserRow, query = '') => t.app.inject({ url: `/api/admin/reports${query}`, headers: { cookie: await cookieFor(t.ctx, staff) } });

  it('files a report (201) once per reporter and target while it is open (409)', async () => {
    const owner = await buildUser(t.ctx);
    const reporter = await buildUser(t.ctx);
    const project = await buildProject(t.ctx, owner);
    const first = await report(reporter, { targetType: 'project', targetId: project.id, reason: 'spam', note: 'Link farm' });
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({ targetType: 'project', targetId: project.id, reason: 'spam', note: 'Link farm', status: 'open' });
    const again = await report(reporter, { targetType: 'project', targetId: project.id, reason: 'other' });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('You have already reported this');
    // Another member may report it too.
    expect((await report(await buildUser(t.ctx), { targetType: 'project', targetId: project.id, reason: 'spam' })).statusCode).toBe(201);
  });

  it('answers 404 for what does not exist (a comment too), and 400 for yourself or your own work', async () => {
    const reporter = await buildUser(t.ctx);
    const own = await buildProject(t.ctx, reporter);
    expect((await report(reporter, { targetType: 'project', targetId: 999_999, reason: 'spam' })).statusCode).toBe(404);
    expect((await report(reporter, { targetType: 'comment', targetId: 1, reason: 'spam' })).statusCode).toBe(404);
    const self = await report(reporter, { targetType: 'member', targetId: reporter.id, reason: 'other' });
    expect(self.statusCode).toBe(400);
    expect(self.json().message).toBe('You cannot report yourself or your own work');
    expect((await report(reporter, { targetType: 'project', targetId: own.id, reason: 'spam' })).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'POST', url: '/api/reports', payload: { targetType: 'project', targetId: own.id, reason: 'spam' } })).statusCode).toBe(401);
    expect((await report(reporter, { targetType: 'project', targetId: own.id, reason: 'because' })).statusCode).toBe(400);
  });

  it('takes reports of comments: the queue links to the comment, a moderator hides it from everyone but its author, who sees why', async () => {
    const creator = await buildUser(t.ctx);
    const project = await buildProject(t.ctx, creator);
    const author = await buildUser(t.ctx, { first_name: 'Troll' });
    const comment = await buildComment(t.ctx, author, project.id, { body: 'Buy followers at spam.example' });
    const reporter = await buildUser(t.ctx);
    expect((await report(reporter, { targetType: 'comment', targetId: comment.id, reason: 'spam' })).statusCode).toBe(201);
    expect((await report(author, { targetType: 'comment', targetId: comment.id, reason: 'spam' })).statusCode).toBe(400);

    const moderator = await buildUser(t.ctx, { role: 'moderator' });
    const [group] = (await queue(moderator)).json() as TReportGroup[];
    expect(group!.target).toMatchObject({ type: 'comment', id: comment.id, label: 'Buy followers at spam.example', url: `/project/${project.slug}#comment-${comment.id}`, owner: { id: author.id }, hidden: false });

    const hidden = await t.app.inject({
      method: 'POST',
      url: '/api/admin/moderate',
      headers: { cookie: await cookieFor(t.ctx, moderator) },
      payload: { targetType: 'comment', targetId: comment.id, action: 'hide', reason: 'Spam links' },
    });
    expect(hidden.statusCode).toBe(200);
    expect(hidden.json()).toMatchObject({ type: 'comment', hidden: true });
    const listed = async (viewer?: UserRow) =>
      (await t.app.inject({ url: `/api/projects/${project.id}/comments`, ...(viewer ? { headers: { cookie: await cookieFor(t.ctx, viewer) } } : {}) })).json() as { id: number; moderation?: unknown }[];
    expect((await listed()).map((item) => item.id)).not.toContain(comment.id);
    expect((await listed(reporter)).map((item) => item.id)).not.toContain(comment.id);
    expect(JSON.stringify((await listed(author)).find((item) => item.id === comment.id))).toContain('Spam links');
    expect((await queue(moderator)).json()).toEqual([]);
    expect((await report(await buildUser(t.ctx), { targetType: 'comment', targetId: comment.id, reason: 'spam' })).statusCode).toBe(404);
  });

  it('answers 404 for a hidden project to a member who cannot see it', async () => {
    const owner = await buildUser(t.ctx);
    const project = await buildProject(t.ctx, owner);
    await t.ctx.db.updateTable('projects').set({ hidden_at: t.ctx.now().toISOString(), hidden_reason: 'Spam' }).where('id', '=', project.id).execute();
    expect((await report(await buildUser(t.ctx), { targetType: 'project', targetId: project.id, reason: 'spam' })).statusCode).toBe(404);
  });

  it('limits reports per member per hour (429 with Retry-After)', async () => {
    const reporter = await buildUser(t.ctx);
    const targets = [];
    for (let i = 0; i < 6; i += 1) targets.push(await buildUser(t.ctx));
    for (const target of targets.slice(0, 5)) expect((await report(reporter, { targetType: 'member', targetId: target.id, reason: 'spam' })).statusCode).toBe(201);
    const over = await report(reporter, { targetType: 'member', targetId: targets[5]!.id, reason: 'spam' });
    expect(over.statusCode).toBe(429);
    expect(over.json().message).toBe('You have sent too many reports in the last hour. Please try again later.');
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('groups open reports by target: csam first, then most reports, then oldest, with counts by reason; paged', async () => {
    const moderator = await buildUser(t.ctx, { role: 'moderator' });
    const owner = await buildUser(t.ctx);
    const [oldest, popular, csam] = [await buildProject(t.ctx, owner, { title: 'Oldest' }), await buildProject(t.ctx, owner, { title: 'Popular' }), await buildProject(t.ctx, owner, { title: 'Minor' })];
    const job = await buildJob(t.ctx, owner);
    const reporters = [await buildUser(t.ctx), await buildUser(t.ctx), await buildUser(t.ctx)];
    await report(reporters[0]!, { targetType: 'project', targetId: oldest.id, reason: 'spam' });
    t.clock.advance(1000);
    await report(reporters[0]!, { targetType: 'job', targetId: job.id, reason: 'other', note: 'Fake company' });
    t.clock.advance(1000);
    for (const [index, reporter] of reporters.entries()) await report(reporter, { targetType: 'project', targetId: popular.id, reason: index === 0 ? 'copyright' : 'spam' });
    t.clock.advance(1000);
    await report(reporters[1]!, { targetType: 'project', targetId: csam.id, reason: 'csam' });

    const response = await queue(moderator);
    expect(response.statusCode).toBe(200);
    const groups: TReportGroup[] = response.json();
    expect(groups.map((group) => [group.target.type, group.target.label, group.count])).toEqual([
      ['project', 'Minor', 1],
      ['project', 'Popular', 3],
      ['project', 'Oldest', 1],
      ['job', job.title, 1],
    ]);
    const popularGroup = groups[1]!;
    expect(popularGroup.reasons.sort((a, b) => a.reason.localeCompare(b.reason))).toEqual([
      { reason: 'copyright', count: 1 },
      { reason: 'spam', count: 2 },
    ]);
    expect(popularGroup.target).toMatchObject({ url: `/project/${popular.slug}`, owner: { id: owner.id }, hidden: false, deleted: false });
    expect(popularGroup.reports).toHaveLength(3);
    expect(popularGroup.reports[0]!.reporter.name).toBeTruthy();
    expect(JSON.stringify(groups)).not.toContain(owner.email);
    expect(groups[3]!.reports[0]!.note).toBe('Fake company');
    // The job's own page (issue 16), not the board.
    expect(groups[3]!.target.url).toBe(`/jobs/${job.id}`);

    // One at a time: the same four, in the same order, each once.
    const seen: string[] = [];
    let cursor: string | undefined;
    do {
      const page = await queue(moderator, `?limit=1${cursor ? `&cursor=${cursor}` : ''}`);
      seen.push(...page.json().map((group: TReportGroup) => group.target.label));
      cursor = page.headers[PAGE_HEADERS.nextCursor] as string | undefined;
    } while (cursor);
    expect(seen).toEqual(['Minor', 'Popular', 'Oldest', job.title]);
  });

  it('keeps every /api/admin route from members (403) and visitors (401); the audit log, roles and the right to invite from moderators (403)', async () => {
    const member = await buildUser(t.ctx);
    const moderator = await buildUser(t.ctx, { role: 'moderator' });
    const target = await buildUser(t.ctx);
    const memberCookie = await cookieFor(t.ctx, member);
    const moderatorCookie = await cookieFor(t.ctx, moderator);
    const reason = { reason: 'Because' };
    const routes: { method: 'GET' | 'POST'; url: string; payload?: Record<string, unknown>; adminsOnly?: boolean }[] = [
      { method: 'GET', url: '/api/admin/reports' },
      { method: 'GET', url: '/api/admin/users' },
      { method: 'GET', url: `/api/admin/users/${target.id}` },
      { method: 'GET', url: '/api/admin/figures' },
      { method: 'GET', url: '/api/admin/audit', adminsOnly: true },
      { method: 'POST', url: '/api/admin/moderate', payload: { targetType: 'member', targetId: target.id, action: 'dismiss', ...reason } },
      { method: 'POST', url: `/api/admin/users/${target.id}/suspend`, payload: reason },
      { method: 'POST', url: `/api/admin/users/${target.id}/unsuspend`, payload: reason },
      { method: 'POST', url: `/api/admin/users/${target.id}/invite-right`, payload: { canInvite: true, ...reason }, adminsOnly: true },
      { method: 'POST', url: `/api/admin/users/${target.id}/role`, payload: { role: 'moderator', ...reason }, adminsOnly: true },
    ];
    for (const route of routes) {
      const call = (cookie?: string) => t.app.inject({ method: route.method, url: route.url, ...(cookie ? { headers: { cookie } } : {}), ...(route.payload ? { payload: route.payload } : {}) });
      expect([route.url, (await call()).statusCode]).toEqual([route.url, 401]);
      expect([route.url, (await call(memberCookie)).statusCode]).toEqual([route.url, 403]);
      if (route.adminsOnly) expect([route.url, (await call(moderatorCookie)).statusCode]).toEqual([route.url, 403]);
    }
  });
});
