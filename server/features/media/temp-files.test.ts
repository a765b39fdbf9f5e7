// The sweep at start: what a crashed process left in DATA_DIR/tmp goes; what a live process
// sharing DATA_DIR is writing stays.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { once } from 'node:events';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { newTempDir, newTempPath, processIsRunning, STALE_AFTER_MS, sweepLeftoverTempFiles, THIS_PROCESS, type TTempOwner } from './temp-files';

/** A process that runs until killed: a sibling sharing DATA_DIR. */
function startSibling(): ChildProcess {
  return spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { stdio: 'ignore' });
}

/** The pid of a process that has run and exited. */
async function pidOfAnEndedProcess(): Promise<number> {
  const child = spawn(process.execPath, ['-e', ''], { stdio: 'ignore' });
  await once(child, 'exit');
  return child.pid!;
}

describe('sweeping leftover temporary upload files', () => {
  let dir: string;
  const siblings: ChildProcess[] = [];
  beforeEach(() => {
    dir = join(mkdtempSync(join(tmpdir(), 'temp-files-')), 'tmp');
    mkdirSync(dir);
  });
  afterEach(() => {
    for (const sibling of siblings.splice(0)) sibling.kill('SIGKILL');
    rmSync(join(dir, '..'), { recursive: true, force: true });
  });

  function leave(owner: TTempOwner, prefix = 'upload'): string {
    const path = newTempPath(dir, prefix, owner);
    writeFileSync(path, 'half an upload');
    return basename(path);
  }

  it("removes at once the files and work folders of a process that is gone, and keeps a live sibling's", async () => {
    const sibling = startSibling();
    siblings.push(sibling);
    const crashed = { ...THIS_PROCESS, pid: await pidOfAnEndedProcess(), run: 'c0ffee00' };
    const live = { ...THIS_PROCESS, pid: sibling.pid!, run: 'beef0000' };
    expect(processIsRunning(crashed.pid)).toBe(false);
    expect(processIsRunning(live.pid)).toBe(true);

    const crashedUpload = leave(crashed);
    const crashedWork = newTempPath(dir, 'work', crashed);
    mkdirSync(join(crashedWork, '0'), { recursive: true });
    writeFileSync(join(crashedWork, '0', 'card.webp'), 'variant');
    const liveUpload = leave(live);

    expect((await sweepLeftoverTempFiles(dir)).sort()).toEqual([crashedUpload, basename(crashedWork)].sort());
    expect(readdirSync(dir)).toEqual([liveUpload]);
  });

  it('removes the files of an earlier run that had this very pid (a restarted container), not this run’s own', async () => {
    const earlierRun = leave({ ...THIS_PROCESS, run: 'a1b2c3d4' });
    const ownWork = await newTempDir(dir, 'work');

    expect(await sweepLeftoverTempFiles(dir)).toEqual([earlierRun]);
    expect(readdirSync(dir)).toEqual([basename(ownWork)]);
  });

  it('keeps files from another host or PID namespace, and unnamed ones, until they are an hour old', async () => {
    const elsewhere = leave({ space: '0123abcd', pid: 1, run: 'deadbeef' });
    writeFileSync(join(dir, 'upload-from-an-older-version'), 'x');
    expect(await sweepLeftoverTempFiles(dir)).toEqual([]);

    const later = Date.now() + STALE_AFTER_MS + 60_000;
    expect((await sweepLeftoverTempFiles(dir, { now: later })).sort()).toEqual([elsewhere, 'upload-from-an-older-version'].sort());
    expect(readdirSync(dir)).toEqual([]);
  });

  it("removes a stale file even when its pid now belongs to another running process", async () => {
    const sibling = startSibling();
    siblings.push(sibling);
    const reused = leave({ ...THIS_PROCESS, pid: sibling.pid!, run: '00000000' });
    const twoHoursAgo = (Date.now() - 2 * STALE_AFTER_MS) / 1000;
    utimesSync(join(dir, reused), twoHoursAgo, twoHoursAgo);

    expect(await sweepLeftoverTempFiles(dir)).toEqual([reused]);
  });

  it('creates the folder when there is none yet', async () => {
    rmSync(dir, { recursive: true });
    expect(await sweepLeftoverTempFiles(dir)).toEqual([]);
    expect(existsSync(dir)).toBe(true);
  });
});
