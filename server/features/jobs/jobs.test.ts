import { pino } from 'pino';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { TJob, TMyJob } from '../../../shared/schemas/job';
import { periodicTasks } from '../../jobs/periodic-tasks';
import { startScheduler } from '../../jobs/scheduler';
import { buildTestApp, ENGINES, type TTestApp } from '../../test/build-test-app';
import { buildJob, buildUser, cookieFor, jobBody } from '../../test/factories';
import { expireEndedJobs } from './jobs.service';

const DAY_MS = 24 * 60 * 60 * 1000;

describe.each(ENGINES)('jobs on %s', (engine) => {
  let t: TTestApp;
  beforeEach(async () => {
    t = await buildTestApp(engine);
  });
  afterEach(async () => {
    await t.close();
  });

  const post = (cookie: string | undefined, payload: Record<string, unknown>) =>
    t.app.inject({ method: 'POST', url: '/api/jobs', headers: cookie ? { cookie } : {}, payload });
  const list = async (query = '') => {
    const response = await t.app.inject({ url: `/api/jobs${query}` });
    expect(response.statusCode).toBe(200);
    return { jobs: response.json<TJob[]>(), headers: response.headers };
  };
  const member = async () => {
    const user = await buildUser(t.ctx);
    return { user, cookie: await cookieFor(t.ctx, user) };
  };

  describe('posting', () => {
    it('answers every validation message of the job form', async () => {
      const { cookie } = await member();
      const empty = await post(cookie, { title: ' ', company: '', location: '', description: 'short', requirements: 'short', tags: ' , ,', applicationUrl: '' });
      expect(empty.statusCode).toBe(400);
      expect(empty.json().details).toEqual(
        expect.arrayContaining([
          { field: 'title', message: 'Job title is required' },
          { field: 'company', message: 'Company name is required' },
          { field: 'location', message: 'Location is required' },
          { field: 'description', message: 'Description must be at least 50 characters' },
          { field: 'requirements', message: 'Requirements must be at least 20 characters' },
          { field: 'tags', message: 'At least one tag is required' },
          { field: 'applicationUrl', message: 'Application method is required' },
        ]),
      );
      expect(empty.json().details).toHaveLength(7);

      const missing = await post(cookie, {});
      expect(missing.json().details).toEqual(
        expect.arrayContaining([
          { field: 'title', message: 'Job title is required' },
          { field: 'tags', message: 'At least one tag is required' },
          { field: 'applicationUrl', message: 'Application method is required' },
        ]),
      );

      const tooLong = await post(
        cookie,
        jobBody({ title: 'x'.repeat(101), company: 'x'.repeat(101), location: 'x'.repeat(101), description: 'x'.repeat(2001), requirements: 'x'.repeat(1001) }),
      );
      expect(tooLong.json().details).toEqual([
        { field: 'title', message: 'Title too long' },
        { field: 'company', message: 'Company name too long' },
        { field: 'location', message: 'Location too long' },
        { field: 'description', message: 'Description too long' },
        { field: 'requirements', message: 'Requirements too long' },
      ]);

      const atLimits = await post(cookie, jobBody({ title: 'x'.repeat(100), description: 'x'.repeat(50), requirements: 'x'.repeat(20) }));
      expect(atLimits.statusCode).toBe(201);

      for (const applicationUrl of ['not a link', 'a.b', 'localhost:3000', 'javascript:alert(1)', 'javascript://example.com/%0Aalert(1)', 'ftp://files.example.com', 'jobs@', '@example.com', 'https://trusted.example@evil.example']) {
        const bad = await post(cookie, jobBody({ applicationUrl }));
        expect(bad.json().details, applicationUrl).toEqual([{ field: 'applicationUrl', message: 'Must be a valid URL or email address' }]);
      }
      const badLogo = await post(cookie, jobBody({ companyLogo: 'not a url' }));
      expect(badLogo.json().details).toEqual([{ field: 'companyLogo', message: 'Please enter a valid URL' }]);
      const badType = await post(cookie, jobBody({ type: 'Internship' as 'Contract' }));
      expect(badType.json().details[0].field).toBe('type');
    });

    it('creates the job awaiting payment: tags cleaned, remote as text, the link given a scheme, no e-mail of the poster', async () => {
      const { user, cookie } = await member();
      const response = await post(cookie, {
        ...jobBody({ title: '  Prompt Engineer  ', applicationUrl: 'diffusion.example/careers', remote: 'true', companyLogo: 'https://cdn.example.com/logo.png' }),
        type: undefined,
        tags: ' prompts, ,ComfyUI,prompts ,',
      });
      expect(response.statusCode).toBe(201);
      const job: TMyJob = response.json();
      expect(job).toMatchObject({
        title: 'Prompt Engineer',
        type: 'Full-time',
        remote: 'true',
        tags: ['prompts', 'ComfyUI'],
        applicationUrl: 'https://diffusion.example/careers',
        companyLogo: 'https://cdn.example.com/logo.png',
        status: 'pending_payment',
        activeUntil: null,
        user: { name: `${user.first_name} ${user.last_name}` },
        applyUrl: `/api/jobs/${job.id}/apply`,
      });
      expect(job.id).toBeGreaterThan(0);
      expect(JSON.stringify(job)).not.toContain(user.email);

      const email = await post(cookie, jobBody({ applicationUrl: 'mailto:Hiring@Diffusion.example', remote: false, companyLogo: '' }));
      expect(email.json()).toMatchObject({ applicationUrl: 'Hiring@Diffusion.example', remote: 'false', companyLogo: null });
      // Awaiting payment: not on the board.
      expect((await list()).jobs).toEqual([]);
    });

    it('needs a signed-in member', async () => {
      expect((await post(undefined, jobBody())).statusCode).toBe(401);
    });
  });

  describe('the board', () => {
    it('lists live jobs only, newest first, with the poster name, paged like projects', async () => {
      const { user } = await member();
      await buildJob(t.ctx, user, { status: 'pending_payment' });
      await buildJob(t.ctx, user, { status: 'active', activeUntil: new Date(t.ctx.now().getTime() - 1000) });
      await buildJob(t.ctx, user, { status: 'expired', activeUntil: new Date(t.ctx.now().getTime() - DAY_MS) });
      const live: number[] = [];
      for (let i = 0; i < 5; i += 1) live.push((await buildJob(t.ctx, user, { activeUntil: new Date(t.ctx.now().getTime() + (50 + i) * DAY_MS) })).id);

      const all = await list();
      expect(all.jobs.map((job) => job.id)).toEqual([...live].reverse());
      expect(all.headers['x-total-count']).toBe('5');
      expect(all.jobs[0]).toMatchObject({ status: 'active', remote: 'false', user: { name: `${user.first_name} ${user.last_name}` }, tags: ['prompting', 'comfyui'] });
      expect(all.jobs[0]).not.toHaveProperty('views');
      expect(all.jobs[0]).not.toHaveProperty('applyClicks');

      const seen: number[] = [];
      let cursor: string | undefined;
      do {
        const page = await list(`?limit=2${cursor ? `&cursor=${cursor}` : ''}`);
        seen.push(...page.jobs.map((job) => job.id));
        cursor = page.headers['x-next-cursor'] as string | undefined;
        expect(page.headers['x-has-more']).toBe(cursor ? 'true' : 'false');
      } while (cursor);
      expect(seen).toEqual([...live].reverse());
    });

    it('filters by q (case-insensitive, in title, company or description) and by type', async () => {
      const { user } = await member();
      const title = await buildJob(t.ctx, user, { body: { title: 'Senior MIDJOURNEY Artist', type: 'Contract' } });
      const company = await buildJob(t.ctx, user, { body: { company: 'Midjourney Studio', type: 'Freelance' } });
      const description = await buildJob(t.ctx, user, { body: { description: 'You will art-direct midjourney batches for a fashion brand every week.', type: 'Contract' } });
      await buildJob(t.ctx, user, { body: { title: 'Video editor', type: 'Contract' } });
      const percent = await buildJob(t.ctx, user, { body: { title: '100% remote prompt writer', type: 'Part-time' } });
      const ids = async (query: string) => (await list(query)).jobs.map((job) => job.id).sort((a, b) => a - b);

      expect(await ids('?q=midJourney')).toEqual([title.id, company.id, description.id]);
      expect(await ids('?q=midjourney&type=Contract')).toEqual([title.id, description.id]);
      expect(await ids('?type=Freelance')).toEqual([company.id]);
      expect(await ids('?type=All%20Types&q=')).toHaveLength(5);
      // Wildcards in the search text match only themselves.
      expect(await ids('?q=%25')).toEqual([percent.id]);
      expect(await ids('?q=_')).toEqual([]);
      expect((await list('?q=midjourney&type=Contract')).headers['x-total-count']).toBe('2');
      expect((await t.app.inject({ url: '/api/jobs?type=Internship' })).statusCode).toBe(400);
    });

    it('reads a live job for anyone and counts the view; an unpaid job only for its poster', async () => {
      const { user, cookie } = await member();
      const live = await buildJob(t.ctx, user);
      const pending = await buildJob(t.ctx, user, { status: 'pending_payment' });
      expect((await t.app.inject({ url: `/api/jobs/${live.id}` })).json()).toMatchObject({ id: live.id, title: live.title });
      expect((await t.app.inject({ url: `/api/jobs/${pending.id}` })).statusCode).toBe(404);
      expect((await t.app.inject({ url: `/api/jobs/${pending.id}`, headers: { cookie } })).json()).toMatchObject({ status: 'pending_payment', views: 0 });
      expect((await t.app.inject({ url: `/api/jobs/${live.id}`, headers: { cookie } })).json()).toMatchObject({ views: 1 });
      expect((await t.app.inject({ url: '/api/jobs/999999' })).statusCode).toBe(404);
    });

    it('counts an apply click (once per visitor a day) and redirects to the application link: mailto: for an e-mail, else the URL', async () => {
      const { user, cookie } = await member();
      const url = await buildJob(t.ctx, user, { body: { applicationUrl: 'https://diffusion.example/apply?role=1' } });
      const email = await buildJob(t.ctx, user, { body: { applicationUrl: 'jobs@diffusion.example' } });
      const pending = await buildJob(t.ctx, user, { status: 'pending_payment' });

      const first = await t.app.inject({ url: `/api/jobs/${url.id}/apply` });
      expect(first.statusCode).toBe(302);
      expect(first.headers.location).toBe('https://diffusion.example/apply?role=1');
      // The same visitor again counts no more; another address does.
      await t.app.inject({ url: `/api/jobs/${url.id}/apply` });
      await t.app.inject({ url: `/api/jobs/${url.id}/apply`, remoteAddress: '203.0.113.9' });
      const mail = await t.app.inject({ url: `/api/jobs/${email.id}/apply` });
      expect(mail.headers.location).toBe('mailto:jobs@diffusion.example');
      expect((await t.app.inject({ url: `/api/jobs/${pending.id}/apply` })).statusCode).toBe(404);

      const mine: TMyJob[] = (await t.app.inject({ url: '/api/jobs/mine', headers: { cookie } })).json();
      expect(Object.fromEntries(mine.map((job) => [job.id, job.applyClicks]))).toEqual({ [url.id]: 2, [email.id]: 1, [pending.id]: 0 });
    });
  });

  describe('my jobs', () => {
    it('lists all my jobs, newest first, with status, end, views and apply clicks; only mine; signed in', async () => {
      const { user, cookie } = await member();
      const other = await member();
      const pending = await buildJob(t.ctx, user, { status: 'pending_payment' });
      t.clock.advance(1000);
      const active = await buildJob(t.ctx, user);
      t.clock.advance(1000);
      const ended = await buildJob(t.ctx, user, { status: 'expired', activeUntil: new Date(t.ctx.now().getTime() - DAY_MS) });
      await buildJob(t.ctx, other.user);

      const mine: TMyJob[] = (await t.app.inject({ url: '/api/jobs/mine', headers: { cookie } })).json();
      expect(mine.map((job) => [job.id, job.status])).toEqual([
        [ended.id, 'expired'],
        [active.id, 'active'],
        [pending.id, 'pending_payment'],
      ]);
      expect(mine[1]).toMatchObject({ views: 0, applyClicks: 0 });
      expect(mine[1]!.activeUntil).not.toBeNull();
      expect((await t.app.inject({ url: '/api/jobs/mine' })).statusCode).toBe(401);
    });
  });

  describe('expiry', () => {
    it('takes a listing off the board once its end has passed, and the background task marks it expired', async () => {
      const { user } = await member();
      const job = await buildJob(t.ctx, user, { activeUntil: new Date(t.clock.now.getTime() + 60 * DAY_MS) });
      t.clock.advance(60 * DAY_MS - 60_000);
      expect((await list()).jobs.map((j) => j.id)).toEqual([job.id]);
      expect(await expireEndedJobs(t.ctx)).toBe(0);

      t.clock.advance(60_000 + 1);
      expect((await list()).jobs).toEqual([]);
      expect((await t.app.inject({ url: `/api/jobs/${job.id}/apply` })).statusCode).toBe(404);
      // Off the board at once; the stored status catches up when the task runs. (A new session: the first one ended with the 60 days.)
      const mine = await t.app.inject({ url: '/api/jobs/mine', headers: { cookie: await cookieFor(t.ctx, user) } });
      expect(mine.json()[0].status).toBe('expired');
      const row = () => t.ctx.db.selectFrom('jobs').select('status').where('id', '=', job.id).executeTakeFirstOrThrow();
      expect((await row()).status).toBe('active');

      // The scheduler runs every periodic task once at start; stop() waits for those runs.
      const scheduler = startScheduler(periodicTasks(t.ctx), pino({ enabled: false }));
      await scheduler.stop();
      expect((await row()).status).toBe('expired');
      expect(await expireEndedJobs(t.ctx)).toBe(0);
    });
  });

  describe('account deletion', () => {
    it("removes the member's unpaid jobs and keeps the paid ones up as a former member's", async () => {
      const { user, cookie } = await member();
      const paid = await buildJob(t.ctx, user);
      const unpaid = await buildJob(t.ctx, user, { status: 'pending_payment' });
      expect((await t.app.inject({ method: 'DELETE', url: '/api/auth/delete-account', headers: { cookie } })).statusCode).toBe(204);

      const { jobs } = await list();
      expect(jobs.map((job) => job.id)).toEqual([paid.id]);
      expect(jobs[0]!.user).toEqual({ name: 'Former member' });
      expect(await t.ctx.db.selectFrom('jobs').select('id').where('id', '=', unpaid.id).executeTakeFirst()).toBeUndefined();
    });
  });
});
