// Media in a folder on this machine (default: DATA_DIR/media), served by the app under /media.
import { randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { copyFile, mkdir, rename, rm } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { assertSafeKey, type TStorage, type TStorageBody } from './storage';

export const LOCAL_MEDIA_PREFIX = '/media';

async function writeBody(path: string, body: TStorageBody): Promise<void> {
  if (Buffer.isBuffer(body)) await pipeline(Readable.from([body]), createWriteStream(path));
  else if (body instanceof Readable) await pipeline(body, createWriteStream(path));
  else await copyFile(body.file, path);
}

export function createLocalStorage(dir: string): TStorage {
  const pathOf = (key: string) => join(dir, assertSafeKey(key));
  return {
    localDir: dir,
    async put(key, body) {
      const path = pathOf(key);
      await mkdir(dirname(path), { recursive: true });
      // Written beside and renamed into place: a reader never sees half a file.
      const partial = `${path}.${randomBytes(6).toString('hex')}.part`;
      try {
        await writeBody(partial, body);
        await rename(partial, path);
      } catch (error) {
        await rm(partial, { force: true });
        throw error;
      }
    },
    async get(key) {
      const stream = createReadStream(pathOf(key));
      return new Promise<Readable | null>((resolve, reject) => {
        stream.once('open', () => resolve(stream));
        stream.once('error', (error: NodeJS.ErrnoException) => (error.code === 'ENOENT' ? resolve(null) : reject(error)));
      });
    },
    async delete(key) {
      await rm(pathOf(key), { force: true });
    },
    async deletePrefix(prefix) {
      await rm(pathOf(prefix), { recursive: true, force: true });
    },
    url(key) {
      return `${LOCAL_MEDIA_PREFIX}/${assertSafeKey(key)}`;
    },
  };
}
