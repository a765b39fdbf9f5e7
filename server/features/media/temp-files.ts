// Uploads are written to DATA_DIR/tmp while they arrive and are processed; every request
// removes its own files, and files a crash left behind are swept at the next start.
import { randomBytes } from 'node:crypto';
import { mkdir, readdir, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';

const STALE_AFTER_MS = 60 * 60 * 1000;

export function uploadTempDir(dataDir: string): string {
  return join(dataDir, 'tmp');
}

export function newTempPath(dir: string, prefix: string): string {
  return join(dir, `${prefix}-${randomBytes(12).toString('hex')}`);
}

/** Creates the folder and removes what is older than an hour (no request runs that long). */
export async function prepareTempDir(dir: string, now = Date.now()): Promise<void> {
  await mkdir(dir, { recursive: true });
  for (const name of await readdir(dir)) {
    const path = join(dir, name);
    const info = await stat(path).catch(() => null);
    if (info && now - info.mtimeMs > STALE_AFTER_MS) await rm(path, { recursive: true, force: true });
  }
}
