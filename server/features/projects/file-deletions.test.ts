import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { inTransaction } from '../../context';
import type { UserRow } from '../../db/schema';
import { buildTestApp, ENGINES, type TTestApp } from '../../test/build-test-app';
import { capturingLog } from '../../test/capturing-log';
import { failingDeletes, type TDeleteFailures } from '../../test/failing-storage';
import { buildMedia, buildUser, cookieFor } from '../../test/factories';
import { FILE_DELETION_LEASE_MS, fileDeletionRetryDelayMs, MAX_FILE_DELETION_ATTEMPTS, retryFileDeletions, scheduleFileDeletions } from './file-deletions.service';

describe.each(ENGINES)('durable media file deletion on %s', (engine) => {
  let t: TTestApp;
  let storage: TDeleteFailures;
  async function start(failures: number): Promise<void> {
    storage = failingDeletes(failures);
    t = await buildTestApp(engine, { storage: storage.wrap });
  }
  afterEach(async () => {
    await t.close();
  });

  /** An upload as the upload route leaves it: a row and a file under its storage key. */
  async function storedUpload(owner: UserRow) {
    const media = await buildMedia(t.ctx, owner.id);
    await t.ctx.storage.put(`${media.storage_key}/full.webp`, Buffer.from('pixels'), { contentType: 'image/webp' });
    return media;
  }
  const fileExists = (key: string) => existsSync(join(t.ctx.storage.localDir!, key, 'full.webp'));
  const deletionRows = () => t.ctx.db.selectFrom('file_deletions').selectAll().orderBy('id').execute();

  async function projectWith(owner: UserRow, cookie: string, count: number) {
    const media = [];
    for (let i = 0; i < count; i += 1) media.push(await storedUpload(owner));
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/projects',
      headers: { cookie },
      payload: { title: 'Lighthouse', category: 'Illustration', images: media.map((item) => item.url), tags: ['ai'] },
    });
    expect(response.statusCode).toBe(201);
    return { id: response.json<{ id: number }>().id, media };
  }

  it("deletes a project's files right after its rows, leaving no deletion to retry", async () => {
    await start(0);
    const owner = await buildUser(t.ctx);
    const cookie = await cookieFor(t.ctx, owner);
    const project = await projectWith(owner, cookie, 2);
    expect(project.media.every((item) => fileExists(item.storage_key))).toBe(true);

    expect((await t.app.inject({ method: 'DELETE', url: `/api/projects/${project.id}`, headers: { cookie } })).statusCode).toBe(204);
    expect(project.media.map((item) => fileExists(item.storage_key))).toEqual([false, false]);
    expect(await deletionRows()).toEqual([]);
  });

  it('records a file that would not delete, logs it with its key and error, and retries it with backoff until it is gone', async () => {
    await start(2);
    const { log, lines } = capturingLog();
    const ctx = { ...t.ctx, log };
    const owner = await buildUser(t.ctx);
    const cookie = await cookieFor(t.ctx, owner);
    const project = await projectWith(owner, cookie, 1);
    const key = project.media[0]!.storage_key;

    // The project is gone for everyone at once; its file stays until storage lets it go.
    expect((await t.app.inject({ method: 'DELETE', url: `/api/projects/${project.id}`, headers: { cookie } })).statusCode).toBe(204);
    expect((await t.app.inject({ url: `/api/projects/${project.id}` })).statusCode).toBe(404);
    expect(fileExists(key)).toBe(true);
    const [failed] = await deletionRows();
    expect(failed).toMatchObject({ storage_key: key, attempts: 1, last_error: `storage unavailable (deleting ${key})`, failed_at: null });
    expect(new Date(failed!.next_attempt_at).getTime() - t.clock.now.getTime()).toBeGreaterThanOrEqual(fileDeletionRetryDelayMs(1) - 1000);

    // Not due yet: nothing is tried.
    expect(await retryFileDeletions(ctx)).toBe(0);
    t.clock.advance(fileDeletionRetryDelayMs(1));
    expect(await retryFileDeletions(ctx)).toBe(1);
    expect(await deletionRows()).toMatchObject([{ storage_key: key, attempts: 2 }]);
    expect(lines).toMatchObject([{ level: 40, msg: 'media files not deleted; will retry', storageKey: key, attempts: 2, err: { message: `storage unavailable (deleting ${key})` } }]);

    // The second wait is twice the first.
    t.clock.advance(fileDeletionRetryDelayMs(1));
    expect(await retryFileDeletions(ctx)).toBe(0);
    t.clock.advance(fileDeletionRetryDelayMs(2) - fileDeletionRetryDelayMs(1));
    expect(await retryFileDeletions(ctx)).toBe(1);
    expect(fileExists(key)).toBe(false);
    expect(await deletionRows()).toEqual([]);
    expect(storage.attempts).toEqual([key, key, key]);
  });

  it('gives up loudly after the last attempt and keeps the row for an operator', async () => {
    await start(Number.POSITIVE_INFINITY);
    const { log, lines } = capturingLog();
    const ctx = { ...t.ctx, log };
    const owner = await buildUser(t.ctx);
    const media = await storedUpload(owner);
    const [scheduled] = await inTransaction(ctx, (tx) => scheduleFileDeletions(tx, [media.storage_key]));

    t.clock.advance(FILE_DELETION_LEASE_MS);
    for (let attempt = 1; attempt <= MAX_FILE_DELETION_ATTEMPTS; attempt += 1) {
      expect(await retryFileDeletions(ctx)).toBe(1);
      t.clock.advance(fileDeletionRetryDelayMs(attempt));
    }
    expect(storage.attempts).toHaveLength(MAX_FILE_DELETION_ATTEMPTS);
    expect(lines.filter((line) => line.level === 40)).toHaveLength(MAX_FILE_DELETION_ATTEMPTS - 1);
    expect(lines.at(-1)).toMatchObject({
      level: 50,
      msg: 'media files not deleted; stopped retrying (the row stays in file_deletions for an operator)',
      storageKey: media.storage_key,
      attempts: MAX_FILE_DELETION_ATTEMPTS,
    });
    expect(await deletionRows()).toMatchObject([{ id: scheduled!.id, attempts: MAX_FILE_DELETION_ATTEMPTS, failed_at: expect.any(String), last_error: expect.stringContaining('storage unavailable') }]);

    t.clock.advance(7 * 24 * 60 * 60 * 1000);
    expect(await retryFileDeletions(ctx)).toBe(0);
    expect(fileExists(media.storage_key)).toBe(true);
  });

  it('loses nothing when the process dies between the commit and the delete: the lease runs out and the retry deletes the files', async () => {
    await start(0);
    const owner = await buildUser(t.ctx);
    const media = await storedUpload(owner);
    // What a request commits before it would delete the files (and then the process dies).
    await inTransaction(t.ctx, async (tx) => {
      await tx.db.deleteFrom('project_media').where('id', '=', media.id).execute();
      await scheduleFileDeletions(tx, [media.storage_key]);
    });

    // The dead process's lease holds the row for a while: no other process tries meanwhile.
    expect(await retryFileDeletions(t.ctx)).toBe(0);
    t.clock.advance(FILE_DELETION_LEASE_MS);
    expect(await retryFileDeletions(t.ctx)).toBe(1);
    expect(fileExists(media.storage_key)).toBe(false);
    expect(await deletionRows()).toEqual([]);
  });

  it('records the files of media an edit removes, and of everything a leaving member uploaded, in the same transaction as the rows', async () => {
    await start(3);
    const owner = await buildUser(t.ctx);
    const cookie = await cookieFor(t.ctx, owner);
    const project = await projectWith(owner, cookie, 2);
    const kept = project.media[0]!;
    const dropped = project.media[1]!;

    const edited = await t.app.inject({ method: 'PATCH', url: `/api/projects/${project.id}`, headers: { cookie }, payload: { images: [kept.url] } });
    expect(edited.statusCode).toBe(200);
    expect(await deletionRows()).toMatchObject([{ storage_key: dropped.storage_key, attempts: 1 }]);
    expect(fileExists(dropped.storage_key)).toBe(true);

    const unattached = await storedUpload(owner);
    expect((await t.app.inject({ method: 'DELETE', url: '/api/auth/delete-account', headers: { cookie } })).statusCode).toBe(204);
    expect((await t.ctx.db.selectFrom('project_media').select('id').where('owner_id', '=', owner.id).execute())).toEqual([]);
    const rows = await deletionRows();
    expect(rows.map((row) => row.storage_key).sort()).toEqual([dropped.storage_key, kept.storage_key, unattached.storage_key].sort());
    // Storage refused both of the account's files as well.
    expect(rows.filter((row) => row.storage_key !== dropped.storage_key)).toMatchObject([{ attempts: 1 }, { attempts: 1 }]);

    t.clock.advance(fileDeletionRetryDelayMs(1));
    expect(await retryFileDeletions(t.ctx)).toBe(3);
    expect([kept, dropped, unattached].map((item) => fileExists(item.storage_key))).toEqual([false, false, false]);
    expect(await deletionRows()).toEqual([]);
  });

  it('lets several processes retry side by side, each file tried by one of them', async () => {
    await start(0);
    const owner = await buildUser(t.ctx);
    const keys: string[] = [];
    for (let i = 0; i < 12; i += 1) keys.push((await storedUpload(owner)).storage_key);
    await inTransaction(t.ctx, (tx) => scheduleFileDeletions(tx, keys));
    t.clock.advance(FILE_DELETION_LEASE_MS);

    const tried = await Promise.all([retryFileDeletions(t.ctx, { batchSize: 3 }), retryFileDeletions(t.ctx, { batchSize: 3 }), retryFileDeletions(t.ctx, { batchSize: 3 })]);
    // A process that finds the rest taken stops; those still due wait for its next run.
    const leftover = await retryFileDeletions(t.ctx, { batchSize: 3 });
    expect(tried.reduce((sum, count) => sum + count, 0) + leftover).toBe(keys.length);
    expect([...storage.attempts].sort()).toEqual([...keys].sort());
    expect(keys.filter(fileExists)).toEqual([]);
    expect(await deletionRows()).toEqual([]);
  });
});
