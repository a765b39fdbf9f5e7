import { CompiledQuery, sql, type KyselyPlugin, type RootOperationNode } from 'kysely';
import { pino } from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import type { TContext } from '../context';
import { fileDeletionRetryDelayMs } from '../features/projects/file-deletions.service';
import { buildTestApp, ENGINES, type TTestApp } from '../test/build-test-app';
import { failingDeletes } from '../test/failing-storage';
import { buildJob, buildMedia, buildProject, buildUser, cookieFor } from '../test/factories';
import { createTestModePayments } from '../adapters/payments/test-mode-payments';
import { periodicTasks } from './periodic-tasks';

const DAY_MS = 24 * 60 * 60 * 1000;

/** Keeps every query run through the database it is added to, for explaining afterwards. */
function queryRecorder(): { plugin: KyselyPlugin; queries: RootOperationNode[] } {
  const queries: RootOperationNode[] = [];
  return {
    queries,
    plugin: {
      transformQuery: ({ node }) => {
        queries.push(node);
        return node;
      },
      transformResult: async ({ result }) => result,
    },
  };
}

/** The plan's lines that read a whole table (or a whole index) or sort rows no index orders. */
async function fullScans(ctx: TContext, query: CompiledQuery): Promise<string[]> {
  if (ctx.engine === 'sqlite') {
    const { rows } = await ctx.db.executeQuery<{ detail: string }>(CompiledQuery.raw(`explain query plan ${query.sql}`, [...query.parameters]));
    return rows.map((row) => row.detail).filter((detail) => /^SCAN (?!CONSTANT ROW)/.test(detail) || detail.startsWith('USE TEMP B-TREE'));
  }
  // With sequential scans and sorts priced out (the test's tables are tiny, so they would be
  // cheapest), PostgreSQL still plans one only when no index can serve the query.
  return ctx.db.connection().execute(async (connection) => {
    await sql`set enable_seqscan = off`.execute(connection);
    await sql`set enable_sort = off`.execute(connection);
    try {
      const { rows } = await connection.executeQuery<{ 'QUERY PLAN': string }>(CompiledQuery.raw(`explain ${query.sql}`, [...query.parameters]));
      return rows.map((row) => row['QUERY PLAN'].trim()).filter((line) => /Seq Scan on|^(-> {2})?Sort {2}/.test(line));
    } finally {
      await sql`reset enable_seqscan`.execute(connection);
      await sql`reset enable_sort`.execute(connection);
    }
  });
}

describe.each(ENGINES)('the periodic tasks on %s', (engine) => {
  let t: TTestApp;
  afterEach(async () => {
    await t.close();
  });

  it('serve every query they run from an index', async () => {
    const storage = failingDeletes(1);
    t = await buildTestApp(engine, { storage: storage.wrap });
    const recorder = queryRecorder();
    const ctx = { ...t.ctx, db: t.ctx.db.withPlugin(recorder.plugin), log: pino({ enabled: false }) };

    // Something for every task to do: an ended session, an expired reset link, old project and
    // job views, a stale upload (whose file will not delete at first), a listing past its end.
    const owner = await buildUser(t.ctx);
    const cookie = await cookieFor(t.ctx, owner);
    await t.app.inject({ method: 'POST', url: '/api/auth/password/forgot', payload: { email: owner.email } });
    await t.settled();
    const project = await buildProject(t.ctx, owner);
    await t.app.inject({ url: `/api/projects/${project.id}` });
    // The view waits in the view buffer until a flush writes it (README 'Traffic, not one URL').
    await t.flushViews();
    await buildMedia(t.ctx, owner.id);
    const job = await buildJob(t.ctx, owner, { activeUntil: new Date(t.clock.now.getTime() + DAY_MS) });
    await t.app.inject({ url: `/api/jobs/${job.id}` });
    // …and a job paid in test mode whose confirmation never came, for the reconciliation.
    const payments = createTestModePayments(ctx.db, { webhookSecret: undefined, now: t.ctx.now });
    const unpaid = await buildJob(t.ctx, owner, { status: 'pending_payment' });
    const session = (await t.app.inject({ method: 'POST', url: `/api/jobs/${unpaid.id}/payment`, headers: { cookie } })).json();
    expect((await payments.confirmCardPayment({ clientSecret: session.clientSecret, cardNumber: '4242424242424242', expiry: '12/40', cvc: '123' }, t.ctx.now())).ok).toBe(true);
    // Reconciliation looks back 7 days: it runs before the clock moves past them (its listing then ends with the other).
    const reconcile = periodicTasks(ctx, { ...ctx, readCache: t.ctx.readCache, payments }).find((task) => task.name === 'reconcile-payments')!;
    expect(await reconcile.run(new AbortController().signal)).toBe(1);
    // A hire message the owner gets in the daily digest, and a notification long forgotten.
    const digestSettings = { hire: 'digest', comment: 'instant', reply: 'instant' };
    expect((await t.app.inject({ method: 'PUT', url: '/api/notifications/settings', headers: { cookie }, payload: digestSettings })).statusCode).toBe(200);
    const hire = { name: 'Ada', email: 'ada@example.com', message: 'Hello', recipientId: owner.id, projectId: null, subject: null, projectTitle: null };
    expect((await t.app.inject({ method: 'POST', url: '/api/contact', payload: hire })).statusCode).toBe(201);
    const old = new Date(t.clock.now.getTime() - 100 * DAY_MS).toISOString();
    await t.ctx.db.insertInto('notifications').values({ user_id: owner.id, type: 'follow', created_at: old, updated_at: old }).execute();
    t.clock.advance(t.config.session.absoluteMs + DAY_MS);
    // A listing that ends in two days: its owner is told.
    await buildJob(t.ctx, owner, { activeUntil: new Date(t.clock.now.getTime() + 2 * DAY_MS) });
    // A video waiting for its transcode, whose original has gone missing: it fails at once.
    const video = await buildMedia(t.ctx, owner.id, 'video');
    // A member whose timed suspension has ended, their project still hidden.
    const suspended = await buildUser(t.ctx, { suspended_at: t.clock.now.toISOString(), suspended_until: t.clock.now.toISOString(), suspension_reason: 'Spam', was_suspended: 1 });
    await buildProject(t.ctx, suspended);
    await t.ctx.db.updateTable('projects').set({ owner_suspended: 1 }).where('user_id', '=', suspended.id).execute();
    await t.ctx.db.updateTable('project_media').set({ status: 'processing', source_key: `${video.storage_key}-source`, source_ext: 'mp4', processing_next_at: t.clock.now.toISOString() }).where('id', '=', video.id).execute();

    const tasks = periodicTasks(ctx);
    const handled: Record<string, number> = {};
    for (const task of tasks) handled[task.name] = await task.run(new AbortController().signal);
    expect(handled).toEqual({
      'expire-jobs': 2,
      'lift-ended-suspensions': 1,
      'delete-ended-sessions': 1,
      'delete-expired-account-tokens': 1,
      'prune-old-views': 1,
      'prune-old-job-views': 1,
      'delete-stale-uploads': 1,
      'notify-expiring-jobs': 1,
      'send-notification-digests': 1,
      'prune-old-notifications': 1,
      'transcode-videos': 1,
      'retry-file-deletions': 0,
    });
    t.clock.advance(fileDeletionRetryDelayMs(1));
    expect(await tasks.find((task) => task.name === 'retry-file-deletions')!.run(new AbortController().signal)).toBe(1);
    expect(storage.attempts).toHaveLength(3);

    const executor = t.ctx.db.getExecutor();
    const compiled = new Map(recorder.queries.map((node, index) => {
      const query = executor.compileQuery(node, { queryId: `housekeeping-${index}` });
      return [query.sql, query] as const;
    }));
    const scans: Record<string, string[]> = {};
    for (const [text, query] of compiled) {
      const found = await fullScans(t.ctx, query);
      if (found.length) scans[text] = found;
    }
    expect(compiled.size).toBeGreaterThanOrEqual(8);
    expect(scans).toEqual({});
  });
});
