import type { TStorageConfig } from '../../config';
import { createLocalStorage } from './local-storage';
import { createS3Storage } from './s3-storage';
import type { TStorage } from './storage';

/** The local folder unless S3_BUCKET is set. */
export function createStorage(config: TStorageConfig): TStorage {
  return config.kind === 's3' ? createS3Storage(config) : createLocalStorage(config.dir);
}
