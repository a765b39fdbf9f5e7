// POST /api/contact (what is stored, what is queued, what is refused) and the owner-only inbox.
import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { TInboxMessage } from '../../../shared/schemas/contact';
import { buildTestApp, countRows, ENGINES, whileChangingSchema, type TTestApp } from '../../test/build-test-app';
import { buildProject, buildUser, cookieFor } from '../../test/factories';

describe.each(ENGINES)('contact messages on %s', (engine) => {
  let t: TTestApp;
  let kicks: number;
  beforeEach(async () => {
    kicks = 0;
    t = await buildTestApp(engine, {
      env: { PUBLIC_URL: 'https://gallery.example', SUPPORT_EMAIL: 'help@gallery.example' },
      onMailQueued: () => {
        kicks += 1;
      },
    });
  });
  afterEach(async () => {
    await t.close();
  });

  let ipSequence = 0;
  /** Each call from its own address unless one is given, so the rate limit stays out of the way. */
  const contact = (payload: Record<string, unknown>, remoteAddress = `10.0.0.${++ipSequence % 250}`) =>
    t.app.inject({ method: 'POST', url: '/api/contact', payload, remoteAddress });

  async function creatorWithProject(email = `creator-${Date.now()}@studio.example`) {
    const creator = await buildUser(t.ctx, { email, first_name: 'Mira', last_name: 'Sol' });
    const project = await buildProject(t.ctx, creator, { title: 'Neon Koi' });
    return { creator, project };
  }

  const hireBody = (recipientId: number, projectId: number, overrides: Record<string, unknown> = {}) => ({
    name: 'Ada Lovelace',
    email: 'Ada@Example.com',
    subject: 'Interested in hiring you - Neon Koi',
    message: 'Hi Mira,\n\nCould you make a series like this for us?',
    recipientId,
    projectId,
    projectTitle: 'Neon Koi',
    ...overrides,
  });

  const outboxRows = () => t.ctx.db.selectFrom('outbox').selectAll().orderBy('id').execute();
  const messageRows = () => t.ctx.db.selectFrom('messages').selectAll().orderBy('id').execute();

  describe('POST /api/contact', () => {
    it('answers the validation messages and stores nothing', async () => {
      const empty = await contact({});
      expect(empty.statusCode).toBe(400);
      expect(empty.json().message).toBe('Validation failed');
      expect(empty.json().details).toEqual(
        expect.arrayContaining([
          { field: 'name', message: 'Name is required' },
          { field: 'email', message: 'Please enter a valid email address' },
          { field: 'message', message: 'Message is required' },
          { field: 'recipientId', message: 'Unknown recipient' },
        ]),
      );
      const blank = await contact({ name: '  ', email: 'not-an-address', message: ' ', recipientId: 'everyone' });
      expect(blank.json().details).toEqual([
        { field: 'name', message: 'Name is required' },
        { field: 'email', message: 'Please enter a valid email address' },
        { field: 'message', message: 'Message is required' },
        { field: 'recipientId', message: 'Unknown recipient' },
      ]);
      const tooLong = await contact({ name: 'x'.repeat(101), email: 'a@example.com', subject: 's'.repeat(201), message: 'm'.repeat(5001), recipientId: 'support' });
      expect(tooLong.json().details).toEqual([
        { field: 'name', message: 'Name is too long' },
        { field: 'subject', message: 'Subject is too long' },
        { field: 'message', message: 'Message is too long' },
      ]);
      // NUL cannot be stored in PostgreSQL text: it is dropped (before validation), and nothing else is left here.
      const nul = await contact({ name: '\u0000', email: 'a@example.com', message: ' \u0000 ', recipientId: 'support' });
      expect(nul.json().details).toEqual([
        { field: 'name', message: 'Name is required' },
        { field: 'message', message: 'Message is required' },
      ]);
      const nulMessage = await contact({ name: 'Ada', email: 'a@example.com', message: ' \u0000 ', recipientId: 'support' });
      expect(nulMessage.json().details).toEqual([{ field: 'message', message: 'Message is required' }]);
      expect(await countRows(t.ctx, 'messages')).toBe(0);
      expect(await countRows(t.ctx, 'outbox')).toBe(0);
      expect(kicks).toBe(0);
    });

    it("stores a hire message and, with it, queues an e-mail to the creator's address with Reply-To the sender", async () => {
      const { creator, project } = await creatorWithProject('mira@studio.example');
      const response = await contact(hireBody(creator.id, project.id, { projectTitle: 'A title the page made up' }));
      expect(response.statusCode).toBe(201);
      expect(response.json()).toEqual({ ok: true });
      expect(response.body).not.toContain('mira@studio.example');

      const [message] = await messageRows();
      expect(message).toMatchObject({
        recipient_id: creator.id,
        kind: 'hire',
        sender_name: 'Ada Lovelace',
        sender_email: 'ada@example.com',
        subject: 'Interested in hiring you - Neon Koi',
        body: 'Hi Mira,\n\nCould you make a series like this for us?',
        project_id: project.id,
        // The project's own title, not whatever the request said.
        project_title: 'Neon Koi',
        read_at: null,
      });
      const [mail] = await outboxRows();
      expect(mail).toMatchObject({
        message_id: message!.id,
        to_address: 'mira@studio.example',
        reply_to: 'ada@example.com',
        reply_to_name: 'Ada Lovelace',
        subject: 'Interested in hiring you - Neon Koi',
        attempts: 0,
        sent_at: null,
      });
      expect(mail!.text_body).toContain('Ada Lovelace <ada@example.com> sent you a message');
      expect(mail!.text_body).toContain('Project: Neon Koi');
      expect(mail!.text_body).toContain(`https://gallery.example/project/${project.id}`);
      expect(mail!.text_body).toContain('Hi Mira,\n\nCould you make a series like this for us?');
      expect(kicks).toBe(1);
    });

    it("names a subject when the sender left it blank: 'New message from {name}'", async () => {
      const { creator, project } = await creatorWithProject();
      expect((await contact(hireBody(creator.id, project.id, { subject: '  ' }))).statusCode).toBe(201);
      const [mail] = await outboxRows();
      expect(mail!.subject).toBe('New message from Ada Lovelace');
      expect((await messageRows())[0]!.subject).toBeNull();
    });

    it('sends support and career messages to SUPPORT_EMAIL, in nobody’s inbox', async () => {
      const support = await contact({
        name: 'Ada',
        email: 'ada@example.com',
        subject: 'Support Request - Upload Issues: stuck at 90%',
        message: 'Upload Issues\n\nMy upload never finishes.',
        recipientId: 'support',
        projectId: null,
      });
      expect(support.statusCode).toBe(201);
      const careers = await contact({
        name: 'Grace',
        email: 'grace@example.com',
        subject: 'Career Application - backend-developer',
        message: 'Position: backend-developer\nResume: Not provided',
        recipientId: 'careers',
        projectTitle: 'Career Application',
      });
      expect(careers.statusCode).toBe(201);
      const messages = await messageRows();
      expect(messages.map((row) => [row.kind, row.recipient_id, row.project_title])).toEqual([
        ['support', null, null],
        ['careers', null, 'Career Application'],
      ]);
      const mails = await outboxRows();
      expect(mails.map((row) => [row.to_address, row.reply_to, row.subject])).toEqual([
        ['help@gallery.example', 'ada@example.com', 'Support Request - Upload Issues: stuck at 90%'],
        ['help@gallery.example', 'grace@example.com', 'Career Application - backend-developer'],
      ]);
      expect(mails[1]!.text_body).toContain('Regarding: Career Application');
    });

    it("answers 404 'Creator not found' for an unknown recipient and writes neither row", async () => {
      for (const recipientId of [424242, '424242']) {
        const response = await contact(hireBody(0, 1, { recipientId, projectId: null }));
        expect(response.statusCode, String(recipientId)).toBe(404);
        expect(response.json()).toEqual({ message: 'Creator not found' });
      }
      // Past the 32-bit ids of both engines: not an id at all, like any id in a path.
      const outOfRange = await contact(hireBody(0, 1, { recipientId: 99_999_999_999, projectId: null }));
      expect(outOfRange.statusCode).toBe(400);
      expect(outOfRange.json()).toEqual({ message: 'Validation failed', details: [{ field: 'recipientId', message: 'Invalid id' }] });
      expect(await countRows(t.ctx, 'messages')).toBe(0);
      expect(await countRows(t.ctx, 'outbox')).toBe(0);
      expect(kicks).toBe(0);
    });

    it("refuses a project that does not exist or is not the creator's, with 400", async () => {
      const { creator } = await creatorWithProject();
      const { project: othersProject } = await creatorWithProject();
      for (const projectId of [424242, othersProject.id]) {
        const response = await contact(hireBody(creator.id, projectId));
        expect(response.statusCode).toBe(400);
        expect(response.json().details).toEqual([{ field: 'projectId', message: 'Project not found' }]);
      }
      expect(await countRows(t.ctx, 'messages')).toBe(0);
      expect(await countRows(t.ctx, 'outbox')).toBe(0);
    });

    it('writes no message when its e-mail cannot be queued (one transaction)', async () => {
      const { creator, project } = await creatorWithProject();
      await whileChangingSchema(engine, () => sql`alter table outbox rename to outbox_unavailable`.execute(t.ctx.db));
      try {
        const response = await contact(hireBody(creator.id, project.id));
        expect(response.statusCode).toBe(500);
        expect(response.json()).toEqual({ message: 'Internal Server Error' });
      } finally {
        await whileChangingSchema(engine, () => sql`alter table outbox_unavailable rename to outbox`.execute(t.ctx.db));
      }
      expect(await countRows(t.ctx, 'messages')).toBe(0);
      expect(kicks).toBe(0);
    });

    it('answers a bot that filled the honeypot as if sent, storing and sending nothing', async () => {
      const { creator, project } = await creatorWithProject();
      const response = await contact(hireBody(creator.id, project.id, { website: 'https://cheap-pills.example' }));
      expect(response.statusCode).toBe(201);
      expect(response.json()).toEqual({ ok: true });
      expect(await countRows(t.ctx, 'messages')).toBe(0);
      expect(await countRows(t.ctx, 'outbox')).toBe(0);
      expect(kicks).toBe(0);
      // People leave the hidden field empty.
      expect((await contact(hireBody(creator.id, project.id, { website: '' }))).statusCode).toBe(201);
      expect(await countRows(t.ctx, 'messages')).toBe(1);
    });

    it('allows 5 messages per IP in 10 minutes, then answers 429 with Retry-After', async () => {
      const { creator, project } = await creatorWithProject();
      for (let i = 0; i < 5; i += 1) expect((await contact(hireBody(creator.id, project.id), '203.0.113.7')).statusCode).toBe(201);
      const limited = await contact(hireBody(creator.id, project.id), '203.0.113.7');
      expect(limited.statusCode).toBe(429);
      const retryAfter = Number(limited.headers['retry-after']);
      expect(retryAfter).toBeGreaterThan(0);
      expect(retryAfter).toBeLessThanOrEqual(600);
      expect(limited.json().message).toBe('Too many attempts. Please try again later.');
      expect((await contact(hireBody(creator.id, project.id), '203.0.113.8')).statusCode).toBe(201);
      expect(await countRows(t.ctx, 'messages')).toBe(6);
      expect(await countRows(t.ctx, 'outbox')).toBe(6);
    });

    it('keeps CR and LF of a name or subject out of every header field of the queued e-mail', async () => {
      const { creator, project } = await creatorWithProject();
      const response = await contact(hireBody(creator.id, project.id, { name: 'Eve\r\nBcc: victim@example.com', subject: 'Hi\r\nBcc: victim@example.com\n\rX-Evil:\u0000 1' }));
      expect(response.statusCode).toBe(201);
      const [mail] = await outboxRows();
      expect(mail!.subject).toBe('Hi Bcc: victim@example.com X-Evil: 1');
      expect(mail!.to_address).toBe(creator.email);
      // The name is stored as given; the mailer makes it one line (see send-outbox.test.ts).
      expect(mail!.text_body.split('\n')[0]).toBe(`Eve Bcc: victim@example.com <ada@example.com> sent you a message on ${t.config.siteName}.`);
    });
  });

  describe('inbox', () => {
    async function member() {
      const user = await buildUser(t.ctx);
      const project = await buildProject(t.ctx, user);
      return { user, project, cookie: await cookieFor(t.ctx, user) };
    }
    const get = (url: string, cookie?: string) => t.app.inject({ url, headers: cookie ? { cookie } : {} });
    const post = (url: string, cookie?: string) => t.app.inject({ method: 'POST', url, headers: cookie ? { cookie } : {} });

    it('lists your messages newest first, paged, with the unread count', async () => {
      const me = await member();
      await contact(hireBody(me.user.id, me.project.id, { subject: 'First' }));
      t.clock.advance(1000);
      await contact(hireBody(me.user.id, me.project.id, { subject: 'Second', name: 'Grace Hopper', email: 'grace@example.com' }));
      await contact({ name: 'X', email: 'x@example.com', message: 'Support only', recipientId: 'support' });

      const first = await get('/api/messages?limit=1', me.cookie);
      expect(first.statusCode).toBe(200);
      expect(first.headers['x-has-more']).toBe('true');
      const [newest] = first.json<TInboxMessage[]>();
      expect(newest).toEqual({
        id: expect.any(Number),
        name: 'Grace Hopper',
        email: 'grace@example.com',
        subject: 'Second',
        message: 'Hi Mira,\n\nCould you make a series like this for us?',
        projectId: me.project.id,
        projectTitle: me.project.title,
        createdAt: expect.any(String),
        readAt: null,
      });
      const second = await get(`/api/messages?limit=1&cursor=${String(first.headers['x-next-cursor'])}`, me.cookie);
      expect(second.json<TInboxMessage[]>().map((m) => m.subject)).toEqual(['First']);
      expect(second.headers['x-has-more']).toBe('false');
      expect((await get('/api/messages/unread-count', me.cookie)).json()).toEqual({ count: 2 });
    });

    it('marks a message read once, and shows one message to its recipient only', async () => {
      const me = await member();
      const other = await member();
      await contact(hireBody(me.user.id, me.project.id));
      const [message] = (await get('/api/messages', me.cookie)).json<TInboxMessage[]>();

      expect((await get(`/api/messages/${message!.id}`, me.cookie)).json()).toMatchObject({ id: message!.id, readAt: null });
      const read = await post(`/api/messages/${message!.id}/read`, me.cookie);
      expect(read.statusCode).toBe(200);
      const readAt = read.json<TInboxMessage>().readAt;
      expect(readAt).toEqual(expect.any(String));
      t.clock.advance(60_000);
      expect((await post(`/api/messages/${message!.id}/read`, me.cookie)).json().readAt).toBe(readAt);
      expect((await get('/api/messages/unread-count', me.cookie)).json()).toEqual({ count: 0 });

      // Another member: the message does not exist for them.
      for (const response of [await get(`/api/messages/${message!.id}`, other.cookie), await post(`/api/messages/${message!.id}/read`, other.cookie)]) {
        expect(response.statusCode).toBe(404);
        expect(response.json()).toEqual({ message: 'Message not found' });
      }
      expect((await get('/api/messages', other.cookie)).json()).toEqual([]);
      expect((await get('/api/messages/unread-count', other.cookie)).json()).toEqual({ count: 0 });
    });

    it('answers 401 to a visitor who is signed out', async () => {
      const me = await member();
      await contact(hireBody(me.user.id, me.project.id));
      const [message] = await messageRows();
      for (const response of [
        await get('/api/messages'),
        await get('/api/messages/unread-count'),
        await get(`/api/messages/${message!.id}`),
        await post(`/api/messages/${message!.id}/read`),
      ]) {
        expect(response.statusCode).toBe(401);
        expect(response.json()).toEqual({ message: 'Unauthorized' });
      }
      expect((await messageRows())[0]!.read_at).toBeNull();
    });

    it('deletes the messages to a member, and their e-mails, with the account; keeps a message about a deleted project', async () => {
      const leaver = await member();
      const stayer = await member();
      await contact(hireBody(leaver.user.id, leaver.project.id));
      await contact(hireBody(stayer.user.id, stayer.project.id));
      expect((await t.app.inject({ method: 'DELETE', url: `/api/projects/${stayer.project.id}`, headers: { cookie: stayer.cookie } })).statusCode).toBe(204);
      expect((await t.app.inject({ method: 'DELETE', url: '/api/auth/delete-account', headers: { cookie: leaver.cookie } })).statusCode).toBe(204);

      const messages = await messageRows();
      expect(messages.map((row) => [row.recipient_id, row.project_id, row.project_title])).toEqual([[stayer.user.id, null, stayer.project.title]]);
      expect((await outboxRows()).map((row) => row.to_address)).toEqual([stayer.user.email]);
    });
  });
});
