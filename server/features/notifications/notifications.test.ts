// Notifications: each source, grouping, no self-notification, the list and the bell's count,
// marking read, the e-mail settings, instant and digest e-mail, and one-click unsubscribe.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { TNotification, TNotificationList } from '../../../shared/schemas/notification';
import type { TMailer, TOutgoingMail } from '../../adapters/mail/mailer';
import { createLogMailer } from '../../adapters/mail/log-mailer';
import type { UserRow } from '../../db/schema';
import { periodicTasks } from '../../jobs/periodic-tasks';
import { buildTestApp, ENGINES, type TTestApp } from '../../test/build-test-app';
import { buildJob, buildProject, buildUser, cookieFor } from '../../test/factories';
import { deliverNextMail } from '../messages/outbox.service';
import { KEEP_NOTIFICATIONS, nextDigestAt, notify, unsubscribeTokenOf } from './notifications.service';

const DAY_MS = 24 * 60 * 60 * 1000;
const PUBLIC_URL = 'https://gallery.example';

describe.each(ENGINES)('notifications on %s', (engine) => {
  let t: TTestApp;
  beforeEach(async () => {
    t = await buildTestApp(engine, { env: { PUBLIC_URL } });
  });
  afterEach(async () => {
    await t.close();
  });

  interface TMember {
    user: UserRow;
    cookie: string;
  }
  async function member(firstName: string, lastName = 'Test'): Promise<TMember> {
    const user = await buildUser(t.ctx, { first_name: firstName, last_name: lastName });
    return { user, cookie: await cookieFor(t.ctx, user) };
  }
  const like = (who: TMember, projectId: number) => t.app.inject({ method: 'POST', url: `/api/projects/${projectId}/like`, headers: { cookie: who.cookie } });
  const follow = (who: TMember, userId: number) => t.app.inject({ method: 'POST', url: `/api/users/${userId}/follow`, headers: { cookie: who.cookie } });
  async function list(who: TMember, query = ''): Promise<TNotificationList> {
    const response = await t.app.inject({ url: `/api/notifications${query}`, headers: { cookie: who.cookie } });
    expect(response.statusCode).toBe(200);
    return response.json();
  }
  async function unread(who: TMember): Promise<number> {
    const response = await t.app.inject({ url: '/api/notifications/unread', headers: { cookie: who.cookie } });
    expect(response.statusCode).toBe(200);
    return response.json().unread;
  }
  const markRead = (who: TMember, payload: Record<string, unknown>) => t.app.inject({ method: 'POST', url: '/api/notifications/read', headers: { cookie: who.cookie }, payload });
  const putSettings = (who: TMember, payload: Record<string, unknown>) => t.app.inject({ method: 'PUT', url: '/api/notifications/settings', headers: { cookie: who.cookie }, payload });
  const hireBody = (recipientId: number) => ({ name: 'Ada Lovelace', email: 'ada@example.com', subject: 'A commission', message: 'Could you make a series?', recipientId, projectId: null, projectTitle: null });
  let ip = 0;
  const hire = (recipientId: number) => t.app.inject({ method: 'POST', url: '/api/contact', payload: hireBody(recipientId), remoteAddress: `10.1.0.${++ip}` });
  const outbox = () => t.ctx.db.selectFrom('outbox').selectAll().orderBy('id').execute();

  describe('sources and texts', () => {
    it('groups unread likes of a project into one notification naming the latest liker', async () => {
      const owner = await member('Mira');
      const project = await buildProject(t.ctx, owner.user, { title: 'Solar Bloom' });
      const ada = await member('Ada', 'Lovelace');
      expect((await like(ada, project.id)).statusCode).toBe(200);
      expect((await list(owner)).items.map((item) => item.text)).toEqual(['Ada Lovelace liked Solar Bloom']);

      const grace = await member('Grace', 'Hopper');
      await like(grace, project.id);
      expect((await list(owner)).items.map((item) => item.text)).toEqual(['Grace Hopper and 1 other liked Solar Bloom']);

      for (const name of ['Alan', 'Edsger']) await like(await member(name), project.id);
      await like(ada, project.id); // unlike: nothing new
      const page = await list(owner);
      expect(page.items).toHaveLength(1);
      expect(page.items[0]).toMatchObject({ type: 'like', text: 'Edsger Test and 3 others liked Solar Bloom', actorCount: 4, url: `/project/${project.slug}`, read: false });
      expect(page.items[0]!.actor).toMatchObject({ name: 'Edsger Test' });
      expect(page.unread).toBe(1);
    });

    it('starts a new group once the grouped likes were read', async () => {
      const owner = await member('Mira');
      const project = await buildProject(t.ctx, owner.user, { title: 'Solar Bloom' });
      await like(await member('Ada'), project.id);
      expect((await markRead(owner, {})).json()).toEqual({ unread: 0 });
      await like(await member('Grace'), project.id);
      const page = await list(owner);
      expect(page.items.map((item) => [item.text, item.read])).toEqual([
        ['Grace Test liked Solar Bloom', false],
        ['Ada Test liked Solar Bloom', true],
      ]);
    });

    it('never tells members about their own likes and follows', async () => {
      const owner = await member('Mira');
      const project = await buildProject(t.ctx, owner.user);
      await like(owner, project.id);
      await notify(t.ctx, { userId: owner.user.id, type: 'comment', actorId: owner.user.id, projectId: project.id, commentId: 1 });
      expect(await unread(owner)).toBe(0);
      expect(await outbox()).toEqual([]);
    });

    it('tells of a follow, linking to the follower, once per unread follower', async () => {
      const owner = await member('Mira');
      const ada = await member('Ada', 'Lovelace');
      await follow(ada, owner.user.id);
      await follow(ada, owner.user.id); // unfollow
      await follow(ada, owner.user.id);
      const page = await list(owner);
      expect(page.items).toHaveLength(1);
      expect(page.items[0]).toMatchObject({ type: 'follow', text: 'Ada Lovelace started following you', url: `/creator/${ada.user.id}`, actorCount: 1 });
    });

    it('tells of a hire message, linking to the Messages tab', async () => {
      const owner = await member('Mira');
      expect((await hire(owner.user.id)).statusCode).toBe(201);
      const [item] = (await list(owner)).items;
      expect(item).toMatchObject({ type: 'hire', text: 'Ada Lovelace sent you a message', url: '/profile?tab=messages', actor: null });
    });

    it('words comments, replies and moderation outcomes, and links comments to their place on the page', async () => {
      const owner = await member('Mira');
      const project = await buildProject(t.ctx, owner.user, { title: 'Solar Bloom' });
      const ada = await member('Ada', 'Lovelace');
      await notify(t.ctx, { userId: owner.user.id, type: 'comment', actorId: ada.user.id, projectId: project.id, commentId: 41 });
      await notify(t.ctx, { userId: owner.user.id, type: 'reply', actorId: ada.user.id, projectId: project.id, commentId: 42 });
      await notify(t.ctx, { userId: owner.user.id, type: 'moderation', actorId: null, projectId: project.id, data: { action: 'hide', label: 'Your project Solar Bloom', reason: 'Spam' } });
      const texts = (await list(owner)).items.map((item) => [item.text, item.url]);
      expect(texts).toEqual([
        ['Your project Solar Bloom was hidden by a moderator: Spam', `/project/${project.slug}`],
        ['Ada Lovelace replied to your comment on Solar Bloom', `/project/${project.slug}#comment-42`],
        ['Ada Lovelace commented on Solar Bloom', `/project/${project.slug}#comment-41`],
      ]);
    });

    it('tells an owner once that their listing ends in 3 days', async () => {
      const owner = await member('Mira');
      const soon = await buildJob(t.ctx, owner.user, { activeUntil: new Date(t.clock.now.getTime() + 2 * DAY_MS), body: { title: 'Prompt Engineer' } });
      await buildJob(t.ctx, owner.user, { activeUntil: new Date(t.clock.now.getTime() + 10 * DAY_MS) });
      const task = periodicTasks(t.ctx).find((candidate) => candidate.name === 'notify-expiring-jobs')!;
      expect(await task.run(new AbortController().signal)).toBe(1);
      expect(await task.run(new AbortController().signal)).toBe(0);
      const page = await list(owner);
      expect(page.items).toHaveLength(1);
      expect(page.items[0]).toMatchObject({ type: 'job-expiring', text: 'Your job listing Prompt Engineer expires in 3 days', url: '/profile?tab=jobs' });
      const row = await t.ctx.db.selectFrom('notifications').select('job_id').executeTakeFirstOrThrow();
      expect(row.job_id).toBe(soon.id);
    });
  });

  describe('comments and replies', () => {
    const comment = (who: TMember, projectId: number, payload: Record<string, unknown>) =>
      t.app.inject({ method: 'POST', url: `/api/projects/${projectId}/comments`, headers: { cookie: who.cookie }, payload });

    it('tells the owner of a comment and the parent’s author of a reply, each linking to the comment, and e-mails them', async () => {
      const owner = await member('Mira');
      const project = await buildProject(t.ctx, owner.user, { title: 'Solar Bloom' });
      const ada = await member('Ada', 'Lovelace');
      const grace = await member('Grace', 'Hopper');
      const first = await comment(ada, project.id, { body: 'Lovely light on this one.' });
      expect(first.statusCode).toBe(201);
      const firstId: number = first.json().id;
      const [toOwner] = (await list(owner)).items;
      expect(toOwner).toMatchObject({ type: 'comment', text: 'Ada Lovelace commented on Solar Bloom', url: `/project/${project.slug}#comment-${firstId}` });

      const reply = await comment(grace, project.id, { body: 'Agreed!', parentId: firstId });
      const replyId: number = reply.json().id;
      expect((await list(ada)).items.map((item) => [item.type, item.text, item.url])).toEqual([['reply', 'Grace Hopper replied to your comment on Solar Bloom', `/project/${project.slug}#comment-${replyId}`]]);
      expect((await list(owner)).items.map((item) => item.text)).toEqual(['Grace Hopper commented on Solar Bloom', 'Ada Lovelace commented on Solar Bloom']);

      const mails = await outbox();
      expect(mails.map((mail) => [mail.to_address, mail.subject])).toEqual([
        [owner.user.email, 'Ada Lovelace commented on Solar Bloom'],
        [ada.user.email, 'Grace Hopper replied to your comment on Solar Bloom'],
        [owner.user.email, 'Grace Hopper commented on Solar Bloom'],
      ]);
      expect(mails[1]!.text_body).toContain('"Agreed!"');
      expect(JSON.parse(mails[1]!.headers!)['List-Unsubscribe']).toContain('type=reply');
    });

    it('tells an owner whose own comment was answered once, as a reply, and never about their own comments', async () => {
      const owner = await member('Mira');
      const project = await buildProject(t.ctx, owner.user, { title: 'Solar Bloom' });
      const own = await comment(owner, project.id, { body: 'Made with a new model.' });
      expect(await unread(owner)).toBe(0);
      await comment(await member('Ada', 'Lovelace'), project.id, { body: 'Which one?', parentId: own.json().id });
      expect((await list(owner)).items.map((item) => item.text)).toEqual(['Ada Lovelace replied to your comment on Solar Bloom']);
    });

    it('tells nothing of what a blocked member does, nor e-mails it', async () => {
      const owner = await member('Mira');
      const project = await buildProject(t.ctx, owner.user);
      const troll = await member('Troll');
      expect((await t.app.inject({ method: 'POST', url: `/api/users/${troll.user.id}/block`, headers: { cookie: owner.cookie } })).statusCode).toBe(200);
      expect((await like(troll, project.id)).statusCode).toBe(200);
      expect(await unread(owner)).toBe(0);
      expect(await outbox()).toEqual([]);
    });
  });

  describe('the list and the bell', () => {
    it('answers only signed-in members', async () => {
      expect((await t.app.inject({ url: '/api/notifications' })).statusCode).toBe(401);
      expect((await t.app.inject({ url: '/api/notifications/unread' })).statusCode).toBe(401);
      expect((await t.app.inject({ method: 'POST', url: '/api/notifications/read', payload: {} })).statusCode).toBe(401);
    });

    it('pages newest first without repeating or skipping', async () => {
      const owner = await member('Mira');
      for (let index = 0; index < 5; index += 1) {
        await follow(await member(`Fan${index}`), owner.user.id);
        t.clock.advance(1000);
      }
      const first = await list(owner, '?limit=2');
      expect(first.items.map((item) => item.actor?.name)).toEqual(['Fan4 Test', 'Fan3 Test']);
      expect(first.unread).toBe(5);
      const seen: TNotification[] = [...first.items];
      let cursor = first.nextCursor;
      while (cursor) {
        const next = await list(owner, `?limit=2&cursor=${cursor}`);
        seen.push(...next.items);
        cursor = next.nextCursor;
      }
      expect(seen.map((item) => item.actor?.name)).toEqual(['Fan4 Test', 'Fan3 Test', 'Fan2 Test', 'Fan1 Test', 'Fan0 Test']);
      expect((await t.app.inject({ url: '/api/notifications?cursor=nonsense', headers: { cookie: owner.cookie } })).statusCode).toBe(400);
    });

    it('marks the given notifications read, only the member’s own, or all of them', async () => {
      const owner = await member('Mira');
      const other = await member('Other');
      for (const name of ['Ada', 'Grace', 'Alan']) await follow(await member(name), owner.user.id);
      await follow(await member('Edsger'), other.user.id);
      const [newest, second] = (await list(owner)).items;
      const othersId = (await list(other)).items[0]!.id;

      const marked = await markRead(owner, { ids: [newest!.id, othersId] });
      expect(marked.statusCode).toBe(200);
      expect(marked.json()).toEqual({ unread: 2 });
      expect(await unread(other)).toBe(1);
      expect((await list(owner)).items.map((item) => item.read)).toEqual([true, false, false]);
      expect(second!.read).toBe(false);

      expect((await markRead(owner, { ids: [] })).statusCode).toBe(400);
      expect((await markRead(owner, {})).json()).toEqual({ unread: 0 });
      expect(await unread(other)).toBe(1);
    });

    it(`keeps a member's newest ${KEEP_NOTIFICATIONS} notifications`, async () => {
      const owner = await member('Mira');
      const now = t.clock.now.getTime();
      const rows = Array.from({ length: KEEP_NOTIFICATIONS }, (_, index) => {
        const at = new Date(now - (KEEP_NOTIFICATIONS - index) * 1000).toISOString();
        return { user_id: owner.user.id, type: 'follow' as const, created_at: at, updated_at: at };
      });
      await t.ctx.db.insertInto('notifications').values(rows).execute();
      await follow(await member('Ada'), owner.user.id);
      const count = await t.ctx.db.selectFrom('notifications').select((eb) => eb.fn.countAll<number>().as('n')).where('user_id', '=', owner.user.id).executeTakeFirstOrThrow();
      expect(Number(count.n)).toBe(KEEP_NOTIFICATIONS);
      expect((await list(owner, '?limit=1')).items[0]!.actor?.name).toBe('Ada Test');
    });

    it('deletes notifications untouched for 90 days', async () => {
      const owner = await member('Mira');
      await follow(await member('Ada'), owner.user.id);
      const task = periodicTasks(t.ctx).find((candidate) => candidate.name === 'prune-old-notifications')!;
      t.clock.advance(89 * DAY_MS);
      expect(await task.run(new AbortController().signal)).toBe(0);
      t.clock.advance(2 * DAY_MS);
      expect(await task.run(new AbortController().signal)).toBe(1);
    });
  });

  describe('e-mail', () => {
    it('has settings with instant defaults that the member changes', async () => {
      const owner = await member('Mira');
      const read = () => t.app.inject({ url: '/api/notifications/settings', headers: { cookie: owner.cookie } });
      expect((await read()).json()).toEqual({ hire: 'instant', comment: 'instant', reply: 'instant' });
      const saved = await putSettings(owner, { hire: 'digest', comment: 'off', reply: 'instant' });
      expect(saved.statusCode).toBe(200);
      expect((await read()).json()).toEqual({ hire: 'digest', comment: 'off', reply: 'instant' });
      expect((await putSettings(owner, { hire: 'weekly', comment: 'off', reply: 'instant' })).statusCode).toBe(400);
      expect((await t.app.inject({ url: '/api/notifications/settings' })).statusCode).toBe(401);
    });

    it('sends the hire e-mail with one-click unsubscribe headers and link, and obeys the hire setting', async () => {
      const owner = await member('Mira');
      await hire(owner.user.id);
      const [mail] = await outbox();
      const token = await unsubscribeTokenOf(t.ctx, owner.user.id);
      expect(mail!.to_address).toBe(owner.user.email);
      expect(mail!.reply_to).toBe('ada@example.com');
      expect(JSON.parse(mail!.headers!)).toEqual({
        'List-Unsubscribe': `<${PUBLIC_URL}/api/notifications/unsubscribe?token=${token}&type=hire>`,
        'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
      });
      expect(mail!.text_body).toContain(`${PUBLIC_URL}/unsubscribe?token=${token}&type=hire`);
      expect(mail!.text_body).toContain('Could you make a series?');

      await putSettings(owner, { hire: 'off', comment: 'instant', reply: 'instant' });
      await hire(owner.user.id);
      expect(await outbox()).toHaveLength(1);
      expect(await unread(owner)).toBe(2);
    });

    it('e-mails a comment at once with a link to it', async () => {
      const owner = await member('Mira');
      const project = await buildProject(t.ctx, owner.user, { title: 'Solar Bloom' });
      const ada = await member('Ada', 'Lovelace');
      await notify(t.ctx, { userId: owner.user.id, type: 'comment', actorId: ada.user.id, projectId: project.id, commentId: 7, data: { excerpt: 'Lovely light' } });
      const [mail] = await outbox();
      expect(mail!.subject).toBe('Ada Lovelace commented on Solar Bloom');
      expect(mail!.text_body).toContain(`${PUBLIC_URL}/project/${project.slug}#comment-7`);
      expect(mail!.text_body).toContain('Lovely light');
      expect(JSON.parse(mail!.headers!)['List-Unsubscribe']).toContain('type=comment');
    });

    it('sends one digest a day at the digest hour with what arrived since the last', async () => {
      const owner = await member('Mira');
      await putSettings(owner, { hire: 'digest', comment: 'digest', reply: 'instant' });
      const digests = periodicTasks(t.ctx).find((candidate) => candidate.name === 'send-notification-digests')!;
      const run = () => digests.run(new AbortController().signal);
      await hire(owner.user.id);
      await hire(owner.user.id);
      expect(await outbox()).toEqual([]);

      const due = nextDigestAt(t.clock.now);
      t.clock.advance(due.getTime() - t.ctx.now().getTime() - 60_000);
      expect(await run()).toBe(0);
      t.clock.advance(61_000);
      expect(await run()).toBe(1);
      expect(await run()).toBe(0);
      const [digest] = await outbox();
      expect(digest!.subject).toBe('Your daily summary from Portfolio Platform');
      expect(digest!.text_body.match(/Ada Lovelace sent you a message/g)).toHaveLength(2);
      expect(JSON.parse(digest!.headers!)['List-Unsubscribe']).toContain('type=digest');

      // Another message after the digest hour waits for the next day's digest.
      t.clock.advance(60 * 60 * 1000);
      await hire(owner.user.id);
      t.clock.advance(12 * 60 * 60 * 1000);
      expect(await run()).toBe(0);
      t.clock.advance(12 * 60 * 60 * 1000);
      expect(await run()).toBe(1);
      const second = (await outbox())[1]!;
      expect(second.text_body.match(/sent you a message/g)).toHaveLength(1);
    });

    it('turns a type off with the one-click POST, from another site and without a session', async () => {
      const owner = await member('Mira');
      await putSettings(owner, { hire: 'digest', comment: 'digest', reply: 'instant' });
      const token = await unsubscribeTokenOf(t.ctx, owner.user.id);
      const oneClick = (query: string) =>
        t.app.inject({
          method: 'POST',
          url: `/api/notifications/unsubscribe?${query}`,
          headers: { origin: 'https://mail.example', 'content-type': 'application/x-www-form-urlencoded' },
          payload: 'List-Unsubscribe=One-Click',
        });
      const wrong = await oneClick('token=not-a-token&type=hire');
      expect(wrong.statusCode).toBe(404);
      const done = await oneClick(`token=${token}&type=reply`);
      expect(done.statusCode).toBe(200);
      expect(done.json()).toEqual({ ok: true, type: 'reply' });
      const digestOff = await oneClick(`token=${token}&type=digest`);
      expect(digestOff.statusCode).toBe(200);
      const settings = await t.app.inject({ url: '/api/notifications/settings', headers: { cookie: owner.cookie } });
      expect(settings.json()).toEqual({ hire: 'off', comment: 'off', reply: 'off' });
      expect((await oneClick(`token=${token}&type=everything`)).statusCode).toBe(400);
    });

    it('sends a GET of the unsubscribe link to the page that asks first', async () => {
      const response = await t.app.inject({ url: '/api/notifications/unsubscribe?token=abc&type=comment' });
      expect(response.statusCode).toBe(302);
      expect(response.headers.location).toBe('/unsubscribe?token=abc&type=comment');
    });

    it('hands the headers to the mailer, and the log mailer logs them', async () => {
      const owner = await member('Mira');
      await hire(owner.user.id);
      const sent: TOutgoingMail[] = [];
      const mailer: TMailer = { kind: 'log', send: async (mail) => void sent.push(mail), close() {} };
      expect((await deliverNextMail(t.ctx, mailer, 'worker-1')).outcome).toBe('sent');
      expect(sent[0]!.headers).toMatchObject({ 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' });

      const logged: unknown[] = [];
      const log = { info: (entry: unknown) => void logged.push(entry) } as unknown as Parameters<typeof createLogMailer>[1];
      await createLogMailer('site@example.com', log).send(sent[0]!);
      expect(logged[0]).toMatchObject({ mail: { headers: { 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' } } });
    });
  });
});
