import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, type TTestApp } from '../server/test/build-test-app';
import { buildUser, cookieFor } from '../server/test/factories';
import { formatUploadRows, runUploadBench, type TUploadRow, uploadBudgetMisses } from './upload-bench';

const FIXTURES = join(import.meta.dirname, '..', 'server', 'test', 'fixtures');

describe('runUploadBench', () => {
  let t: TTestApp;
  let fixturesDir: string;
  beforeEach(async () => {
    t = await buildTestApp('sqlite');
    // Small files where the bench keeps its generated ones: the harness is under test, not the pipeline's speed.
    fixturesDir = mkdtempSync(join(tmpdir(), 'upload-bench-test-'));
    copyFileSync(join(FIXTURES, 'gps.jpg'), join(fixturesDir, 'photo-24mp.jpg'));
    copyFileSync(join(FIXTURES, 'clip.mp4'), join(fixturesDir, 'video-20mb.mp4'));
  });
  afterEach(async () => {
    await t.close();
    rmSync(fixturesDir, { recursive: true, force: true });
  });

  it('uploads one photo alone, then five photos and five videos at once, each in its own request, and reads the server memory', async () => {
    const baseUrl = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const cookie = await cookieFor(t.ctx, await buildUser(t.ctx));
    const logged: string[] = [];
    // The server runs in this process here, so its memory and CPU are read from this pid.
    const rows = await runUploadBench({ baseUrl, cookie, origin: baseUrl, serverPids: [process.pid], fixturesDir, rounds: 2, log: (line) => logged.push(line) });

    expect(rows.map((row) => [row.name, row.files])).toEqual([
      ['24 MP JPEG, alone', 1],
      ['24 MP JPEG ×5 at once', 5],
      ['20 MB H.264 video ×5 at once', 5],
    ]);
    for (const row of rows) {
      expect(row.secondsPerFile.mean).toBeGreaterThan(0);
      expect(row.secondsPerFile.max).toBeGreaterThanOrEqual(row.secondsPerFile.mean);
      expect(row.peakRssMb).toBeGreaterThan(0);
      expect(row.processPeakRssMb).toBeGreaterThanOrEqual(row.peakRssMb);
      expect(row.serverCpuSecondsPerFile).toBeGreaterThanOrEqual(0);
    }
    // A warm-up, then each photo and video once per file per round, all stored.
    const stored = await t.ctx.db.selectFrom('project_media').select(['kind']).execute();
    expect(stored.filter((row) => row.kind === 'image')).toHaveLength(1 + 2 * (1 + 5));
    expect(stored.filter((row) => row.kind === 'video')).toHaveLength(2 * 5);
    expect(logged.some((line) => line.startsWith('upload bench: server allocator settings:'))).toBe(true);
  });

  it('fails the run when the server refuses an upload, naming the status', async () => {
    const baseUrl = await t.app.listen({ port: 0, host: '127.0.0.1' });
    await expect(runUploadBench({ baseUrl, cookie: 'sid=not-a-session', origin: baseUrl, serverPids: [process.pid], fixturesDir, log: () => {} })).rejects.toThrow(/answered 401/);
    // The bench stops at the first refusal; the refused upload's kept-alive connection would hold close() open.
    t.app.server.closeAllConnections();
  });
});

describe('uploadBudgetMisses', () => {
  const row = (files: number, seconds: number, peakRssMb: number): TUploadRow => ({
    name: `${files} file(s)`,
    files,
    secondsPerFile: { mean: seconds, max: seconds },
    peakRssMb,
    processPeakRssMb: peakRssMb,
    serverCpuSecondsPerFile: seconds,
  });

  it('holds one JPEG alone to 1.5 s and the parallel rounds to 350 MB', () => {
    expect(uploadBudgetMisses([row(1, 1.5, 900), row(5, 30, 350)])).toEqual([]);
    expect(uploadBudgetMisses([row(1, 1.51, 200), row(5, 2, 351)])).toEqual(['one 24 MP JPEG took 1.51 s (budget 1.5 s)', '5 file(s): peak RSS 351 MB (budget 350 MB)']);
  });

  it('prints a line per round under a header', () => {
    expect(formatUploadRows([row(1, 1.25, 300)]).split('\n')).toHaveLength(2);
  });
});
