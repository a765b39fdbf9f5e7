import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { INVITE_RIGHT_LOST, suspensionMessage } from '../../../shared/schemas/moderation';
import type { UserRow } from '../../db/schema';
import { buildTestApp, ENGINES, type TTestApp } from '../../test/build-test-app';
import { buildAccountLink, buildCode, buildComment, buildJob, buildProject, buildUser, cookieFor, FACTORY_PASSWORD } from '../../test/factories';
import { liftEndedSuspensions, SUSPENSION_ENDED } from './moderation.service';

const HOUR_MS = 60 * 60 * 1000;

describe.each(ENGINES)('suspension, the invite tree and roles on %s', (engine) => {
  let t: TTestApp;
  let moderator: UserRow;
  let admin: UserRow;
  beforeEach(async () => {
    t = await buildTestApp(engine);
    admin = await buildUser(t.ctx, { role: 'admin' });
    moderator = await buildUser(t.ctx, { role: 'moderator' });
  });
  afterEach(async () => {
    await t.close();
  });

  const as = async (user: UserRow) => ({ cookie: await cookieFor(t.ctx, user) });
  const post = async (by: UserRow, url: string, payload: Record<string, unknown>) => t.app.inject({ method: 'POST', url, headers: await as(by), payload });
  const suspend = (by: UserRow, member: UserRow, payload: Record<string, unknown> = {}) => post(by, `/api/admin/users/${member.id}/suspend`, { reason: 'Harassment of other members', ...payload });
  const signIn = (member: UserRow) => t.app.inject({ method: 'POST', url: '/api/auth/signin', payload: { email: member.email, password: FACTORY_PASSWORD } });
  const ids = (response: { json(): { id: number }[] }) => response.json().map((item) => item.id);

  it('ends every session at once, refuses sign-in and password reset with why, and hides their work from everyone but staff', async () => {
    const member = await buildUser(t.ctx);
    const session = await as(member);
    const project = await buildProject(t.ctx, member, { title: 'Solar Bloom' });
    const job = await buildJob(t.ctx, member);
    expect(ids(await t.app.inject({ url: '/api/projects?sort=recent' }))).toContain(project.id);
    expect(ids(await t.app.inject({ url: '/api/jobs' }))).toContain(job.id);
    expect((await t.app.inject({ url: `/api/users/${member.id}` })).statusCode).toBe(200);
    // Signed in and just used: the session is kept (sessions.service.ts), and the suspension must still end it.
    expect((await t.app.inject({ url: '/api/auth/me', headers: session })).json()).not.toBeNull();

    const response = await suspend(moderator, member);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ id: member.id, suspended: true, suspendedForever: true, suspendedUntil: null, suspensionReason: 'Harassment of other members' });
    expect(JSON.stringify(response.json())).not.toContain(member.email);

    expect((await t.app.inject({ url: '/api/auth/me', headers: session })).json()).toBeNull();
    expect(await t.ctx.db.selectFrom('sessions').select('token_hash').where('user_id', '=', member.id).execute()).toEqual([]);
    const refused = await signIn(member);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe('Your account is suspended. Reason: Harassment of other members');
    const reset = await t.app.inject({ method: 'POST', url: '/api/auth/password/reset', payload: { token: await buildAccountLink(t.ctx, member.id, 'password_reset'), password: 'violet-kettle-orbit' } });
    expect(reset.statusCode).toBe(403);
    // A session that slipped past the deletion is refused too.
    expect((await t.app.inject({ url: '/api/auth/me', headers: await as(member) })).json()).toBeNull();

    const other = await as(await buildUser(t.ctx));
    for (const headers of [{}, other]) {
      expect(ids(await t.app.inject({ url: '/api/projects?sort=recent', headers }))).not.toContain(project.id);
      expect(ids(await t.app.inject({ url: `/api/users/${member.id}/projects`, headers }))).not.toContain(project.id);
      expect(ids(await t.app.inject({ url: '/api/projects/search/Solar', headers }))).not.toContain(project.id);
      expect((await t.app.inject({ url: `/api/projects/${project.id}`, headers })).statusCode).toBe(404);
      expect(ids(await t.app.inject({ url: '/api/jobs', headers }))).not.toContain(job.id);
      expect((await t.app.inject({ url: `/api/jobs/${job.id}`, headers })).statusCode).toBe(404);
      expect((await t.app.inject({ url: `/api/users/${member.id}`, headers })).statusCode).toBe(404);
    }
    expect((await t.app.inject({ url: `/api/projects/${project.id}`, headers: await as(moderator) })).statusCode).toBe(200);
    expect((await t.app.inject({ url: `/api/users/${member.id}`, headers: await as(moderator) })).statusCode).toBe(200);

    const audit = (await t.app.inject({ url: '/api/admin/audit', headers: await as(admin) })).json();
    expect(audit[0]).toMatchObject({ actor: { id: moderator.id }, action: 'suspend', targetType: 'member', targetId: member.id, reason: 'Harassment of other members' });

    const lifted = await post(moderator, `/api/admin/users/${member.id}/unsuspend`, { reason: 'Apologised' });
    expect(lifted.json()).toMatchObject({ suspended: false, suspensionReason: null });
    expect((await signIn(member)).statusCode).toBe(200);
    expect(ids(await t.app.inject({ url: '/api/projects?sort=recent' }))).toContain(project.id);
    expect(ids(await t.app.inject({ url: '/api/jobs' }))).toContain(job.id);
    expect((await post(moderator, `/api/admin/users/${member.id}/unsuspend`, { reason: 'Again' })).statusCode).toBe(409);
  });

  it("hides a suspended member's comments from everyone but staff, and shows them again when lifted", async () => {
    const project = await buildProject(t.ctx, await buildUser(t.ctx));
    const member = await buildUser(t.ctx);
    const comment = await buildComment(t.ctx, member, project.id, { body: 'You will regret posting this' });
    const listed = async (viewer?: UserRow) => ids(await t.app.inject({ url: `/api/projects/${project.id}/comments`, ...(viewer ? { headers: await as(viewer) } : {}) }));
    expect(await listed()).toContain(comment.id);
    expect((await suspend(moderator, member)).statusCode).toBe(200);
    expect(await listed()).not.toContain(comment.id);
    expect(await listed(await buildUser(t.ctx))).not.toContain(comment.id);
    expect(await listed(moderator)).toContain(comment.id);
    expect((await post(moderator, `/api/admin/users/${member.id}/unsuspend`, { reason: 'Appeal accepted' })).statusCode).toBe(200);
    expect(await listed()).toContain(comment.id);
  });

  it('ends a timed suspension by itself: sign-in works at its end, and the periodic task brings the work back', async () => {
    const member = await buildUser(t.ctx);
    const project = await buildProject(t.ctx, member);
    const until = new Date(t.clock.now.getTime() + 2 * HOUR_MS).toISOString();
    expect((await suspend(moderator, member, { until })).json()).toMatchObject({ suspendedUntil: until, suspendedForever: false });
    const refused = await signIn(member);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(suspensionMessage(until, 'Harassment of other members'));
    expect(refused.json().message).toMatch(/^Your account is suspended until .+ UTC\. Reason: Harassment of other members$/);
    expect(await liftEndedSuspensions(t.ctx)).toBe(0);

    t.clock.advance(2 * HOUR_MS + 1000);
    expect((await signIn(member)).statusCode).toBe(200);
    expect(await liftEndedSuspensions(t.ctx)).toBe(1);
    expect(ids(await t.app.inject({ url: '/api/projects?sort=recent' }))).toContain(project.id);
    const audit = (await t.app.inject({ url: '/api/admin/audit', headers: await as(admin) })).json();
    expect(audit[0]).toMatchObject({ actor: null, action: 'unsuspend', targetId: member.id, reason: SUSPENSION_ENDED });
    expect((await suspend(moderator, member, { until: new Date(t.clock.now.getTime() - 1000).toISOString() })).statusCode).toBe(400);
  });

  it('lets nobody suspend themself, and only admins suspend staff', async () => {
    expect((await suspend(moderator, moderator)).statusCode).toBe(400);
    expect((await suspend(moderator, admin)).statusCode).toBe(403);
    expect((await suspend(moderator, await buildUser(t.ctx, { role: 'moderator' }))).statusCode).toBe(403);
    expect((await suspend(admin, moderator)).statusCode).toBe(200);
    expect((await suspend(admin, { ...admin, id: 999_999 })).statusCode).toBe(404);
  });

  it('revokes the unused codes of a suspended member when asked', async () => {
    const member = await buildUser(t.ctx);
    const used = await buildCode(t.ctx, member.id);
    await t.ctx.db.updateTable('invitation_codes').set({ used_at: t.ctx.now().toISOString() }).where('id', '=', used.id).execute();
    const unused = await buildCode(t.ctx, member.id);
    expect((await t.app.inject({ url: `/api/admin/users/${member.id}`, headers: await as(moderator) })).json().unusedCodes).toBe(1);
    expect((await suspend(moderator, member, { revokeCodes: true })).json().unusedCodes).toBe(0);
    const codes = await t.ctx.db.selectFrom('invitation_codes').select('id').where('owner_id', '=', member.id).execute();
    expect(codes.map((code) => code.id)).toEqual([used.id]);
    expect((await t.app.inject({ method: 'POST', url: '/api/invitation-codes/validate', payload: { code: unused.code } })).statusCode).toBe(404);
  });

  it('takes the right to invite from a member two of whose invitees were suspended, until an admin restores it', async () => {
    const inviter = await buildUser(t.ctx);
    const code = await buildCode(t.ctx, inviter.id);
    const [first, second] = [await buildUser(t.ctx, { invited_by: inviter.id }), await buildUser(t.ctx, { invited_by: inviter.id })];
    const inviterCookie = await as(inviter);
    const generate = () => t.app.inject({ method: 'POST', url: '/api/invitation-codes/generate', headers: inviterCookie, payload: { count: 1 } });

    await suspend(moderator, first);
    // The same invitee suspended again counts once.
    await post(moderator, `/api/admin/users/${first.id}/unsuspend`, { reason: 'Appeal' });
    await suspend(moderator, first);
    expect((await t.app.inject({ url: `/api/admin/users/${inviter.id}`, headers: await as(moderator) })).json().canInvite).toBe(true);

    await suspend(moderator, second);
    const page = (await t.app.inject({ url: `/api/admin/users/${inviter.id}`, headers: await as(moderator) })).json();
    expect(page).toMatchObject({ canInvite: false, inviteRightNote: 'Two members they invited were suspended', unusedCodes: 0 });
    expect(page.invitees.map((invitee: { id: number; suspended: boolean }) => [invitee.id, invitee.suspended])).toEqual([
      [first.id, true],
      [second.id, true],
    ]);
    const refused = await generate();
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(INVITE_RIGHT_LOST);
    expect((await t.app.inject({ method: 'POST', url: '/api/invitation-codes/validate', payload: { code: code.code } })).statusCode).toBe(404);
    expect((await t.app.inject({ url: `/api/admin/users/${first.id}`, headers: await as(moderator) })).json().invitedBy).toEqual({ id: inviter.id, name: `${inviter.first_name} ${inviter.last_name}` });

    expect((await post(moderator, `/api/admin/users/${inviter.id}/invite-right`, { canInvite: true, reason: 'Vouched for' })).statusCode).toBe(403);
    const restored = await post(admin, `/api/admin/users/${inviter.id}/invite-right`, { canInvite: true, reason: 'Vouched for' });
    expect(restored.json()).toMatchObject({ canInvite: true, inviteRightNote: null });
    expect((await generate()).statusCode).toBe(201);
    const actions = (await t.app.inject({ url: '/api/admin/audit', headers: await as(admin) })).json().map((entry: { action: string; targetId: number }) => [entry.action, entry.targetId]);
    expect(actions.slice(0, 3)).toEqual([
      ['invite-right', inviter.id],
      ['invite-right', inviter.id],
      ['suspend', second.id],
    ]);
  });

  it('lets admins set roles, never demoting the last admin', async () => {
    const member = await buildUser(t.ctx);
    const promoted = await post(admin, `/api/admin/users/${member.id}/role`, { role: 'moderator', reason: 'Trusted' });
    expect(promoted.json().role).toBe('moderator');
    expect((await t.app.inject({ url: '/api/admin/reports', headers: await as(member) })).statusCode).toBe(200);
    const last = await post(admin, `/api/admin/users/${admin.id}/role`, { role: 'member', reason: 'Stepping down' });
    expect(last.statusCode).toBe(409);
    expect(last.json().message).toBe('The site needs at least one admin');
    await post(admin, `/api/admin/users/${member.id}/role`, { role: 'admin', reason: 'Co-admin' });
    expect((await post(admin, `/api/admin/users/${admin.id}/role`, { role: 'member', reason: 'Stepping down' })).json().role).toBe('member');
  });

  it('lists members newest first, filtered by name, paged, without e-mails', async () => {
    const ada = await buildUser(t.ctx, { first_name: 'Ada', last_name: 'Lovelace' });
    t.clock.advance(1000);
    const grace = await buildUser(t.ctx, { first_name: 'Grace', last_name: 'Zeta' });
    const all = await t.app.inject({ url: '/api/admin/users?limit=2', headers: await as(moderator) });
    expect(all.json().map((row: { id: number }) => row.id)).toEqual([grace.id, ada.id]);
    expect(all.headers['x-has-more']).toBe('true');
    expect(JSON.stringify(all.json())).not.toContain('@');
    const found = await t.app.inject({ url: '/api/admin/users?q=lovel', headers: await as(moderator) });
    expect(found.json()).toEqual([expect.objectContaining({ id: ada.id, name: 'Ada Lovelace', role: 'member', suspended: false, openReports: 0 })]);
  });

  it('counts figures from real rows: sign-ups, uploads and active members per day, payments, open reports, outbox, media bytes', async () => {
    const member = await buildUser(t.ctx);
    await buildProject(t.ctx, member, { media: 2 });
    const job = await buildJob(t.ctx, member);
    const now = t.ctx.now().toISOString();
    const payment = { job_id: job.id, provider: 'test' as const, amount: 25_000, currency: 'usd', status: 'succeeded', created_at: now, updated_at: now };
    await t.ctx.db.insertInto('payments').values([{ ...payment, provider_payment_id: 'pi_1' }, { ...payment, provider_payment_id: 'pi_2', status: 'requires_payment_method' }]).execute();
    await t.ctx.db.insertInto('outbox').values({ message_id: null, to_address: 'a@example.com', reply_to: null, subject: 'Hi', text_body: 'Hi', created_at: now, next_attempt_at: now }).execute();
    await t.app.inject({ method: 'POST', url: '/api/reports', headers: await as(member), payload: { targetType: 'member', targetId: admin.id, reason: 'other' } });
    const figures = (await t.app.inject({ url: '/api/admin/figures', headers: await as(moderator) })).json();
    expect(figures.days).toHaveLength(30);
    const today = figures.days.at(-1);
    expect(today.date).toBe(now.slice(0, 10));
    // Active today: the member (a project, a session) and the moderator (a session); the admin never signed in.
    expect(today).toEqual({ date: today.date, signups: 3, uploads: 2, activeMembers: 2 });
    expect(figures.days.slice(0, 29).every((day: { signups: number; uploads: number }) => day.signups === 0 && day.uploads === 0)).toBe(true);
    const bytes = await t.ctx.db.selectFrom('project_media').select('size_bytes').execute();
    expect(figures).toMatchObject({ jobsPaid: 1, revenueCents: 25_000, openReports: 1, outboxBacklog: 1, mediaDiskBytes: bytes.reduce((sum, row) => sum + row.size_bytes, 0) });
  });
});
