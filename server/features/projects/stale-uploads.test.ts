import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { UserRow } from '../../db/schema';
import { buildTestApp, ENGINES, releaseFileDatabases, type TTestApp } from '../../test/build-test-app';
import { buildMedia, buildUser, cookieFor } from '../../test/factories';
import type * as MediaRepo from './media.repo';
import { deleteStaleUploads, UNATTACHED_UPLOAD_MS } from './projects.service';

/** Runs once right after the next lookup of uploads (a create's, or an edit's): the moment a clean-up may strike. */
const race = vi.hoisted(() => ({ afterLookup: null as (() => Promise<unknown>) | null }));
async function lookupDone(): Promise<void> {
  const strike = race.afterLookup;
  race.afterLookup = null;
  await strike?.();
}
vi.mock('./media.repo', async (importOriginal) => {
  const repo = await importOriginal<typeof MediaRepo>();
  return {
    ...repo,
    findUnattachedMediaByUrls: async (...args: Parameters<typeof repo.findUnattachedMediaByUrls>) => {
      const found = await repo.findUnattachedMediaByUrls(...args);
      await lookupDone();
      return found;
    },
    findUsableMediaByUrls: async (...args: Parameters<typeof repo.findUsableMediaByUrls>) => {
      const found = await repo.findUsableMediaByUrls(...args);
      await lookupDone();
      return found;
    },
  };
});

const MEDIA_FILES_FIRST = { message: 'Validation failed', details: [{ field: 'images', message: 'Upload the media files first; each can be used once' }] };

// Not run with the API files' setup file (vitest.config.ts, api-mocks): its test databases go here.
afterAll(releaseFileDatabases);

describe.each(ENGINES)('uploads no project took, on %s', (engine) => {
  let t: TTestApp;
  let owner: UserRow;
  let cookie: string;
  beforeEach(async () => {
    t = await buildTestApp(engine);
    owner = await buildUser(t.ctx);
    cookie = await cookieFor(t.ctx, owner);
  });
  afterEach(async () => {
    race.afterLookup = null;
    await t.close();
  });

  async function storedUpload() {
    const media = await buildMedia(t.ctx, owner.id);
    await t.ctx.storage.put(`${media.storage_key}/full.webp`, Buffer.from('pixels'), { contentType: 'image/webp' });
    return media;
  }
  const fileExists = (key: string) => existsSync(join(t.ctx.storage.localDir!, key, 'full.webp'));
  const mediaRow = (id: number) => t.ctx.db.selectFrom('project_media').selectAll().where('id', '=', id).executeTakeFirst();
  const createProject = (images: string[]) =>
    t.app.inject({ method: 'POST', url: '/api/projects', headers: { cookie }, payload: { title: 'Lighthouse', category: 'Illustration', images, tags: ['ai'] } });

  it('deletes uploads no project took within 24 hours with their files, and keeps younger ones and those in projects', async () => {
    const stale = await storedUpload();
    const taken = await storedUpload();
    const project = await createProject([taken.url]);
    expect(project.statusCode).toBe(201);
    t.clock.advance(UNATTACHED_UPLOAD_MS - 60_000);
    const young = await storedUpload();
    t.clock.advance(60_000);

    expect(await deleteStaleUploads(t.ctx)).toBe(1);
    expect(await mediaRow(stale.id)).toBeUndefined();
    expect(fileExists(stale.storage_key)).toBe(false);
    expect(await mediaRow(taken.id)).toMatchObject({ project_id: project.json<{ id: number }>().id });
    expect(await mediaRow(young.id)).toMatchObject({ project_id: null });
    expect([taken, young].map((item) => fileExists(item.storage_key))).toEqual([true, true]);
    expect(await t.ctx.db.selectFrom('file_deletions').selectAll().execute()).toEqual([]);
    // Idempotent: nothing more is stale.
    expect(await deleteStaleUploads(t.ctx)).toBe(0);
  });

  it('works through a backlog in batches, with processes side by side deleting each upload once', async () => {
    const uploads = [];
    for (let i = 0; i < 9; i += 1) uploads.push(await storedUpload());
    t.clock.advance(UNATTACHED_UPLOAD_MS);

    const deleted = await Promise.all([deleteStaleUploads(t.ctx, { batchSize: 2 }), deleteStaleUploads(t.ctx, { batchSize: 2 })]);
    const leftover = await deleteStaleUploads(t.ctx, { batchSize: 2 });
    expect(deleted[0] + deleted[1] + leftover).toBe(uploads.length);
    expect(await t.ctx.db.selectFrom('project_media').select('id').execute()).toEqual([]);
    expect(uploads.filter((item) => fileExists(item.storage_key))).toEqual([]);
  });

  it('lets a project that took an upload first keep it, however old the upload', async () => {
    const upload = await storedUpload();
    t.clock.advance(UNATTACHED_UPLOAD_MS + 60_000);
    // The clean-up has not run yet: the upload is still there to take.
    const created = await createProject([upload.url]);
    expect(created.statusCode).toBe(201);

    expect(await deleteStaleUploads(t.ctx)).toBe(0);
    expect(await mediaRow(upload.id)).toMatchObject({ project_id: created.json<{ id: number }>().id });
    expect(fileExists(upload.storage_key)).toBe(true);
  });

  it('answers a create whose upload was deleted after it was looked up with 400, keeping no project', async () => {
    const upload = await storedUpload();
    const other = await storedUpload();
    t.clock.advance(UNATTACHED_UPLOAD_MS - 1000);
    const fresh = await storedUpload();
    t.clock.advance(1000);
    race.afterLookup = () => deleteStaleUploads(t.ctx);

    const created = await createProject([fresh.url, upload.url]);
    expect(created.statusCode).toBe(400);
    expect(created.json()).toEqual(MEDIA_FILES_FIRST);
    expect(race.afterLookup).toBeNull();
    expect(await t.ctx.db.selectFrom('projects').select('id').execute()).toEqual([]);
    expect([upload, other].map((item) => fileExists(item.storage_key))).toEqual([false, false]);
    // The young upload is not half-attached to a project that does not exist.
    expect(await mediaRow(fresh.id)).toMatchObject({ project_id: null, position: 0 });
  });

  // SQLite runs the edit's transaction as one writer, so no clean-up can strike inside it.
  if (engine === 'postgres') {
    it('answers an edit whose new upload was deleted after it was looked up with 400, changing nothing', async () => {
      const kept = await storedUpload();
      const created = await createProject([kept.url]);
      const { id } = created.json<{ id: number }>();
      const added = await storedUpload();
      t.clock.advance(UNATTACHED_UPLOAD_MS);
      race.afterLookup = () => deleteStaleUploads(t.ctx);

      const edited = await t.app.inject({ method: 'PATCH', url: `/api/projects/${id}`, headers: { cookie }, payload: { title: 'Renamed', images: [added.url] } });
      expect(edited.statusCode).toBe(400);
      expect(edited.json()).toEqual(MEDIA_FILES_FIRST);
      const project = (await t.app.inject({ url: `/api/projects/${id}` })).json<{ title: string; images: string[] }>();
      expect(project).toMatchObject({ title: 'Lighthouse', images: [kept.url] });
      expect(fileExists(kept.storage_key)).toBe(true);
      expect(fileExists(added.storage_key)).toBe(false);
      expect(await t.ctx.db.selectFrom('file_deletions').selectAll().execute()).toEqual([]);
    });
  }
});
