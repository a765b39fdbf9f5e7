// SQLite's checkpoints run on a thread of their own: the main connection leaves its WAL to it,
// the thread starts only once the WAL has grown, copies every frame no reader needs, and is
// started again after it stops.
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Worker } from 'node:worker_threads';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { connect, SQLITE_FILE, type TDatabase } from './connect';
import { migrateToLatest } from './migrate';
import { walCheckpoints } from './wal-checkpoints';

/** About `megabytes` MB of new pages in the WAL: rows of 4 kB of random bytes (random so no page is reused). */
async function writeMegabytes(database: TDatabase, megabytes: number): Promise<void> {
  const now = new Date().toISOString();
  for (let batch = 0; batch < megabytes; batch += 1) {
    await database.db
      .insertInto('invitation_codes')
      .values(Array.from({ length: 250 }, (_, index) => ({ code: `${batch}-${index}-${crypto.randomUUID()}`.padEnd(4000, crypto.randomUUID()), created_at: now })))
      .execute();
  }
}

const walBytes = (file: string) => statSync(`${file}-wal`).size;

describe('checkpoints of a SQLite file', () => {
  let dataDir: string;
  let file: string;
  let database: TDatabase;
  beforeEach(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'wal-checkpoints-'));
    file = join(dataDir, SQLITE_FILE);
    // Its own thread checkpoints only when a test asks (no tick within a test).
    database = connect({ dataDir, checkpointEveryMs: 60_000 });
    await migrateToLatest(database.db, 'sqlite');
  });
  afterEach(async () => {
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('leaves the WAL to the thread: the main connection does not checkpoint at SQLite\'s 1,000 pages, the thread copies every frame', async () => {
    await writeMegabytes(database, 6);
    // 1,500 pages and more, all still in the WAL: with SQLite's default the connection would have
    // checkpointed at 1,000 and started the WAL over at its next commit (a few hundred left).
    expect(walBytes(file)).toBeGreaterThan(1_500 * 4096);
    const checkpoint = await database.checkpoints!.checkpoint();
    expect(checkpoint.walFrames).toBeGreaterThan(1_500);
    expect(checkpoint.checkpointed).toBe(checkpoint.walFrames);
  });

  it('starts its thread by itself once the WAL has grown past its threshold, and not before', async () => {
    const checkpoints = walCheckpoints(file, { everyMs: 20, startBytes: 2 * 1024 * 1024 });
    try {
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(checkpoints.threadsStarted).toBe(0);
      await writeMegabytes(database, 3);
      await expect.poll(() => checkpoints.threadsStarted).toBe(1);
      // And checkpoints on each tick from then on, with no one asking.
      await expect.poll(() => checkpoints.checkpointsRun).toBeGreaterThanOrEqual(3);
      expect(checkpoints.threadsStarted).toBe(1);
    } finally {
      await checkpoints.close();
    }
  });

  it('starts a new thread for the next checkpoint after one stops, and refuses once closed', async () => {
    const threads: Worker[] = [];
    const checkpoints = walCheckpoints(file, { everyMs: 60_000, onThreadStart: (thread) => threads.push(thread) });
    await writeMegabytes(database, 1);
    expect((await checkpoints.checkpoint()).checkpointed).toBeGreaterThan(0);
    const stopped = new Promise((resolve) => threads[0]!.once('exit', resolve));
    await threads[0]!.terminate();
    await stopped;
    await writeMegabytes(database, 1);
    const next = await checkpoints.checkpoint();
    expect(next.checkpointed).toBe(next.walFrames);
    expect(checkpoints.threadsStarted).toBe(2);
    expect(checkpoints.checkpointsRun).toBe(2);
    await checkpoints.close();
    await expect(checkpoints.checkpoint()).rejects.toThrow(/closing/);
  });
});
