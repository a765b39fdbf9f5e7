// The outbox worker against a real SMTP server (smtp-server): delivery with the right headers,
// waiting out an outage, two workers on one database, header injection, leases and shutdown.
import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'kysely';
import pino from 'pino';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createLogMailer } from '../adapters/mail/log-mailer';
import type { TMailer } from '../adapters/mail/mailer';
import { createSmtpMailer } from '../adapters/mail/smtp-mailer';
import type { TContext } from '../context';
import { connect, type TDatabase } from '../db/connect';
import { CLAIM_LEASE_MS, deliverNextMail, KEEP_SENT_MAIL_MS, MAX_ATTEMPTS, queueMail, retryDelayMs } from '../features/messages/outbox.service';
import { buildTestApp, countRows, ENGINES, type TTestApp } from '../test/build-test-app';
import { buildProject, buildUser } from '../test/factories';
import { startSmtpSink, type TSmtpSink } from '../test/smtp-sink';
import { createOutboxWorker, type TOutboxWorker } from './send-outbox';

const silent: FastifyBaseLogger = pino({ level: 'silent' });

describe('retry delays', () => {
  it('start at 30 s, double with each failure and stop growing at an hour', () => {
    expect([1, 2, 3, 4, 7, 8, 20, 49].map(retryDelayMs)).toEqual([30_000, 60_000, 120_000, 240_000, 1_920_000, 3_600_000, 3_600_000, 3_600_000]);
  });
});

describe.each(ENGINES)('outbox delivery on %s', (engine) => {
  let sink: TSmtpSink;
  let t: TTestApp;
  const workers: TOutboxWorker[] = [];
  const extraDatabases: TDatabase[] = [];

  beforeAll(async () => {
    sink = await startSmtpSink();
  });
  afterAll(async () => {
    await sink.stop();
  });
  beforeEach(async () => {
    sink.received.length = 0;
    t = await buildTestApp(engine, { env: { SMTP_URL: sink.url, PUBLIC_URL: 'https://gallery.example', MAIL_FROM: '"Gallery" <no-reply@gallery.example>' } });
  });
  afterEach(async () => {
    for (const worker of workers.splice(0)) await worker.stop();
    for (const database of extraDatabases.splice(0)) await database.close();
    await t.close();
  });

  function worker(workerId: string, ctx: Pick<TContext, 'db' | 'engine' | 'now'> = t.ctx, mailer: TMailer = createSmtpMailer(sink.url, t.config.mail.from)): TOutboxWorker {
    const created = createOutboxWorker(ctx, mailer, silent, { workerId });
    workers.push(created);
    return created;
  }

  /** A second connection (pool) to the same database, as another app process would have. */
  async function anotherProcess(): Promise<Pick<TContext, 'db' | 'engine' | 'now'>> {
    if (engine === 'sqlite') {
      const database = connect({ dataDir: t.config.dataDir });
      extraDatabases.push(database);
      return { db: database.db, engine, now: t.ctx.now };
    }
    const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(t.ctx.db);
    const database = connect({ dataDir: t.config.dataDir, databaseUrl: process.env.TEST_DATABASE_URL, pgSchema: rows[0]!.schema });
    extraDatabases.push(database);
    return { db: database.db, engine, now: t.ctx.now };
  }

  let ipSequence = 0;
  async function sendHireMessage(overrides: Record<string, unknown> = {}) {
    const creator = await buildUser(t.ctx, { email: `mira-${Date.now()}-${ipSequence}@studio.example`, first_name: 'Mira', last_name: 'Sol' });
    const project = await buildProject(t.ctx, creator, { title: 'Neon Koi' });
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/contact',
      remoteAddress: `10.1.0.${++ipSequence % 250}`,
      payload: {
        name: 'Ada Lovelace',
        email: 'ada@example.com',
        subject: 'Interested in hiring you - Neon Koi',
        message: 'Hi Mira,\n\nCould you make a series like this for us?',
        recipientId: creator.id,
        projectId: project.id,
        projectTitle: 'Neon Koi',
        ...overrides,
      },
    });
    expect(response.statusCode).toBe(201);
    return { creator, project };
  }

  const outboxRow = () => t.ctx.db.selectFrom('outbox').selectAll().orderBy('id').executeTakeFirstOrThrow();

  it('delivers a hire message over SMTP to the creator, with Reply-To the sender, the subject and the text', async () => {
    const { creator, project } = await sendHireMessage();
    expect(await worker('w1').runOnce()).toEqual({ sent: 1, failed: 0 });

    expect(sink.received).toHaveLength(1);
    const [mail] = sink.received;
    expect(mail!.envelope).toEqual({ from: 'no-reply@gallery.example', to: [creator.email] });
    expect(mail!.parsed.from?.value).toEqual([{ address: 'no-reply@gallery.example', name: 'Gallery' }]);
    expect(mail!.parsed.to).toMatchObject({ value: [{ address: creator.email, name: '' }] });
    expect(mail!.parsed.replyTo?.value).toEqual([{ address: 'ada@example.com', name: 'Ada Lovelace' }]);
    expect(mail!.parsed.subject).toBe('Interested in hiring you - Neon Koi');
    expect(mail!.parsed.text).toContain('Ada Lovelace <ada@example.com> sent you a message');
    expect(mail!.parsed.text).toContain(`Project: Neon Koi\nhttps://gallery.example/project/${project.id}`);
    expect(mail!.parsed.text).toContain('Hi Mira,\n\nCould you make a series like this for us?');

    expect(await outboxRow()).toMatchObject({ attempts: 0, sent_at: expect.any(String), claimed_by: null, claimed_until: null, last_error: null });
    // Sent once: nothing is left to send.
    expect(await worker('w2').runOnce()).toEqual({ sent: 0, failed: 0 });
    expect(sink.received).toHaveLength(1);
  });

  it('keeps the e-mail while the SMTP server is down, backing off, and delivers it exactly once when it is back', async () => {
    await sink.stop();
    try {
      await sendHireMessage();
      const w1 = worker('w1');
      expect(await w1.runOnce()).toEqual({ sent: 0, failed: 1 });
      let row = await outboxRow();
      expect(row).toMatchObject({ attempts: 1, sent_at: null, claimed_by: null });
      expect(row.last_error).toMatch(/ECONNREFUSED/);
      const firstWait = new Date(row.next_attempt_at).getTime() - t.ctx.now().getTime();
      expect(firstWait).toBeGreaterThan(25_000);
      expect(firstWait).toBeLessThanOrEqual(30_000);

      // Not due yet: nothing is tried.
      expect(await w1.runOnce()).toEqual({ sent: 0, failed: 0 });
      t.clock.advance(31_000);
      expect(await w1.runOnce()).toEqual({ sent: 0, failed: 1 });
      row = await outboxRow();
      expect(row.attempts).toBe(2);
      expect(new Date(row.next_attempt_at).getTime() - t.ctx.now().getTime()).toBeGreaterThan(55_000);
    } finally {
      await sink.start();
    }
    const w1 = worker('w1-after-restart');
    expect(await w1.runOnce()).toEqual({ sent: 0, failed: 0 });
    expect(sink.received).toHaveLength(0);

    t.clock.advance(61_000);
    expect(await w1.runOnce()).toEqual({ sent: 1, failed: 0 });
    expect(await w1.runOnce()).toEqual({ sent: 0, failed: 0 });
    t.clock.advance(2 * 60 * 60 * 1000);
    expect(await worker('w2').runOnce()).toEqual({ sent: 0, failed: 0 });
    expect(sink.received).toHaveLength(1);
    expect(sink.received[0]!.parsed.subject).toBe('Interested in hiring you - Neon Koi');
    expect(await outboxRow()).toMatchObject({ attempts: 2, sent_at: expect.any(String) });
  });

  it('never sends one e-mail twice when two workers in two processes drain the outbox at once', async () => {
    const count = 16;
    for (let i = 0; i < count; i += 1) {
      await queueMail(t.ctx, { messageId: null, to: `creator${i}@studio.example`, replyTo: null, subject: `Mail ${i}`, text: `Body ${i}`, now: t.ctx.now() });
    }
    const first = worker('process-a');
    const second = worker('process-b', await anotherProcess());
    const [a, b] = await Promise.all([first.runOnce(), second.runOnce()]);

    expect(a.sent + b.sent).toBe(count);
    expect(a.failed + b.failed).toBe(0);
    const subjects = sink.received.map((mail) => mail.parsed.subject).sort();
    expect(subjects).toEqual(Array.from({ length: count }, (_, i) => `Mail ${i}`).sort());
    const unsent = await t.ctx.db.selectFrom('outbox').select('id').where('sent_at', 'is', null).execute();
    expect(unsent).toEqual([]);
  });

  it('lets no CR/LF in a subject or name add a header: no Bcc, and a one-line subject', async () => {
    const { creator } = await sendHireMessage({ name: 'Eve\r\nBcc: victim@example.com', subject: 'Hi\r\nBcc: victim@example.com' });
    // Even a row written without the service's care goes out clean: the mailer makes headers one line too.
    await queueMail(t.ctx, {
      messageId: null,
      to: creator.email,
      replyTo: { name: 'Mallory\nCc: victim@example.com', address: 'mallory@example.com' },
      subject: 'Raw\r\nBcc: victim@example.com',
      text: 'Body',
      now: t.ctx.now(),
    });
    expect(await worker('w1').runOnce()).toEqual({ sent: 2, failed: 0 });

    expect(sink.received).toHaveLength(2);
    for (const mail of sink.received) {
      expect(mail.envelope.to).toEqual([creator.email]);
      expect(mail.parsed.bcc).toBeUndefined();
      expect(mail.parsed.cc).toBeUndefined();
      expect(mail.parsed.headers.has('bcc')).toBe(false);
      expect(mail.parsed.headers.has('cc')).toBe(false);
      const headerBlock = mail.raw.split('\r\n\r\n')[0]!;
      expect(headerBlock).not.toMatch(/^(bcc|cc):/im);
      expect(mail.parsed.subject).not.toMatch(/[\r\n]/);
    }
    expect(sink.received.map((mail) => mail.parsed.subject)).toEqual(['Hi Bcc: victim@example.com', 'Raw Bcc: victim@example.com']);
    expect(sink.received.map((mail) => mail.parsed.replyTo?.value[0])).toEqual([
      { address: 'ada@example.com', name: 'Eve Bcc: victim@example.com' },
      { address: 'mallory@example.com', name: 'Mallory Cc: victim@example.com' },
    ]);
  });

  /** A worker that claimed the next e-mail and never came back from the mail server. */
  async function claimAndHang(workerId: string): Promise<void> {
    const hanging: TMailer = { kind: 'smtp', send: () => new Promise(() => {}), close() {} };
    void deliverNextMail(t.ctx, hanging, workerId);
    await expect.poll(async () => (await outboxRow()).claimed_by, { timeout: 5000, interval: 20 }).toBe(workerId);
  }

  it('sends an e-mail whose worker died mid-send once its claim has expired, and not before', async () => {
    await sendHireMessage();
    await claimAndHang('crashed');
    const survivor = worker('survivor');
    expect(await survivor.runOnce()).toEqual({ sent: 0, failed: 0 });
    t.clock.advance(CLAIM_LEASE_MS + 1000);
    expect(await survivor.runOnce()).toEqual({ sent: 1, failed: 0 });
    expect(sink.received).toHaveLength(1);
  });

  it('releases its claims when stopped, so another worker sends at once', async () => {
    await sendHireMessage();
    const leaving = createOutboxWorker(t.ctx, createSmtpMailer(sink.url, t.config.mail.from), silent, { workerId: 'leaving' });
    await claimAndHang('leaving');
    await leaving.stop();
    expect(await outboxRow()).toMatchObject({ claimed_by: null, claimed_until: null, sent_at: null });
    expect(await worker('staying').runOnce()).toEqual({ sent: 1, failed: 0 });
  });

  it('sends a message as soon as it is queued when the app kicks its worker', async () => {
    let kicked: TOutboxWorker | undefined;
    const kicking = await buildTestApp(engine, { shareWith: t, env: { SMTP_URL: sink.url }, onMailQueued: () => kicked?.kick() });
    try {
      kicked = worker('kicked', kicking.ctx);
      const creator = await buildUser(t.ctx);
      const project = await buildProject(t.ctx, creator);
      const response = await kicking.app.inject({ method: 'POST', url: '/api/contact', payload: { name: 'Ada', email: 'ada@example.com', message: 'Hello', recipientId: creator.id, projectId: project.id } });
      expect(response.statusCode).toBe(201);
      // No timer was started: only the kick can have sent it.
      await expect.poll(() => sink.received.length, { timeout: 5000, interval: 20 }).toBe(1);
      expect(sink.received[0]!.envelope.to).toEqual([creator.email]);
    } finally {
      await kicking.close();
    }
  });

  it('deletes sent e-mails after 30 days and never an unsent one', async () => {
    await sendHireMessage();
    const w1 = worker('w1');
    expect(await w1.runOnce()).toEqual({ sent: 1, failed: 0 });
    t.clock.advance(KEEP_SENT_MAIL_MS + 60_000);
    await sink.stop();
    try {
      await sendHireMessage();
      w1.kick();
      await expect.poll(async () => (await t.ctx.db.selectFrom('outbox').select(['sent_at', 'attempts']).execute()).map((row) => [row.sent_at, row.attempts]), { timeout: 5000, interval: 20 }).toEqual([[null, 1]]);
    } finally {
      await sink.start();
    }
    expect(await countRows(t.ctx, 'messages')).toBe(2);
  });

  it('without SMTP_URL writes the e-mail to the log and counts it as sent', async () => {
    await sendHireMessage();
    const logged: unknown[] = [];
    const log = { info: (entry: unknown) => logged.push(entry) } as unknown as FastifyBaseLogger;
    expect(await worker('logging', t.ctx, createLogMailer('"Gallery" <no-reply@gallery.example>', log)).runOnce()).toEqual({ sent: 1, failed: 0 });
    expect(logged).toEqual([
      {
        mail: expect.objectContaining({ from: '"Gallery" <no-reply@gallery.example>', replyTo: { name: 'Ada Lovelace', address: 'ada@example.com' }, subject: 'Interested in hiring you - Neon Koi' }),
      },
    ]);
    expect((await outboxRow()).sent_at).not.toBeNull();
    expect(sink.received).toHaveLength(0);
  });

  it(`stops retrying after ${MAX_ATTEMPTS} attempts and keeps the row for an operator`, async () => {
    await sendHireMessage();
    await t.ctx.db.updateTable('outbox').set({ attempts: MAX_ATTEMPTS - 1 }).execute();
    const refusing: TMailer = {
      kind: 'smtp',
      send: async () => {
        throw Object.assign(new Error('Mailbox unavailable'), { code: 'EENVELOPE', responseCode: 550, response: '550 5.1.1 No such user' });
      },
      close() {},
    };
    expect(await worker('w1', t.ctx, refusing).runOnce()).toEqual({ sent: 0, failed: 1 });
    expect(await outboxRow()).toMatchObject({ attempts: MAX_ATTEMPTS, failed_at: expect.any(String), sent_at: null, last_error: 'EENVELOPE 550 5.1.1 No such user' });
    t.clock.advance(24 * 60 * 60 * 1000);
    expect(await worker('w2').runOnce()).toEqual({ sent: 0, failed: 0 });
    expect(sink.received).toHaveLength(0);
  });
});
