// Crash: a client makes acknowledged writes (sign-ups, projects with uploads, likes) while the
// server is killed with SIGKILL at random moments 20 times and restarted → every acknowledged
// write is there, SQLite integrity_check is ok, no project points at a missing file, temporary
// upload files are swept at start.
import { existsSync, utimesSync, writeFileSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient } from '../e2e/api-client';
import { LOCAL_MEDIA_PREFIX } from '../server/adapters/storage/local-storage';
import { newTempPath, THIS_PROCESS, uploadTempDir } from '../server/features/media/temp-files';
import { INVITES_FOR_NEW_USER } from '../shared/constants';
import type { TMediaVariants } from '../shared/schemas/media';
import { counterMismatches, likePairs } from './harness/consistency';
import { createMembers } from './harness/members';
import { seededRandom } from '../server/lib/seeded-random';
import { inviteCodes, withServerDatabase } from './harness/server-database';
import { startServer, stopAllServers, tempDataDir, UNLIMITED_MEMBER_WRITES, type TServerProcess, type TTempDir } from './harness/server-process';
import { crashWriters, type TCrashLedger } from './crash-writes';

const KILLS = 20;
/** How long the server runs between a restart and the next kill (seeded, so a failure can be replayed). */
const UP_MS = { min: 200, max: 1500 };
const SEED = 20_240_607;
/** More codes than sign-ups can happen in the run: the loop never runs dry. */
const CODES = 400;
/** The restart before which leftover upload files are planted. */
const PLANT_BEFORE_RESTART = 5;
const TWO_HOURS_MS = 2 * 60 * 60 * 1000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('SIGKILL at random moments under acknowledged writes (SQLite)', () => {
  let data: TTempDir;
  let tempDir: string;
  let server: TServerProcess;
  let ledger: TCrashLedger;
  /** Temporary files that were still there after the restart that should have swept them. */
  const notSwept: string[] = [];
  let leftoversSwept = 0;
  const planted: string[] = [];

  beforeAll(async () => {
    data = tempDataDir('crash-');
    tempDir = uploadTempDir(data.dir);
    // Four members writing in tight loops: far past the per-member limits, which are not what this run is about.
    server = await startServer({ dataDir: data.dir, env: UNLIMITED_MEMBER_WRITES });
    await server.waitReady();
  });

  afterAll(async () => {
    await stopAllServers();
    data?.remove();
  });

  it(`keeps answering writes across ${KILLS} kills and restarts, sweeping temporary files at each start`, async () => {
    const random = seededRandom(SEED);
    const members = await createMembers(server, 4);
    const writers = crashWriters(apiClient(server.url), members, await inviteCodes(server, CODES));
    ledger = writers.ledger;
    const writing = writers.start(seededRandom(SEED + 1));

    for (let kill = 1; kill <= KILLS; kill += 1) {
      await sleep(UP_MS.min + random() * (UP_MS.max - UP_MS.min));
      const killed = await server.kill();
      expect(killed.signal).toBe('SIGKILL');
      if (kill === PLANT_BEFORE_RESTART) {
        // What a crash mid-upload leaves: a file named by the dead process, and a stale one of unknown origin.
        const ofDeadProcess = newTempPath(tempDir, 'upload', { ...THIS_PROCESS, pid: server.pid });
        const stale = join(tempDir, 'upload-of-unknown-origin');
        for (const path of [ofDeadProcess, stale]) writeFileSync(path, 'half an upload');
        const twoHoursAgo = new Date(Date.now() - TWO_HOURS_MS);
        utimesSync(stale, twoHoursAgo, twoHoursAgo);
        planted.push(ofDeadProcess, stale);
      }
      const leftovers = await readdir(tempDir);
      server = await startServer(server.options);
      await server.waitReady();
      // Ready means swept: nothing the killed process had in the folder may remain.
      const remaining = new Set(await readdir(tempDir));
      notSwept.push(...leftovers.filter((name) => remaining.has(name)));
      leftoversSwept += leftovers.length;
    }
    writers.stop();
    await writing;

    const acknowledged = { signUps: ledger.signUps.length, projects: ledger.projects.length, likes: [...ledger.likes.values()].filter((state) => state !== 'unknown').length };
    console.info(`[crash] ${KILLS} kills; acknowledged ${JSON.stringify(acknowledged)}; unknown ${JSON.stringify(ledger.unknown)}; temporary entries swept at start: ${leftoversSwept}`);
    expect(ledger.failures).toEqual([]);
    expect(notSwept).toEqual([]);
    expect(planted.filter((path) => existsSync(path))).toEqual([]);
    // The run really wrote between the kills.
    expect(acknowledged.signUps).toBeGreaterThan(0);
    expect(acknowledged.projects).toBeGreaterThan(0);
    expect(acknowledged.likes).toBeGreaterThan(0);
  });

  it('lets every acknowledged sign-up sign in', async () => {
    const api = apiClient(server.url);
    for (const signUp of ledger.signUps) {
      const response = await api.request('POST', '/api/auth/signin', { json: { email: signUp.email, password: signUp.password } });
      expect({ email: signUp.email, status: response.status }).toEqual({ email: signUp.email, status: 200 });
      expect(((await response.json()) as { id: number }).id).toBe(signUp.id);
    }
  });

  it('has every acknowledged project with its media, and no project pointing at a missing file', async () => {
    await withServerDatabase(server, async ({ db }) => {
      const projects = await db.selectFrom('projects').select(['id', 'slug']).execute();
      const slugs = new Map(projects.map((project) => [project.id, project.slug]));
      for (const project of ledger.projects) expect(slugs.get(project.id), `project ${project.id}`).toBe(project.slug);

      const media = await db.selectFrom('project_media').select(['project_id', 'url', 'variants']).where('project_id', 'is not', null).execute();
      const mediaUrls = new Set(media.map((item) => `${item.project_id}:${item.url}`));
      for (const project of ledger.projects) expect(mediaUrls.has(`${project.id}:${project.imageUrl}`), `media of project ${project.id}`).toBe(true);

      // Not half-made: every project, acknowledged or not, has media, a category and a tag.
      const withMedia = new Set(media.map((item) => item.project_id));
      const categorized = new Set((await db.selectFrom('project_categories').select('project_id').execute()).map((row) => row.project_id));
      const tagged = new Set((await db.selectFrom('project_tags').select('project_id').execute()).map((row) => row.project_id));
      expect(projects.filter((project) => !withMedia.has(project.id) || !categorized.has(project.id) || !tagged.has(project.id))).toEqual([]);

      const missingFiles = media.flatMap((item) =>
        Object.values(JSON.parse(item.variants) as TMediaVariants)
          .map((rendition) => rendition.url)
          .filter((url) => !existsSync(join(data.dir, 'media', url.slice(LOCAL_MEDIA_PREFIX.length + 1)))),
      );
      expect(missingFiles).toEqual([]);
      expect(media.length).toBeGreaterThan(0);

      // Allowed, but worth knowing: files stored by writes that never committed their row.
      const keys = new Set((await db.selectFrom('project_media').select('storage_key').execute()).map((row) => row.storage_key));
      const mediaEntries = await readdir(join(data.dir, 'media'), { recursive: true });
      const stored = mediaEntries.filter((path) => path.split('/').length === 3);
      const partial = mediaEntries.filter((path) => path.endsWith('.part'));
      console.info(`[crash] media folders without a row: ${stored.filter((key) => !keys.has(key)).length} of ${stored.length}; half-written .part files: ${partial.length}`);
    });
  });

  it('has every acknowledged like, counters equal to rows, and no sign-up half-made', async () => {
    await withServerDatabase(server, async ({ db }) => {
      const liked = await likePairs(db);
      const known = [...ledger.likes].filter((entry): entry is [string, boolean] => entry[1] !== 'unknown');
      expect(known.filter(([pair, state]) => liked.has(pair) !== state)).toEqual([]);
      expect(await counterMismatches(db)).toEqual([]);

      // A sign-up is one transaction: a used code names its member, and every member used one code and holds their own.
      const codes = await db.selectFrom('invitation_codes').select(['owner_id', 'used_by', 'used_at']).execute();
      expect(codes.filter((code) => (code.used_at === null) !== (code.used_by === null))).toEqual([]);
      const users = await db.selectFrom('users').select('id').execute();
      for (const user of users) {
        expect({ user: user.id, used: codes.filter((code) => code.used_by === user.id).length }).toEqual({ user: user.id, used: 1 });
        expect({ user: user.id, owned: codes.filter((code) => code.owner_id === user.id).length }).toEqual({ user: user.id, owned: INVITES_FOR_NEW_USER });
      }
    });
  });

  it('passes SQLite integrity_check and leaves no temporary upload file after a graceful stop', async () => {
    expect(await server.stop()).toEqual({ code: 0, signal: null });
    const file = new SqliteDatabase(join(data.dir, 'app.db'), { readonly: true, fileMustExist: true });
    try {
      expect(file.pragma('integrity_check', { simple: true })).toBe('ok');
      expect(file.pragma('foreign_key_check')).toEqual([]);
    } finally {
      file.close();
    }
    expect(await readdir(tempDir)).toEqual([]);
  });
});
