// Where media files are kept: the same interface over a local folder and an S3-compatible bucket.
import type { Readable } from 'node:stream';

/** Stored files never change (a new upload gets a new key), so caches may keep them for good. */
export const IMMUTABLE_CACHE_CONTROL = 'public, max-age=31536000, immutable';

/** What to store: bytes in memory, a stream, or a file on this machine (streamed, never read whole). */
export type TStorageBody = Buffer | Readable | { file: string };

export interface TPutOptions {
  contentType: string;
  cacheControl?: string;
  /** Stored with the object where the storage can (S3); the local folder's server sets it itself. */
  contentDisposition?: string;
}

/**
 * `inline; filename="<upload id>-<rendition>"`: a name made from the storage key, never the
 * uploader's, for a file saved from the browser.
 */
export function inlineDisposition(key: string): string {
  const [folder, file] = assertSafeKey(key).split('/').slice(-2);
  return `inline; filename="${file === undefined ? folder : `${folder}-${file}`}"`;
}

export interface TStorage {
  put(key: string, body: TStorageBody, options: TPutOptions): Promise<void>;
  /** The stored bytes, or null when there is no such file. */
  get(key: string): Promise<Readable | null>;
  /** Removes one file; a missing file is not an error. */
  delete(key: string): Promise<void>;
  /** Removes every file whose key starts with `prefix/` (one upload and its variants). */
  deletePrefix(prefix: string): Promise<void>;
  /** The address browsers load the file from. */
  url(key: string): string;
  /** Set when the files are in a folder on this machine, which the app then serves under /media. */
  readonly localDir?: string;
}

const KEY_PATTERN = /^[A-Za-z0-9_-]+(?:\/[A-Za-z0-9_-]+)*(?:\.[a-z0-9]+)?$/;

/** Keys are made by the app, but a key that could climb out of its folder is refused all the same. */
export function assertSafeKey(key: string): string {
  if (!KEY_PATTERN.test(key)) throw new Error(`unsafe storage key: ${JSON.stringify(key)}`);
  return key;
}
