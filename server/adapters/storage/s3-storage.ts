// Media in an S3-compatible bucket (AWS S3, MinIO, Cloudflare R2, …), served from S3_PUBLIC_URL.
import { createReadStream } from 'node:fs';
import { Readable } from 'node:stream';
import { DeleteObjectCommand, GetObjectCommand, ListObjectsV2Command, NoSuchKey, S3Client } from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import type { TStorageConfig } from '../../config';
import { assertSafeKey, type TStorage } from './storage';

type TS3Config = Extract<TStorageConfig, { kind: 's3' }>;

export function createS3Client(config: TS3Config): S3Client {
  return new S3Client({
    region: config.region,
    ...(config.endpoint ? { endpoint: config.endpoint, forcePathStyle: true } : {}),
    ...(config.credentials ? { credentials: config.credentials } : {}),
    // Checksums only where S3 demands them: many S3-compatible services reject the newer default headers.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
}

export function createS3Storage(config: TS3Config, client: S3Client = createS3Client(config)): TStorage {
  const { bucket } = config;
  return {
    async put(key, body, options) {
      const upload = new Upload({
        client,
        // Large files go up in 5 MB parts, two at a time: memory stays small whatever the file size.
        queueSize: 2,
        params: {
          Bucket: bucket,
          Key: assertSafeKey(key),
          Body: Buffer.isBuffer(body) || body instanceof Readable ? body : createReadStream(body.file),
          ContentType: options.contentType,
          ...(options.cacheControl ? { CacheControl: options.cacheControl } : {}),
          ...(options.contentDisposition ? { ContentDisposition: options.contentDisposition } : {}),
        },
      });
      await upload.done();
    },
    async get(key) {
      try {
        const object = await client.send(new GetObjectCommand({ Bucket: bucket, Key: assertSafeKey(key) }));
        return object.Body instanceof Readable ? object.Body : null;
      } catch (error) {
        if (error instanceof NoSuchKey) return null;
        throw error;
      }
    },
    async delete(key) {
      await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: assertSafeKey(key) }));
    },
    async deletePrefix(prefix) {
      const folder = `${assertSafeKey(prefix)}/`;
      let token: string | undefined;
      do {
        const page = await client.send(new ListObjectsV2Command({ Bucket: bucket, Prefix: folder, ContinuationToken: token }));
        // One request per file rather than DeleteObjects: an upload has a handful of files, and
        // several S3-compatible services want a Content-MD5 on bulk deletes that the SDK no longer sends.
        await Promise.all((page.Contents ?? []).flatMap((item) => (item.Key ? [client.send(new DeleteObjectCommand({ Bucket: bucket, Key: item.Key }))] : [])));
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token);
    },
    url(key) {
      return `${config.publicUrl}/${assertSafeKey(key)}`;
    },
  };
}
