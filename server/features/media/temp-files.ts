// Uploads are written to DATA_DIR/tmp while they arrive and are processed; every request
// removes its own files, and files a crashed process left behind are swept at the next start.
//
// Several processes may share one DATA_DIR, so a sweep must not delete a live sibling's upload
// in progress. Every name therefore says who writes it: `<prefix>.<space>.<pid>.<run>.<random>`,
// where `space` stands for this host and PID namespace (where a pid means one process) and
// `run` tells this process from an earlier one that had the same pid (a restarted container
// often gets the same pid). A file of this space whose writer is not running is a leftover and
// goes at once; a file from elsewhere, or one we cannot read, goes only when it is stale.
import { createHash, randomBytes } from 'node:crypto';
import { readlinkSync } from 'node:fs';
import { mkdir, readdir, rm, stat } from 'node:fs/promises';
import { hostname } from 'node:os';
import { join } from 'node:path';

/** No request takes this long, and a file being written has a recent mtime. */
export const STALE_AFTER_MS = 60 * 60 * 1000;

/** The PID namespace's id: two containers on one host (even with one hostname) differ here. */
function pidNamespace(): string {
  try {
    return readlinkSync('/proc/self/ns/pid');
  } catch {
    return '';
  }
}

const PID_SPACE = createHash('sha256').update(`${hostname()}\n${pidNamespace()}`).digest('hex').slice(0, 8);
const RUN = randomBytes(4).toString('hex');
const OWNED_NAME = /^[a-z]+\.([0-9a-f]{8})\.(\d+)\.([0-9a-f]{8})\.[0-9a-f]+$/;

export interface TTempOwner {
  space: string;
  pid: number;
  run: string;
}

export const THIS_PROCESS: TTempOwner = { space: PID_SPACE, pid: process.pid, run: RUN };

export function uploadTempDir(dataDir: string): string {
  return join(dataDir, 'tmp');
}

export function newTempPath(dir: string, prefix: string, owner: TTempOwner = THIS_PROCESS): string {
  return join(dir, `${prefix}.${owner.space}.${owner.pid}.${owner.run}.${randomBytes(12).toString('hex')}`);
}

/** A new, empty folder for one request's work files. */
export async function newTempDir(dir: string, prefix: string): Promise<string> {
  const path = newTempPath(dir, prefix);
  await mkdir(path);
  return path;
}

export async function prepareTempDir(dir: string): Promise<void> {
  await mkdir(dir, { recursive: true });
}

/** Is a process with this pid running here? (EPERM: it is, under another user.) */
export function processIsRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function isLeftover(name: string, modifiedMs: number, now: number, isRunning: (pid: number) => boolean): boolean {
  if (now - modifiedMs > STALE_AFTER_MS) return true;
  const owner = OWNED_NAME.exec(name);
  if (!owner || owner[1] !== PID_SPACE) return false;
  const pid = Number(owner[2]);
  if (pid === process.pid) return owner[3] !== RUN;
  return !isRunning(pid);
}

/**
 * Removes, from the temporary folder, what no running process is writing: files and work
 * folders of processes that are gone, and anything stale. Answers the names it removed.
 */
export async function sweepLeftoverTempFiles(dir: string, options: { now?: number; isRunning?: (pid: number) => boolean } = {}): Promise<string[]> {
  const now = options.now ?? Date.now();
  const isRunning = options.isRunning ?? processIsRunning;
  await mkdir(dir, { recursive: true });
  const removed: string[] = [];
  for (const name of await readdir(dir)) {
    const path = join(dir, name);
    const info = await stat(path).catch(() => null);
    if (!info || !isLeftover(name, info.mtimeMs, now, isRunning)) continue;
    await rm(path, { recursive: true, force: true });
    removed.push(name);
  }
  return removed;
}
