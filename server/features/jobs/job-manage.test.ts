// One job's page data and the poster's own changes (issue 16): GET /api/jobs/{id} with isOwn,
// the board's remote and location filters, PATCH (edit), close early, and renew through the
// test-mode payment flow.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { TJob, TJobView, TMyJob, TPaymentSession } from '../../../shared/schemas/job';
import { buildTestApp, ENGINES, type TTestApp } from '../../test/build-test-app';
import { buildJob, buildUser, cookieFor, jobBody } from '../../test/factories';

const DAY_MS = 24 * 60 * 60 * 1000;

describe.each(ENGINES)('managing a job on %s', (engine) => {
  let t: TTestApp;
  beforeEach(async () => {
    t = await buildTestApp(engine);
  });
  afterEach(async () => {
    await t.close();
  });

  const member = async (role: 'member' | 'moderator' = 'member') => {
    const user = await buildUser(t.ctx, role === 'member' ? {} : { role });
    return { user, cookie: await cookieFor(t.ctx, user) };
  };
  const read = (id: number, cookie?: string) => t.app.inject({ url: `/api/jobs/${id}`, headers: cookie ? { cookie } : {} });
  const patch = (id: number, cookie: string | undefined, payload: Record<string, unknown>) =>
    t.app.inject({ method: 'PATCH', url: `/api/jobs/${id}`, headers: cookie ? { cookie } : {}, payload });
  const close = (id: number, cookie?: string) => t.app.inject({ method: 'POST', url: `/api/jobs/${id}/close`, headers: cookie ? { cookie } : {} });
  const renew = (id: number, cookie?: string) => t.app.inject({ method: 'POST', url: `/api/jobs/${id}/renew`, headers: cookie ? { cookie } : {} });
  const payByCard = (clientSecret: string, cookie: string, cardNumber = '4242 4242 4242 4242') =>
    t.app.inject({ method: 'POST', url: '/api/payments/test/confirm', headers: { cookie }, payload: { clientSecret, cardNumber, expiry: '12 / 34', cvc: '123' } });
  const confirm = (id: number, cookie: string, paymentIntentId: string) =>
    t.app.inject({ method: 'POST', url: `/api/jobs/${id}/confirm-payment`, headers: { cookie }, payload: { paymentIntentId } });
  const boardIds = async (query = ''): Promise<number[]> => {
    const response = await t.app.inject({ url: `/api/jobs${query}` });
    expect(response.statusCode).toBe(200);
    return response.json<TJob[]>().map((job) => job.id);
  };
  const row = (id: number) => t.ctx.db.selectFrom('jobs').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

  describe('GET /api/jobs/{id}', () => {
    it('says whether the viewer posted the job, never who did; others see no numbers', async () => {
      const poster = await member();
      const other = await member();
      const job = await buildJob(t.ctx, poster.user);
      const mine: TJobView = (await read(job.id, poster.cookie)).json();
      expect(mine).toMatchObject({ id: job.id, isOwn: true, status: 'active', views: 0 });
      const theirs: TJobView = (await read(job.id, other.cookie)).json();
      expect(theirs.isOwn).toBe(false);
      expect(theirs).not.toHaveProperty('views');
      const visitor = await read(job.id);
      expect(visitor.json()).toMatchObject({ isOwn: false, user: { name: expect.any(String) } });
      expect(visitor.body).not.toContain(poster.user.email);
      expect(visitor.body).not.toContain('password');
    });

    it('shows a pending, expired or hidden job to its poster and to staff only, with its status; 404 for others', async () => {
      const poster = await member();
      const other = await member();
      const staff = await member('moderator');
      const pending = await buildJob(t.ctx, poster.user, { status: 'pending_payment' });
      const expired = await buildJob(t.ctx, poster.user, { status: 'expired', activeUntil: new Date(t.ctx.now().getTime() - DAY_MS) });
      const hidden = await buildJob(t.ctx, poster.user);
      await t.ctx.db.updateTable('jobs').set({ hidden_at: t.ctx.now().toISOString(), hidden_reason: 'Spam' }).where('id', '=', hidden.id).execute();
      for (const [job, status] of [
        [pending, 'pending_payment'],
        [expired, 'expired'],
        [hidden, 'active'],
      ] as const) {
        expect((await read(job.id)).statusCode).toBe(404);
        expect((await read(job.id, other.cookie)).statusCode).toBe(404);
        expect((await read(job.id, poster.cookie)).json()).toMatchObject({ status, isOwn: true });
        expect((await read(job.id, staff.cookie)).json()).toMatchObject({ status, isOwn: false });
      }
      expect((await read(hidden.id, staff.cookie)).json().moderation).toMatchObject({ reason: 'Spam' });
      expect((await read(123456789)).statusCode).toBe(404);
      expect((await t.app.inject({ url: '/api/jobs/abc' })).statusCode).toBe(400);
    });
  });

  describe('board filters', () => {
    it('filters remote jobs only and by location (case-insensitive substring), with the other filters, paged', async () => {
      const { user } = await member();
      const berlinRemote = await buildJob(t.ctx, user, { body: { location: 'Berlin, Germany', remote: 'true' } });
      const berlinOffice = await buildJob(t.ctx, user, { body: { location: 'Berlin', remote: 'false', type: 'Contract' } });
      const paris = await buildJob(t.ctx, user, { body: { location: 'Paris', remote: 'true', title: 'Midjourney artist' } });
      const percent = await buildJob(t.ctx, user, { body: { location: '100% remote' } });
      await buildJob(t.ctx, user, { status: 'expired', activeUntil: new Date(t.ctx.now().getTime() - DAY_MS), body: { location: 'Berlin', remote: 'true' } });

      expect(new Set(await boardIds('?remote=true'))).toEqual(new Set([berlinRemote.id, paris.id]));
      expect((await boardIds('?remote=false')).length).toBe(4);
      expect((await boardIds('?remote=')).length).toBe(4);
      expect(new Set(await boardIds('?location=BERLIN'))).toEqual(new Set([berlinRemote.id, berlinOffice.id]));
      expect(await boardIds('?location=germ')).toEqual([berlinRemote.id]);
      expect(await boardIds('?location=berlin&remote=true')).toEqual([berlinRemote.id]);
      expect(await boardIds('?location=berlin&type=Contract')).toEqual([berlinOffice.id]);
      expect(await boardIds('?remote=true&q=midjourney')).toEqual([paris.id]);
      expect(await boardIds('?location=%25')).toEqual([percent.id]);
      expect(await boardIds('?location=tokyo')).toEqual([]);
      // Paged like the rest of the board: the count covers every match.
      const page = await t.app.inject({ url: '/api/jobs?location=berlin&limit=1' });
      expect(page.json()).toHaveLength(1);
      expect(page.headers['x-total-count']).toBe('2');
      expect((await t.app.inject({ url: `/api/jobs?location=${'x'.repeat(101)}` })).statusCode).toBe(400);
      expect((await t.app.inject({ url: '/api/jobs?remote=maybe' })).statusCode).toBe(400);
    });
  });

  describe('PATCH /api/jobs/{id}', () => {
    it('lets the poster change every field, with the posting form rules and messages', async () => {
      const poster = await member();
      const job = await buildJob(t.ctx, poster.user);
      const edited = await patch(
        job.id,
        poster.cookie,
        jobBody({ title: 'Senior Prompt Engineer', location: 'Lisbon', remote: 'true', tags: 'flux, , comfyui,flux', applicationUrl: 'careers.example.com/apply', salary: '' }),
      );
      expect(edited.statusCode).toBe(200);
      expect(edited.json<TMyJob>()).toMatchObject({ id: job.id, title: 'Senior Prompt Engineer', location: 'Lisbon', remote: 'true', tags: ['flux', 'comfyui'], applicationUrl: 'https://careers.example.com/apply', salary: null, status: 'active' });
      expect((await read(job.id)).json()).toMatchObject({ title: 'Senior Prompt Engineer', tags: ['flux', 'comfyui'] });
      expect(await boardIds('?location=lisbon&remote=true')).toEqual([job.id]);

      const invalid = await patch(job.id, poster.cookie, { ...jobBody(), title: ' ', description: 'short', tags: '', applicationUrl: 'nope' });
      expect(invalid.statusCode).toBe(400);
      expect(invalid.json().details).toEqual(
        expect.arrayContaining([
          { field: 'title', message: 'Job title is required' },
          { field: 'description', message: 'Description must be at least 50 characters' },
          { field: 'tags', message: 'At least one tag is required' },
          { field: 'applicationUrl', message: 'Must be a valid URL or email address' },
        ]),
      );
      expect((await row(job.id)).title).toBe('Senior Prompt Engineer');
    });

    it('is for the poster only: 401 signed out, 403 for another member or staff, 404 for no such job', async () => {
      const poster = await member();
      const other = await member();
      const staff = await member('moderator');
      const job = await buildJob(t.ctx, poster.user);
      expect((await patch(job.id, undefined, jobBody())).statusCode).toBe(401);
      expect((await patch(job.id, other.cookie, jobBody())).statusCode).toBe(403);
      expect((await patch(job.id, staff.cookie, jobBody())).statusCode).toBe(403);
      expect((await patch(999999, poster.cookie, jobBody())).statusCode).toBe(404);
      expect((await row(job.id)).title).toBe(job.title);
    });

    it('has a per-member rate (JOB_CHANGES_PER_HOUR), shared with closing and renewing', async () => {
      await t.close();
      t = await buildTestApp(engine, { env: { JOB_CHANGES_PER_HOUR: '2' } });
      const poster = await member();
      const job = await buildJob(t.ctx, poster.user);
      expect((await patch(job.id, poster.cookie, jobBody())).statusCode).toBe(200);
      expect((await patch(job.id, poster.cookie, jobBody())).statusCode).toBe(200);
      const refused = await close(job.id, poster.cookie);
      expect(refused.statusCode).toBe(429);
      expect(refused.json().message).toBe('You have changed your job listings too many times in the last hour. Please try again later.');
      expect(refused.headers['retry-after']).toBeDefined();
      expect((await renew(job.id, poster.cookie)).statusCode).toBe(429);
    });
  });

  describe('POST /api/jobs/{id}/close', () => {
    it('ends a live listing now: it leaves the board and its page; the poster still sees it as expired', async () => {
      const poster = await member();
      const job = await buildJob(t.ctx, poster.user);
      expect(await boardIds()).toEqual([job.id]);
      const closed = await close(job.id, poster.cookie);
      expect(closed.statusCode).toBe(200);
      expect(closed.json<TMyJob>().status).toBe('expired');
      expect(new Date(closed.json<TMyJob>().activeUntil!).getTime()).toBeLessThanOrEqual(t.ctx.now().getTime());
      expect(await boardIds()).toEqual([]);
      expect((await read(job.id)).statusCode).toBe(404);
      expect((await read(job.id, poster.cookie)).json()).toMatchObject({ status: 'expired', isOwn: true });
      // Once ended, closing again says so; an unpaid job has nothing to close.
      expect((await close(job.id, poster.cookie)).json()).toMatchObject({ message: 'This listing has already ended' });
      const pending = await buildJob(t.ctx, poster.user, { status: 'pending_payment' });
      const unpaid = await close(pending.id, poster.cookie);
      expect(unpaid.statusCode).toBe(409);
      expect(unpaid.json().message).toBe('This job is not live yet: it is awaiting payment');
    });

    it('is for the poster only', async () => {
      const poster = await member();
      const other = await member();
      const staff = await member('moderator');
      const job = await buildJob(t.ctx, poster.user);
      expect((await close(job.id)).statusCode).toBe(401);
      expect((await close(job.id, other.cookie)).statusCode).toBe(403);
      expect((await close(job.id, staff.cookie)).statusCode).toBe(403);
      expect((await close(999999, poster.cookie)).statusCode).toBe(404);
      expect(await boardIds()).toEqual([job.id]);
    });
  });

  describe('POST /api/jobs/{id}/renew', () => {
    const renewAndPay = async (jobId: number, cookie: string) => {
      const started = await renew(jobId, cookie);
      expect(started.statusCode).toBe(200);
      const session: TPaymentSession = started.json();
      expect(session).toMatchObject({ provider: 'test', amount: 25_000, currency: 'usd' });
      expect((await payByCard(session.clientSecret, cookie)).statusCode).toBe(200);
      const confirmed = await confirm(jobId, cookie, session.paymentIntentId);
      expect(confirmed.statusCode).toBe(200);
      return { session, job: confirmed.json<TMyJob>() };
    };

    it('extends an active listing by 60 days from its current end, after another $250 through the test card', async () => {
      const poster = await member();
      const end = new Date(t.ctx.now().getTime() + 10 * DAY_MS);
      const job = await buildJob(t.ctx, poster.user, { activeUntil: end });
      // The same session until it is paid (a double click makes no second PaymentIntent).
      const first: TPaymentSession = (await renew(job.id, poster.cookie)).json();
      const again: TPaymentSession = (await renew(job.id, poster.cookie)).json();
      expect(again.paymentIntentId).toBe(first.paymentIntentId);
      // Not paid yet: confirming changes nothing.
      expect((await confirm(job.id, poster.cookie, first.paymentIntentId)).statusCode).toBe(402);
      expect((await row(job.id)).active_until).toBe(end.toISOString());

      const { job: renewed } = await renewAndPay(job.id, poster.cookie);
      expect(renewed.status).toBe('active');
      expect(new Date(renewed.activeUntil!).getTime()).toBe(end.getTime() + 60 * DAY_MS);
      // Confirming the same payment again adds nothing; the receipt is queued once.
      expect((await confirm(job.id, poster.cookie, first.paymentIntentId)).json<TMyJob>().activeUntil).toBe(renewed.activeUntil);
      expect(await t.ctx.db.selectFrom('payments').selectAll().where('job_id', '=', job.id).execute()).toHaveLength(1);
      expect(await t.ctx.db.selectFrom('outbox').selectAll().execute()).toHaveLength(1);

      // A second renewal gets a PaymentIntent of its own and adds another 60 days.
      const second = await renewAndPay(job.id, poster.cookie);
      expect(second.session.paymentIntentId).not.toBe(first.paymentIntentId);
      expect(new Date(second.job.activeUntil!).getTime()).toBe(end.getTime() + 120 * DAY_MS);
    });

    it('puts an ended (or closed) listing back on the board for 60 days from now', async () => {
      const poster = await member();
      const job = await buildJob(t.ctx, poster.user);
      await close(job.id, poster.cookie);
      t.clock.advance(5 * DAY_MS);
      expect(await boardIds()).toEqual([]);
      const before = t.ctx.now().getTime();
      const { job: renewed } = await renewAndPay(job.id, poster.cookie);
      expect(renewed.status).toBe('active');
      const until = new Date(renewed.activeUntil!).getTime();
      expect(until).toBeGreaterThanOrEqual(before + 60 * DAY_MS);
      expect(until).toBeLessThan(before + 60 * DAY_MS + 60_000);
      expect(await boardIds()).toEqual([job.id]);
    });

    it('refuses a declined card (the listing stays as it was), an unpaid job and a hidden one', async () => {
      const poster = await member();
      const job = await buildJob(t.ctx, poster.user, { status: 'expired', activeUntil: new Date(t.ctx.now().getTime() - DAY_MS) });
      const session: TPaymentSession = (await renew(job.id, poster.cookie)).json();
      expect((await payByCard(session.clientSecret, poster.cookie, '4000 0000 0000 0002')).statusCode).toBe(402);
      expect((await confirm(job.id, poster.cookie, session.paymentIntentId)).statusCode).toBe(402);
      expect((await row(job.id)).status).toBe('expired');

      const pending = await buildJob(t.ctx, poster.user, { status: 'pending_payment' });
      const unpaid = await renew(pending.id, poster.cookie);
      expect(unpaid.statusCode).toBe(409);
      expect(unpaid.json().message).toBe('This job has not been paid for yet: complete its payment instead');

      const hidden = await buildJob(t.ctx, poster.user);
      await t.ctx.db.updateTable('jobs').set({ hidden_at: t.ctx.now().toISOString(), hidden_reason: 'Spam' }).where('id', '=', hidden.id).execute();
      expect((await renew(hidden.id, poster.cookie)).statusCode).toBe(409);
    });

    it('is for the poster only; an ordinary payment for a live job still never extends it', async () => {
      const poster = await member();
      const other = await member();
      const staff = await member('moderator');
      const job = await buildJob(t.ctx, poster.user);
      expect((await renew(job.id)).statusCode).toBe(401);
      expect((await renew(job.id, other.cookie)).statusCode).toBe(403);
      expect((await renew(job.id, staff.cookie)).statusCode).toBe(403);
      expect((await renew(999999, poster.cookie)).statusCode).toBe(404);
      // The posting payment route stays closed to a paid job.
      expect((await t.app.inject({ method: 'POST', url: `/api/jobs/${job.id}/payment`, headers: { cookie: poster.cookie } })).statusCode).toBe(409);
      // Another member cannot pay for, or confirm, the poster's renewal.
      const session: TPaymentSession = (await renew(job.id, poster.cookie)).json();
      expect((await payByCard(session.clientSecret, other.cookie)).statusCode).toBe(403);
      expect((await confirm(job.id, other.cookie, session.paymentIntentId)).statusCode).toBe(403);
    });
  });
});
