// Slow reads on a SQLite file run on a thread of their own: same rows as the main connection,
// every commit made before them seen, nothing written, and the event loop free meanwhile.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Worker } from 'node:worker_threads';
import { CompiledQuery, sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp } from '../test/build-test-app';
import { buildProject, buildUser } from '../test/factories';
import { connect, SQLITE_FILE, type TDatabase } from './connect';
import { migrateToLatest } from './migrate';
import { sqliteSlowReads } from './slow-reads';

describe('slow reads on a SQLite file', () => {
  let dataDir: string;
  let database: TDatabase;
  beforeEach(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'slow-reads-'));
    database = connect({ dataDir });
    await migrateToLatest(database.db, 'sqlite');
  });
  afterEach(async () => {
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const invitations = () => database.db.selectFrom('invitation_codes').select(['code']).orderBy('code');

  it('answers what the main connection answers, including what it committed just before', async () => {
    const now = new Date().toISOString();
    await database.db.insertInto('invitation_codes').values([{ code: 'ALPHA-1', created_at: now }, { code: 'BRAVO-2', created_at: now }]).execute();
    expect(await database.slowReads.all(invitations().compile())).toEqual(await invitations().execute());
    await database.db.insertInto('invitation_codes').values({ code: 'CHARLIE-3', created_at: now }).execute();
    expect(await database.slowReads.all(invitations().compile())).toEqual([{ code: 'ALPHA-1' }, { code: 'BRAVO-2' }, { code: 'CHARLIE-3' }]);
    expect(database.slowReads.offThread).toBe(2);
  });

  it('refuses a statement that would write, and goes on serving reads', async () => {
    const now = new Date().toISOString();
    const write = database.db.insertInto('invitation_codes').values({ code: 'DELTA-4', created_at: now }).compile();
    await expect(database.slowReads.all(write)).rejects.toThrow(/only statements that return rows/);
    await expect(database.slowReads.all(CompiledQuery.raw('select * from no_such_table'))).rejects.toThrow(/no such table/);
    expect(await database.slowReads.all(invitations().compile())).toEqual([]);
  });

  it('leaves the event loop free while a read runs (on the main connection, the timer would wait for it)', async () => {
    // About 40-200 ms of work for SQLite, whatever the machine: counts to two million.
    const slow = sql<{ n: number }>`with recursive counter(n) as (select 1 union all select n + 1 from counter where n < 2000000) select count(*) as n from counter`.compile(database.db);
    const order: string[] = [];
    const timer = new Promise<void>((resolve) => setTimeout(() => resolve(void order.push('timer')), 1));
    const read = database.slowReads.all<{ n: number }>(slow).then((rows) => void order.push(`read ${rows[0]!.n}`));
    await Promise.all([timer, read]);
    expect(order).toEqual(['timer', 'read 2000000']);
  });

  it('fails the reads in flight when the database closes, and starts no thread for a closed one', async () => {
    const slow = sql`with recursive counter(n) as (select 1 union all select n + 1 from counter where n < 5000000) select count(*) as n from counter`.compile(database.db);
    const failed = expect(database.slowReads.all(slow)).rejects.toThrow(/closing/);
    await database.slowReads.close();
    await failed;
    await expect(database.slowReads.all(invitations().compile())).rejects.toThrow(/closing/);
  });
});

describe('a reading thread that dies', () => {
  it('fails the reads in flight, and the next read starts a new thread that answers', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'slow-reads-'));
    const database = connect({ dataDir });
    const threads: Worker[] = [];
    const reads = sqliteSlowReads(join(dataDir, SQLITE_FILE), [], { onThreadStart: (thread) => threads.push(thread) });
    try {
      await migrateToLatest(database.db, 'sqlite');
      await database.db.insertInto('invitation_codes').values({ code: 'ECHO-5', created_at: new Date().toISOString() }).execute();
      const codes = database.db.selectFrom('invitation_codes').select(['code']).compile();

      // Stopped while it starts: the read sent to it is never answered by that thread.
      const inFlight = reads.all(codes);
      expect(threads).toHaveLength(1);
      await threads[0]!.terminate();
      await expect(inFlight).rejects.toThrow(/reading thread stopped/);

      expect(await reads.all(codes)).toEqual([{ code: 'ECHO-5' }]);
      expect(threads).toHaveLength(2);
    } finally {
      await reads.close();
      await database.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

describe('slow reads in the app on SQLite', () => {
  it('runs searches, pages of a tag, category counts and site figures on the reading thread', async () => {
    const t = await buildTestApp('sqlite');
    try {
      const creator = await buildUser(t.ctx);
      await buildProject(t.ctx, creator, { title: 'Koi pond at dusk', tags: ['koi'] });
      await buildProject(t.ctx, creator, { title: 'Heron', tags: ['bird'] });
      const before = t.ctx.slowReads.offThread;
      const search = await t.app.inject({ url: '/api/projects/search/koi' });
      expect(search.json().map((project: { title: string }) => project.title)).toEqual(['Koi pond at dusk']);
      // The page and the count of all matches.
      expect(t.ctx.slowReads.offThread).toBe(before + 2);
      expect((await t.app.inject({ url: '/api/categories' })).statusCode).toBe(200);
      expect((await t.app.inject({ url: '/api/stats' })).json()).toMatchObject({ projects: 2 });
      expect(t.ctx.slowReads.offThread).toBe(before + 4);
      const tagged = await t.app.inject({ url: '/api/projects?tag=koi&sort=recent' });
      expect(tagged.json().map((project: { title: string }) => project.title)).toEqual(['Koi pond at dusk']);
      expect(t.ctx.slowReads.offThread).toBe(before + 5);
      // A page without a tag is an index seek: read on the main connection.
      expect((await t.app.inject({ url: '/api/projects?sort=recent' })).json()).toHaveLength(2);
      expect(t.ctx.slowReads.offThread).toBe(before + 5);
    } finally {
      await t.close();
    }
  });
});
